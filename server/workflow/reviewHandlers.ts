/**
 * The business-audit queue's table of review kinds: for each kind of review record, who may
 * decide it, which decisions it takes, where its record lives in the back office, and the
 * module function that carries a decision out. The queue (server/modules/business-audit)
 * only dispatches; each workflow keeps its own rules, transaction, review record, operation
 * log and messages in its own module.
 *
 * This file holds the type and the table only: the handlers live in the modules, which sit
 * above this layer, so server/modules/index.ts registers them (nothing here imports a module).
 * To add a kind: export a `ReviewKindHandler` from the module (e.g.
 * server/modules/inspections/reviewHandler.ts) and add it to `reviewHandlers` there.
 */
import type { FastifyRequest } from 'fastify';
import type { PermissionCode } from '@common/permissions';
import type { ReviewSubject } from '@common/schemas/businessAudit';
import type { AuthUser } from '../security/user';
import type { ReviewKind, ReviewRow } from '../db/types';

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
  /**
   * The subject's record as the module's own detail route reads it, for the queue's drawer
   * (GET /business-audit/:reviewId/record, which has checked `permission`). Absent: the queue
   * shows no record for this kind.
   */
  record?: (request: FastifyRequest, user: AuthUser, review: ReviewRow) => Promise<ReviewSubject>;
}

const byKind = new Map<ReviewKind, ReviewKindHandler>();

/**
 * Adds handlers to the table. Registering the same handler again changes nothing; a second,
 * different handler for a kind is a mistake in the wiring and is refused at start-up.
 */
export function registerReviewHandlers(handlers: readonly ReviewKindHandler[]): void {
  for (const handler of handlers) {
    const known = byKind.get(handler.kind);
    if (known && known !== handler) throw new Error(`Two review handlers for the kind "${handler.kind}"`);
    byKind.set(handler.kind, handler);
  }
}

export function reviewHandlerOf(kind: ReviewKind): ReviewKindHandler | undefined {
  return byKind.get(kind);
}
