/**
 * A member unit's own record (单位信息管理) and the review of its key-information changes.
 *
 * A unit reaches only its own record, and only through /member-units/mine: there is no id to
 * guess. Staff decide a change by the unit's id under member:unit:approve. The staff-side
 * member-unit resource (list, detail, registration decisions) lives in ./routes.ts, which
 * registers this plugin.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType } from '@common/permissions';
import { Envelope, IdParams } from '@common/schemas/common';
import {
  ApproveChangeBody,
  MEMBER_INFO_MESSAGES,
  MemberInfoRecord,
  MemberInfoSaveResult,
  MemberInfoUpdateBody,
  RejectChangeBody,
  ResubmitBody,
} from '@common/schemas/memberInfo';
import { requireUser, type RouteAccess } from '../../security/guard';
import { beijingDay } from '@common/calendar';
import { registerFileReadRule, type FileReadRule } from '../../files/readRules';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { findUnitRow, isOwnUnitFile, toMemberInfo } from './ownQueries';
import { approveChange, rejectChange, resubmitOwnUnit, updateOwnUnit } from './ownService';

const tags = ['单位信息管理'];
const own: { access: RouteAccess } = { access: { authTypes: [AuthType.MemberUnit], scope: 'own-unit' } };
const decide: { access: RouteAccess } = { access: { authTypes: [AuthType.Staff], permission: 'member:unit:approve' } };

/** The same function every time, so that the rule set holds it once however many apps start. */
const ownUnitFileRule: FileReadRule = (db, fileId, user) => isOwnUnitFile(db, fileId, user);

const memberUnitOwnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerFileReadRule(ownUnitFileRule);

  app.get(
    '/member-units/mine',
    {
      config: own,
      schema: {
        tags,
        summary: '本单位信息（已审核的信息、待审核的关键信息变更、文件、会员证书、审核记录）',
        response: { 200: Envelope(MemberInfoRecord) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = user.unitId ? await findUnitRow(app.db, user.unitId) : undefined;
      if (!row) throw errors.notFound('会员单位');
      // Contact phone and e-mail: nothing in between may keep a copy.
      void reply.header('cache-control', 'no-store');
      return ok(await toMemberInfo(app.db, row, beijingDay(app.clock())));
    },
  );

  app.put(
    '/member-units/mine',
    {
      config: own,
      schema: {
        tags,
        summary: '修改本单位信息（带上读取时的 version；已通过单位的名称、信用代码、法定代表人变更需协会审核）',
        body: MemberInfoUpdateBody,
        response: { 200: Envelope(MemberInfoSaveResult) },
      },
    },
    async (request) => {
      const result = await updateOwnUnit(request, requireUser(request), request.body);
      return ok(result, result.changePending ? MEMBER_INFO_MESSAGES.savedWithReview : MEMBER_INFO_MESSAGES.saved);
    },
  );

  app.post(
    '/member-units/mine/resubmit',
    {
      config: own,
      schema: { tags, summary: '修改后重新提交被驳回的入会申请', body: ResubmitBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await resubmitOwnUnit(request, requireUser(request), request.body);
      return ok(null, MEMBER_INFO_MESSAGES.resubmitted);
    },
  );

  app.post(
    '/member-units/:id/approve-change',
    {
      config: decide,
      schema: { tags, summary: '通过单位关键信息变更', params: IdParams, body: ApproveChangeBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await approveChange(request, requireUser(request), request.params.id, request.body);
      return ok(null, '信息变更已通过');
    },
  );

  app.post(
    '/member-units/:id/reject-change',
    {
      config: decide,
      schema: { tags, summary: '驳回单位关键信息变更（须填写原因）', params: IdParams, body: RejectChangeBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await rejectChange(request, requireUser(request), request.params.id, request.body);
      return ok(null, '信息变更已驳回');
    },
  );
};

export default memberUnitOwnRoutes;
