/**
 * Credit and complaints (信用与投诉): the facts the server, the pages and the seed share.
 * docs/domain.md ("Credit and complaints") says the rules in words.
 *
 * The kinds of credit event are the dictionary `credit_event_kind` (common/dictionaries.ts), so
 * staff may add manual kinds; the points and the term of each kind are the rules version's
 * (credit_rule_versions), never a constant read at rating time: a year is rated under the version
 * in force when staff start it.
 */

// ---- complaints ----------------------------------------------------------------------------

/** 投诉 names the complainant; 举报 may be anonymous. */
export const COMPLAINT_KINDS = ['complaint', 'report'] as const;
export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];
export const COMPLAINT_KIND_LABELS: Record<ComplaintKind, string> = { complaint: '投诉', report: '举报' };

export const COMPLAINT_STATUSES = ['pending', 'accepted', 'declined', 'answered', 'concluded'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  pending: '待受理',
  accepted: '已受理',
  declined: '不予受理',
  answered: '单位已申辩',
  concluded: '已办结',
};

export const COMPLAINT_CONCLUSIONS = ['upheld', 'partly', 'rejected'] as const;
export type ComplaintConclusion = (typeof COMPLAINT_CONCLUSIONS)[number];
export const COMPLAINT_CONCLUSION_LABELS: Record<ComplaintConclusion, string> = {
  upheld: '属实',
  partly: '部分属实',
  rejected: '不属实',
};

/** The steps the complainant follows by the query code (complaint_steps.step). */
export const COMPLAINT_STEPS = ['submitted', 'accepted', 'declined', 'answered', 'concluded'] as const;
export type ComplaintStep = (typeof COMPLAINT_STEPS)[number];
export const COMPLAINT_STEP_LABELS: Record<ComplaintStep, string> = {
  submitted: '已提交',
  accepted: '已受理',
  declined: '不予受理',
  answered: '被投诉单位已书面申辩',
  concluded: '已办结',
};

/** Staff accept or decline within this many working days of submission. */
export const COMPLAINT_ACCEPT_WORKING_DAYS = 5;
/** The unit answers in writing within this many days of acceptance. */
export const COMPLAINT_ANSWER_DAYS = 10;
/** Staff conclude within this many days of acceptance. */
export const COMPLAINT_CONCLUDE_DAYS = 30;
/** A deadline this many days away or nearer shows as running out (workbench, queue). */
export const COMPLAINT_DUE_SOON_DAYS = 2;

// ---- credit events ---------------------------------------------------------------------------

export const CREDIT_SUBJECT_TYPES = ['unit', 'practitioner'] as const;
export type CreditSubjectType = (typeof CREDIT_SUBJECT_TYPES)[number];
export const CREDIT_SUBJECT_TYPE_LABELS: Record<CreditSubjectType, string> = { unit: '会员单位', practitioner: '从业人员' };

export const CREDIT_POLARITIES = ['bad', 'good'] as const;
export type CreditPolarity = (typeof CREDIT_POLARITIES)[number];
export const CREDIT_POLARITY_LABELS: Record<CreditPolarity, string> = { bad: '不良行为', good: '表彰' };

export const CREDIT_EVENT_STATUSES = ['active', 'withdrawn'] as const;
export type CreditEventStatus = (typeof CREDIT_EVENT_STATUSES)[number];
export const CREDIT_EVENT_STATUS_LABELS: Record<CreditEventStatus, string> = { active: '有效', withdrawn: '已撤销' };

/** Where an event came from: staff's hand, or a record that made it by itself. */
export const CREDIT_SOURCE_TYPES = ['manual', 'complaint', 'annual_inspection', 'review_task', 'practitioner'] as const;
export type CreditSourceType = (typeof CREDIT_SOURCE_TYPES)[number];
export const CREDIT_SOURCE_TYPE_LABELS: Record<CreditSourceType, string> = {
  manual: '人工登记',
  complaint: '投诉举报',
  annual_inspection: '年检',
  review_task: '评审',
  practitioner: '从业人员证书',
};

/**
 * The kinds the system records by itself from a source record (values of the dictionary
 * credit_event_kind), with the polarity each has.
 */
export const AUTOMATIC_CREDIT_KINDS = {
  complaint_upheld: 'bad',
  complaint_partly: 'bad',
  inspection_failed: 'bad',
  inspection_overdue: 'bad',
  review_low: 'bad',
  review_high: 'good',
  certificate_revoked: 'bad',
} as const satisfies Record<string, CreditPolarity>;
export type AutomaticCreditKind = keyof typeof AUTOMATIC_CREDIT_KINDS;

