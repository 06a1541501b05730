/**
 * The annual inspection in the business-audit queue (server/workflow/reviewHandlers.ts): the
 * queue dispatches 通过 / 不通过 / 退回修改 here, and the decision runs the same service
 * function as POST /annual-inspections/:id/approve|reject|return (state check, certificate
 * extension, review record, operation log and messages in one transaction).
 */
import type { ReviewKindHandler } from '../../workflow/reviewHandlers';
import { inspectionDetail } from './queries';
import { decideInspection, inspectionLink } from './service';

export const annualInspectionReviewHandler: ReviewKindHandler = {
  kind: 'annual_inspection',
  label: '年检',
  permission: 'inspection:review',
  actions: ['approve', 'reject', 'return'],
  link: (review) => inspectionLink(review.subject_id),
  decide: async (request, user, review, input) => {
    await decideInspection(request, user, review.subject_id, { action: input.action, reason: input.reason });
  },
  record: async (request, user, review) => ({
    kind: 'annual_inspection',
    record: await inspectionDetail(request.server.db, user, review.subject_id, request.server.clock()),
  }),
};
