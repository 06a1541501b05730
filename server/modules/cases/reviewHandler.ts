/**
 * The business-audit queue's entry for business cases (server/workflow/reviewHandlers.ts):
 * approve, or reject with a reason, through the same service functions as
 * POST /cases/:id/approve and /reject.
 */
import type { ReviewKindHandler } from '../../workflow/reviewHandlers';
import { BizError } from '../../http/errors';
import { caseDetail } from './queries';
import { approveCase, caseLink, MESSAGES, rejectCase } from './service';

export const caseReviewHandler: ReviewKindHandler = {
  kind: 'case',
  label: '业绩案例',
  permission: 'case:review',
  actions: ['approve', 'reject'],
  link: (review) => caseLink(review.subject_id),
  decide: async (request, user, review, input) => {
    if (input.action === 'approve') {
      await approveCase(request, user, review.subject_id, { comment: input.reason ?? undefined });
      return;
    }
    if (input.action === 'reject') {
      const reason = input.reason?.trim();
      if (!reason) throw new BizError(MESSAGES.reasonRequired);
      await rejectCase(request, user, review.subject_id, { reason });
      return;
    }
    throw new BizError('业绩案例只能通过或驳回，不能退回');
  },
  record: async (request, user, review) => ({ kind: 'case', record: await caseDetail(request.server.db, user, review.subject_id) }),
};
