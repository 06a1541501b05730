/** The operation log (`/api/v1/operation-logs`): who did what to which record, when. */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery } from './common';
import { CalendarDate, DateRange, DateTime } from './kinds';

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

const instants = DateRange(DateTime, { field: 'from', title: '开始时间' }, '结束时间');
const days = DateRange(CalendarDate, { field: 'fromDay', title: '开始日期' }, '结束日期');

export const OperationLogQuery = Type.Object(
  {
    ...PageQuery.properties,
    entity: Type.Optional(Type.String({ maxLength: 40, title: '对象类型' })),
    entityId: Type.Optional(Type.String({ maxLength: 64, title: '对象编号' })),
    actorId: Type.Optional(Type.String({ maxLength: 64, title: '操作人' })),
    action: Type.Optional(Type.String({ maxLength: 40, title: '操作' })),
    result: Type.Optional(Type.Enum(['success', 'failure'] as const, { title: '结果' })),
    ip: Type.Optional(Type.String({ maxLength: 64, title: '地址' })),
    from: Type.Optional(instants.from),
    to: Type.Optional(instants.to),
    /** The actor's name contains this (the page's 操作人 box); actorId is exact. */
    actor: Type.Optional(Type.String({ maxLength: 64, title: '操作人' })),
    /** Calendar days (Beijing time), both inclusive: the page's date range. */
    fromDay: Type.Optional(days.from),
    toDay: Type.Optional(days.to),
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
  'end-session': '结束会话',
  register: '注册',
  consent: '确认同意',
  'withdraw-consent': '撤回同意',
  anonymise: '匿名化个人信息',
  submit: '提交',
  resubmit: '重新提交',
  withdraw: '撤回',
  return: '退回',
  release: '放行',
  file: '备案',
  leave: '办理离职',
  suspend: '暂停',
  restore: '恢复',
  cancel: '注销',
  close: '关闭',
  'request-change': '申请变更',
  'approve-change': '通过变更',
  'reject-change': '驳回变更',
  publish: '发布',
  offline: '下线',
  reorder: '调整排序',
  import: '导入',
  upload: '上传文件',
  resend: '重新发送',
  send: '发送',
  scan: '立即检查',
  // complaints (server/modules/complaints)
  accept: '受理',
  decline: '不予受理',
  reply: '书面申辩',
  conclude: '办结',
  // credit (server/modules/credit-*)
  recompute: '重新计算',
  publicize: '发布公示',
  finalize: '终评',
  answer: '答复',
};

/** What the audit trail's objects (operation_logs.entity) are called. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  account: '账号',
  role: '角色',
  session: '会话',
  'member-unit': '会员单位',
  practitioner: '从业人员',
  'unit-change': '单位变更',
  expert: '专家',
  article: '文章',
  notice: '公告',
  carousel: '轮播',
  'friendly-link': '友情链接',
  'site-page': '网站页面',
  file: '文件',
  certificate: '证书',
  'annual-inspection': '年检',
  project: '项目',
  case: '业绩案例',
  audit: '审计日志',
  'personal-data': '个人信息',
  'notice-rule': '通知规则',
  'notice-template': '通知模板',
  'notice-delivery': '通知记录',
  'notice-preference': '通知偏好',
  complaint: '投诉举报',
  'credit-event': '信用记录',
  'credit-rule': '信用评价规则',
  'credit-rating': '信用评价',
  'credit-objection': '信用评价异议',
};
