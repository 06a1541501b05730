/** GET /health: is the server up and can it reach its database. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@common/schemas/common';
import { HealthResult } from '@common/schemas/system';
import { pingDatabase } from '../../db/index';
import { ok } from '../../http/envelope';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { access: { public: true } },
      schema: { tags: ['系统'], summary: '健康检查', response: { 200: Envelope(HealthResult) } },
    },
    async () => {
      await pingDatabase(app.db);
      return ok({ database: app.dialect });
    },
  );
};

export default healthRoutes;
