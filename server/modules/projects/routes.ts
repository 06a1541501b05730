/**
 * /projects: a unit's assessment projects and their 备案 (docs/domain.md, projects; the workflow in ./service.ts).
 *
 *   GET    /projects              list: staff all (project:view), a unit its own, a practitioner those they worked on
 *   GET    /projects/export       the same filters as an .xlsx (staff project:export; a unit its own)
 *   GET    /projects/:id          one project with members, report files and review history
 *   POST   /projects              a unit files a draft
 *   PUT    /projects/:id          a unit edits a draft or a returned project (with the version read)
 *   DELETE /projects/:id          a unit deletes a draft
 *   POST   /projects/:id/submit   a unit submits (draft, returned → submitted)
 *   POST   /projects/:id/file     staff 备案 (submitted → filed; project:review)
 *   POST   /projects/:id/return   staff 退回修改 with a reason (submitted → returned; project:review)
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType } from '@common/permissions';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  ProjectCreateBody,
  ProjectDetail,
  ProjectExportQuery,
  ProjectListQuery,
  ProjectRecord,
  ProjectReturnBody,
  ProjectStepBody,
  ProjectUpdateBody,
} from '@common/schemas/projects';
import { requireUser, type RouteAccess } from '../../security/guard';
import { sendXlsx } from '../../excel';
import { registerFileReadRule, type FileReadRule } from '../../files/readRules';
import { ok } from '../../http/envelope';
import { prepareExport } from './export';
import { isReportOf, listProjects, projectDetail } from './queries';
import { createProject, deleteProject, fileProject, returnProject, submitProject, updateProject } from './service';

const tags = ['项目'];
const Done = Envelope(Type.Null());
const { Staff, MemberUnit, Practitioner } = AuthType;

const view: { access: RouteAccess } = { access: { authTypes: [Staff, MemberUnit, Practitioner], permission: 'project:view' } };
const exporting: { access: RouteAccess } = { access: { authTypes: [Staff, MemberUnit], permission: 'project:export', scope: 'own-unit' } };
const own: { access: RouteAccess } = { access: { authTypes: [MemberUnit], scope: 'own-unit' } };
const review: { access: RouteAccess } = { access: { authTypes: [Staff], permission: 'project:review' } };

/** The same function every time, so that the rule set holds it once however many apps start. */
const reportRule: FileReadRule = (db, fileId, user) => isReportOf(db, fileId, user);

const projectsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerFileReadRule(reportRule);

  app.get(
    '/projects',
    {
      config: view,
      schema: {
        tags,
        summary: '项目列表（关键字匹配名称、编号、委托单位；按类型、风险等级、区域、年度、状态、单位筛选）',
        querystring: ProjectListQuery,
        response: { 200: Envelope(PageResult(ProjectRecord)) },
      },
    },
    async (request) => ok(await listProjects(app.db, requireUser(request), request.query)),
  );

  // Fixed paths before /projects/:id, so that "export" is never taken for an id.
  app.get(
    '/projects/export',
    { config: exporting, schema: { tags, summary: '导出项目（Excel；与列表相同的筛选条件）', querystring: ProjectExportQuery } },
    async (request, reply) => sendXlsx(reply, await prepareExport(request, request.query)),
  );

  app.get(
    '/projects/:id',
    { config: view, schema: { tags, summary: '项目详情（成员、评估报告、审核记录）', params: IdParams, response: { 200: Envelope(ProjectDetail) } } },
    async (request) => ok(await projectDetail(app.db, requireUser(request), request.params.id)),
  );

  app.post(
    '/projects',
    { config: own, schema: { tags, summary: '登记项目（草稿）', body: ProjectCreateBody, response: { 200: Envelope(CreatedResult) } } },
    async (request) => ok({ id: await createProject(request, requireUser(request), request.body) }, '项目已保存为草稿'),
  );

  app.put(
    '/projects/:id',
    {
      config: own,
      schema: { tags, summary: '修改项目（草稿或已退回；带上读取时的 version）', params: IdParams, body: ProjectUpdateBody, response: { 200: Done } },
    },
    async (request) => {
      await updateProject(request, requireUser(request), request.params.id, request.body);
      return ok(null, '项目已保存');
    },
  );

  app.delete(
    '/projects/:id',
    { config: own, schema: { tags, summary: '删除项目草稿', params: IdParams, response: { 200: Done } } },
    async (request) => {
      const name = await deleteProject(request, requireUser(request), request.params.id);
      return ok(null, `已删除「${name}」`);
    },
  );

  app.post(
    '/projects/:id/submit',
    { config: own, schema: { tags, summary: '提交协会备案（草稿或已退回的项目）', params: IdParams, body: ProjectStepBody, response: { 200: Done } } },
    async (request) => {
      await submitProject(request, requireUser(request), request.params.id, request.body);
      return ok(null, '项目已提交，等待协会备案');
    },
  );

  app.post(
    '/projects/:id/file',
    { config: review, schema: { tags, summary: '备案（已提交的项目）', params: IdParams, body: ProjectStepBody, response: { 200: Done } } },
    async (request) => {
      await fileProject(request, requireUser(request), request.params.id, request.body);
      return ok(null, '项目已备案');
    },
  );

  app.post(
    '/projects/:id/return',
    { config: review, schema: { tags, summary: '退回修改（须填写原因）', params: IdParams, body: ProjectReturnBody, response: { 200: Done } } },
    async (request) => {
      await returnProject(request, requireUser(request), request.params.id, request.body);
      return ok(null, '项目已退回单位修改');
    },
  );
};

export default projectsRoutes;
