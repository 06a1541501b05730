/**
 * The personal centre (what the system holds about the caller, PIPL art. 45) and the staff's
 * deletion requests.
 *
 *   GET  /user/profile                          what the system holds about the caller
 *   GET  /user/profile/export                   the same as a JSON file (audited 'export')
 *   POST /user/consents/sensitive-pi/withdraw   a practitioner withdraws; opens a deletion request
 *   GET  /personal-data/deletion-requests       staff: the requests (pending by default)
 *   POST /personal-data/deletion-requests/:practitionerId/approve|reject
 *
 * Every answer carries Cache-Control: no-store (it holds the caller's whole ID number and phone).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType } from '@common/permissions';
import { Envelope, PageQuery, PageResult } from '@common/schemas/common';
import {
  DeletionApproveBody,
  DeletionRejectBody,
  DeletionRequestListQuery,
  DeletionRequestParams,
  DeletionRequestRecord,
  PersonalData,
  PROFILE_MESSAGES,
  WithdrawConsentResult,
} from '@common/schemas/profile';
import { requireUser } from '../../security/guard';
import { contentDisposition } from '../../files/names';
import { ok } from '../../http/envelope';
import { logOperation } from '../../oplog';
import { decideDeletionRequest, withdrawSensitiveConsent } from './deletion';
import { listDeletionRequests, personalData } from './queries';

const tags = ['个人中心'];
const staffTags = ['个人信息删除请求'];
const HANDLE = { access: { authTypes: [AuthType.Staff], permission: 'system:personal-data:handle' as const } };

const DeletionListQuery = Type.Object({ ...PageQuery.properties, ...DeletionRequestListQuery.properties }, { additionalProperties: false });

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/user/profile',
    {
      config: { access: {} },
      schema: { tags, summary: '个人中心：系统保存的本人信息、同意记录与近30天登录记录', response: { 200: Envelope(PersonalData) } },
    },
    async (request) => ok(await personalData(app.db, app.pii, requireUser(request), app.clock())),
  );

  app.get(
    '/user/profile/export',
    { config: { access: {} }, schema: { tags, summary: '下载本人数据（JSON 文件，记入审计日志）' } },
    async (request, reply) => {
      const user = requireUser(request);
      const now = app.clock();
      const data = await personalData(app.db, app.pii, user, now);
      await logOperation(app.db, request, { entity: 'account', entityId: user.id, action: 'export', summary: '下载本人数据（个人中心）' });
      const day = now.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `个人数据-${user.loginAccount}-${day}.json`))
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/user/consents/sensitive-pi/withdraw',
    {
      config: { access: { authTypes: [AuthType.Practitioner], scope: 'own-practitioner' } },
      schema: {
        tags,
        summary: '撤回敏感个人信息（身份证号码、照片）处理同意：转为个人信息删除请求，由协会处理',
        response: { 200: Envelope(WithdrawConsentResult) },
      },
    },
    async (request) => ok({ requestId: await withdrawSensitiveConsent(request) }, PROFILE_MESSAGES.withdrawn),
  );

  app.get(
    '/personal-data/deletion-requests',
    {
      config: HANDLE,
      schema: { tags: staffTags, summary: '个人信息删除请求（默认待处理）', querystring: DeletionListQuery, response: { 200: Envelope(PageResult(DeletionRequestRecord)) } },
    },
    async (request) => ok(await listDeletionRequests(app.db, request.query)),
  );

  app.post(
    '/personal-data/deletion-requests/:practitionerId/approve',
    {
      config: HANDLE,
      schema: {
        tags: staffTags,
        summary: '同意删除：匿名化其个人信息（姓名留姓氏，删除身份证号码、手机号码与文件），注销证书，停用账号',
        params: DeletionRequestParams,
        body: DeletionApproveBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await decideDeletionRequest(request, requireUser(request), { subjectId: request.params.practitionerId }, 'approved', request.body.comment ?? null);
      return ok(null, '已删除该从业人员的个人信息');
    },
  );

  app.post(
    '/personal-data/deletion-requests/:practitionerId/reject',
    {
      config: HANDLE,
      schema: {
        tags: staffTags,
        summary: '不予删除（须填写理由，如法律法规规定的保存义务）',
        params: DeletionRequestParams,
        body: DeletionRejectBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await decideDeletionRequest(request, requireUser(request), { subjectId: request.params.practitionerId }, 'rejected', request.body.reason);
      return ok(null, '已处理：不予删除');
    },
  );
};

export default profileRoutes;
