/**
 * /cases: a unit's business cases and their review (docs/domain.md, business cases; the workflow in ./service.ts).
 *
 *   GET    /cases              list: staff all (case:view), a unit its own
 *   GET    /cases/export       the same filters as an .xlsx (staff, case:view)
 *   GET    /cases/:id          one case with its files and review history
 *   POST   /cases              a unit adds a case (pending, into the review queue)
 *   PUT    /cases/:id          a unit edits its case (with the version read; back to pending)
 *   DELETE /cases/:id          a unit deletes its case
 *   POST   /cases/:id/approve  staff approve (case:review)
 *   POST   /cases/:id/reject   staff reject with a reason (case:review)
 *
 * Approved cases marked public show in the member window (GET /public/member-units/:id).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType } from '@common/permissions';
import {
  CaseApproveBody,
  CaseCreateBody,
  CaseDetail,
  CaseExportQuery,
  CaseListQuery,
  CaseRecord,
  CaseRejectBody,
  CaseUpdateBody,
} from '@common/schemas/cases';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import { requireUser, type RouteAccess } from '../../security/guard';
import { sendXlsx } from '../../excel';
import { registerFileReadRule, type FileReadRule } from '../../files/readRules';
import { ok } from '../../http/envelope';
import { prepareCaseExport } from './export';
import { caseDetail, isCaseFileOf, listCases } from './queries';
import { approveCase, createCase, deleteCase, rejectCase, updateCase } from './service';

const tags = ['业绩案例'];
const Done = Envelope(Type.Null());
const { Staff, MemberUnit } = AuthType;

const view: { access: RouteAccess } = { access: { authTypes: [Staff, MemberUnit], permission: 'case:view', scope: 'own-unit' } };
const exporting: { access: RouteAccess } = { access: { authTypes: [Staff], permission: 'case:view' } };
const own: { access: RouteAccess } = { access: { authTypes: [MemberUnit], scope: 'own-unit' } };
const review: { access: RouteAccess } = { access: { authTypes: [Staff], permission: 'case:review' } };

const caseFileRule: FileReadRule = (db, fileId, user) => isCaseFileOf(db, fileId, user);

const casesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerFileReadRule(caseFileRule);

  app.get(
    '/cases',
    {
      config: view,
      schema: { tags, summary: '业绩案例列表（关键字匹配名称、委托单位）', querystring: CaseListQuery, response: { 200: Envelope(PageResult(CaseRecord)) } },
    },
    async (request) => ok(await listCases(app.db, requireUser(request), request.query)),
  );

  app.get(
    '/cases/export',
    { config: exporting, schema: { tags, summary: '导出业绩案例（Excel；与列表相同的筛选条件）', querystring: CaseExportQuery } },
    async (request, reply) => sendXlsx(reply, await prepareCaseExport(request, request.query)),
  );

  app.get(
    '/cases/:id',
    { config: view, schema: { tags, summary: '业绩案例详情（证明材料、审核记录）', params: IdParams, response: { 200: Envelope(CaseDetail) } } },
    async (request) => ok(await caseDetail(app.db, requireUser(request), request.params.id)),
  );

  app.post(
    '/cases',
    { config: own, schema: { tags, summary: '提交业绩案例（待审核）', body: CaseCreateBody, response: { 200: Envelope(CreatedResult) } } },
    async (request) => ok({ id: await createCase(request, requireUser(request), request.body) }, '业绩案例已提交，等待协会审核'),
  );

  app.put(
    '/cases/:id',
    {
      config: own,
      schema: { tags, summary: '修改业绩案例（带上读取时的 version；修改后重新进入待审核）', params: IdParams, body: CaseUpdateBody, response: { 200: Done } },
    },
    async (request) => {
      await updateCase(request, requireUser(request), request.params.id, request.body);
      return ok(null, '业绩案例已保存，等待协会审核');
    },
  );

  app.delete(
    '/cases/:id',
    { config: own, schema: { tags, summary: '删除业绩案例', params: IdParams, response: { 200: Done } } },
    async (request) => {
      const title = await deleteCase(request, requireUser(request), request.params.id);
      return ok(null, `已删除「${title}」`);
    },
  );

  app.post(
    '/cases/:id/approve',
    { config: review, schema: { tags, summary: '审核通过', params: IdParams, body: CaseApproveBody, response: { 200: Done } } },
    async (request) => {
      await approveCase(request, requireUser(request), request.params.id, request.body);
      return ok(null, '业绩案例已审核通过');
    },
  );

  app.post(
    '/cases/:id/reject',
    { config: review, schema: { tags, summary: '驳回（须填写原因）', params: IdParams, body: CaseRejectBody, response: { 200: Done } } },
    async (request) => {
      await rejectCase(request, requireUser(request), request.params.id, request.body);
      return ok(null, '业绩案例已驳回');
    },
  );
};

export default casesRoutes;
