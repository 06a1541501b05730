/**
 * The API modules, each a Fastify plugin registered under /api/v1 by server/app.ts.
 * A new module adds its plugin here (e.g. the files module: `import filesRoutes from '../files/routes'`).
 */
import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes';
import dictRoutes from './dict/routes';
import filesRoutes from '../files/routes';
import healthRoutes from './health/routes';
import operationLogRoutes from './operation-logs/routes';
import rolesRoutes from './roles/routes';
import sitePagesRoutes from './site-pages/routes';
import usersRoutes from './users/routes';

export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  rolesRoutes,
  dictRoutes,
  operationLogRoutes,
  filesRoutes,
  sitePagesRoutes,
];
