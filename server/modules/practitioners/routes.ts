/**
 * /practitioners (the record and its states: docs/domain.md; its personal information is
 * encrypted at rest and masked, ./viewer.ts).
 *
 *   GET    /practitioners                  list: staff all, a unit its own, a practitioner themselves
 *   GET    /practitioners/export           the same filters as an .xlsx (?sensitive=true: whole ID numbers)
 *   GET    /practitioners/import-template  the Excel template with its 说明 sheet
 *   POST   /practitioners/import           { fileId, unitId? } → row-by-row report and the new accounts
 *   GET    /practitioners/:id              one record with files, certificate and review history
 *   POST   /practitioners                  create (pending) + its authType-3 account → login name and password, once
 *   PUT    /practitioners/:id              edit (with the version read)
 *   DELETE /practitioners/:id              a never-approved record and its account
 *   POST   /practitioners/:id/approve|reject|resubmit|leave
 *   POST   /practitioners/:id/reveal       { field } → the whole ID number or phone (audited)
 *
 * Staff need member:practitioner:* codes; units and practitioners are held to their own
 * records by the handlers. Every answer carries Cache-Control: no-store (personal data).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType, type PermissionCode } from '@common/permissions';
import { Envelope, IdParams, PageResult } from '@common/schemas/common';
import { RevealBody, RevealResult } from '@common/schemas/membership';
import {
  PractitionerApproveBody,
  PractitionerApproveResult,
  PractitionerCreateBody,
  PractitionerCreatedResult,
  PractitionerDetail,
  PractitionerExportQuery,
  PractitionerImportBody,
  PractitionerImportResult,
  PractitionerLeaveBody,
  PractitionerListQuery,
  PractitionerRecord,
  PractitionerRejectBody,
  PractitionerResubmitBody,
  PractitionerUpdateBody,
} from '@common/schemas/practitioners';
import { requireUser, type RouteAccess } from '../../security/guard';
import { sendXlsx, XLSX_CONTENT_TYPE } from '../../excel';
import { contentDisposition } from '../../files/names';
import { ok } from '../../http/envelope';
import { prepareExport } from './export';
import { registerPractitionerFileRule } from './fileRule';
import { buildTemplate, importPractitioners } from './import';
import { findPractitionerRow, listPractitioners, practitionerDetail } from './queries';
import {
  approvePractitioner,
  createPractitioner,
  deletePractitioner,
  leavePractitioner,
  rejectPractitioner,
  resubmitPractitioner,
  revealPractitioner,
  updatePractitioner,
} from './service';
import { assertCanSee } from './viewer';
import { practitionerOptions } from './options';
import { PractitionerOption, PractitionerOptionsQuery } from '@common/schemas/projects';

const tags = ['从业人员'];
const Done = Envelope(Type.Null());
const { Staff, MemberUnit, Practitioner } = AuthType;

/** Staff by code; the other kinds listed pass and are held to their own records by the handler. */
const access = (permission: PermissionCode, authTypes: readonly AuthType[] = [Staff, MemberUnit]): { access: RouteAccess } => ({
  access: { authTypes, permission },
});

const practitionersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerPractitionerFileRule();

  // ID numbers, phones and the one-time passwords must not stay in any cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/practitioners',
    {
      config: access('member:practitioner:view', [Staff, MemberUnit, Practitioner]),
      schema: {
        tags,
        summary: '从业人员列表（关键字匹配姓名、证书编号，或完整的18位身份证号码精确查找）',
        querystring: PractitionerListQuery,
        response: { 200: Envelope(PageResult(PractitionerRecord)) },
      },
    },
    async (request) => ok(await listPractitioners(app.db, app.pii, requireUser(request), request.query, app.clock())),
  );

  // Fixed paths before /practitioners/:id, so that "export" is never taken for an id.
  app.get(
    '/practitioners/export',
    {
      config: access('member:practitioner:export'),
      schema: { tags, summary: '导出从业人员（Excel；身份证号码、手机号码脱敏，sensitive=true 导出完整身份证号码需单独权限）', querystring: PractitionerExportQuery },
    },
    async (request, reply) => sendXlsx(reply, await prepareExport(request, request.query)),
  );

  app.get(
    '/practitioners/options',
    {
      config: access('member:practitioner:view'),
      schema: { tags, summary: '本单位已审核通过的从业人员（项目负责人、成员等下拉选择用；工作人员须指定 unitId）', querystring: PractitionerOptionsQuery, response: { 200: Envelope(Type.Array(PractitionerOption)) } },
    },
    async (request) => ok(await practitionerOptions(app.db, requireUser(request), request.query)),
  );

  app.get(
    '/practitioners/import-template',
    { config: access('member:practitioner:import'), schema: { tags, summary: '下载从业人员导入模板（Excel，含填写说明）' } },
    async (request, reply) =>
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition('attachment', '从业人员导入模板.xlsx'))
        .send(await buildTemplate(request)),
  );

  app.post(
    '/practitioners/import',
    {
      config: access('member:practitioner:import'),
      schema: {
        tags,
        summary: '导入从业人员（先经 /file/upload 上传 .xlsx；每行单独保存，有错误的行不保存）',
        body: PractitionerImportBody,
        response: { 200: Envelope(PractitionerImportResult) },
      },
    },
    async (request) => {
      const result = await importPractitioners(request, request.body);
      return ok(result, `导入完成：成功 ${result.created} 行，失败 ${result.failed} 行`);
    },
  );

  app.get(
    '/practitioners/:id',
    {
      config: access('member:practitioner:view', [Staff, MemberUnit, Practitioner]),
      schema: { tags, summary: '从业人员详情', params: IdParams, response: { 200: Envelope(PractitionerDetail) } },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await findPractitionerRow(app.db, request.params.id);
      assertCanSee(user, row);
      return ok(await practitionerDetail(app.db, app.pii, user, row as NonNullable<typeof row>, app.clock()));
    },
  );

  app.post(
    '/practitioners',
    {
      config: access('member:practitioner:edit'),
      schema: {
        tags,
        summary: '新增从业人员（待审核），同时生成其登录账号；初始密码仅在此返回一次',
        body: PractitionerCreateBody,
        response: { 200: Envelope(PractitionerCreatedResult) },
      },
    },
    async (request) => ok(await createPractitioner(request, request.body), '从业人员已登记，等待协会审核'),
  );

  app.put(
    '/practitioners/:id',
    {
      config: access('member:practitioner:edit'),
      schema: { tags, summary: '修改从业人员（带上读取时的 version；身份证号码、手机号码不改时不传）', params: IdParams, body: PractitionerUpdateBody, response: { 200: Done } },
    },
    async (request) => {
      await updatePractitioner(request, request.params.id, request.body);
      return ok(null, '从业人员信息已保存');
    },
  );

  app.delete(
    '/practitioners/:id',
    { config: access('member:practitioner:delete'), schema: { tags, summary: '删除从未通过审核的从业人员记录及其登录账号', params: IdParams, response: { 200: Done } } },
    async (request) => {
      const name = await deletePractitioner(request, request.params.id);
      return ok(null, `已删除「${name}」`);
    },
  );

  app.post(
    '/practitioners/:id/approve',
    {
      config: access('member:practitioner:approve', [Staff]),
      schema: {
        tags,
        summary: '审核通过（发放从业人员证书，有效期默认3年）',
        params: IdParams,
        body: PractitionerApproveBody,
        response: { 200: Envelope(PractitionerApproveResult) },
      },
    },
    async (request) => {
      const result = await approvePractitioner(request, request.params.id, request.body);
      return ok(result, `已审核通过，证书编号 ${result.certificateNo}`);
    },
  );

  app.post(
    '/practitioners/:id/reject',
    { config: access('member:practitioner:approve', [Staff]), schema: { tags, summary: '驳回（须填写原因）', params: IdParams, body: PractitionerRejectBody, response: { 200: Done } } },
    async (request) => {
      await rejectPractitioner(request, request.params.id, request.body);
      return ok(null, '已驳回');
    },
  );

  app.post(
    '/practitioners/:id/resubmit',
    { config: access('member:practitioner:edit'), schema: { tags, summary: '被驳回的记录修改后重新提交审核', params: IdParams, body: PractitionerResubmitBody, response: { 200: Done } } },
    async (request) => {
      await resubmitPractitioner(request, request.params.id, request.body);
      return ok(null, '已重新提交审核');
    },
  );

  app.post(
    '/practitioners/:id/leave',
    {
      config: access('member:practitioner:edit'),
      schema: { tags, summary: '办理离职（注销证书，停用登录账号）', params: IdParams, body: PractitionerLeaveBody, response: { 200: Done } },
    },
    async (request) => {
      await leavePractitioner(request, request.params.id, request.body);
      return ok(null, '已办理离职');
    },
  );

  app.post(
    '/practitioners/:id/reveal',
    {
      config: access('member:practitioner:reveal', [Staff, MemberUnit, Practitioner]),
      schema: {
        tags,
        summary: '查看完整的身份证号码或手机号码（记入审计日志）',
        params: IdParams,
        body: RevealBody,
        response: { 200: Envelope(RevealResult) },
      },
    },
    async (request) => ok(await revealPractitioner(request, request.params.id, request.body)),
  );
};

export default practitionersRoutes;
