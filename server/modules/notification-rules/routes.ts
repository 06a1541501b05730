/**
 * 通知设置: the rules that send notices and their templates (common/schemas/notifications.ts).
 *
 *   GET  /notice-rules                   list (keyword, kind, enabled)         notice:view
 *   GET  /notice-rules/:id               one rule                              notice:view
 *   POST /notice-rules                   a further rule of a dated kind        notice:manage
 *   PUT  /notice-rules/:id               edit (with the version read)          notice:manage
 *   POST /notice-rules/:id/enable|disable                                      notice:manage
 *   POST /notice-rules/scan              立即检查: the dated rules' scan, now   notice:manage
 *   GET  /notice-templates               list (keyword)                        notice:view
 *   GET  /notice-templates/:id           one template                          notice:view
 *   PUT  /notice-templates/:id           edit (with the version read)          notice:manage
 *
 * The kinds and what each allows are ./kinds.ts; the rules are evaluated by
 * server/notifications (scanner and sender).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType, type PermissionCode } from '@common/permissions';
import { CreatedResult, Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  NoticeRuleCreateBody,
  NoticeRuleListQuery,
  NoticeRuleRecord,
  NoticeRuleUpdateBody,
  NoticeScanResult,
  NoticeTemplateListQuery,
  NoticeTemplateRecord,
  NoticeTemplateUpdateBody,
} from '@common/schemas/notifications';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { requireUser, type RouteAccess } from '../../security/guard';
import { listRules, listTemplates, ruleRecord, templateRecord } from './queries';
import { createRule, scanRulesNow, switchRule, updateRule, updateTemplate } from './service';

const tags = ['通知设置'];
const Done = Envelope(Type.Null());
const staff = (permission: PermissionCode): { access: RouteAccess } => ({ access: { authTypes: [AuthType.Staff], permission } });

const notificationRulesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notice-rules',
    { config: staff('notice:view'), schema: { tags, summary: '通知规则列表', querystring: NoticeRuleListQuery, response: { 200: Envelope(PageResult(NoticeRuleRecord)) } } },
    async (request) => ok(await listRules(app.db, requireUser(request), request.query)),
  );

  app.get(
    '/notice-rules/:id',
    { config: staff('notice:view'), schema: { tags, summary: '通知规则详情', params: IdParams, response: { 200: Envelope(NoticeRuleRecord) } } },
    async (request) => {
      const record = await ruleRecord(app.db, requireUser(request), request.params.id);
      if (!record) throw errors.notFound('通知规则');
      return ok(record);
    },
  );

  app.post(
    '/notice-rules',
    {
      config: staff('notice:manage'),
      schema: { tags, summary: '新增通知规则（证书到期、年检截止或逾期的另一个提前天数）', body: NoticeRuleCreateBody, response: { 200: Envelope(CreatedResult) } },
    },
    async (request) => ok({ id: await createRule(request, request.body) }, '通知规则已创建'),
  );

  app.put(
    '/notice-rules/:id',
    { config: staff('notice:manage'), schema: { tags, summary: '修改通知规则（带上读取时的 version）', params: IdParams, body: NoticeRuleUpdateBody, response: { 200: Done } } },
    async (request) => {
      await updateRule(request, request.params.id, request.body);
      return ok(null, '通知规则已保存');
    },
  );

  app.post(
    '/notice-rules/scan',
    {
      config: staff('notice:manage'),
      schema: { tags, summary: '立即检查：现在按规则找出到期的通知并排入发送（与定时检查相同，已排入的不会重复）', response: { 200: Envelope(NoticeScanResult) } },
    },
    async (request) => {
      const result = await scanRulesNow(request);
      const message =
        result.notices > 0
          ? `已检查 ${result.rules} 条规则，新排入 ${result.notices} 条通知，将在几秒内发送`
          : `已检查 ${result.rules} 条规则，没有新的到期通知`;
      return ok(result, message);
    },
  );

  for (const [action, enable] of [['enable', true], ['disable', false]] as const) {
    app.post(
      `/notice-rules/:id/${action}`,
      { config: staff('notice:manage'), schema: { tags, summary: enable ? '启用通知规则' : '停用通知规则', params: IdParams, response: { 200: Done } } },
      async (request) => {
        const name = await switchRule(request, request.params.id, enable);
        return ok(null, `已${enable ? '启用' : '停用'}通知规则「${name}」`);
      },
    );
  }

  app.get(
    '/notice-templates',
    { config: staff('notice:view'), schema: { tags, summary: '通知模板列表', querystring: NoticeTemplateListQuery, response: { 200: Envelope(PageResult(NoticeTemplateRecord)) } } },
    async (request) => ok(await listTemplates(app.db, requireUser(request), request.query)),
  );

  app.get(
    '/notice-templates/:id',
    { config: staff('notice:view'), schema: { tags, summary: '通知模板详情（含可用的占位符）', params: IdParams, response: { 200: Envelope(NoticeTemplateRecord) } } },
    async (request) => {
      const record = await templateRecord(app.db, requireUser(request), request.params.id);
      if (!record) throw errors.notFound('通知模板');
      return ok(record);
    },
  );

  app.put(
    '/notice-templates/:id',
    {
      config: staff('notice:manage'),
      schema: { tags, summary: '修改通知模板（带上读取时的 version；HTML 保存前净化）', params: IdParams, body: NoticeTemplateUpdateBody, response: { 200: Done } },
    },
    async (request) => {
      await updateTemplate(request, request.params.id, request.body);
      return ok(null, '通知模板已保存');
    },
  );
};

export default notificationRulesRoutes;
