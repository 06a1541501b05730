/**
 * The annual inspection (its states and workflow: docs/domain.md).
 *
 *   GET  /annual-inspection-years                 the years with the caller's per-status counts
 *   POST /annual-inspection-years                 open a year { year, deadline }     inspection:manage
 *   PUT  /annual-inspection-years/:year           move the deadline { deadline, version }
 *   POST /annual-inspection-years/:year/close     close it { version } (nothing waiting for review)
 *   GET  /annual-inspections                      list: staff all, a unit its own and its practitioners', a practitioner their own
 *   GET  /annual-inspections/export               the same filters as an .xlsx (year required)   inspection:export
 *   GET  /annual-inspections/:id                  one record with files and review history
 *   POST /annual-inspections/:id/submit           a unit (itself, its practitioners) or a practitioner (themselves)
 *   POST /annual-inspections/batch-submit         several at once, one self report; answers what was submitted and what refused
 *   POST /annual-inspections/:id/approve|reject|return   staff decide                     inspection:review
 *
 * Staff need the inspection:* codes; units and practitioners hold no codes and are held to
 * their own records by the handlers (another unit's record answers 403).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType, type PermissionCode } from '@common/permissions';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  InspectionApproveBody,
  InspectionBatchSubmitBody,
  InspectionBatchSubmitResult,
  INSPECTION_MESSAGES,
  InspectionDetail,
  InspectionExportQuery,
  InspectionListQuery,
  InspectionReasonBody,
  InspectionRecord,
  InspectionSubmitBody,
  InspectionYearCloseBody,
  InspectionYearCreateBody,
  InspectionYearParams,
  InspectionYearRecord,
  InspectionYearUpdateBody,
} from '@common/schemas/inspections';
import { requireUser, type RouteAccess } from '../../security/guard';
import { sendXlsx } from '../../excel';
import { registerFileReadRule, type FileReadRule } from '../../files/readRules';
import { ok } from '../../http/envelope';
import { prepareInspectionExport } from './export';
import { inspectionDetail, isInspectionFileOf, listInspections, listYears } from './queries';
import { batchSubmitInspections, closeInspectionYear, decideInspection, openInspectionYear, submitInspection, updateInspectionYear } from './service';

const tags = ['年检'];
const Done = Envelope(Type.Null());
const { Staff, MemberUnit, Practitioner } = AuthType;

const access = (permission: PermissionCode | null, authTypes: readonly AuthType[]): { access: RouteAccess } => ({
  access: permission ? { authTypes, permission } : { authTypes },
});

const view = access('inspection:view', [Staff, MemberUnit, Practitioner]);
const manage = access('inspection:manage', [Staff]);
const review = access('inspection:review', [Staff]);
const submit = access(null, [MemberUnit, Practitioner]);
const exporting = access('inspection:export', [Staff, MemberUnit]);

/** The same function every time, so that the rule set holds it once however many apps start. */
const inspectionFileRule: FileReadRule = (db, fileId, user) => isInspectionFileOf(db, fileId, user);

const StatusResult = Type.Object({ status: Type.String(), validUntil: Type.Union([Type.String(), Type.Null()]) });

const inspectionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerFileReadRule(inspectionFileRule);

  app.get(
    '/annual-inspection-years',
    {
      config: view,
      schema: { tags, summary: '年检年度列表（新的在前），含调用者可见范围内各状态数量', response: { 200: Envelope(Type.Array(InspectionYearRecord)) } },
    },
    async (req) => ok(await listYears(app.db, requireUser(req), app.clock())),
  );

  app.post(
    '/annual-inspection-years',
    {
      config: manage,
      schema: {
        tags,
        summary: '开启年检年度（每年一次），全部已通过的会员单位和从业人员进入“未提交”',
        body: InspectionYearCreateBody,
        response: { 200: Envelope(CreatedResult) },
      },
    },
    async (req) => {
      const result = await openInspectionYear(req, requireUser(req), req.body);
      return ok({ id: result.id }, `已开启${req.body.year}年度年检，共 ${result.subjects} 个年检对象`);
    },
  );

  app.put(
    '/annual-inspection-years/:year',
    { config: manage, schema: { tags, summary: '修改截止日期（带上读取时的 version）', params: InspectionYearParams, body: InspectionYearUpdateBody, response: { 200: Done } } },
    async (req) => {
      await updateInspectionYear(req, requireUser(req), req.params.year, req.body);
      return ok(null, '截止日期已修改');
    },
  );

  app.post(
    '/annual-inspection-years/:year/close',
    { config: manage, schema: { tags, summary: '关闭年检年度（须无待审核的年检）', params: InspectionYearParams, body: InspectionYearCloseBody, response: { 200: Done } } },
    async (req) => {
      await closeInspectionYear(req, requireUser(req), req.params.year, req.body);
      return ok(null, `${req.params.year}年度年检已关闭`);
    },
  );

  app.get(
    '/annual-inspections',
    {
      config: view,
      schema: {
        tags,
        summary: '年检列表（关键字匹配对象名称或所属单位；status=submitted 含重新提交的；overdue=true 为截止后仍未提交的）',
        querystring: InspectionListQuery,
        response: { 200: Envelope(PageResult(InspectionRecord)) },
      },
    },
    async (req) => ok(await listInspections(app.db, requireUser(req), req.query, app.clock())),
  );

  // Before /annual-inspections/:id, so that "export" is never taken for an id.
  app.get(
    '/annual-inspections/export',
    { config: exporting, schema: { tags, summary: '导出一个年度的年检结果（Excel；会员单位导出本单位及其从业人员的）', querystring: InspectionExportQuery } },
    async (req, reply) => sendXlsx(reply, await prepareInspectionExport(req, req.query)),
  );

  app.get(
    '/annual-inspections/:id',
    { config: view, schema: { tags, summary: '年检详情：提交内容、附件与审核记录', params: IdParams, response: { 200: Envelope(InspectionDetail) } } },
    async (req) => ok(await inspectionDetail(app.db, requireUser(req), req.params.id, app.clock())),
  );

  app.post(
    '/annual-inspections/:id/submit',
    {
      config: submit,
      schema: {
        tags,
        summary: '提交 / 重新提交年检（未提交或退回修改的；会员单位为本单位及本单位从业人员，从业人员为本人）',
        params: IdParams,
        body: InspectionSubmitBody,
        response: { 200: Done },
      },
    },
    async (req) => {
      const status = await submitInspection(req, requireUser(req), req.params.id, req.body);
      return ok(null, status === 'resubmitted' ? '年检已重新提交，等待协会审核' : '年检已提交，等待协会审核');
    },
  );

  app.post(
    '/annual-inspections/batch-submit',
    {
      config: submit,
      schema: {
        tags,
        summary: '批量提交年检（同一份自查报告和附件，每份各自的数字与 version；每份单独成一个事务，答复已提交的和未能提交的及原因）',
        body: InspectionBatchSubmitBody,
        response: { 200: Envelope(InspectionBatchSubmitResult) },
      },
    },
    async (req) => {
      const result = await batchSubmitInspections(req, requireUser(req), req.body);
      return ok(result, INSPECTION_MESSAGES.batchSubmitted(result.submitted.length, result.refused.length));
    },
  );

  app.post(
    '/annual-inspections/:id/approve',
    {
      config: review,
      schema: { tags, summary: '审核通过（证书有效期延长一年）', params: IdParams, body: InspectionApproveBody, response: { 200: Envelope(StatusResult) } },
    },
    async (req) => {
      const result = await decideInspection(req, requireUser(req), req.params.id, { action: 'approve', reason: req.body.comment, version: req.body.version });
      return ok(result, result.validUntil ? `年检已通过，证书有效期延至 ${result.validUntil}` : '年检已通过');
    },
  );

  app.post(
    '/annual-inspections/:id/reject',
    { config: review, schema: { tags, summary: '审核不通过（须填写原因）', params: IdParams, body: InspectionReasonBody, response: { 200: Envelope(StatusResult) } } },
    async (req) => ok(await decideInspection(req, requireUser(req), req.params.id, { action: 'reject', reason: req.body.reason, version: req.body.version }), '年检不通过，已通知提交单位'),
  );

  app.post(
    '/annual-inspections/:id/return',
    { config: review, schema: { tags, summary: '退回修改（须填写原因）', params: IdParams, body: InspectionReasonBody, response: { 200: Envelope(StatusResult) } } },
    async (req) => ok(await decideInspection(req, requireUser(req), req.params.id, { action: 'return', reason: req.body.reason, version: req.body.version }), '已退回修改，已通知提交单位'),
  );
};

export default inspectionsRoutes;
