/**
 * The envelope and list conventions of the API (statuses in ../api.ts), as schemas both sides
 * share. Field `title`s are the Chinese names validation messages use.
 */
import Type, { type Static, type TSchema } from 'typebox';

// The plain constants live in common/api.ts, which the browser's entry imports without
// pulling in typebox; they are re-exported here for the server's schemas.
export * from '../api';
import { Identifier, PageNumber, PageSize } from './kinds';
// Every record's version is a kind (./kinds.ts); re-exported for the schemas that import it from here.
export { Version } from './kinds';

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    status: Type.Number(),
    success: Type.Boolean(),
    message: Type.String(),
    data,
  });

/** Ids are always strings in the API. */
export const Id = Identifier();
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });

/** `?current=1&pageSize=10&keyword=...&sort=field,desc` */
export const PageQuery = Type.Object({
  current: Type.Optional(PageNumber),
  pageSize: Type.Optional(PageSize()),
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

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** What a create answers: the new record's id. */
export const CreatedResult = Type.Object({ id: Type.String() });
export type CreatedResult = Static<typeof CreatedResult>;
