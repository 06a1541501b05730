/**
 * 投诉举报 (docs/domain.md, "Complaints"): the routes and who may call each are listed in
 * common/schemas/complaints.ts; the workflow is ./service.ts, the reads ./queries.ts, the
 * messages and notices ./notices.ts, the export ./export.ts.
 *
 * The public routes need no account and are rate-limited per address: the submission
 * (COMPLAINT_RATE_LIMIT per COMPLAINT_RATE_WINDOW_MINUTES), its attachments (the anonymous upload
 * of server/files/anonymousUpload.ts, as registration's), the tracking (TRACK_RATE_LIMIT) and the
 * look-ups of a unit's practitioners and projects. The query code travels in a request body,
 * never in an address a proxy or browser keeps, and no answer here may be cached.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { UPLOAD_MESSAGES } from '@common/messages';
import { AuthType } from '@common/permissions';
import { Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  COMPLAINT_FILE_MAX_BYTES,
  COMPLAINT_FILES_MAX,
  COMPLAINT_MESSAGES,
  ComplaintAcceptBody,
  ComplaintConcludeBody,
  ComplaintDeclineBody,
  ComplaintDetail,
  ComplaintExportQuery,
  ComplaintListItem,
  ComplaintListQuery,
  ComplaintLookupQuery,
  ComplaintOption,
  ComplaintProgress,
  ComplaintReplyBody,
  ComplaintRevealBody,
  ComplaintRevealResult,
  ComplaintSubmitBody,
  ComplaintSubmitResult,
  ComplaintTrackBody,
  ComplaintUnitsQuery,
} from '@common/schemas/complaints';
import { FileId, Md5, StoredFile } from '@common/schemas/files';
import { requireUser, type RouteAccess } from '../../security/guard';
import { sendXlsx } from '../../excel';
import { handleAnonymousUpload } from '../../files/anonymousUpload';
import { registerFileNameRule, type FileNameRule } from '../../files/displayNames';
import { registerFileReadRule, type FileReadRule } from '../../files/readRules';
import { FileStorage } from '../../files/storage';
import { ok } from '../../http/envelope';
import { enforceRateLimit } from '../../http/rateLimit';
import { publicRead } from '../../http/readCache';
import { prepareComplaintExport } from './export';
import { complaintDetail, complaintFileName, isComplaintFileOf, listComplaints, practitionerOptions, projectOptions, unitOptions } from './queries';
import {
  acceptComplaint,
  COMPLAINT_FILE_TYPES,
  concludeComplaint,
  declineComplaint,
  replyToComplaint,
  revealComplainant,
  submitComplaint,
  trackComplaint,
} from './service';

const tags = ['投诉举报'];
const Done = Envelope(Type.Null());
const { Staff, MemberUnit } = AuthType;

const open: { access: RouteAccess } = { access: { public: true } };
const view: { access: RouteAccess } = { access: { authTypes: [Staff, MemberUnit], permission: 'complaint:view', scope: 'own-unit' } };
const handle: { access: RouteAccess } = { access: { authTypes: [Staff], permission: 'complaint:handle' } };
const reveal: { access: RouteAccess } = { access: { authTypes: [Staff], permission: 'complaint:reveal' } };
const exporting: { access: RouteAccess } = { access: { authTypes: [Staff], permission: 'complaint:export' } };
const unit: { access: RouteAccess } = { access: { authTypes: [MemberUnit], scope: 'own-unit' } };

/** Uploads one complaint may need: its attachments and a few retries. */
const UPLOADS_PER_COMPLAINT = COMPLAINT_FILES_MAX * 2;
/** Look-ups of a unit's practitioners and projects per address and window (the form searches as one types). */
const LOOKUP_RATE_LIMIT = { limit: 120, windowMinutes: 10 } as const;

const UploadBodyDoc = Type.Object({ fileId: FileId, md5: Md5, file: Type.String({ format: 'binary', title: '文件' }) });

const complaintFileRule: FileReadRule = (db, fileId, user) => isComplaintFileOf(db, fileId, user);
const complaintFileNames: FileNameRule = (db, file, user) => complaintFileName(db, file, user);

const complaintsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerFileReadRule(complaintFileRule);
  registerFileNameRule(complaintFileNames);
  // Complaints carry personal information, and the submission a query code: no cache keeps them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const storage = new FileStorage(app.appConfig.dataDir);
  await storage.init();
  // This plugin's own multipart parser, for the public attachments (as registration's).
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: Math.min(app.appConfig.uploadMaxBytes, COMPLAINT_FILE_MAX_BYTES), files: 1, fields: 10, parts: 12, fieldSize: 1024, fieldNameSize: 100 },
  });
  const config = app.appConfig;

  // ---- public --------------------------------------------------------------------------------
  app.post(
    '/public/complaints',
    {
      config: open,
      // Every attempt counts, valid or not, before any work is done: a flood is cut off.
      preValidation: async (request) => {
        await enforceRateLimit(request, {
          bucket: 'complaint',
          limit: config.complaintRateLimit,
          windowMinutes: config.complaintRateWindowMinutes,
          message: COMPLAINT_MESSAGES.tooMany,
        });
      },
      schema: {
        tags,
        summary: '提交投诉举报（无需登录；投诉须实名，举报可匿名）',
        description:
          '附件先用 /public/complaints/files 上传（图片或 PDF），这里传文件编号。成功后返回投诉编号和查询码，查询码只显示这一次。' +
          '同一地址在 COMPLAINT_RATE_WINDOW_MINUTES 分钟内最多提交 COMPLAINT_RATE_LIMIT 次，超过返回 HTTP 429。',
        body: ComplaintSubmitBody,
        response: { 200: Envelope(ComplaintSubmitResult) },
      },
    },
    async (request) => ok(await submitComplaint(request, request.body), COMPLAINT_MESSAGES.submitted),
  );

  app.post(
    '/public/complaints/files',
    {
      config: open,
      // The multipart body is checked while it streams (server/files/anonymousUpload.ts); `body` only documents it.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags,
        summary: '上传投诉举报附件（无需登录；multipart/form-data：fileId、md5、file）',
        description: `与 /file/upload 相同的校验（MD5、按文件头识别类型），不需要登录；只接受图片和 PDF，单个文件不超过 ${COMPLAINT_FILE_MAX_BYTES / 1024 / 1024} MB。同一地址的上传次数受限。`,
        consumes: ['multipart/form-data'],
        body: UploadBodyDoc,
        response: { 200: Envelope(StoredFile) },
      },
    },
    async (request) =>
      ok(
        await handleAnonymousUpload(request, storage, {
          rateLimit: {
            bucket: 'complaint-upload',
            limit: config.complaintRateLimit * UPLOADS_PER_COMPLAINT,
            windowMinutes: config.complaintRateWindowMinutes,
            message: COMPLAINT_MESSAGES.uploadsTooMany,
          },
          maxBytes: COMPLAINT_FILE_MAX_BYTES,
          accepts: (contentType) => COMPLAINT_FILE_TYPES.test(contentType),
          typeMessage: COMPLAINT_MESSAGES.fileKind,
        }),
        UPLOAD_MESSAGES.uploaded,
      ),
  );

  app.post(
    '/public/complaints/track',
    {
      config: open,
      schema: {
        tags,
        summary: '凭投诉编号和查询码查询办理进度（无需登录）',
        description: '只返回类型、被投诉单位、提交日期、状态、各步骤的日期和说明，以及办结时的结论和处理结果。编号或查询码不正确时统一提示；同一地址的查询次数受限。',
        body: ComplaintTrackBody,
        response: { 200: Envelope(ComplaintProgress) },
      },
    },
    async (request) => ok(await trackComplaint(request, request.body.complaintNo, request.body.queryCode)),
  );

  app.get(
    '/public/complaints/units',
    { config: open, schema: { tags, summary: '可被投诉的会员单位（已通过审核；名称）', querystring: ComplaintUnitsQuery, response: { 200: Envelope(Type.Array(ComplaintOption)) } } },
    async (request) => ok(await publicRead(app, request, () => unitOptions(app.db, request.query.keyword))),
  );

  const lookup = (find: typeof practitionerOptions) => async (request: { params: { id: string }; query: { keyword: string } }) => {
    const keyword = request.query.keyword.trim();
    if ([...keyword].length < 2) return [];
    return find(app.db, request.params.id, keyword);
  };
  const people = lookup(practitionerOptions);
  const projects = lookup(projectOptions);

  app.get(
    '/public/complaints/units/:id/practitioners',
    {
      config: open,
      preHandler: async (request) => enforceRateLimit(request, { bucket: 'complaint-lookup', message: COMPLAINT_MESSAGES.lookupsTooMany, ...LOOKUP_RATE_LIMIT }),
      schema: { tags, summary: '被投诉单位的从业人员（按姓名查找，至少两个字；仅姓名）', params: IdParams, querystring: ComplaintLookupQuery, response: { 200: Envelope(Type.Array(ComplaintOption)) } },
    },
    async (request) => ok(await people(request)),
  );

  app.get(
    '/public/complaints/units/:id/projects',
    {
      config: open,
      preHandler: async (request) => enforceRateLimit(request, { bucket: 'complaint-lookup', message: COMPLAINT_MESSAGES.lookupsTooMany, ...LOOKUP_RATE_LIMIT }),
      schema: { tags, summary: '被投诉单位已报备的项目（按名称查找，至少两个字）', params: IdParams, querystring: ComplaintLookupQuery, response: { 200: Envelope(Type.Array(ComplaintOption)) } },
    },
    async (request) => ok(await projects(request)),
  );

  // ---- staff and the unit ----------------------------------------------------------------------
  app.get(
    '/complaints',
    {
      config: view,
      schema: {
        tags,
        summary: '投诉举报列表（工作人员看全部；会员单位只看已受理的本单位投诉，不含投诉人信息）',
        querystring: ComplaintListQuery,
        response: { 200: Envelope(PageResult(ComplaintListItem)) },
      },
    },
    async (request) => ok(await listComplaints(app.db, app.pii, requireUser(request), request.query, app.clock())),
  );

  app.get(
    '/complaints/export',
    { config: exporting, schema: { tags, summary: '导出投诉举报（Excel；与列表相同的筛选条件，联系电话脱敏）', querystring: ComplaintExportQuery } },
    async (request, reply) => sendXlsx(reply, await prepareComplaintExport(request, request.query)),
  );

  app.get(
    '/complaints/:id',
    { config: view, schema: { tags, summary: '投诉举报详情（附件、申辩、办理步骤；投诉人电话和邮箱脱敏，单位看不到投诉人）', params: IdParams, response: { 200: Envelope(ComplaintDetail) } } },
    async (request) => ok(await complaintDetail(app.db, app.pii, requireUser(request), request.params.id, app.clock())),
  );

  app.post(
    '/complaints/:id/accept',
    { config: handle, schema: { tags, summary: '受理（通知被投诉单位在 10 日内书面申辩，通知投诉人）', params: IdParams, body: ComplaintAcceptBody, response: { 200: Done } } },
    async (request) => {
      await acceptComplaint(request, requireUser(request), request.params.id, request.body);
      return ok(null, '已受理，已通知被投诉单位书面申辩');
    },
  );

  app.post(
    '/complaints/:id/decline',
    { config: handle, schema: { tags, summary: '不予受理（须填写理由；通知投诉人）', params: IdParams, body: ComplaintDeclineBody, response: { 200: Done } } },
    async (request) => {
      await declineComplaint(request, requireUser(request), request.params.id, request.body);
      return ok(null, '已不予受理');
    },
  );

  app.post(
    '/complaints/:id/reply',
    { config: unit, schema: { tags, summary: '被投诉单位书面申辩（含证明材料；申辩期限内一次）', params: IdParams, body: ComplaintReplyBody, response: { 200: Done } } },
    async (request) => {
      await replyToComplaint(request, requireUser(request), request.params.id, request.body);
      return ok(null, '书面申辩已提交');
    },
  );

  app.post(
    '/complaints/:id/conclude',
    {
      config: handle,
      schema: { tags, summary: '办结：属实 / 部分属实 / 不属实，填写处理结果（单位已申辩或申辩期限届满后；属实、部分属实记入信用）', params: IdParams, body: ComplaintConcludeBody, response: { 200: Done } },
    },
    async (request) => {
      await concludeComplaint(request, requireUser(request), request.params.id, request.body);
      return ok(null, '已办结');
    },
  );

  app.post(
    '/complaints/:id/reveal',
    { config: reveal, schema: { tags, summary: '查看投诉人完整的手机号码或电子邮箱（记入审计日志）', params: IdParams, body: ComplaintRevealBody, response: { 200: Envelope(ComplaintRevealResult) } } },
    async (request) => ok(await revealComplainant(request, requireUser(request), request.params.id, request.body)),
  );
};

export default complaintsRoutes;
