/**
 * GET /health: can this instance serve? 200 when its database answers and has run every
 * migration this code knows; 503 while another instance is still migrating the shared
 * database, when the database does not answer, or once this process is stopping (SIGTERM), so
 * that a proxy sends its requests elsewhere.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@common/schemas/common';
import { HealthResult } from '@common/schemas/system';
import { pingDatabase } from '../../db/index';
import { pendingMigrations } from '../../db/migrations/index';
import { ok } from '../../http/envelope';
import { BizError } from '../../http/errors';

const unavailable = (message: string) => new BizError(message, 10, 503);

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Migrations never un-run: once complete, the check is not repeated.
  let migrated = false;
  app.get(
    '/health',
    {
      config: { access: { public: true } },
      schema: { tags: ['系统'], summary: '健康检查', response: { 200: Envelope(HealthResult) } },
    },
    async () => {
      if (app.lifecycle.draining) throw unavailable('服务正在停止');
      await pingDatabase(app.db).catch(() => {
        throw unavailable('数据库不可用');
      });
      if (!migrated) {
        if ((await pendingMigrations(app.db)).length > 0) throw unavailable('数据库迁移尚未完成');
        migrated = true;
      }
      return ok({ database: app.dialect });
    },
  );
};

export default healthRoutes;
