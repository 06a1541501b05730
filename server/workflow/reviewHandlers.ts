/**
 * The business-audit queue's table of review kinds (issue 8): for each kind of review record,
 * who may decide it, which decisions it takes, where its record lives in the back office, and
 * the module function that carries a decision out. The queue (server/modules/business-audit)
 * only dispatches; each workflow keeps its own rules, transaction, review record, operation
 * log and messages in its own module.
 *
 * To add a kind: export a `ReviewKindHandler` from the module (e.g.
 * server/modules/inspections/reviewHandler.ts) and add it to REVIEW_HANDLERS below.
 */
import type { FastifyRequest } from 'fastify';
import type { PermissionCode } from '@common/permissions';
import type { AuthUser } from '../auth/user';
import type { ReviewKind, ReviewRow } from '../db/types';
import { infoChangeReviewHandler, registrationReviewHandler } from '../modules/member-units/reviewHandler';
import { practitionerReviewHandler } from '../modules/practitioners/reviewHandler';
import { unitChangeReviewHandler } from '../modules/unit-changes/reviewHandler';
import { projectReviewHandler } from '../modules/projects/reviewHandler';
import { caseReviewHandler } from '../modules/cases/reviewHandler';
import { annualInspectionReviewHandler } from '../modules/inspections/reviewHandler';
import { piDeletionReviewHandler } from '../modules/profile/reviewHandler';

/** approve = 通过/备案, reject = 驳回/不通过, return = 退回修改. */
export type ReviewAction = 'approve' | 'reject' | 'return';

export interface ReviewDecisionInput {
  action: ReviewAction;
  /** Required for reject and return (the handler checks and says so in Chinese). */
  reason: string | null;
}

export interface ReviewKindHandler {
  kind: ReviewKind;
  /** The kind's Chinese name in the queue, e.g. 入会申请. */
  label: string;
  /** The code a staff member needs to decide this kind (viewing the queue needs review:view). */
  permission: PermissionCode;
  /** The decisions this kind takes, in the order the queue shows its buttons. */
  actions: readonly ReviewAction[];
  /** The back-office path to the subject's record, e.g. `/Manage/member-unit-management?id=…`. */
  link: (review: ReviewRow) => string;
  /**
   * Carries out the decision on the review's subject in its own transaction (state check, the
   * change, decideReview, logOperation, messages). Throws BizError for an illegal move.
   */
  decide: (request: FastifyRequest, user: AuthUser, review: ReviewRow, input: ReviewDecisionInput) => Promise<void>;
}

/** One entry per review kind that the queue can decide; each module adds its own line. */
const REVIEW_HANDLERS: readonly ReviewKindHandler[] = [
  registrationReviewHandler,
  infoChangeReviewHandler,
  practitionerReviewHandler,
  unitChangeReviewHandler,
  projectReviewHandler,
  caseReviewHandler,
  annualInspectionReviewHandler,
  piDeletionReviewHandler,
];

const byKind = new Map<ReviewKind, ReviewKindHandler>(REVIEW_HANDLERS.map((h) => [h.kind, h]));

export function reviewHandlerOf(kind: ReviewKind): ReviewKindHandler | undefined {
  return byKind.get(kind);
}

export function allReviewHandlers(): readonly ReviewKindHandler[] {
  return REVIEW_HANDLERS;
}
