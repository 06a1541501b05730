/** GET /operation-logs: staff read who changed what (newest first). Writes go through server/oplog.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, PageResult } from '@common/schemas/common';
import { OperationLogQuery, OperationLogRecord } from '@common/schemas/operationLogs';
import { ok } from '../../http/envelope';
import { matchesKeyword, paging } from '../../http/paging';

const operationLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/operation-logs',
    {
      config: { access: { authTypes: [1], permission: 'system:log:view' } },
      schema: {
        tags: ['系统'],
        summary: '操作日志',
        querystring: OperationLogQuery,
        response: { 200: Envelope(PageResult(OperationLogRecord)) },
      },
    },
    async (request) => {
      const q = request.query;
      const { current, pageSize, offset } = paging(q);
      let base = app.db.selectFrom('operation_logs');
      if (q.entity) base = base.where('entity', '=', q.entity);
      if (q.entityId) base = base.where('entity_id', '=', q.entityId);
      if (q.actorId) base = base.where('actor_id', '=', q.actorId);
      if (q.action) base = base.where('action', '=', q.action);
      // Stored as toISOString() text, so compare in the same form.
      if (q.from) base = base.where('created_at', '>=', new Date(q.from).toISOString());
      if (q.to) base = base.where('created_at', '<=', new Date(q.to).toISOString());
      const keyword = q.keyword?.trim();
      if (keyword) base = base.where((eb) => matchesKeyword(eb, ['summary', 'actor_name'], keyword));
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return ok({
        list: rows.map((r) => ({
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
        })),
        total: Number(total),
        current,
        pageSize,
      });
    },
  );
};

export default operationLogRoutes;
