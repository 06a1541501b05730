/**
 * Quality review (评审与质量抽查): review tasks, expert draws, samplings and the experts'
 * personal links. The routes and who may call each are listed in common/schemas/reviewTasks.ts;
 * the workflow is ./service.ts (./drawing.ts the draw, ./links.ts the links, ./sampling.ts the
 * samplings), the reads ./queries.ts (sealing: namesVisible), the records ./records.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType, hasPermission, type PermissionCode } from '@common/permissions';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  DrawAnswer,
  DrawVerification,
  ExpertDrawRecord,
  ExpertLinkBody,
  ExpertLinkSheetBody,
  ExpertLinkView,
  QualitySampleAnswer,
  QualitySampleCreateBody,
  QualitySampleDetail,
  QualitySampleListQuery,
  QualitySampleRecord,
  ReviewCommentBody,
  ReviewDrawBody,
  ReviewLinkAnswer,
  ReviewLinkBody,
  ReviewRatingsBody,
  ReviewReasonBody,
  ReviewResponseBody,
  ReviewRevisionBody,
  ReviewSheetBody,
  ReviewStepBody,
  ReviewTaskCreateBody,
  ReviewTaskDetail,
  ReviewTaskExportQuery,
  ReviewTaskListItem,
  ReviewTaskListQuery,
  ReviewTaskUpdateBody,
} from '@common/schemas/reviewTasks';
import { requireUser, type RouteAccess } from '../../security/guard';
import type { DbOrTrx } from '../../db/types';
import { sendXlsx } from '../../excel';
import { registerFileReadRule, type FileReadRule } from '../../files/readRules';
import { ok } from '../../http/envelope';
import { drawExperts } from './drawing';
import { drawRecord, verifyDrawFor } from './draws';
import { prepareTaskExport } from './export';
import { createLink, submitThroughLink, viewThroughLink } from './links';
import { listTasks, taskDetail } from './queries';
import { createSampling, listSamplings, samplingDetail, verifySamplingById } from './sampling';
import {
  cancelTask,
  closeTask,
  commentOnResult,
  createTask,
  decideRevision,
  enterSheet,
  rateExperts,
  recordResponse,
  submitRevision,
  updateTask,
} from './service';

const tags = ['评审与质量抽查'];
const Done = Envelope(Type.Null());
const { Staff, MemberUnit } = AuthType;

const staff = (permission: PermissionCode): { access: RouteAccess } => ({ access: { authTypes: [Staff], permission } });
const read: { access: RouteAccess } = { access: { authTypes: [Staff, MemberUnit], permission: 'review:task:view', scope: 'own-unit' } };
const exporting: { access: RouteAccess } = { access: { authTypes: [Staff, MemberUnit], permission: 'review:task:export', scope: 'own-unit' } };
const unit: { access: RouteAccess } = { access: { authTypes: [MemberUnit], scope: 'own-unit' } };
const open: { access: RouteAccess } = { access: { public: true } };

/**
 * Files read rule: a revised report (attached to its project in a review's slot) is read by staff
 * who read review tasks; its unit and project readers already read it as the project's file.
 */
const revisionRule: FileReadRule = async (db: DbOrTrx, fileId, user) => {
  if (!user || user.authType !== Staff || !hasPermission(user, 'review:task:view')) return false;
  const held = await db
    .selectFrom('file_attachments')
    .select('file_id')
    .where('file_id', '=', fileId)
    .where('owner_type', '=', 'project')
    .where('slot', 'like', 'review-revision:%')
    .limit(1)
    .executeTakeFirst();
  return !!held;
};

const expertReviewsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerFileReadRule(revisionRule);

  // ---- review tasks --------------------------------------------------------------------------
  app.get(
    '/review-tasks',
    {
      config: read,
      schema: { tags, summary: '评审任务列表（关键字匹配项目名称、编号、评估单位；单位只看本单位项目，专家姓名不公开）', querystring: ReviewTaskListQuery, response: { 200: Envelope(PageResult(ReviewTaskListItem)) } },
    },
    async (request) => ok(await listTasks(app.db, requireUser(request), request.query)),
  );

  app.get(
    '/review-tasks/export',
    { config: exporting, schema: { tags, summary: '导出评审任务（Excel；与列表相同的筛选条件，不含专家）', querystring: ReviewTaskExportQuery } },
    async (request, reply) => sendXlsx(reply, await prepareTaskExport(request, request.query)),
  );

  app.get(
    '/review-tasks/:id',
    { config: read, schema: { tags, summary: '评审任务详情（专家席位、抽取轮次、评分表、结果与记录；按权限密封专家姓名）', params: IdParams, response: { 200: Envelope(ReviewTaskDetail) } } },
    async (request) => ok(await taskDetail(app.db, requireUser(request), request.params.id, app.clock())),
  );

  app.post(
    '/review-tasks',
    { config: staff('review:manage'), schema: { tags, summary: '发起评审（已备案的项目）', body: ReviewTaskCreateBody, response: { 200: Envelope(CreatedResult) } } },
    async (request) => ok({ id: await createTask(request, requireUser(request), request.body) }, '评审任务已创建，等待抽取专家'),
  );

  app.put(
    '/review-tasks/:id',
    { config: staff('review:manage'), schema: { tags, summary: '修改评审安排（带上读取时的 version；抽取后不能改人数和组成要求）', params: IdParams, body: ReviewTaskUpdateBody, response: { 200: Done } } },
    async (request) => {
      await updateTask(request, requireUser(request), request.params.id, request.body);
      return ok(null, '评审安排已保存');
    },
  );

  app.post(
    '/review-tasks/:id/cancel',
    { config: staff('review:manage'), schema: { tags, summary: '取消评审（须填写原因）', params: IdParams, body: ReviewReasonBody, response: { 200: Done } } },
    async (request) => {
      await cancelTask(request, requireUser(request), request.params.id, request.body);
      return ok(null, '评审已取消');
    },
  );

  app.post(
    '/review-tasks/:id/draw',
    { config: staff('review:draw'), schema: { tags, summary: '抽取评审专家（已抽取过的须填写原因，为新的一轮）', params: IdParams, body: ReviewDrawBody, response: { 200: Envelope(DrawAnswer) } } },
    async (request) => {
      const answer = await drawExperts(request, requireUser(request), request.params.id, request.body, false);
      return ok(answer, answer.warning ? `抽取完成（第 ${answer.round} 轮）。注意：${answer.warning}` : `抽取完成（第 ${answer.round} 轮）`);
    },
  );

  app.post(
    '/review-tasks/:id/supplementary-draw',
    { config: staff('review:draw'), schema: { tags, summary: '补抽（备选专家用完、席位空缺时；排除本任务已抽取的专家）', params: IdParams, body: ReviewStepBody, response: { 200: Envelope(DrawAnswer) } } },
    async (request) => {
      const answer = await drawExperts(request, requireUser(request), request.params.id, request.body, true);
      return ok(answer, answer.warning ? `补抽完成（第 ${answer.round} 轮）。注意：${answer.warning}` : `补抽完成（第 ${answer.round} 轮）`);
    },
  );

  app.post(
    '/review-tasks/:id/responses',
    { config: staff('review:manage'), schema: { tags, summary: '记录专家答复（确认参加 / 婉拒并说明原因 / 逾期未答复；婉拒后备选依次递补）', params: IdParams, body: ReviewResponseBody, response: { 200: Done } } },
    async (request) => ok(null, await recordResponse(request, requireUser(request), request.params.id, request.body)),
  );

  app.post(
    '/review-tasks/:id/sheets',
    { config: staff('review:score'), schema: { tags, summary: '录入评分表（已确认的评审专家；结束前可重新录入）', params: IdParams, body: ReviewSheetBody, response: { 200: Done } } },
    async (request) => {
      await enterSheet(request, requireUser(request), request.params.id, request.body);
      return ok(null, '评分表已保存');
    },
  );

  app.post(
    '/review-tasks/:id/links',
    { config: staff('review:manage'), schema: { tags, summary: '生成专家的评分链接（仅显示一次，评审结束前有效；须有查看抽取结果权限 review:draw:view）', params: IdParams, body: ReviewLinkBody, response: { 200: Envelope(ReviewLinkAnswer) } } },
    async (request) => ok(await createLink(request, requireUser(request), request.params.id, request.body), '评分链接已生成，请发送给专家本人'),
  );

  app.post(
    '/review-tasks/:id/close',
    { config: staff('review:manage'), schema: { tags, summary: '结束评审（计算评审得分与结论，锁定）', params: IdParams, body: ReviewStepBody, response: { 200: Done } } },
    async (request) => {
      const result = await closeTask(request, requireUser(request), request.params.id, request.body);
      return ok(null, `评审已结束：${result.score} 分，${result.conclusion}`);
    },
  );

  app.post(
    '/review-tasks/:id/ratings',
    { config: staff('review:score'), schema: { tags, summary: '评价评审专家（1–5 分，评审结束后）', params: IdParams, body: ReviewRatingsBody, response: { 200: Done } } },
    async (request) => {
      await rateExperts(request, requireUser(request), request.params.id, request.body);
      return ok(null, '专家评价已保存');
    },
  );

  app.post(
    '/review-tasks/:id/comment',
    { config: unit, schema: { tags, summary: '评估单位对评审结果提出意见', params: IdParams, body: ReviewCommentBody, response: { 200: Done } } },
    async (request) => {
      await commentOnResult(request, requireUser(request), request.params.id, request.body);
      return ok(null, '意见已提交');
    },
  );

  app.post(
    '/review-tasks/:id/revision',
    { config: unit, schema: { tags, summary: '提交修改后的评估报告（结论为修改后通过时）', params: IdParams, body: ReviewRevisionBody, response: { 200: Done } } },
    async (request) => {
      await submitRevision(request, requireUser(request), request.params.id, request.body);
      return ok(null, '修改稿已提交，等待协会确认');
    },
  );

  app.post(
    '/review-tasks/:id/revision/confirm',
    { config: staff('review:manage'), schema: { tags, summary: '确认修改后的评估报告', params: IdParams, body: ReviewStepBody, response: { 200: Done } } },
    async (request) => {
      await decideRevision(request, requireUser(request), request.params.id, true, request.body);
      return ok(null, '修改稿已确认');
    },
  );

  app.post(
    '/review-tasks/:id/revision/return',
    { config: staff('review:manage'), schema: { tags, summary: '退回修改后的评估报告（须填写原因）', params: IdParams, body: ReviewReasonBody, response: { 200: Done } } },
    async (request) => {
      await decideRevision(request, requireUser(request), request.params.id, false, request.body);
      return ok(null, '修改稿已退回');
    },
  );

  // ---- draw records (read only: no route changes or deletes one) ------------------------------
  app.get(
    '/expert-draws/:id',
    { config: staff('review:draw:view'), schema: { tags, summary: '抽取记录（专家库、回避原因、随机种子、算法版本、结果；只读）', params: IdParams, response: { 200: Envelope(ExpertDrawRecord) } } },
    async (request) => ok(await drawRecord(app.db, request.params.id)),
  );

  app.get(
    '/expert-draws/:id/verify',
    { config: read, schema: { tags, summary: '复核抽取：按记录重新计算并核对摘要与审计日志', params: IdParams, response: { 200: Envelope(DrawVerification) } } },
    async (request) => {
      const answer = await verifyDrawFor(app, requireUser(request), request.params.id);
      return ok(answer, answer.message);
    },
  );

  // ---- 质量抽查 ------------------------------------------------------------------------------
  app.get(
    '/quality-samples',
    { config: staff('review:sample'), schema: { tags, summary: '质量抽查记录', querystring: QualitySampleListQuery, response: { 200: Envelope(PageResult(QualitySampleRecord)) } } },
    async (request) => ok(await listSamplings(app.db, request.query)),
  );

  app.get(
    '/quality-samples/:id',
    { config: staff('review:sample'), schema: { tags, summary: '一次质量抽查（候选项目、随机种子、抽中的项目与评审任务）', params: IdParams, response: { 200: Envelope(QualitySampleDetail) } } },
    async (request) => ok(await samplingDetail(app.db, request.params.id)),
  );

  app.post(
    '/quality-samples',
    { config: staff('review:sample'), schema: { tags, summary: '质量抽查：从期间内备案的项目中随机抽取，每个抽中的项目发起评审', body: QualitySampleCreateBody, response: { 200: Envelope(QualitySampleAnswer) } } },
    async (request) => {
      const answer = await createSampling(request, requireUser(request), request.body);
      return ok(answer, `已从 ${answer.candidateCount} 个项目中抽取 ${answer.sampleSize} 个，并发起评审`);
    },
  );

  app.get(
    '/quality-samples/:id/verify',
    { config: staff('review:sample'), schema: { tags, summary: '复核质量抽查：按记录重新计算并核对摘要与审计日志', params: IdParams, response: { 200: Envelope(DrawVerification) } } },
    async (request) => {
      const answer = await verifySamplingById(app, request.params.id);
      return ok(answer, answer.message);
    },
  );

  // ---- the expert's link (no account) --------------------------------------------------------
  app.post(
    '/public/review-links/view',
    { config: open, schema: { tags, summary: '专家评分链接：查看评审事项与本人评分表', body: ExpertLinkBody, response: { 200: Envelope(ExpertLinkView) } } },
    async (request) => ok(await viewThroughLink(request, request.body.token)),
  );

  app.post(
    '/public/review-links/sheet',
    { config: open, schema: { tags, summary: '专家评分链接：提交本人评分表（评审结束前可修改）', body: ExpertLinkSheetBody, response: { 200: Done } } },
    async (request) => {
      await submitThroughLink(request, request.body);
      return ok(null, '评分表已提交，谢谢');
    },
  );
};

export default expertReviewsRoutes;
