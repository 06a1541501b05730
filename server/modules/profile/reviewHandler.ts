/**
 * The business-audit queue's entry for deletion requests (server/workflow/reviewHandlers.ts):
 * a staff member holding system:personal-data:handle approves (erase) or rejects (keep, with
 * a reason). The decision is decidePiDeletion's, in its own transaction; files leave the disk
 * after the commit (decideDeletionRequest).
 */
import { BizError } from '../../http/errors';
import type { ReviewKindHandler } from '../../workflow/reviewHandlers';
import { decideDeletionRequest, PI_DELETION } from './deletion';

export const piDeletionReviewHandler: ReviewKindHandler = {
  kind: PI_DELETION,
  label: '个人信息删除请求',
  permission: 'system:personal-data:handle',
  actions: ['approve', 'reject'],
  // The practitioners list of the subject's unit (staff open the record from there).
  link: (review) => `/Manage/employee-management${review.unit_id ? `?unitId=${encodeURIComponent(review.unit_id)}` : ''}`,
  decide: async (request, user, review, input) => {
    if (input.action === 'return') throw new BizError('个人信息删除请求只能同意删除或不予删除');
    await decideDeletionRequest(request, user, { reviewId: review.id }, input.action === 'approve' ? 'approved' : 'rejected', input.reason);
  },
};
