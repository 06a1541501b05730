/**
 * The yearly credit rating, its objections, and the public credit reads (common/schemas/credit.ts
 * lists every route with its body and answer):
 *
 *   GET  /credit-ratings                      the ratings (staff credit:view; a unit with its own score in each)
 *   POST /credit-ratings                      start a year → 初评                            credit:rating:manage
 *   GET  /credit-ratings/:id                  one rating
 *   POST /credit-ratings/:id/recompute        初评 only                                       credit:rating:manage
 *   POST /credit-ratings/:id/publicize        初评 → 公示                                      credit:rating:manage
 *   POST /credit-ratings/:id/finalize         公示 → 终评 (window over, objections answered)   credit:rating:manage
 *   GET  /credit-ratings/:id/export           the scores as an .xlsx                          credit:export
 *   GET  /credit-ratings/:id/units            the units' scores                               credit:view
 *   GET  /credit-ratings/:id/units/:unitId    one unit's score and every event behind it (a unit: its own only)
 *   GET  /credit-ratings/:id/objections       the objections (a unit: its own only)
 *   POST /credit-ratings/:id/objections       a unit's one objection during 公示
 *   GET  /credit-objections/:id               one objection with its files (a unit: its own only)
 *   POST /credit-objections/:id/answer        upheld (events withdrawn, score again) / rejected   credit:rating:manage
 *   GET  /public/credit/ratings               (public) the years in 公示 or final, one year's tiers
 *   GET  /public/credit-ratings               (public) the same, at the path the public reads are documented under (resource-named, docs/architecture.md)
 *   GET  /public/credit/bad-conduct           (public) bad conduct in term
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType, type PermissionCode } from '@common/permissions';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  CREDIT_MESSAGES as M,
  CreditObjectionAnswerBody,
  CreditObjectionAnswered,
  CreditObjectionCreateBody,
  CreditObjectionDetail,
  CreditObjectionListQuery,
  CreditObjectionRecord,
  CreditRatingCreateBody,
  CreditRatingExportQuery,
  CreditRatingListQuery,
  CreditRatingRecord,
  CreditRatingStepBody,
  CreditRatingUnitDetail,
  CreditRatingUnitItem,
  CreditRatingUnitParams,
  CreditRatingUnitQuery,
  PublicBadConductItem,
  PublicBadConductQuery,
  PublicCreditRatingQuery,
  PublicCreditRatings,
} from '@common/schemas/credit';
import { requireUser, type RouteAccess } from '../../security/guard';
import { beijingDay } from '@common/calendar';
import { sendXlsx } from '../../excel';
import { registerFileReadRule, type FileReadRule } from '../../files/readRules';
import { ok } from '../../http/envelope';
import { publicRead } from '../../http/readCache';
import { prepareRatingExport } from './export';
import { answerObjection, fileObjection } from './objections';
import { publicBadConduct, publicRatings } from './publicQueries';
import { isObjectionFileOf, listObjections, listRatings, listRatingUnits, objectionDetail, ratingRecord, ratingUnitDetail } from './queries';
import { finalizeRating, publicizeRating, recomputeRating, startRating } from './service';

const tags = ['信用管理'];
const publicTags = ['信用公示'];
const { Staff, MemberUnit } = AuthType;
const access = (authTypes: readonly AuthType[], permission: PermissionCode): { access: RouteAccess } => ({ access: { authTypes, permission } });
const view = access([Staff, MemberUnit], 'credit:view');
const staffView = access([Staff], 'credit:view');
const manage = access([Staff], 'credit:rating:manage');
const exporting = access([Staff], 'credit:export');
const unitOnly: { access: RouteAccess } = { access: { authTypes: [MemberUnit], scope: 'own-unit' } };
const open: { access: RouteAccess } = { access: { public: true } };
const Step = Envelope(Type.Null());

/** The same function every time, so that the rule set holds it once however many apps start. */
const objectionFileRule: FileReadRule = (db, fileId, user) => isObjectionFileOf(db, fileId, user);

const creditRatingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerFileReadRule(objectionFileRule);
  const today = () => beijingDay(app.clock());

  app.get(
    '/credit-ratings',
    {
      config: view,
      schema: { tags, summary: '年度信用评价列表（新的在前；会员单位另见本单位在各年度的得分）', querystring: CreditRatingListQuery, response: { 200: Envelope(PageResult(CreditRatingRecord)) } },
    },
    async (req) => ok(await listRatings(app.db, requireUser(req), req.query, today())),
  );

  app.post(
    '/credit-ratings',
    {
      config: manage,
      schema: {
        tags,
        summary: '启动年度信用评价（每年一次，年度不能晚于今年）：按现行规则版本为全部已通过的会员单位计算初评得分',
        body: CreditRatingCreateBody,
        response: { 200: Envelope(CreatedResult) },
      },
    },
    async (req) => {
      const { id, units } = await startRating(req, requireUser(req), req.body);
      return ok({ id }, M.ratingStarted(req.body.year, units));
    },
  );

  app.get(
    '/credit-ratings/:id',
    { config: view, schema: { tags, summary: '年度信用评价详情', params: IdParams, response: { 200: Envelope(CreditRatingRecord) } } },
    async (req) => ok(await ratingRecord(app.db, requireUser(req), req.params.id, today())),
  );

  app.post(
    '/credit-ratings/:id/recompute',
    { config: manage, schema: { tags, summary: '重新计算初评得分（仅初评阶段；计入此后登记或撤销的信用记录）', params: IdParams, body: CreditRatingStepBody, response: { 200: Step } } },
    async (req) => {
      const units = await recomputeRating(req, requireUser(req), req.params.id, req.body);
      return ok(null, `已重新计算，共 ${units} 家会员单位`);
    },
  );

  app.post(
    '/credit-ratings/:id/publicize',
    {
      config: manage,
      schema: {
        tags,
        summary: '发布初评结果公示：自今日起公示 7 天（含首尾两日），公示期内会员单位可提出异议',
        params: IdParams,
        body: CreditRatingStepBody,
        response: { 200: Envelope(Type.Object({ from: Type.String(), until: Type.String() })) },
      },
    },
    async (req) => {
      const window = await publicizeRating(req, requireUser(req), req.params.id, req.body);
      return ok(window, `已发布公示：${window.from} 至 ${window.until}，已通知各会员单位`);
    },
  );

  app.post(
    '/credit-ratings/:id/finalize',
    { config: manage, schema: { tags, summary: '终评（公示期满且全部异议已答复；终评后结果锁定）', params: IdParams, body: CreditRatingStepBody, response: { 200: Step } } },
    async (req) => {
      const units = await finalizeRating(req, requireUser(req), req.params.id, req.body);
      return ok(null, `已终评，${units} 家会员单位的信用等级已锁定并公布`);
    },
  );

  app.get(
    '/credit-ratings/:id/export',
    { config: exporting, schema: { tags, summary: '导出年度信用评价得分（Excel，含计分明细）', params: IdParams, querystring: CreditRatingExportQuery } },
    async (req, reply) => sendXlsx(reply, await prepareRatingExport(req, req.params.id, req.query)),
  );

  app.get(
    '/credit-ratings/:id/units',
    {
      config: staffView,
      schema: {
        tags,
        summary: '各会员单位的得分（关键字匹配单位名称；默认按得分从高到低）',
        params: IdParams,
        querystring: CreditRatingUnitQuery,
        response: { 200: Envelope(PageResult(CreditRatingUnitItem)) },
      },
    },
    async (req) => ok(await listRatingUnits(app.db, req.params.id, req.query)),
  );

  app.get(
    '/credit-ratings/:id/units/:unitId',
    {
      config: view,
      schema: { tags, summary: '一家会员单位的得分及每一条计分记录、异议（会员单位只能查看本单位的）', params: CreditRatingUnitParams, response: { 200: Envelope(CreditRatingUnitDetail) } },
    },
    async (req) => ok(await ratingUnitDetail(app.db, requireUser(req), req.params.id, req.params.unitId, today())),
  );

  app.get(
    '/credit-ratings/:id/objections',
    {
      config: view,
      schema: { tags, summary: '异议列表（会员单位只看到本单位的）', params: IdParams, querystring: CreditObjectionListQuery, response: { 200: Envelope(PageResult(CreditObjectionRecord)) } },
    },
    async (req) => ok(await listObjections(app.db, requireUser(req), req.params.id, req.query)),
  );

  app.post(
    '/credit-ratings/:id/objections',
    {
      config: unitOnly,
      schema: {
        tags,
        summary: '会员单位对本单位的公示结果提出异议（公示期内、含最后一日；每家单位一次）',
        params: IdParams,
        body: CreditObjectionCreateBody,
        response: { 200: Envelope(CreatedResult) },
      },
    },
    async (req) => ok(await fileObjection(req, requireUser(req), req.params.id, req.body), '异议已提交，协会将在终评前答复'),
  );

  app.get(
    '/credit-objections/:id',
    { config: view, schema: { tags, summary: '异议详情（会员单位只能查看本单位的）', params: IdParams, response: { 200: Envelope(CreditObjectionDetail) } } },
    async (req) => ok(await objectionDetail(app.db, requireUser(req), req.params.id)),
  );

  app.post(
    '/credit-objections/:id/answer',
    {
      config: manage,
      schema: {
        tags,
        summary: '答复异议：成立（须选择要撤销的信用记录，随即撤销并重算该单位得分）或不成立',
        params: IdParams,
        body: CreditObjectionAnswerBody,
        response: { 200: Envelope(CreditObjectionAnswered) },
      },
    },
    async (req) => {
      const result = await answerObjection(req, requireUser(req), req.params.id, req.body);
      return ok(result, result.status === 'upheld' ? `异议成立，该单位得分改为 ${result.score} 分（${result.tier} 级），已通知该单位` : '异议不成立，已通知该单位');
    },
  );

  // ---- public ----

  const ratingsSchema = {
    tags: publicTags,
    summary: '信用评价公示：公示中或已终评的年度，及一个年度各会员单位的等级和得分（不含初评）',
    querystring: PublicCreditRatingQuery,
    response: { 200: Envelope(PublicCreditRatings) },
  };
  for (const path of ['/public/credit/ratings', '/public/credit-ratings']) {
    app.get(path, { config: open, schema: ratingsSchema }, async (req) => ok(await publicRead(app, req, () => publicRatings(app.db, req.query))));
  }

  app.get(
    '/public/credit/bad-conduct',
    {
      config: open,
      schema: {
        tags: publicTags,
        summary: '公示期内的不良行为记录（单位、从业人员、类型、日期；不含证明材料）',
        querystring: PublicBadConductQuery,
        response: { 200: Envelope(PageResult(PublicBadConductItem)) },
      },
    },
    async (req) => ok(await publicRead(app, req, () => publicBadConduct(app.db, req.query, today()))),
  );
};

export default creditRatingsRoutes;
