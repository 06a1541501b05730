/**
 * GET /workbench: the staff's workbench (workbench:view), or a member unit's or a
 * practitioner's own one. Nothing in it is another unit's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthType } from '@common/permissions';
import { Envelope } from '@common/schemas/common';
import { Workbench, WorkbenchQuery } from '@common/schemas/workbench';
import { requireUser, type RouteAccess } from '../../security/guard';
import { ok } from '../../http/envelope';
import { ownWorkbench } from './own';
import { staffWorkbench } from './staff';

const tags = ['工作台'];
const access: RouteAccess = { authTypes: [AuthType.Staff, AuthType.MemberUnit, AuthType.Practitioner], permission: 'workbench:view' };

const workbenchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/workbench',
    {
      config: { access },
      schema: {
        tags,
        summary: '工作台：工作人员看待办、统计、某年度的图表（year，默认今年）与最新操作日志；会员单位和从业人员看本单位/本人的待办、证书与年检',
        querystring: WorkbenchQuery,
        response: { 200: Envelope(Workbench) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.authType === AuthType.Staff) return ok({ view: 'staff' as const, staff: await staffWorkbench(app.db, user, app.clock(), request.query.year, app.readCache), own: null });
      const view = user.authType === AuthType.Practitioner ? ('practitioner' as const) : ('unit' as const);
      return ok({ view, staff: null, own: await ownWorkbench(app.db, user, app.clock()) });
    },
  );
};

export default workbenchRoutes;
