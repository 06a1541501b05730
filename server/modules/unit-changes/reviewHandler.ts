/**
 * A practitioner's unit change (从业人员单位变更) in the business-audit queue, once the old unit
 * has released it: the module's own staff approval (person, account and certificate move) or
 * rejection. The queue sends no version: the change's current one is read here, and the
 * review record itself guards against a second decision.
 */
import { REVIEW_KIND_LABELS } from '@common/schemas/membership';
import { errors } from '../../http/errors';
import type { ReviewKindHandler } from '../../workflow/reviewHandlers';
import { unitChangeDetail } from './queries';
import { approveUnitChange, rejectUnitChange } from './service';

/** The review's subject name is "姓名：原单位 → 新单位"; the list's keyword finds the person. */
export const unitChangePage = (subjectName: string) =>
  `/Manage/employee-unit-change?keyword=${encodeURIComponent(subjectName.split('：')[0] ?? subjectName)}`;

export const unitChangeReviewHandler: ReviewKindHandler = {
  kind: 'unit_change',
  label: REVIEW_KIND_LABELS.unit_change,
  permission: 'member:unit-change:approve',
  actions: ['approve', 'reject'],
  link: (review) => unitChangePage(review.subject_name),
  decide: async (request, user, review, input) => {
    const change = await request.server.db.selectFrom('unit_changes').select('version').where('id', '=', review.subject_id).executeTakeFirst();
    if (!change) throw errors.notFound('单位变更申请');
    if (input.action === 'approve') {
      await approveUnitChange(request, user, review.subject_id, { version: change.version, comment: input.reason ?? undefined });
    } else {
      await rejectUnitChange(request, user, review.subject_id, { version: change.version, reason: input.reason ?? '' });
    }
  },
  record: async (request, user, review) => ({
    kind: 'unit_change',
    record: await unitChangeDetail(request.server.db, request.server.pii, user, review.subject_id),
  }),
};
