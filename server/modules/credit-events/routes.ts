/**
 * Credit events: bad-conduct records and commendations (common/schemas/credit.ts).
 *
 *   GET  /credit-events                  list: staff (credit:view) all; a member unit those counting against it
 *   GET  /credit-events/export           the same filters as an .xlsx                     credit:export
 *   GET  /credit-events/practitioner-options  the practitioners an event may name (picker)  credit:view
 *   GET  /credit-events/:id              one event with its evidence and the ratings counting it
 *   POST /credit-events                  record one by hand                                credit:event:edit
 *   POST /credit-events/:id/withdraw     withdraw it with a reason and the version read   credit:event:edit
 *
 * Practitioners have no credit pages. A unit reading another unit's event is refused (403).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType } from '@common/permissions';
import { Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  CreditEventCreateBody,
  CreditEventCreated,
  CreditEventDetail,
  CreditEventExportQuery,
  CreditEventListQuery,
  CreditEventRecord,
  CreditEventWithdrawBody,
  CREDIT_MESSAGES as M,
  CreditPractitionerOption,
  CreditPractitionerOptionsQuery,
} from '@common/schemas/credit';
import { requireUser, type RouteAccess } from '../../security/guard';
import { beijingDay } from '@common/calendar';
import { sendXlsx } from '../../excel';
import { registerFileReadRule, type FileReadRule } from '../../files/readRules';
import { ok } from '../../http/envelope';
import { prepareEventExport } from './export';
import { creditPractitionerOptions } from './practitionerOptions';
import { eventDetail, isCreditEventFileOf, listEvents } from './queries';
import { recordEvent, withdrawEvent } from './service';

const tags = ['信用管理'];
const { Staff, MemberUnit } = AuthType;
const view: { access: RouteAccess } = { access: { authTypes: [Staff, MemberUnit], permission: 'credit:view' } };
const edit: { access: RouteAccess } = { access: { authTypes: [Staff], permission: 'credit:event:edit' } };
const exporting: { access: RouteAccess } = { access: { authTypes: [Staff], permission: 'credit:export' } };

/** The same function every time, so that the rule set holds it once however many apps start. */
const evidenceRule: FileReadRule = (db, fileId, user) => isCreditEventFileOf(db, fileId, user);

const creditEventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerFileReadRule(evidenceRule);
  const today = () => beijingDay(app.clock());

  app.get(
    '/credit-events',
    {
      config: view,
      schema: {
        tags,
        summary: '信用记录列表（关键字匹配事由、单位或从业人员姓名；inTerm=true 为有效且在公示期内的）',
        querystring: CreditEventListQuery,
        response: { 200: Envelope(PageResult(CreditEventRecord)) },
      },
    },
    async (req) => ok(await listEvents(app.db, requireUser(req), req.query, today())),
  );

  // Before /credit-events/:id, so that "export" (or "practitioner-options") is never taken for an id.
  app.get(
    '/credit-events/export',
    { config: exporting, schema: { tags, summary: '导出信用记录（Excel，与列表相同的筛选条件）', querystring: CreditEventExportQuery } },
    async (req, reply) => sendXlsx(reply, await prepareEventExport(req, req.query)),
  );

  app.get(
    '/credit-events/practitioner-options',
    {
      config: view,
      schema: {
        tags,
        summary: '可登记信用记录的从业人员（已通过或已离职；按姓名或证书编号搜索，或按 id 取一人；会员单位仅本单位）',
        querystring: CreditPractitionerOptionsQuery,
        response: { 200: Envelope(Type.Array(CreditPractitionerOption)) },
      },
    },
    async (req) => ok(await creditPractitionerOptions(app.db, requireUser(req), req.query)),
  );

  app.get(
    '/credit-events/:id',
    { config: view, schema: { tags, summary: '信用记录详情：证明材料、计入的年度评价', params: IdParams, response: { 200: Envelope(CreditEventDetail) } } },
    async (req) => ok(await eventDetail(app.db, requireUser(req), req.params.id, today())),
  );

  app.post(
    '/credit-events',
    {
      config: edit,
      schema: {
        tags,
        summary: '登记不良行为或表彰（分值、期限取现行规则；分值可在 −100 至 100 间调整并说明理由）',
        body: CreditEventCreateBody,
        response: { 200: Envelope(CreditEventCreated) },
      },
    },
    async (req) => {
      const created = await recordEvent(req, requireUser(req), req.body);
      return ok(created, M.eventRecorded(created.points, created.termUntil));
    },
  );

  app.post(
    '/credit-events/:id/withdraw',
    {
      config: edit,
      schema: {
        tags,
        summary: '撤销信用记录（须填写原因；不修改、不删除；尚未终评的年度评价随即重算该单位得分，已终评的不变）',
        params: IdParams,
        body: CreditEventWithdrawBody,
        response: { 200: Envelope(Type.Object({ rescoredYears: Type.Array(Type.Integer()) })) },
      },
    },
    async (req) => {
      const result = await withdrawEvent(req, requireUser(req), req.params.id, req.body);
      return ok(result, M.eventWithdrawn(result.rescoredYears));
    },
  );
};

export default creditEventsRoutes;
