/**
 * Practitioner unit changes (the workflow: docs/domain.md). Staff see all
 * (member:unit-change:view) and decide (member:unit-change:approve); a member unit sees the
 * changes into or out of it, a practitioner their own. Who may take which step on one change
 * is decided in ./service.ts (anyone not on its path: 403).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType } from '@common/permissions';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  UnitChangeCommentBody,
  UnitChangeCreateBody,
  UnitChangeDetail,
  UnitChangeListQuery,
  UnitChangeRecord,
  UnitChangeRejectBody,
  UnitChangeWithdrawBody,
} from '@common/schemas/unitChanges';
import { requireUser, type RouteAccess } from '../../security/guard';
import { registerFileReadRule, type FileReadRule } from '../../files/readRules';
import { ok } from '../../http/envelope';
import { isReleaseLetterOf, listUnitChanges, unitChangeDetail } from './queries';
import { approveUnitChange, createUnitChange, rejectUnitChange, releaseUnitChange, withdrawUnitChange } from './service';

const tags = ['从业人员单位变更'];
const { Staff, MemberUnit, Practitioner } = AuthType;

const view: { access: RouteAccess } = { access: { authTypes: [Staff, MemberUnit, Practitioner], permission: 'member:unit-change:view' } };
const ask: { access: RouteAccess } = { access: { authTypes: [MemberUnit, Practitioner] } };
const release: { access: RouteAccess } = { access: { authTypes: [MemberUnit], scope: 'own-unit' } };
const approve: { access: RouteAccess } = { access: { authTypes: [Staff], permission: 'member:unit-change:approve' } };
const reject: { access: RouteAccess } = { access: { authTypes: [Staff, MemberUnit], permission: 'member:unit-change:approve' } };
const withdraw: { access: RouteAccess } = { access: { authTypes: [MemberUnit, Practitioner] } };

/** The same function every time, so that the rule set holds it once however many apps start. */
const releaseLetterRule: FileReadRule = (db, fileId, user) => isReleaseLetterOf(db, fileId, user);

const unitChangesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerFileReadRule(releaseLetterRule);

  app.get(
    '/unit-changes',
    {
      config: view,
      schema: {
        tags,
        summary: '单位变更列表（工作人员看全部；会员单位看调入、调出本单位的；从业人员看本人的）',
        querystring: UnitChangeListQuery,
        response: { 200: Envelope(PageResult(UnitChangeRecord)) },
      },
    },
    async (req) => ok(await listUnitChanges(app.db, app.pii, requireUser(req), req.query)),
  );

  app.get(
    '/unit-changes/:id',
    {
      config: view,
      schema: { tags, summary: '单位变更详情：全部办理记录（按时间先后）与放行函', params: IdParams, response: { 200: Envelope(UnitChangeDetail) } },
    },
    async (req) => ok(await unitChangeDetail(app.db, app.pii, requireUser(req), req.params.id)),
  );

  app.post(
    '/unit-changes',
    {
      config: ask,
      schema: {
        tags,
        summary: '申请变更单位：从业人员为本人申请（toUnitId），或调入单位凭姓名和身份证号码申请调入',
        body: UnitChangeCreateBody,
        response: { 200: Envelope(CreatedResult) },
      },
    },
    async (req) => ok({ id: await createUnitChange(req, requireUser(req), req.body) }, '单位变更申请已提交，等待原单位放行'),
  );

  app.post(
    '/unit-changes/:id/release',
    { config: release, schema: { tags, summary: '原单位放行', params: IdParams, body: UnitChangeCommentBody, response: { 200: Envelope(Type.Null()) } } },
    async (req) => {
      await releaseUnitChange(req, requireUser(req), req.params.id, req.body);
      return ok(null, '已放行，等待协会审批');
    },
  );

  app.post(
    '/unit-changes/:id/approve',
    {
      config: approve,
      schema: { tags, summary: '协会审批通过：人员、账号与证书随之转入新单位', params: IdParams, body: UnitChangeCommentBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (req) => {
      await approveUnitChange(req, requireUser(req), req.params.id, req.body);
      return ok(null, '已审批通过，人员已转入新单位');
    },
  );

  app.post(
    '/unit-changes/:id/reject',
    {
      config: reject,
      schema: { tags, summary: '驳回（原单位在放行前；协会在审批前），须填写原因', params: IdParams, body: UnitChangeRejectBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (req) => {
      await rejectUnitChange(req, requireUser(req), req.params.id, req.body);
      return ok(null, '已驳回');
    },
  );

  app.post(
    '/unit-changes/:id/withdraw',
    {
      config: withdraw,
      schema: { tags, summary: '申请方撤回（原单位放行前）', params: IdParams, body: UnitChangeWithdrawBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (req) => {
      await withdrawUnitChange(req, requireUser(req), req.params.id, req.body);
      return ok(null, '申请已撤回');
    },
  );
};

export default unitChangesRoutes;
