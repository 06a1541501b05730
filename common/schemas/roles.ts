/** Roles: named sets of permission codes for staff accounts (`/api/v1/roles`). */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery, Version } from './common';

export const RoleRecord = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  /** A built-in role (the super administrator, the separated administrators): its codes are fixed and it cannot be deleted. */
  builtIn: Type.Boolean(),
  permissions: Type.Array(Type.String()),
  /** How many accounts hold the role. */
  userCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type RoleRecord = Static<typeof RoleRecord>;

/**
 * The row buttons of a role: 编辑 (a built-in role's name and description only) and 删除 (never
 * a built-in role). A list row's `actions` names those its caller may press.
 */
export const ROLE_ROW_ACTIONS = ['edit', 'delete'] as const;
export type RoleRowAction = (typeof ROLE_ROW_ACTIONS)[number];

/** A row of the role list: the role and what the caller may do with it. */
export const RoleListItem = Type.Object({
  ...RoleRecord.properties,
  actions: Type.Array(Type.Enum(ROLE_ROW_ACTIONS), { title: '可执行的操作' }),
});
export type RoleListItem = Static<typeof RoleListItem>;

export const RoleListQuery = Type.Object({ ...PageQuery.properties }, { additionalProperties: false });
export type RoleListQuery = Static<typeof RoleListQuery>;

export const ROLE_NAME_MAX = 50;
export const ROLE_DESCRIPTION_MAX = 200;
/** Role codes: lower-case letters first, then letters, digits, _ and - (2 to 40). */
export const ROLE_CODE_PATTERN = '^[a-z][a-z0-9_-]+$';
export const ROLE_CODE_MAX = 40;

const RoleName = Type.String({ minLength: 1, maxLength: ROLE_NAME_MAX, title: '角色名称' });
const Description = Nullable(Type.String({ maxLength: ROLE_DESCRIPTION_MAX, title: '描述' }));
const Permissions = Type.Array(Type.String({ minLength: 1, maxLength: 64, title: '权限编码' }), {
  maxItems: 500,
  uniqueItems: true,
  title: '权限',
});

export const RoleCreateBody = Type.Object(
  {
    code: Type.String({ minLength: 2, maxLength: ROLE_CODE_MAX, pattern: ROLE_CODE_PATTERN, title: '角色编码' }),
    name: RoleName,
    description: Type.Optional(Description),
    permissions: Permissions,
  },
  { additionalProperties: false },
);
export type RoleCreateBody = Static<typeof RoleCreateBody>;

export const RoleUpdateBody = Type.Object(
  {
    name: Type.Optional(RoleName),
    description: Type.Optional(Description),
    permissions: Type.Optional(Permissions),
    version: Version,
  },
  { additionalProperties: false },
);
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;