/**
 * The polarity of every kind the dictionary credit_event_kind is seeded with: the automatic
 * ones' and the three manual ones'. A kind staff add to the dictionary later has none here:
 * staff choose the polarity of each such event when they record it (docs/domain.md, "Credit").
 */
export const CREDIT_KIND_POLARITIES: Readonly<Record<string, CreditPolarity>> = {
  ...AUTOMATIC_CREDIT_KINDS,
  false_report: 'bad',
  violation_other: 'bad',
  commendation: 'good',
};

/** The built-in polarity of a kind, or null for a kind staff added to the dictionary. */
export function builtInPolarityOf(kind: string): CreditPolarity | null {
  return Object.hasOwn(CREDIT_KIND_POLARITIES, kind) ? CREDIT_KIND_POLARITIES[kind] : null;
}

/** Whether points agree with a polarity: bad conduct never adds, a commendation never takes away. */
export const pointsAgreeWith = (polarity: CreditPolarity, points: number): boolean => (polarity === 'bad' ? points <= 0 : points >= 0);

/** A review whose panel scored under this is a bad-conduct event; at REVIEW_HIGH_SCORE or over, a commendation. */
export const REVIEW_LOW_SCORE = 60;
export const REVIEW_HIGH_SCORE = 90;

// ---- the rating ------------------------------------------------------------------------------

export const CREDIT_TIERS = ['A', 'B', 'C', 'D'] as const;
export type CreditTier = (typeof CREDIT_TIERS)[number];
export const CREDIT_TIER_LABELS: Record<CreditTier, string> = { A: 'A 级（优秀）', B: 'B 级（良好）', C: 'C 级（一般）', D: 'D 级（较差）' };

/** The lowest score of tiers A, B and C; under C is D. */
export interface CreditTierThresholds {
  A: number;
  B: number;
  C: number;
}

/** One kind of event in a rules version: the points it carries (negative for bad conduct) and how long it stays public. */
export interface CreditKindRule {
  kind: string;
  points: number;
  termMonths: number;
}

export const CREDIT_RATING_STATUSES = ['initial', 'publicity', 'final'] as const;
export type CreditRatingStatus = (typeof CREDIT_RATING_STATUSES)[number];
export const CREDIT_RATING_STATUS_LABELS: Record<CreditRatingStatus, string> = { initial: '初评', publicity: '公示中', final: '终评' };

/** 公示 lasts this many days; objections are accepted until its last day, included. */
export const CREDIT_PUBLICITY_DAYS = 7;

/** 'YYYY-MM-DD' plus `days` (calendar days). */
export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The 公示 window of a rating published on `today` (Beijing calendar day): it starts that day
 * and lasts CREDIT_PUBLICITY_DAYS days, both ends included, so published on 12-01 it runs
 * 12-01 … 12-07; an objection is accepted on 12-07 and refused on 12-08, and 终评 is possible
 * from 12-08 on.
 */
export function publicityWindow(today: string): { from: string; until: string } {
  return { from: today, until: addCalendarDays(today, CREDIT_PUBLICITY_DAYS - 1) };
}

export const CREDIT_OBJECTION_STATUSES = ['pending', 'upheld', 'rejected'] as const;
export type CreditObjectionStatus = (typeof CREDIT_OBJECTION_STATUSES)[number];
export const CREDIT_OBJECTION_STATUS_LABELS: Record<CreditObjectionStatus, string> = { pending: '待答复', upheld: '异议成立', rejected: '异议不成立' };

/** The first rules version (the base seed's): base 100, the tiers and points of docs/domain.md. */
export const DEFAULT_CREDIT_RULES = {
  baseScore: 100,
  tiers: { A: 90, B: 75, C: 60 } satisfies CreditTierThresholds,
  kinds: [
    { kind: 'complaint_upheld', points: -10, termMonths: 24 },
    { kind: 'complaint_partly', points: -5, termMonths: 12 },
    { kind: 'inspection_failed', points: -20, termMonths: 24 },
    { kind: 'inspection_overdue', points: -10, termMonths: 12 },
    { kind: 'review_low', points: -10, termMonths: 12 },
    { kind: 'review_high', points: 5, termMonths: 12 },
    { kind: 'certificate_revoked', points: -5, termMonths: 24 },
    { kind: 'false_report', points: -30, termMonths: 36 },
    { kind: 'violation_other', points: -10, termMonths: 12 },
    { kind: 'commendation', points: 5, termMonths: 12 },
  ] satisfies CreditKindRule[],
};

/** The tier of a score under a version's thresholds. */
export function tierOf(score: number, tiers: CreditTierThresholds): CreditTier {
  if (score >= tiers.A) return 'A';
  if (score >= tiers.B) return 'B';
  if (score >= tiers.C) return 'C';
  return 'D';
}
