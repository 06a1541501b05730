/**
 * The caller's own messages: the list, the bell's summary, marking one or all as
 * read. Every query is narrowed to the caller's account: someone else's message id is simply
 * not found, never read or marked.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, IdParams, PageResult } from '@common/schemas/common';
import { MessageListQuery, MessageReadAllResult, MessageRecord, MessageSummary } from '@common/schemas/messages';
import { requireUser, type RouteAccess } from '../../security/guard';
import { ok } from '../../http/envelope';
import { listMessages, markAllRead, markRead, messageSummary } from './service';

const tags = ['消息'];
/** Every logged-in account has a message box of its own. */
const own: { access: RouteAccess } = { access: {} };

const messagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/messages',
    { config: own, schema: { tags, summary: '我的消息（按时间倒序；可按未读、类型筛选）', querystring: MessageListQuery, response: { 200: Envelope(PageResult(MessageRecord)) } } },
    async (request) => ok(await listMessages(app.db, requireUser(request).id, request.query)),
  );

  app.get(
    '/messages/summary',
    { config: own, schema: { tags, summary: '未读消息数和最新 5 条消息（页头铃铛）', response: { 200: Envelope(MessageSummary) } } },
    async (request) => ok(await messageSummary(app.db, requireUser(request).id)),
  );

  app.post(
    '/messages/read-all',
    { config: own, schema: { tags, summary: '全部标为已读', response: { 200: Envelope(MessageReadAllResult) } } },
    async (request) => {
      const count = await markAllRead(app.db, requireUser(request).id, app.clock());
      return ok({ count }, count ? `已将 ${count} 条消息标为已读` : '没有未读消息');
    },
  );

  app.post(
    '/messages/:id/read',
    { config: own, schema: { tags, summary: '标为已读', params: IdParams, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await markRead(app.db, requireUser(request).id, request.params.id, app.clock());
      return ok(null, '已标为已读');
    },
  );
};

export default messagesRoutes;
