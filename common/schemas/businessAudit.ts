/**
 * The business-audit queue (业务审核管理): every pending review record of every kind, with its age,
 * the subject's review history, and decisions taken from the queue itself, one or several at
 * once. Each item is decided by its kind's handler (server/workflow/reviewHandlers.ts) in its
 * own transaction, so the answer reports each item's result.
 */
import Type, { type Static, type TSchema } from 'typebox';
import { CaseDetail } from './cases';
import { Nullable, PageQuery } from './common';
import { CreditFlag } from './credit';
import { InspectionDetail } from './inspections';
import { CalendarDate, DateRange, Identifier } from './kinds';
import { MemberUnitRecord } from './memberUnits';
import { REVIEW_KIND_LABELS, REVIEW_KIND_VALUES, REVIEW_STATUS_VALUES, ReviewHistoryEntry } from './membership';
import { PractitionerDetail } from './practitioners';
import { ProjectDetail } from './projects';
import { UnitChangeDetail } from './unitChanges';

export type ReviewKindValue = (typeof REVIEW_KIND_VALUES)[number];

export const REVIEW_ACTION_VALUES = ['approve', 'reject', 'return'] as const;
export type ReviewActionValue = (typeof REVIEW_ACTION_VALUES)[number];
export const REVIEW_ACTION_LABELS: Record<ReviewActionValue, string> = {
  approve: '通过',
  reject: '驳回',
  return: '退回修改',
};

