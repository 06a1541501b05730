/** Login, logout, the current user and password calls (paths the front end was built against: keep them). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CurrentUser,
  LoginBody,
  LoginResult,
  SetPasswordBody,
  ShowLoginAccountBody,
  ShowLoginAccountResult,
} from '@common/schemas/auth';
import { AUTH_MESSAGES } from '@common/messages';
import { Envelope } from '@common/schemas/common';
import { CONSENT_MESSAGES, SensitivePiConsent, SensitivePiConsentBody } from '@common/schemas/sessions';
import { requireUser } from '../../security/guard';
import { ok } from '../../http/envelope';
import { recordSensitivePiConsent, sensitivePiConsentOf } from './consent';
import { showOrResetLogin } from '../../security/loginAccount';
import { changeOwnPassword, currentUserOf, login, logout } from './service';

const tags = ['账号与会话'];

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/auth/login',
    {
      config: { access: { public: true } },
      schema: { tags, summary: '登录', security: [], body: LoginBody, response: { 200: Envelope(LoginResult) } },
    },
    async (request) => ok(await login(request, request.body), AUTH_MESSAGES.loggedIn),
  );

  app.post(
    '/user/auth/logout',
    { config: { access: { allowPending: true } }, schema: { tags, summary: '退出登录', response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await logout(request, requireUser(request));
      return ok(null, AUTH_MESSAGES.loggedOut);
    },
  );

  app.get(
    '/user/current',
    {
      config: { access: { allowPending: true } },
      schema: { tags, summary: '当前用户', response: { 200: Envelope(CurrentUser) } },
    },
    async (request) => ok(await currentUserOf(request.server.db, requireUser(request), request.accountState)),
  );

  app.put(
    '/user/set/password',
    {
      config: { access: { allowPending: true } },
      schema: { tags, summary: '修改本人密码', body: SetPasswordBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await changeOwnPassword(request, requireUser(request), request.body.oldPassword, request.body.newPassword);
      return ok(null, AUTH_MESSAGES.passwordChanged);
    },
  );

  app.get(
    '/user/consents/sensitive-pi',
    {
      config: { access: { allowPending: true } },
      schema: {
        tags,
        summary: '个人信息处理说明（敏感个人信息单独同意）及本人的同意情况',
        response: { 200: Envelope(SensitivePiConsent) },
      },
    },
    async (request) => ok(await sensitivePiConsentOf(request, requireUser(request))),
  );

  app.post(
    '/user/consents/sensitive-pi',
    {
      config: { access: { authTypes: [3], allowPending: true } },
      schema: {
        tags,
        summary: '同意个人信息处理说明（从业人员首次登录）',
        body: SensitivePiConsentBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await recordSensitivePiConsent(request, requireUser(request), request.body.version);
      return ok(null, CONSENT_MESSAGES.recorded);
    },
  );

  app.put(
    '/user/show/login_account',
    {
      config: { access: { authTypes: [1], permission: 'system:user:reset-password' } },
      schema: {
        tags,
        summary: '查看账号（可同时重置密码，新密码只显示一次）',
        body: ShowLoginAccountBody,
        response: { 200: Envelope(ShowLoginAccountResult) },
      },
    },
    async (request) => {
      const { userId, password, reset } = request.body;
      return ok(await showOrResetLogin(request, requireUser(request), { userId, password, reset: reset ?? false }));
    },
  );
};

export default authRoutes;
