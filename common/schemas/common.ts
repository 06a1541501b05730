/**
 * The envelope and list conventions of the API (statuses in ../api.ts), as schemas both sides
 * share. Field `title`s are the Chinese names validation messages use.
 */
import Type, { type Static, type TSchema } from 'typebox';

// The plain constants live in common/api.ts, which the browser's entry imports without
// pulling in typebox; they are re-exported here for the server's schemas.
export * from '../api';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../api';

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    status: Type.Number(),
    success: Type.Boolean(),
    message: Type.String(),
    data,
  });

/** Ids are always strings in the API. */
export const Id = Type.String({ minLength: 1, maxLength: 64, title: '编号' });
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });

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
