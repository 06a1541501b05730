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
  /** 'success' | 'failure' */
  result: Type.String(),
  userAgent: Nullable(Type.String()),
});
export type OperationLogRecord = Static<typeof OperationLogRecord>;

export const OperationLogQuery = Type.Object(
  {
    ...PageQuery.properties,
    entity: Type.Optional(Type.String({ maxLength: 40, title: '对象类型' })),
    entityId: Type.Optional(Type.String({ maxLength: 64, title: '对象编号' })),
    actorId: Type.Optional(Type.String({ maxLength: 64, title: '操作人' })),
    action: Type.Optional(Type.String({ maxLength: 40, title: '操作' })),
    result: Type.Optional(Type.Enum(['success', 'failure'] as const, { title: '结果' })),
    ip: Type.Optional(Type.String({ maxLength: 64, title: '地址' })),
    from: Type.Optional(Type.String({ format: 'date-time', title: '开始时间' })),
    to: Type.Optional(Type.String({ format: 'date-time', title: '结束时间' })),
  },
  { additionalProperties: false },
);
export type OperationLogQuery = Static<typeof OperationLogQuery>;

/** The chain check (server/audit/chain.ts): ok, or the first row that no longer fits. */
export const AuditVerifyResult = Type.Object({
  ok: Type.Boolean(),
  checked: Type.Integer(),
  firstBad: Nullable(Type.Object({ id: Type.String(), createdAt: Type.String(), reason: Type.String() })),
  checkedAt: Type.String(),
});
export type AuditVerifyResult = Static<typeof AuditVerifyResult>;

/** What the audit trail's events are called (the page's filter and the export). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  login: '登录',
  'login-failed': '登录失败',
  logout: '退出登录',
  lock: '账号锁定',
  unlock: '解除锁定',
  'change-password': '修改密码',
  'reset-password': '重置密码',
  'show-login-account': '查看账号',
  create: '新增',
  update: '修改',
  delete: '删除',
  enable: '启用',
  disable: '停用',
  approve: '审核通过',
  reject: '驳回',
  export: '导出',
  reveal: '查看完整个人信息',
  'issue-certificate': '颁发证书',
  revoke: '吊销证书',
  purge: '清除过期审计记录',
  'force-logout': '强制下线',
};
