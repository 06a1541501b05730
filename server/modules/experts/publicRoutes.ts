/** GET /public/experts: the expert library of the public site (no token; contact details masked). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, PageResult } from '@common/schemas/common';
import { PublicExpert, PublicExpertListQuery } from '@common/schemas/public';
import { ok } from '../../http/envelope';
import { listPublicExperts } from './publicQueries';
import { publicRead } from '../../http/readCache';

const expertsPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/public/experts',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['专家库'],
        summary: '专家库（公开；电话、邮箱已脱敏）',
        querystring: PublicExpertListQuery,
        response: { 200: Envelope(PageResult(PublicExpert)) },
      },
    },
    async (request) => ok(await publicRead(app, request, () => listPublicExperts(app.db, request.query))),
  );
};

export default expertsPublicRoutes;
