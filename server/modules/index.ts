/**
 * The API modules, each a Fastify plugin registered under /api/v1 by server/app.ts.
 * A new module adds its plugin here (e.g. the files module: `import filesRoutes from '../files/routes'`).
 */
import type { FastifyPluginAsync } from 'fastify';
import articlesRoutes from './articles/routes';
import authRoutes from './auth/routes';
import carouselsRoutes from './carousels/routes';
import certificatesPublicRoutes from './certificates/publicRoutes';
import dictRoutes from './dict/routes';
import expertsPublicRoutes from './experts/publicRoutes';
import filesRoutes from '../files/routes';
import friendlyLinksRoutes from './friendly-links/routes';
import healthRoutes from './health/routes';
import memberUnitsPublicRoutes from './member-units/publicRoutes';
import noticesRoutes from './notices/routes';
import operationLogRoutes from './operation-logs/routes';
import publicHomeRoutes from './public-home/routes';
import rolesRoutes from './roles/routes';
import searchRoutes from './search/routes';
import sitePagesRoutes from './site-pages/routes';
import usersRoutes from './users/routes';
import expertsRoutes from './experts/routes';
import registrationRoutes from './registration/routes';
import memberUnitsRoutes from './member-units/routes';
import memberUnitOwnRoutes from './member-units/ownRoutes';
import practitionersRoutes from './practitioners/routes';
import unitChangesRoutes from './unit-changes/routes';
import certificatesRoutes from './certificates/routes';
import inspectionsRoutes from './inspections/routes';
import profileRoutes from './profile/routes';
import sessionsRoutes from './sessions/routes';
import projectsRoutes from './projects/routes';
import casesRoutes from './cases/routes';
import businessAuditRoutes from './business-audit/routes';
import messagesRoutes from './messages/routes';
import workbenchRoutes from './workbench/routes';

export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  rolesRoutes,
  dictRoutes,
  operationLogRoutes,
  filesRoutes,
  sitePagesRoutes,
  articlesRoutes,
  noticesRoutes,
  carouselsRoutes,
  friendlyLinksRoutes,
  memberUnitsPublicRoutes,
  expertsPublicRoutes,
  publicHomeRoutes,
  searchRoutes,
  certificatesPublicRoutes,
  expertsRoutes,
  registrationRoutes,
  memberUnitsRoutes,
  memberUnitOwnRoutes,
  practitionersRoutes,
  unitChangesRoutes,
  certificatesRoutes,
  inspectionsRoutes,
  profileRoutes,
  sessionsRoutes,
  projectsRoutes,
  casesRoutes,
  businessAuditRoutes,
  messagesRoutes,
  workbenchRoutes,
];
