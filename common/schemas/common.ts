/**
 * The envelope and list conventions of API.md, as schemas both sides share.
 * Field `title`s are the Chinese names validation messages use.
 */
import Type, { type Static, type TSchema } from 'typebox';

/** API.md: every JSON response carries one of these statuses. */
export const ApiStatus = {
  Ok: 1,
  BusinessError: 10,
  TokenInvalid: 20,
  TokenEmpty: 21,
  /** Issue 12: the account must change its password first (a generated or reset one): HTTP 403. */
  PasswordChangeRequired: 22,
  /** Issue 12: a staff password older than PASSWORD_MAX_AGE_DAYS must be changed first: HTTP 403. */
  PasswordExpired: 23,
  /** Issue 12: a practitioner must first read and confirm the sensitive-data notice (PIPL art. 29): HTTP 403. */
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

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    status: Type.Number(),
    success: Type.Boolean(),
    message: Type.String(),
    data,
  });

export interface ApiEnvelope<T> {
  status: number;
  success: boolean;
  message: string;
  data: T;
}

/** Ids are strings (API.md). */
export const Id = Type.String({ minLength: 1, maxLength: 64, title: '编号' });
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** `?current=1&pageSize=10&keyword=...&sort=field,desc` */
export const PageQuery = Type.Object({
  current: Type.Optional(Type.Integer({ minimum: 1, default: 1, title: '页码' })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, title: '每页条数' }),
  ),
  keyword: Type.Optional(Type.String({ maxLength: 100, title: '关键字' })),
  sort: Type.Optional(
    Type.String({ maxLength: 64, pattern: '^[A-Za-z]+(,(asc|desc))?$', title: '排序' }),
  ),
});
export type PageQuery = Static<typeof PageQuery>;

export const PageResult = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    current: Type.Integer(),
    pageSize: Type.Integer(),
  });

export interface Page<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}

/** `{ reason }` / `{ comment }` bodies of workflow steps. */
export const ReasonBody = Type.Object(
  {
    reason: Type.Optional(Type.String({ maxLength: 500, title: '原因' })),
    comment: Type.Optional(Type.String({ maxLength: 500, title: '意见' })),
  },
  { additionalProperties: false },
);

/** Optimistic locking: every update carries the version it read. */
export const Version = Type.Integer({ minimum: 0, title: '版本号' });

export const DateTime = Type.String({ format: 'date-time', title: '时间' });
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** What a create answers: the new record's id. */
export const CreatedResult = Type.Object({ id: Type.String() });
export type CreatedResult = Static<typeof CreatedResult>;
