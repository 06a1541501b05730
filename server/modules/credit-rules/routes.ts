/**
 * The credit rules versions (common/schemas/credit.ts):
 *
 *   GET  /credit-rules     every version, the one in force first          credit:view
 *   POST /credit-rules     a new version (never an edit of an old one)    credit:rule:edit
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuthType } from '@common/permissions';
import { Envelope } from '@common/schemas/common';
import { CreditRuleCreateBody, CreditRuleCreated, CreditRuleVersionRecord } from '@common/schemas/credit';
import { requireUser, type RouteAccess } from '../../security/guard';
import { ok } from '../../http/envelope';
import { listRuleVersions } from './queries';
import { createRuleVersion } from './service';

const tags = ['信用管理'];
const view: { access: RouteAccess } = { access: { authTypes: [AuthType.Staff], permission: 'credit:view' } };
const edit: { access: RouteAccess } = { access: { authTypes: [AuthType.Staff], permission: 'credit:rule:edit' } };

const creditRulesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/credit-rules',
    { config: view, schema: { tags, summary: '信用评价规则的各个版本（现行版本在前）', response: { 200: Envelope(Type.Array(CreditRuleVersionRecord)) } } },
    async () => ok(await listRuleVersions(app.db)),
  );

  app.post(
    '/credit-rules',
    {
      config: edit,
      schema: {
        tags,
        summary: '修订信用评价规则：生成新版本（旧版本不变；已启动的年度仍按其启动时的版本），未列出的类型沿用现行版本',
        body: CreditRuleCreateBody,
        response: { 200: Envelope(CreditRuleCreated) },
      },
    },
    async (req) => {
      const created = await createRuleVersion(req, requireUser(req), req.body);
      return ok(created, `已生成第 ${created.versionNo} 版信用评价规则，新登记的信用记录和新启动的年度评价将按此版本执行`);
    },
  );
};

export default creditRulesRoutes;
