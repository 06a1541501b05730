/**
 * The API's constants that carry no schema: statuses, the server's fixed words, the base
 * path and page sizes. Plain values only, so that the browser's entry can import them without
 * typebox (common/schemas/common.ts re-exports them next to the schemas).
 */

/** Every JSON response, success or failure, carries one of these statuses. */
export const ApiStatus = {
  Ok: 1,
  BusinessError: 10,
  TokenInvalid: 20,
  TokenEmpty: 21,
  /** Account gate (server/security/accountGate.ts): a generated or reset password must be changed first: HTTP 403. */
  PasswordChangeRequired: 22,
  /** Account gate: a staff password older than PASSWORD_MAX_AGE_DAYS must be changed first: HTTP 403. */
  PasswordExpired: 23,
  /** Account gate: a practitioner must first read and confirm the sensitive-data notice (PIPL art. 29): HTTP 403. */
  ConsentRequired: 24,
  Forbidden: 30,
} as const;
export type ApiStatus = (typeof ApiStatus)[keyof typeof ApiStatus];

/** The server's exact words for the two token statuses; the front end recognises them too. */
export const TOKEN_INVALID_MESSAGE = 'token无效或已过期';
export const TOKEN_EMPTY_MESSAGE = 'token为空';
/** What the account gate (statuses 22–24) says; 23's names the number of days. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = '请先修改密码';
export const passwordExpiredMessage = (days: number) => `密码已超过 ${days} 天未修改，请修改密码`;
export const CONSENT_REQUIRED_MESSAGE = '请先阅读并确认个人信息处理说明';
export const RELOGIN_SUFFIX = '，请重新登录';
export const INTERNAL_ERROR_MESSAGE = '服务器内部错误';
export const OK_MESSAGE = '操作成功';

export const API_BASE = '/api/v1';

/** The body of every JSON answer, success or failure (the envelope). */
export interface ApiEnvelope<T> {
  status: number;
  success: boolean;
  message: string;
  data: T;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
