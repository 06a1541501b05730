/** Accounts as user management sees them (`/api/v1/users`). */
import Type, { type Static } from 'typebox';
import { PASSWORD_MAX_LENGTH } from '../validators';
import { Nullable, PageQuery, Version } from './common';
import { Identifier } from './kinds';

/** What user management calls each kind of account (docs/domain.md, "Who uses it"). */
export const ACCOUNT_KIND_LABELS = { 1: '协会工作人员', 2: '会员单位', 3: '从业人员' } as const;

/** Login accounts: letters, digits and _ . @ - (the server's pattern). */
export const LOGIN_ACCOUNT_PATTERN = '^[A-Za-z0-9_.@-]+$';
export const LOGIN_ACCOUNT_MAX = 64;
export const USER_NAME_MAX = 50;
export const USER_EMAIL_MAX = 100;

const AuthTypeField = (title: string) =>
  Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], { title });

export const UserRecord = Type.Object({
  id: Type.String(),
  loginAccount: Type.String(),
  name: Type.String(),
  authType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  unitId: Nullable(Type.String()),
  /** The unit's name, for member-unit and practitioner accounts. */
  unitName: Nullable(Type.String()),
  practitionerId: Nullable(Type.String()),
  roleIds: Type.Array(Type.String()),
  roleNames: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
  lastLoginAt: Nullable(Type.String()),
  /** Set while the account is locked after too many wrong passwords. */
  lockedUntil: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type UserRecord = Static<typeof UserRecord>;

/**
 * The row controls of an account: 编辑, the 启用/停用 switch (`enable` on a disabled account,
 * `disable` on an enabled one other than the caller's own), 解锁 (a locked account), 查看账号
 * (`show-login`) and 重置密码. A list row's `actions` names those its caller may use now.
 */
export const USER_ROW_ACTIONS = ['edit', 'enable', 'disable', 'unlock', 'show-login', 'reset-password'] as const;
export type UserRowAction = (typeof USER_ROW_ACTIONS)[number];

/** A row of the account list: the account and what the caller may do with it. */
export const UserListItem = Type.Object({
  ...UserRecord.properties,
  actions: Type.Array(Type.Enum(USER_ROW_ACTIONS), { title: '可执行的操作' }),
});
export type UserListItem = Static<typeof UserListItem>;

export const UserListQuery = Type.Object(
  {
    ...PageQuery.properties,
    authType: Type.Optional(AuthTypeField('账号类型')),
    enabled: Type.Optional(Type.Boolean({ title: '状态' })),
    roleId: Type.Optional(Identifier('角色')),
    unitId: Type.Optional(Identifier('所属单位')),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

const UserName = Type.String({ minLength: 1, maxLength: USER_NAME_MAX, title: '姓名' });
const Phone = Nullable(Type.String({ maxLength: 20, title: '手机号码' }));
const Email = Nullable(Type.String({ maxLength: USER_EMAIL_MAX, title: '电子邮箱' }));
const RoleIds = Type.Array(Identifier('角色'), {
  maxItems: 50,
  uniqueItems: true,
  title: '角色',
});

export const UserCreateBody = Type.Object(
  {
    loginAccount: Type.String({
      minLength: 1,
      maxLength: LOGIN_ACCOUNT_MAX,
      pattern: LOGIN_ACCOUNT_PATTERN,
      title: '登录账号',
    }),
    name: UserName,
    authType: AuthTypeField('账号类型'),
    phone: Type.Optional(Phone),
    email: Type.Optional(Email),
    unitId: Type.Optional(Nullable(Identifier('所属单位'))),
    practitionerId: Type.Optional(Nullable(Identifier('从业人员'))),
    roleIds: Type.Optional(RoleIds),
    enabled: Type.Optional(Type.Boolean({ title: '状态' })),
    /** Omitted: a strong password is generated and returned once. */
    password: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, title: '初始密码' })),
  },
  { additionalProperties: false },
);
export type UserCreateBody = Static<typeof UserCreateBody>;

export const UserCreateResult = Type.Object({
  id: Type.String(),
  /** Only when the server generated the password: shown once, never again. */
  initialPassword: Type.Optional(Type.String()),
});
export type UserCreateResult = Static<typeof UserCreateResult>;

export const UserUpdateBody = Type.Object(
  {
    name: Type.Optional(UserName),
    phone: Type.Optional(Phone),
    email: Type.Optional(Email),
    unitId: Type.Optional(Nullable(Identifier('所属单位'))),
    practitionerId: Type.Optional(Nullable(Identifier('从业人员'))),
    roleIds: Type.Optional(RoleIds),
    version: Version,
  },
  { additionalProperties: false },
);
export type UserUpdateBody = Static<typeof UserUpdateBody>;

/** Resetting another account's password: the caller confirms with their own password. */
export const ResetPasswordBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, title: '当前密码' }) },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;


/**
 * What user management's selects offer (GET /users/unit-options, /users/role-options): a
 * user manager needs unit names and role names without holding the member-unit or role codes.
 */
export const UnitOption = Type.Object({ id: Type.String(), name: Type.String() });
export type UnitOption = Static<typeof UnitOption>;

export const UnitOptionsQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 100, title: '关键字' })),
    /** The unit a filter already names (its label after a reload). */
    id: Type.Optional(Identifier('所属单位')),
  },
  { additionalProperties: false },
);
export type UnitOptionsQuery = Static<typeof UnitOptionsQuery>;

/** At most this many units answer one search of the unit select. */
export const UNIT_OPTIONS_LIMIT = 20;

export const RoleOption = Type.Object({ id: Type.String(), code: Type.String(), name: Type.String(), builtIn: Type.Boolean() });
export type RoleOption = Static<typeof RoleOption>;
