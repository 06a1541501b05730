/**
 * Decisions from the queue: each review on its own, through its kind's handler, which runs the
 * workflow's own transaction (state check, change, review record, log, messages). A failing
 * item reports its reason and leaves the others as they are.
 */
import type { FastifyRequest } from 'fastify';
import { hasPermission } from '@common/permissions';
import {
  BUSINESS_AUDIT_MESSAGES as M,
  REVIEW_ACTION_LABELS,
  reviewKindLabel,
  type ReviewDecideBody,
  type ReviewDecideResult,
  type ReviewDecisionOutcome,
} from '@common/schemas/businessAudit';
import { REVIEW_STATUS_LABELS } from '@common/schemas/membership';
import type { AuthUser } from '../../security/user';
import { BizError } from '../../http/errors';
import { reviewHandlerOf, type ReviewDecisionInput } from '../../workflow/reviewHandlers';
import { findReview } from './queries';

const DONE: Record<ReviewDecideBody['action'], string> = { approve: '已通过', reject: '已驳回', return: '已退回修改' };

async function decideOne(request: FastifyRequest, user: AuthUser, reviewId: string, input: ReviewDecisionInput): Promise<ReviewDecisionOutcome> {
  const review = await findReview(request.server.db, reviewId);
  if (!review) return { reviewId, subjectName: null, ok: false, message: M.notFound };
  const fail = (message: string): ReviewDecisionOutcome => ({ reviewId, subjectName: review.subject_name, ok: false, message });
  if (review.status !== 'pending') return fail(M.alreadyDecided(REVIEW_STATUS_LABELS[review.status]));
  const handler = reviewHandlerOf(review.what);
  const label = handler?.label ?? reviewKindLabel(review.what);
  if (!handler) return fail(M.noHandler(label));
  if (!hasPermission(user, handler.permission)) return fail(M.noPermission(label));
  if (!handler.actions.includes(input.action)) return fail(M.actionNotTaken(label, input.action, handler.actions));
  try {
    await handler.decide(request, user, review, input);
    return { reviewId, subjectName: review.subject_name, ok: true, message: DONE[input.action] };
  } catch (err) {
    if (err instanceof BizError) return fail(err.message);
    request.log.error({ err, reviewId }, '业务审核：处理一条审核失败');
    return fail(M.internal);
  }
}

/** POST /business-audit/decide: the reason is checked once for the whole request, then each item in turn. */
export async function decideReviews(request: FastifyRequest, user: AuthUser, body: ReviewDecideBody): Promise<ReviewDecideResult> {
  const reason = body.reason?.trim() || null;
  if (body.action !== 'approve' && !reason) throw new BizError(M.reasonRequired(body.action));
  const input: ReviewDecisionInput = { action: body.action, reason };
  const results: ReviewDecisionOutcome[] = [];
  // One at a time, in the order sent: each decision is its own transaction.
  for (const id of [...new Set(body.reviewIds)]) {
    results.push(await decideOne(request, user, id, input));
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

export function decisionMessage(action: ReviewDecideBody['action'], result: ReviewDecideResult): string {
  const verb = REVIEW_ACTION_LABELS[action];
  if (result.failed === 0) return `已${verb} ${result.succeeded} 条`;
  if (result.succeeded === 0) return result.results.length === 1 ? (result.results[0]?.message ?? '处理失败') : `${result.failed} 条均未能${verb}`;
  return `已${verb} ${result.succeeded} 条，${result.failed} 条未能处理`;
}
