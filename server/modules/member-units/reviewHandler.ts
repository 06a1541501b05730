/**
 * The member-unit review kinds of the business-audit queue: a registration (入会申请) and a
 * key-information change (单位信息变更). Each wraps the module's own decision, which keeps its
 * rules, transaction, review record, operation log and messages.
 */
import { REVIEW_KIND_LABELS } from '@common/schemas/membership';
import type { ReviewKindHandler } from '../../workflow/reviewHandlers';
import { approveChange, rejectChange } from './ownService';
import { approveUnit, rejectUnit } from './service';

/** The staff page of one unit: its record, materials, certificate and review history. */
const unitPage = (unitId: string) => `/Manage/member-unit-management/${encodeURIComponent(unitId)}`;

export const registrationReviewHandler: ReviewKindHandler = {
  kind: 'registration',
  label: REVIEW_KIND_LABELS.registration,
  permission: 'member:unit:approve',
  actions: ['approve', 'reject'],
  link: (review) => unitPage(review.subject_id),
  decide: async (request, user, review, input) => {
    if (input.action === 'approve') {
      await approveUnit(request, user, review.subject_id, { comment: input.reason ?? undefined });
    } else {
      await rejectUnit(request, user, review.subject_id, { reason: input.reason ?? '' });
    }
  },
};

export const infoChangeReviewHandler: ReviewKindHandler = {
  kind: 'info_change',
  label: REVIEW_KIND_LABELS.info_change,
  permission: 'member:unit:approve',
  actions: ['approve', 'reject'],
  link: (review) => unitPage(review.subject_id),
  decide: async (request, user, review, input) => {
    if (input.action === 'approve') {
      await approveChange(request, user, review.subject_id, { comment: input.reason ?? undefined });
    } else {
      await rejectChange(request, user, review.subject_id, { reason: input.reason ?? '' });
    }
  },
};
