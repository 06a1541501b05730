/**
 * Sessions: every account lists and ends its own; staff see who is online
 * (system:session:view) and force a logout (system:session:revoke).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, PageResult } from '@common/schemas/common';
import {
  OnlineSession,
  OnlineSessionQuery,
  OwnSession,
  SESSION_MESSAGES,
  SessionIdParams,
} from '@common/schemas/sessions';
import { requireUser } from '../../security/guard';
import { ok } from '../../http/envelope';
import { listOnlineSessions, listOwnSessions } from './queries';
import { endOwnSession, forceLogout } from './service';

const tags = ['账号与会话'];

const sessionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/sessions',
    {
      config: { access: {} },
      schema: { tags, summary: '本人的在线会话（设备、地址、登录与最近活动时间）', response: { 200: Envelope(Type.Array(OwnSession)) } },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await listOwnSessions(app.db, user.id, user.sessionId, app.clock()));
    },
  );

  app.delete(
    '/user/sessions/:id',
    {
      config: { access: {} },
      schema: { tags, summary: '结束本人的一个会话', params: SessionIdParams, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await endOwnSession(request, requireUser(request), request.params.id);
      return ok(null, SESSION_MESSAGES.ended);
    },
  );

  app.get(
    '/sessions',
    {
      config: { access: { authTypes: [1], permission: 'system:session:view' } },
      schema: {
        tags,
        summary: '在线用户（分页；关键字搜索账号、姓名、单位、地址；按账号类型筛选）',
        querystring: OnlineSessionQuery,
        response: { 200: Envelope(PageResult(OnlineSession)) },
      },
    },
    async (request) => ok(await listOnlineSessions(app.db, requireUser(request), request.query, app.clock())),
  );

  app.post(
    '/sessions/:id/revoke',
    {
      config: { access: { authTypes: [1], permission: 'system:session:revoke' } },
      schema: { tags, summary: '强制下线', params: SessionIdParams, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await forceLogout(request, requireUser(request), request.params.id);
      return ok(null, SESSION_MESSAGES.forced);
    },
  );
};

export default sessionsRoutes;
