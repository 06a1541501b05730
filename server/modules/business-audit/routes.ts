/**
 * 业务审核: the staff's one queue of everything pending, the record with its subject's
 * review history, and decisions from the queue. Seeing needs review:view; deciding an item
 * needs its kind's own permission (checked per item in ./service.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType } from '@common/permissions';
import { Envelope } from '@common/schemas/common';
import { ReviewDecideBody, ReviewDecideResult, ReviewDetail, ReviewQueuePage, ReviewQueueQuery } from '@common/schemas/businessAudit';
import { requireUser, type RouteAccess } from '../../security/guard';
import { ok } from '../../http/envelope';
import { listQueue, reviewDetail } from './queries';
import { decideReviews, decisionMessage } from './service';

const tags = ['业务审核'];
const view: { access: RouteAccess } = { access: { authTypes: [AuthType.Staff], permission: 'review:view' } };

const businessAuditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/business-audit',
    {
      config: view,
      schema: {
        tags,
        summary: '待审核队列（全部类型；默认按提交时间从早到晚；附各类型待审核数）',
        querystring: ReviewQueueQuery,
        response: { 200: Envelope(ReviewQueuePage) },
      },
    },
    async (request) => ok(await listQueue(app.db, requireUser(request), request.query, app.clock(), app.readCache)),
  );

  app.get(
    '/business-audit/:reviewId',
    {
      config: view,
      schema: {
        tags,
        summary: '一条审核记录及其对象的全部审核历史',
        params: Type.Object({ reviewId: Type.String({ minLength: 1, maxLength: 64, title: '审核记录' }) }, { additionalProperties: false }),
        response: { 200: Envelope(ReviewDetail) },
      },
    },
    async (request) => ok(await reviewDetail(app.db, requireUser(request), request.params.reviewId, app.clock())),
  );

  app.post(
    '/business-audit/decide',
    {
      config: view,
      schema: {
        tags,
        summary: '审核一条或多条（通过/驳回/退回修改；驳回和退回须填写原因）：逐条办理，各条结果分别返回',
        body: ReviewDecideBody,
        response: { 200: Envelope(ReviewDecideResult) },
      },
    },
    async (request) => {
      const result = await decideReviews(request, requireUser(request), request.body);
      return ok(result, decisionMessage(request.body.action, result));
    },
  );
};

export default businessAuditRoutes;
