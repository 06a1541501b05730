/**
 * The member-unit review kinds of the business-audit queue: a registration (入会申请) and a
 * key-information change (单位信息变更). Each wraps the module's own decision, which keeps its
 * rules, transaction, review record, operation log and messages.
 */
import { REVIEW_KIND_LABELS } from '@common/schemas/membership';
import type { FastifyRequest } from 'fastify';
import type { MemberUnitRecord } from '@common/schemas/memberUnits';
import { errors } from '../../http/errors';
import type { AuthUser } from '../../security/user';
import type { ReviewKindHandler } from '../../workflow/reviewHandlers';
import { approveChange, rejectChange } from './ownService';
import { findUnitRow, toUnitRecord } from './queries';
import { approveUnit, rejectUnit } from './service';

/** The staff page of one unit: its record, materials, certificate and review history. */
const unitPage = (unitId: string) => `/Manage/member-unit-management/${encodeURIComponent(unitId)}`;

/** The unit as GET /member-units/:id reads it (its fields, files, pending change, history). */
async function unitRecord(request: FastifyRequest, user: AuthUser, unitId: string): Promise<MemberUnitRecord> {
  const row = await findUnitRow(request.server.db, unitId);
  if (!row) throw errors.notFound('会员单位');
  return toUnitRecord(request.server.db, user, row, request.server.clock());
}

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
  record: async (request, user, review) => ({ kind: 'registration', record: await unitRecord(request, user, review.subject_id) }),
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
  record: async (request, user, review) => ({ kind: 'info_change', record: await unitRecord(request, user, review.subject_id) }),
};
