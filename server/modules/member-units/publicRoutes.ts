/**
 * GET /public/member-units and /public/member-units/:id: the member window of the public site
 * (no token). The staff-side member-unit routes live beside this file.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiStatus, Envelope, IdParams, PageResult } from '@common/schemas/common';
import { PublicMemberUnit, PublicMemberUnitItem, PublicMemberUnitListQuery } from '@common/schemas/public';
import { ok } from '../../http/envelope';
import { BizError } from '../../http/errors';
import { findPublicUnit, listPublicUnits } from './publicQueries';
import { publicRead } from '../../http/readCache';

const tags = ['会员风采'];

const memberUnitsPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/public/member-units',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '会员单位窗口（公开；按会员级别、入会日期排列）',
        querystring: PublicMemberUnitListQuery,
        response: { 200: Envelope(PageResult(PublicMemberUnitItem)) },
      },
    },
    async (request) => ok(await publicRead(app, request, () => listPublicUnits(app.db, request.query))),
  );

  app.get(
    '/public/member-units/:id',
    {
      config: { access: { public: true } },
      schema: { tags, summary: '会员单位详情（公开，含已审核的公开案例）', params: IdParams, response: { 200: Envelope(PublicMemberUnit) } },
    },
    async (request) => {
      const unit = await publicRead(app, request, () => findPublicUnit(app.db, request.params.id));
      // The same answer for a unit that does not exist and one that is not public: the
      // public site must not reveal which ids exist.
      if (!unit) throw new BizError('会员单位不存在或未公开', ApiStatus.BusinessError, 404);
      return ok(unit);
    },
  );
};

export default memberUnitsPublicRoutes;
