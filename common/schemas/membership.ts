/**
 * Contract fragments that several membership resources share: the review history every
 * record with a workflow shows, and the way a masked personal value travels.
 */
import Type, { type Static } from 'typebox';
import { Nullable } from './common';

export const REVIEW_KIND_VALUES = ['registration', 'info_change', 'unit_change', 'annual_inspection', 'project', 'case', 'practitioner', 'pi_deletion'] as const;
export const REVIEW_KIND_LABELS: Record<(typeof REVIEW_KIND_VALUES)[number], string> = {
  registration: '入会申请',
  info_change: '单位信息变更',
  unit_change: '从业人员单位变更',
  annual_inspection: '年检',
  project: '项目备案',
  case: '业绩案例',
  practitioner: '从业人员登记',
  pi_deletion: '个人信息删除请求',
};
export const REVIEW_STATUS_VALUES = ['pending', 'approved', 'rejected', 'returned'] as const;
export const REVIEW_STATUS_LABELS: Record<(typeof REVIEW_STATUS_VALUES)[number], string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  returned: '已退回',
};

/** One step of a record's review history (review records: docs/domain.md), oldest first. */
export const ReviewHistoryEntry = Type.Object({
  id: Type.String(),
  what: Type.Enum(REVIEW_KIND_VALUES),
  status: Type.Enum(REVIEW_STATUS_VALUES),
  submittedAt: Type.String(),
  submittedByName: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  decidedByName: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  /** What was submitted for review (e.g. the changed key fields: { before, after }). */
  payload: Nullable(Type.Unknown()),
});
export type ReviewHistoryEntry = Static<typeof ReviewHistoryEntry>;

/** The reveal of one masked personal value: the whole value, audited on the server. */
export const RevealBody = Type.Object(
  { field: Type.Enum(['idCardNo', 'phone'] as const, { title: '字段' }) },
  { additionalProperties: false },
);
export type RevealBody = Static<typeof RevealBody>;
export const RevealResult = Type.Object({ field: Type.String(), value: Nullable(Type.String()) });
export type RevealResult = Static<typeof RevealResult>;
