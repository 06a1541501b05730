/**
 * 业务审核: the staff's one queue of everything pending, the record with its subject's
 * review history, the subject's own record for the reviewer, and decisions from the queue.
 * Seeing the queue needs review:view; deciding an item, or reading its subject's record, needs
 * its kind's own permission too (checked per item in ./service.ts and ./queries.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType } from '@common/permissions';
import { Envelope } from '@common/schemas/common';
import { Identifier } from '@common/schemas/kinds';
import { ReviewDecideBody, ReviewDecideResult, ReviewDetail, ReviewQueuePage, ReviewQueueQuery, ReviewRecord } from '@common/schemas/businessAudit';
import { requireUser, type RouteAccess } from '../../security/guard';
import { ok } from '../../http/envelope';
import { listQueue, reviewDetail, reviewRecord } from './queries';
import { decideReviews, decisionMessage } from './service';

const tags = ['业务审核'];
const view: { access: RouteAccess } = { access: { authTypes: [AuthType.Staff], permission: 'review:view' } };
const ReviewParams = Type.Object({ reviewId: Identifier('审核记录') }, { additionalProperties: false });

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
        params: ReviewParams,
        response: { 200: Envelope(ReviewDetail) },
      },
    },
    async (request) => ok(await reviewDetail(app.db, requireUser(request), request.params.reviewId, app.clock())),
  );

  app.get(
    '/business-audit/:reviewId/record',
    {
      config: view,
      schema: {
        tags,
        summary: '审核对象的记录（与其管理页面的详情相同：字段、材料）、申请变更的字段（变更前 → 变更后）和缺少的必需材料；须有该类审核的权限',
        params: ReviewParams,
        response: { 200: Envelope(ReviewRecord) },
      },
    },
    async (request) => ok(await reviewRecord(request, requireUser(request), request.params.reviewId)),
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
