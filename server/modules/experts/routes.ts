/**
 * /experts: the expert library as staff manage it (expert:view / edit / delete / export).
 *
 *   GET    /public/experts          the public site's expert library (no token; phone and e-mail masked)
 *   GET    /experts                 list (keyword over name and work unit; specialty, professionalTitle, public, active; sort)
 *   GET    /experts/export          the same filters as an .xlsx
 *   GET    /experts/:id             one record
 *   POST   /experts                 create
 *   PUT    /experts/:id             edit (with the version read)
 *   DELETE /experts/:id             delete
 *   POST   /experts/:id/show|hide       on / off the public expert page
 *   POST   /experts/:id/enable|disable  in / out of active service
 *   GET    /experts/:id/conflicts   the expert's declared conflicts (the review draw's 回避; ./conflicts.ts)
 *   POST   /experts/:id/conflicts   declare one
 *   PUT    /expert-conflicts/:id    edit one (with the version read)
 *   DELETE /expert-conflicts/:id    remove one
 *
 * The public page shows an expert only when public AND active (publicQueries.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType, type PermissionCode } from '@common/permissions';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  EXPERT_ACTIONS,
  ExpertCreateBody,
  ExpertExportQuery,
  ExpertListItem,
  ExpertListQuery,
  ExpertRecord,
  ExpertUpdateBody,
} from '@common/schemas/experts';
import { PublicExpert, PublicExpertListQuery } from '@common/schemas/public';
import { ExpertConflict, ExpertConflictCreateBody, ExpertConflictUpdateBody } from '@common/schemas/reviewTasks';
import { requireUser, type RouteAccess } from '../../security/guard';
import { sendXlsx } from '../../excel';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { publicRead } from '../../http/readCache';
import { beijingDay } from '@common/calendar';
import { addConflict, conflictsOf, removeConflict, updateConflict } from './conflicts';
import { prepareExpertExport } from './export';
import { listPublicExperts } from './publicQueries';
import { findExpert, listExperts } from './queries';
import { createExpert, deleteExpert, switchExpert, switchMessage, updateExpert } from './service';

const tags = ['专家库'];
const Done = Envelope(Type.Null());
const staff = (permission: PermissionCode): { access: RouteAccess } => ({ access: { authTypes: [AuthType.Staff], permission } });

const SWITCH_SUMMARIES = {
  show: '在官网专家库公开',
  hide: '取消在官网专家库公开',
  enable: '启用（在库）',
  disable: '停用（保留记录，官网不再显示）',
} as const;

const expertsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/public/experts',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '专家库（公开；电话、邮箱已脱敏）',
        querystring: PublicExpertListQuery,
        response: { 200: Envelope(PageResult(PublicExpert)) },
      },
    },
    async (request) => ok(await publicRead(app, request, () => listPublicExperts(app.db, request.query))),
  );

  app.get(
    '/experts',
    {
      config: staff('expert:view'),
      schema: {
        tags,
        summary: '专家列表（默认按排序号；关键字匹配姓名、工作单位）',
        querystring: ExpertListQuery,
        response: { 200: Envelope(PageResult(ExpertListItem)) },
      },
    },
    async (request) => ok(await listExperts(app.db, requireUser(request), request.query, beijingDay(app.clock()))),
  );

  // Before /experts/:id, so that "export" is never taken for an id.
  app.get(
    '/experts/export',
    { config: staff('expert:export'), schema: { tags, summary: '导出专家（Excel，筛选与排序同列表）', querystring: ExpertExportQuery } },
    async (request, reply) => sendXlsx(reply, await prepareExpertExport(request, request.query)),
  );

  app.get(
    '/experts/:id',
    { config: staff('expert:view'), schema: { tags, summary: '专家详情', params: IdParams, response: { 200: Envelope(ExpertRecord) } } },
    async (request) => {
      const record = await findExpert(app.db, request.params.id);
      if (!record) throw errors.notFound('专家');
      return ok(record);
    },
  );

  app.post(
    '/experts',
    {
      config: staff('expert:edit'),
      schema: { tags, summary: '新增专家（默认公开、启用，排在最后）', body: ExpertCreateBody, response: { 200: Envelope(CreatedResult) } },
    },
    async (request) => ok({ id: await createExpert(request, request.body) }, '专家已创建'),
  );

  app.put(
    '/experts/:id',
    {
      config: staff('expert:edit'),
      schema: { tags, summary: '修改专家（带上读取时的 version）', params: IdParams, body: ExpertUpdateBody, response: { 200: Done } },
    },
    async (request) => {
      await updateExpert(request, request.params.id, request.body);
      return ok(null, '专家已保存');
    },
  );

  app.delete(
    '/experts/:id',
    { config: staff('expert:delete'), schema: { tags, summary: '删除专家（连同其专业领域）', params: IdParams, response: { 200: Done } } },
    async (request) => {
      await deleteExpert(request, request.params.id);
      return ok(null, '专家已删除');
    },
  );

  app.get(
    '/experts/:id/conflicts',
    { config: staff('expert:view'), schema: { tags, summary: '专家申报的利害关系（评审抽取的回避依据）', params: IdParams, response: { 200: Envelope(Type.Array(ExpertConflict)) } } },
    async (request) => ok(await conflictsOf(app.db, request.params.id)),
  );

  app.post(
    '/experts/:id/conflicts',
    { config: staff('expert:edit'), schema: { tags, summary: '申报利害关系（任职、担任负责人或顾问、持股、亲属任职，含起止日期）', params: IdParams, body: ExpertConflictCreateBody, response: { 200: Envelope(CreatedResult) } } },
    async (request) => ok({ id: await addConflict(request, request.params.id, request.body) }, '利害关系已登记'),
  );

  app.put(
    '/expert-conflicts/:id',
    { config: staff('expert:edit'), schema: { tags, summary: '修改申报的利害关系（带上读取时的 version）', params: IdParams, body: ExpertConflictUpdateBody, response: { 200: Done } } },
    async (request) => {
      await updateConflict(request, request.params.id, request.body);
      return ok(null, '利害关系已保存');
    },
  );

  app.delete(
    '/expert-conflicts/:id',
    { config: staff('expert:edit'), schema: { tags, summary: '删除申报的利害关系', params: IdParams, response: { 200: Done } } },
    async (request) => {
      await removeConflict(request, request.params.id);
      return ok(null, '利害关系已删除');
    },
  );

  for (const action of EXPERT_ACTIONS) {
    app.post(
      `/experts/:id/${action}`,
      { config: staff('expert:edit'), schema: { tags, summary: SWITCH_SUMMARIES[action], params: IdParams, response: { 200: Done } } },
      async (request) => {
        const name = await switchExpert(request, request.params.id, action);
        return ok(null, switchMessage(action, name));
      },
    );
  }
};

export default expertsRoutes;
