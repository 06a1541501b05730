/**
 * msw handlers for the audit trail (/operation-logs): the list with the server's filters
 * (actor name, event, object, result, address, keyword, days in Beijing time) newest first,
 * the export (an empty .xlsx answer) and the integrity check, all behind system:log:view /
 * system:log:export like the server. `setVerifyResult()` changes what the check answers;
 * `operationLogCalls` records every call. Reset by `resetMockState()`.
 */
import { http, type HttpHandler } from 'msw';
import type { AuditVerifyResult, OperationLogRecord } from '@common/schemas/operationLogs';
import { apiPath, callLog, done, download, pageOf } from './kit';

const log = callLog();
/** [{ method, path, query, body }] of every call, in order. */
export const operationLogCalls = log.calls;

const row = (id: number, fields: Partial<OperationLogRecord>): OperationLogRecord => ({
  id: String(id),
  actorId: 'user-admin',
  actorName: '系统管理员',
  createdAt: '2026-11-20T02:00:00.000Z',
  entity: 'account',
  entityId: 'user-admin',
  action: 'login',
  summary: '登录（admin）',
  requestId: `req-${id}`,
  ip: '10.0.0.1',
  result: 'success',
  userAgent: 'Mozilla/5.0',
  ...fields,
});

export const OPERATION_LOG_FIXTURES: readonly OperationLogRecord[] = [
  row(1, {}),
  row(2, { actorId: null, actorName: null, entityId: null, action: 'login-failed', result: 'failure', summary: '登录失败（账号 guest，登录类型 1）：账号不存在', ip: '10.9.9.9', createdAt: '2026-11-20T03:00:00.000Z' }),
  row(3, { actorId: 'user-unit', actorName: '张联络', entity: 'practitioner', entityId: 'practitioner-0002', action: 'reveal', summary: '查看从业人员「王待审」的完整身份证号码', ip: '10.0.0.2', createdAt: '2026-11-21T01:00:00.000Z' }),
  row(4, { entity: 'practitioner', entityId: 'practitioner-0001', action: 'export', summary: '导出从业人员 12 条', createdAt: '2026-11-22T05:00:00.000Z' }),
  row(5, { entity: 'role', entityId: 'role-1', action: 'update', summary: '修改角色「新闻编辑」的权限', createdAt: '2026-11-23T06:00:00.000Z' }),
];

const DEFAULT_VERIFY: AuditVerifyResult = { ok: true, checked: OPERATION_LOG_FIXTURES.length, firstBad: null, checkedAt: '2026-11-23T08:00:00.000Z' };
let verifyResult: AuditVerifyResult = DEFAULT_VERIFY;

export function setVerifyResult(result: AuditVerifyResult): void {
  verifyResult = result;
}

export function resetOperationLogsMock(): void {
  log.clear();
  verifyResult = DEFAULT_VERIFY;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();
const dayEnd = (day: string) => new Date(new Date(`${day}T00:00:00+08:00`).getTime() + 86_400_000).toISOString();

function filtered(q: Record<string, string>): OperationLogRecord[] {
  const keyword = q.keyword?.trim().toLowerCase();
  return [...OPERATION_LOG_FIXTURES]
    .filter((r) => !q.action || r.action === q.action)
    .filter((r) => !q.result || r.result === q.result)
    .filter((r) => !q.entity || r.entity === q.entity)
    .filter((r) => !q.entityId || r.entityId === q.entityId)
    .filter((r) => !q.ip || r.ip === q.ip)
    .filter((r) => !q.actor || (r.actorName ?? '').includes(q.actor.trim()))
    .filter((r) => !q.fromDay || r.createdAt >= dayStart(q.fromDay))
    .filter((r) => !q.toDay || r.createdAt < dayEnd(q.toDay))
    .filter((r) => !keyword || [r.summary, r.actorName ?? '', r.entityId ?? ''].some((v) => v.toLowerCase().includes(keyword)))
    .sort((a, b) => Number(b.id) - Number(a.id));
}

export const operationLogsHandlers: HttpHandler[] = [
  http.get(apiPath('/operation-logs/export'), async ({ request }) => {
    const account = await log.guard(request, 'system:log:export');
    if (account instanceof Response) return account;
    return download(null);
  }),

  http.get(apiPath('/operation-logs/verify'), async ({ request }) => {
    const account = await log.guard(request, 'system:log:view');
    if (account instanceof Response) return account;
    return done(verifyResult);
  }),

  http.get(apiPath('/operation-logs'), async ({ request }) => {
    const account = await log.guard(request, 'system:log:view');
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    return done(pageOf(filtered(Object.fromEntries(params)), params));
  }),
];
