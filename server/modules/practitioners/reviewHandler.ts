/**
 * The practitioner registration (从业人员登记) in the business-audit queue: the module's own
 * approve (certificate) and reject, with their rules, transaction, log and messages.
 */
import { REVIEW_KIND_LABELS } from '@common/schemas/membership';
import type { ReviewKindHandler } from '../../workflow/reviewHandlers';
import { findPractitionerRow, practitionerDetail } from './queries';
import { approvePractitioner, rejectPractitioner } from './service';
import { assertCanSee } from './viewer';

/** The practitioner list narrowed to the person (the keyword matches names from the start). */
export const practitionerPage = (name: string) => `/Manage/employee-management?keyword=${encodeURIComponent(name)}`;

export const practitionerReviewHandler: ReviewKindHandler = {
  kind: 'practitioner',
  label: REVIEW_KIND_LABELS.practitioner,
  permission: 'member:practitioner:approve',
  actions: ['approve', 'reject'],
  link: (review) => practitionerPage(review.subject_name),
  // The service reads the caller from the request (the same staff member the queue checked).
  decide: async (request, _user, review, input) => {
    if (input.action === 'approve') {
      await approvePractitioner(request, review.subject_id, { comment: input.reason ?? undefined });
    } else {
      await rejectPractitioner(request, review.subject_id, { reason: input.reason ?? '' });
    }
  },
  record: async (request, user, review) => {
    const { db, pii } = request.server;
    const row = await findPractitionerRow(db, review.subject_id);
    assertCanSee(user, row);
    return { kind: 'practitioner', record: await practitionerDetail(db, pii, user, row, request.server.clock()) };
  },
};
