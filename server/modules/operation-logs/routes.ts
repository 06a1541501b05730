/**
 * The audit trail (operation log) for staff: search, export and the integrity check. Reads
 * only: no route changes or deletes a row (a test walks every route to make sure). Writes go
 * through server/oplog.ts; the daily purge through server/audit/retention.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { Envelope, PageResult } from '@common/schemas/common';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AuditVerifyResult, OperationLogQuery, OperationLogRecord } from '@common/schemas/operationLogs';
import { verifyChain } from '../../audit/chain';
import { dayEnd, dayStart } from '../../content/publishing';
import type { OperationLogsTable } from '../../db/types';
import { exportFileName, sendXlsx } from '../../excel';
import { ok } from '../../http/envelope';
import { fetchPage, matchesKeyword, paging } from '../../http/paging';
import { logOperation } from '../../oplog';

const tags = ['审计日志'];

function filtered(app: FastifyInstance, q: OperationLogQuery) {
  let base = app.db.selectFrom('operation_logs');
  if (q.entity) base = base.where('entity', '=', q.entity);
  if (q.entityId) base = base.where('entity_id', '=', q.entityId);
  if (q.actorId) base = base.where('actor_id', '=', q.actorId);
  if (q.action) base = base.where('action', '=', q.action);
  if (q.result) base = base.where('result', '=', q.result);
  if (q.ip) base = base.where('ip', '=', q.ip);
  // Stored as toISOString() text, so compare in the same form.
  if (q.from) base = base.where('created_at', '>=', new Date(q.from).toISOString());
  if (q.to) base = base.where('created_at', '<=', new Date(q.to).toISOString());
  if (q.fromDay) base = base.where('created_at', '>=', dayStart(q.fromDay));
  if (q.toDay) base = base.where('created_at', '<', dayEnd(q.toDay));
  const actor = q.actor?.trim();
  if (actor) base = base.where((eb) => matchesKeyword(eb, ['actor_name'], actor));
  const keyword = q.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['summary', 'actor_name', 'entity_id'], keyword));
  return base;
}

const toRecord = (r: Selectable<OperationLogsTable>): OperationLogRecord => ({
  id: String(r.id),
  actorId: r.actor_id,
  actorName: r.actor_name,
  createdAt: r.created_at,
  entity: r.entity,
  entityId: r.entity_id,
  action: r.action,
  summary: r.summary,
  requestId: r.request_id,
  ip: r.ip,
  result: r.result,
  userAgent: r.user_agent,
});

const operationLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/operation-logs',
    {
      config: { access: { authTypes: [1], permission: 'system:log:view' } },
      schema: { tags, summary: '审计日志（操作日志）', querystring: OperationLogQuery, response: { 200: Envelope(PageResult(OperationLogRecord)) } },
    },
    async (request) => {
      const page = paging(request.query);
      const { rows, total } = await fetchPage(filtered(app, request.query), page, (q) => q.selectAll().orderBy('id', 'desc'));
      return ok({ list: rows.map(toRecord), total, current: page.current, pageSize: page.pageSize });
    },
  );

  app.get(
    '/operation-logs/export',
    {
      config: { access: { authTypes: [1], permission: 'system:log:export' } },
      schema: { tags, summary: '导出审计日志（同列表的筛选条件，xlsx）', querystring: OperationLogQuery },
    },
    async (request, reply) => {
      const q = request.query;
      await logOperation(app.db, request, { entity: 'audit', entityId: null, action: 'export', summary: '导出审计日志' });
      const base = filtered(app, q);
      async function* rows() {
        let lastId = Number.MAX_SAFE_INTEGER;
        for (;;) {
          const batch = await base.selectAll().where('id', '<', lastId).orderBy('id', 'desc').limit(1000).execute();
          if (batch.length === 0) return;
          for (const r of batch) {
            yield {
              id: Number(r.id),
              createdAt: r.created_at,
              actor: r.actor_name ?? '',
              ip: r.ip ?? '',
              action: AUDIT_ACTION_LABELS[r.action] ?? r.action,
              entity: AUDIT_ENTITY_LABELS[r.entity] ?? r.entity,
              entityId: r.entity_id ?? '',
              result: r.result === 'failure' ? '失败' : '成功',
              summary: r.summary,
              userAgent: r.user_agent ?? '',
            };
          }
          lastId = Number(batch[batch.length - 1].id);
        }
      }
      return sendXlsx(reply, {
        fileName: exportFileName('审计日志', app.clock()),
        sheetName: '审计日志',
        columns: [
          { header: '序号', key: 'id', width: 10 },
          { header: '时间', key: 'createdAt', width: 26 },
          { header: '操作人', key: 'actor', width: 16 },
          { header: '地址', key: 'ip', width: 16 },
          { header: '事件', key: 'action', width: 14 },
          { header: '对象类型', key: 'entity', width: 14 },
          { header: '对象编号', key: 'entityId', width: 38 },
          { header: '结果', key: 'result', width: 8 },
          { header: '摘要', key: 'summary', width: 60 },
          { header: '客户端', key: 'userAgent', width: 40 },
        ],
        rows: rows(),
      });
    },
  );

  app.get(
    '/operation-logs/verify',
    {
      config: { access: { authTypes: [1], permission: 'system:log:view' } },
      schema: { tags, summary: '校验审计日志的哈希链，给出第一条不符的记录', response: { 200: Envelope(AuditVerifyResult) } },
    },
    async () => {
      const result = await verifyChain(app.db, app.auditKey);
      return ok({ ...result, checkedAt: app.clock().toISOString() });
    },
  );
};

export default operationLogRoutes;