/** A kind's Chinese name; a kind the contract does not know yet shows its code. */
export function reviewKindLabel(kind: string): string {
  return (REVIEW_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

/**
 * The documents a reviewer needs before approving each kind: the attachment slot of the review's
 * subject (file_attachments.slot of the subject's record) and its name as the record's page
 * shows it. Submitting does not always require them (a registration may come without 资质文件);
 * approving without one is possible, after a confirmation naming what is missing. The server
 * works out each queue item's `missing` from this table; the page only shows what it says.
 */
export interface RequiredDocument {
  slot: string;
  label: string;
}
export const REVIEW_REQUIRED_DOCUMENTS: Record<ReviewKindValue, readonly RequiredDocument[]> = {
  registration: [
    { slot: 'business_licence', label: '营业执照' },
    { slot: 'qualification', label: '资质文件' },
  ],
  // A change of name, credit code or legal representative is shown by the licence.
  info_change: [{ slot: 'business_licence', label: '营业执照' }],
  practitioner: [{ slot: 'diploma', label: '学历证书' }],
  unit_change: [{ slot: 'release_letter', label: '放行函' }],
  annual_inspection: [{ slot: 'attachment', label: '证明材料' }],
  project: [{ slot: 'report', label: '评估报告' }],
  case: [{ slot: 'attachment', label: '证明材料' }],
  pi_deletion: [],
};

/** At most this many reviews in one batch decision. */
export const MAX_BATCH_DECISIONS = 100;
export const REVIEW_REASON_MAX = 500;

const submitted = DateRange(CalendarDate, { field: 'submittedFrom', title: '提交日期起' }, '提交日期止');

export const ReviewQueueQuery = Type.Object(
  {
    ...PageQuery.properties,
    kind: Type.Optional(Type.Enum(REVIEW_KIND_VALUES, { title: '审核类型' })),
    unitId: Type.Optional(Identifier('单位')),
    submittedFrom: Type.Optional(submitted.from),
    submittedTo: Type.Optional(submitted.to),
  },
  { additionalProperties: false },
);
export type ReviewQueueQuery = Static<typeof ReviewQueueQuery>;

export const ReviewQueueItem = Type.Object({
  id: Type.String(),
  kind: Type.Enum(REVIEW_KIND_VALUES),
  kindLabel: Type.String(),
  subjectType: Type.String(),
  subjectId: Type.String(),
  subjectName: Type.String(),
  unitId: Nullable(Type.String()),
  unitName: Nullable(Type.String()),
  submittedAt: Type.String(),
  submittedByName: Nullable(Type.String()),
  /** Whole days since submission (0 on the day itself). */
  ageDays: Type.Integer(),
  /** The decisions this viewer may take here: empty when the kind has no handler yet or the viewer lacks its permission. */
  actions: Type.Array(Type.Enum(REVIEW_ACTION_VALUES)),
  /** The back-office page of the subject's record, or null when the kind has no handler yet. */
  link: Nullable(Type.String()),
  /** The required documents (REVIEW_REQUIRED_DOCUMENTS) the subject's record has no file for. */
  missing: Type.Array(Type.Object({ slot: Type.String(), label: Type.String() })),
  /**
   * A project filing (kind project) of a unit flagged by its credit (./credit.ts CreditFlag: a D
   * tier in its latest final rating, or bad conduct in term today); absent otherwise.
   */
  creditFlag: Type.Optional(CreditFlag),
});
export type ReviewQueueItem = Static<typeof ReviewQueueItem>;

export const ReviewKindCount = Type.Object({
  kind: Type.Enum(REVIEW_KIND_VALUES),
  label: Type.String(),
  count: Type.Integer(),
});
export type ReviewKindCount = Static<typeof ReviewKindCount>;

/** A page of the queue, and the pending count of every kind under the same filters (kind aside). */
export const ReviewQueuePage = Type.Object({
  list: Type.Array(ReviewQueueItem),
  total: Type.Integer(),
  current: Type.Integer(),
  pageSize: Type.Integer(),
  counts: Type.Array(ReviewKindCount),
});
export type ReviewQueuePage = Static<typeof ReviewQueuePage>;

export const ReviewDetail = Type.Object({
  ...ReviewQueueItem.properties,
  status: Type.Enum(REVIEW_STATUS_VALUES),
  /** What was submitted (e.g. a key-information change's { before, after }). */
  payload: Nullable(Type.Unknown()),
  /** The subject's whole review history, oldest first. */
  history: Type.Array(ReviewHistoryEntry),
});
export type ReviewDetail = Static<typeof ReviewDetail>;

/** One field of a key-information change, as submitted: its name on the unit's page, before → after. */
export const ReviewChange = Type.Object({
  field: Type.String(),
  label: Type.String(),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
});
export type ReviewChange = Static<typeof ReviewChange>;

const subjectOf = <K extends ReviewKindValue, R extends TSchema>(kind: K, record: R) => Type.Object({ kind: Type.Literal(kind), record });

/**
 * The reviewed record as its own page's detail reads it (GET /practitioners/:id, /member-units/:id …),
 * tagged with the review kind, so that the queue's drawer shows it with that page's own view.
 */
export const ReviewSubject = Type.Union([
  subjectOf('registration', MemberUnitRecord),
  subjectOf('info_change', MemberUnitRecord),
  subjectOf('practitioner', PractitionerDetail),
  subjectOf('unit_change', UnitChangeDetail),
  subjectOf('annual_inspection', InspectionDetail),
  subjectOf('project', ProjectDetail),
  subjectOf('case', CaseDetail),
]);
export type ReviewSubject = Static<typeof ReviewSubject>;

/** GET /business-audit/:reviewId/record: what a reviewer decides on. */
export const ReviewRecord = Type.Object({
  reviewId: Type.String(),
  kind: Type.Enum(REVIEW_KIND_VALUES),
  /** Null for a kind whose record the queue does not show (a deletion request: the person's data is what goes). */
  subject: Nullable(ReviewSubject),
  /** A key-information change's fields, before → after (empty for other kinds). */
  changes: Type.Array(ReviewChange),
  missing: ReviewQueueItem.properties.missing,
});
export type ReviewRecord = Static<typeof ReviewRecord>;

export const ReviewDecideBody = Type.Object(
  {
    reviewIds: Type.Array(Identifier('审核记录'), { minItems: 1, maxItems: MAX_BATCH_DECISIONS, title: '审核记录' }),
    action: Type.Enum(REVIEW_ACTION_VALUES, { title: '审核决定' }),
    reason: Type.Optional(Type.String({ maxLength: REVIEW_REASON_MAX, title: '原因' })),
  },
  { additionalProperties: false },
);
export type ReviewDecideBody = Static<typeof ReviewDecideBody>;

export const ReviewDecisionOutcome = Type.Object({
  reviewId: Type.String(),
  subjectName: Nullable(Type.String()),
  ok: Type.Boolean(),
  /** 已通过 / the reason it failed, in Chinese. */
  message: Type.String(),
});
export type ReviewDecisionOutcome = Static<typeof ReviewDecisionOutcome>;

export const ReviewDecideResult = Type.Object({
  results: Type.Array(ReviewDecisionOutcome),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
});
export type ReviewDecideResult = Static<typeof ReviewDecideResult>;

export const BUSINESS_AUDIT_MESSAGES = {
  reasonRequired: (action: ReviewActionValue) => `${action === 'return' ? '退回' : '驳回'}原因不能为空，请填写原因`,
  notFound: '审核记录不存在',
  alreadyDecided: (status: string) => `该审核已处理（${status}），不能重复审核`,
  noHandler: (label: string) => `「${label}」暂不能在业务审核中处理，请到对应的管理页面办理`,
  noPermission: (label: string) => `没有审核「${label}」的权限`,
  actionNotTaken: (label: string, action: ReviewActionValue, allowed: readonly ReviewActionValue[]) =>
    `「${label}」不能${REVIEW_ACTION_LABELS[action]}，可选：${allowed.map((a) => REVIEW_ACTION_LABELS[a]).join('、')}`,
  internal: '处理失败（服务器内部错误），请稍后重试',
} as const;
