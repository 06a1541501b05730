/** The operation log (API.md `operation-logs`): who did what to which record, when. */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery } from './common';

export const OperationLogRecord = Type.Object({
  id: Type.String(),
  actorId: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
  createdAt: Type.String(),
  entity: Type.String(),
  entityId: Nullable(Type.String()),
  action: Type.String(),
  summary: Type.String(),
  requestId: Nullable(Type.String()),
  ip: Nullable(Type.String()),
});
export type OperationLogRecord = Static<typeof OperationLogRecord>;

export const OperationLogQuery = Type.Object(
  {
    ...PageQuery.properties,
    entity: Type.Optional(Type.String({ maxLength: 40, title: '对象类型' })),
    entityId: Type.Optional(Type.String({ maxLength: 64, title: '对象编号' })),
    actorId: Type.Optional(Type.String({ maxLength: 64, title: '操作人' })),
    action: Type.Optional(Type.String({ maxLength: 40, title: '操作' })),
    from: Type.Optional(Type.String({ format: 'date-time', title: '开始时间' })),
    to: Type.Optional(Type.String({ format: 'date-time', title: '结束时间' })),
  },
  { additionalProperties: false },
);
export type OperationLogQuery = Static<typeof OperationLogQuery>;
