/**
 * The API modules, each a Fastify plugin registered under /api/v1 by server/app.ts.
 *
 * One module, one plugin: `server/modules/<resource>/routes.ts` (default export), listed once
 * below. Its routes parse, call the module's queries.ts (reads) or service.ts (changes, each in
 * its transaction) and answer; SQL lives below the routes. A module's public routes
 * (`config: { access: { public: true } }`; those of the public site under /public/) are
 * declared in that same plugin beside its staff routes, so that a resource's whole API is read
 * in one place. A module whose routes fill more than one file registers the others from its
 * routes.ts (member-units: ownRoutes.ts). Two exceptions in place: the files module is
 * server/files/routes.ts, beside the storage it serves; public-home's crawlerRoutes
 * (/robots.txt, /sitemap.xml) answer outside /api/v1, so server/app.ts registers them.
 *
 * A module that adds a kind to the business-audit queue exports its handler from
 * reviewHandler.ts and lists it in `reviewHandlers` below (server/workflow/reviewHandlers.ts
 * holds the table; it imports no module).
 */
import type { FastifyPluginAsync } from 'fastify';
import { registerReviewHandlers, type ReviewKindHandler } from '../workflow/reviewHandlers';
import articlesRoutes from './articles/routes';
import authRoutes from './auth/routes';
import carouselsRoutes from './carousels/routes';
import dictRoutes from './dict/routes';
import filesRoutes from '../files/routes';
import friendlyLinksRoutes from './friendly-links/routes';
import healthRoutes from './health/routes';
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
import expertReviewsRoutes from './expert-reviews/routes';
import notificationRulesRoutes from './notification-rules/routes';
import notificationDeliveriesRoutes from './notification-deliveries/routes';
import complaintsRoutes from './complaints/routes';
import creditEventsRoutes from './credit-events/routes';
import creditRulesRoutes from './credit-rules/routes';
import creditRatingsRoutes from './credit-ratings/routes';
import { infoChangeReviewHandler, registrationReviewHandler } from './member-units/reviewHandler';
import { practitionerReviewHandler } from './practitioners/reviewHandler';
import { unitChangeReviewHandler } from './unit-changes/reviewHandler';
import { projectReviewHandler } from './projects/reviewHandler';
import { caseReviewHandler } from './cases/reviewHandler';
import { annualInspectionReviewHandler } from './inspections/reviewHandler';
import { piDeletionReviewHandler } from './profile/reviewHandler';

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
  publicHomeRoutes,
  searchRoutes,
  expertsRoutes,
  registrationRoutes,
  memberUnitsRoutes,
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
  expertReviewsRoutes,
  notificationRulesRoutes,
  notificationDeliveriesRoutes,
  complaintsRoutes,
  creditEventsRoutes,
  creditRulesRoutes,
  creditRatingsRoutes,
];

/** One entry per review kind the business-audit queue can decide. */
export const reviewHandlers: readonly ReviewKindHandler[] = [
  registrationReviewHandler,
  infoChangeReviewHandler,
  practitionerReviewHandler,
  unitChangeReviewHandler,
  projectReviewHandler,
  caseReviewHandler,
  annualInspectionReviewHandler,
  piDeletionReviewHandler,
];

// Filled as soon as the modules load (before any app is built), so that the queue, the
// workbench and tests that look a handler up by kind always find it.
registerReviewHandlers(reviewHandlers);
