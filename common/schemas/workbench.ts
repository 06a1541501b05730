/**
 * The workbench (/Manage/staging). Staff see what waits for them by kind, the
 * association's totals, charts of the year and the latest operation-log entries; a member unit
 * or a practitioner sees their own to-dos and the state of their certificate and inspection.
 */
import Type, { type Static } from 'typebox';
import { Nullable } from './common';
import { BoundedInteger } from './kinds';
import { REVIEW_KIND_VALUES } from './membership';
import { NoticeWork } from './notifications';

const Count = Type.Integer({ minimum: 0 });

/** The first year the workbench charts (before the association kept records here). */
export const WORKBENCH_FIRST_YEAR = 2000;

/** GET /workbench?year=: the year the staff's charts show (this year when omitted). */
export const WorkbenchQuery = Type.Object(
  { year: Type.Optional(BoundedInteger({ title: '年度', minimum: WORKBENCH_FIRST_YEAR, maximum: 2100 })) },
  { additionalProperties: false },
);
export type WorkbenchQuery = Static<typeof WorkbenchQuery>;

/** One bar or slice: a dictionary value (or kind), its label and how many. */
export const LabelledCount = Type.Object({ key: Type.String(), label: Type.String(), count: Count });
export type LabelledCount = Static<typeof LabelledCount>;

export const WorkbenchPending = Type.Object({
  kind: Type.Enum(REVIEW_KIND_VALUES),
  label: Type.String(),
  count: Count,
  /** The queue filtered to this kind: /Manage/business-audit?kind=… */
  link: Type.String(),
});
export type WorkbenchPending = Static<typeof WorkbenchPending>;

export const WorkbenchMonth = Type.Object({
  /** 'YYYY-MM' */
  month: Type.String(),
  units: Count,
  practitioners: Count,
});
export type WorkbenchMonth = Static<typeof WorkbenchMonth>;

export const WorkbenchLogEntry = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actorName: Nullable(Type.String()),
  entity: Type.String(),
  action: Type.String(),
  summary: Type.String(),
  result: Type.String(),
});
export type WorkbenchLogEntry = Static<typeof WorkbenchLogEntry>;

/**
 * Quality review's open tasks by what they wait for: a draw (none yet, or 补抽), the experts'
 * answers, the score sheets; with the review page filtered to each.
 */
export const ReviewWork = Type.Object({
  awaitingDraw: Count,
  awaitingAnswers: Count,
  awaitingSheets: Count,
  links: Type.Object({ awaitingDraw: Type.String(), awaitingAnswers: Type.String(), awaitingSheets: Type.String() }),
});
export type ReviewWork = Static<typeof ReviewWork>;

/**
 * Complaints by what they wait for from the association: acceptance, and the association's
 * deadlines (accepting, concluding) running out (COMPLAINT_DUE_SOON_DAYS of common/credit.ts) or
 * past; with the complaints page filtered to each.
 */
export const ComplaintWork = Type.Object({
  awaitingAcceptance: Count,
  dueSoon: Count,
  overdue: Count,
  links: Type.Object({ awaitingAcceptance: Type.String(), dueSoon: Type.String(), overdue: Type.String() }),
});
export type ComplaintWork = Static<typeof ComplaintWork>;

export const StaffWorkbench = Type.Object({
  pending: Type.Array(WorkbenchPending),
  pendingTotal: Count,
  totals: Type.Object({
    /** Approved member units. */
    units: Count,
    unitsByLevel: Type.Array(LabelledCount),
    /** Approved practitioners. */
    practitioners: Count,
    /** Active experts. */
    experts: Count,
    /** Every project that is not a draft. */
    projects: Count,
    projectsByRisk: Type.Array(LabelledCount),
  }),
  year: Type.Integer(),
  /** The years there is something to chart, newest first: this year back to the first join or registration. */
  years: Type.Array(Type.Integer()),
  /** Twelve months of the year: new member units (join date) and practitioners (registered). */
  monthly: Type.Array(WorkbenchMonth),
  /** Projects submitted in the year. */
  projectsByType: Type.Array(LabelledCount),
  projectsByRiskOfYear: Type.Array(LabelledCount),
  /** The latest audit-trail entries; null when the viewer may not read the log (system:log:view). */
  recentLogs: Nullable(Type.Array(WorkbenchLogEntry)),
  /** Quality review's work; null when the viewer may not read review tasks (review:task:view). */
  reviews: Nullable(ReviewWork),
  /** Notices given up or failed and not resent (通知记录); null without notice:view. */
  notices: Nullable(NoticeWork),
  /** Complaints waiting for the association; null without complaint:view. */
  complaints: Nullable(ComplaintWork),
});
export type StaffWorkbench = Static<typeof StaffWorkbench>;

export const WorkbenchTodo = Type.Object({
  key: Type.String(),
  label: Type.String(),
  count: Count,
  link: Type.String(),
});
export type WorkbenchTodo = Static<typeof WorkbenchTodo>;

export const CERTIFICATE_STATE_VALUES = ['valid', 'expiring', 'expired', 'revoked', 'none'] as const;
export type CertificateState = (typeof CERTIFICATE_STATE_VALUES)[number];
export const CERTIFICATE_STATE_LABELS: Record<CertificateState, string> = {
  valid: '有效',
  expiring: '即将到期',
  expired: '已过期',
  revoked: '已吊销',
  none: '未发证',
};
/** A certificate within this many days of its end shows as 即将到期. */
export const CERTIFICATE_EXPIRING_DAYS = 30;

export const WorkbenchCertificate = Type.Object({
  state: Type.Enum(CERTIFICATE_STATE_VALUES),
  number: Nullable(Type.String()),
  issuedOn: Nullable(Type.String()),
  validUntil: Nullable(Type.String()),
  /** Days from today to the last valid day (negative once expired); null without a certificate. */
  daysLeft: Nullable(Type.Integer()),
});
export type WorkbenchCertificate = Static<typeof WorkbenchCertificate>;

export const WorkbenchInspection = Type.Object({
  year: Type.Integer(),
  /** The open year's deadline, or null when the year is closed. */
  deadline: Nullable(Type.String()),
  open: Type.Boolean(),
  /** not_submitted, submitted, passed, failed, returned, resubmitted */
  status: Type.String(),
  comment: Nullable(Type.String()),
});
export type WorkbenchInspection = Static<typeof WorkbenchInspection>;

export const OwnWorkbench = Type.Object({
  /** The unit's or the practitioner's name. */
  name: Type.String(),
  /** The unit's membership state, or the practitioner's registration state. */
  status: Type.String(),
  todos: Type.Array(WorkbenchTodo),
  certificate: WorkbenchCertificate,
  /** The open year's inspection, else the latest year's; null when none was ever opened. */
  inspection: Nullable(WorkbenchInspection),
});
export type OwnWorkbench = Static<typeof OwnWorkbench>;

export const Workbench = Type.Object({
  view: Type.Enum(['staff', 'unit', 'practitioner'] as const),
  staff: Nullable(StaffWorkbench),
  own: Nullable(OwnWorkbench),
});
export type Workbench = Static<typeof Workbench>;
