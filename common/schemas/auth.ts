/** Accounts and sessions: log-in, log-out, the current user, passwords, the login-name display. */
import Type, { type Static } from 'typebox';
import { PASSWORD_MAX_LENGTH } from '../validators';
import { Nullable } from './common';
import { Identifier } from './kinds';

export const LoginAccount = Type.String({
  minLength: 1,
  maxLength: 64,
  title: '登录账号',
});

export const LoginBody = Type.Object(
  {
    loginAccount: LoginAccount,
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, title: '密码' }),
    authType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
      title: '登录类型',
    }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** What `GET /user/current` returns and the front end keeps under `currentUser`. */
export const CurrentUser = Type.Object({
  userId: Type.String(),
  loginAccount: Type.String(),
  /**
   * Whom the account stands for, as the back office's header names them: a practitioner by
   * their record's name, a staff member or a unit by the account's name.
   */
  name: Type.String({ title: '姓名或名称' }),
  authType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  /** The member unit of a type-2 or type-3 account, else null. */
  unitId: Nullable(Type.String()),
  /** That unit's name, else null. */
  unitName: Nullable(Type.String()),
  practitionerId: Nullable(Type.String()),
  /** Permission codes (staff only; empty for other kinds). */
  permissions: Type.Array(Type.String()),
  roleNames: Type.Array(Type.String()),
  mustChangePassword: Type.Boolean(),
  /** Account gate: a staff password older than PASSWORD_MAX_AGE_DAYS; the front end opens the change form. */
  passwordExpired: Type.Optional(Type.Boolean()),
  /** Account gate: a practitioner who has not yet confirmed the sensitive-data notice (first login). */
  consentRequired: Type.Optional(Type.Boolean()),
  lastLoginAt: Nullable(Type.String()),
});
export type CurrentUser = Static<typeof CurrentUser>;

export const LoginResult = Type.Object({ token: Type.String(), currentUser: CurrentUser });
export type LoginResult = Static<typeof LoginResult>;

export const SetPasswordBody = Type.Object(
  {
    oldPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, title: '原密码' }),
    newPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, title: '新密码' }),
  },
  { additionalProperties: false },
);
export type SetPasswordBody = Static<typeof SetPasswordBody>;

/**
 * The "password display" of user management: staff confirm with their own password and see
 * another account's login name; with `reset: true` the account also gets a generated password,
 * shown once (passwords are never stored recoverably).
 */
export const ShowLoginAccountBody = Type.Object(
  {
    userId: Identifier('用户'),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, title: '当前密码' }),
    reset: Type.Optional(Type.Boolean({ title: '重置密码' })),
  },
  { additionalProperties: false },
);
export type ShowLoginAccountBody = Static<typeof ShowLoginAccountBody>;

export const ShowLoginAccountResult = Type.Object({
  loginAccount: Type.String(),
  newPassword: Type.Optional(Type.String()),
});
export type ShowLoginAccountResult = Static<typeof ShowLoginAccountResult>;
