/**
 * The audit trail (operation log) for staff: search, export and the integrity check. Reads
 * only: no route changes or deletes a row (a test walks every route to make sure). Writes go
 * through server/oplog.ts; the daily purge through server/audit/retention.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, PageResult } from '@common/schemas/common';
import { AuditVerifyResult, OperationLogQuery, OperationLogRecord } from '@common/schemas/operationLogs';
import { verifyChain } from '../../audit/chain';
import { sendXlsx } from '../../excel';
import { ok } from '../../http/envelope';
import { listOperationLogs } from './queries';
import { prepareOperationLogExport } from './service';

const tags = ['审计日志'];

const operationLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/operation-logs',
    {
      config: { access: { authTypes: [1], permission: 'system:log:view' } },
      schema: { tags, summary: '审计日志（操作日志）', querystring: OperationLogQuery, response: { 200: Envelope(PageResult(OperationLogRecord)) } },
    },
    async (request) => ok(await listOperationLogs(app.db, request.query)),
  );

  app.get(
    '/operation-logs/export',
    {
      config: { access: { authTypes: [1], permission: 'system:log:export' } },
      schema: { tags, summary: '导出审计日志（同列表的筛选条件，xlsx）', querystring: OperationLogQuery },
    },
    async (request, reply) => sendXlsx(reply, await prepareOperationLogExport(request, request.query)),
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
