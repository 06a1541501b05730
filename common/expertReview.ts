/**
 * Quality review (评审与质量抽查): the facts the server's draw and its pages share. The rules
 * themselves are in server/modules/expert-reviews/ (exclusions.ts, draw.ts, panelResult.ts) and
 * written out for people in docs/expert-draw.md.
 *
 * The numbers below are defaults: the association may keep its own in settings.
 */

/** Panel size: an odd number of experts in this range. */
export const PANEL_SIZE_MIN = 3;
export const PANEL_SIZE_MAX = 9;
export const PANEL_SIZE_DEFAULT = 5;

/** Ranked backups drawn after the panel: at least this many, by default this many. */
export const BACKUP_COUNT_MIN = 2;
export const BACKUP_COUNT_DEFAULT = 2;

/** Reviews an expert may take part in per calendar year. */
export const YEARLY_REVIEW_CAP_DEFAULT = 10;

/** An expert who reviewed a project of the same unit this many days before the review sits out. */
export const RECENT_REVIEW_DAYS_DEFAULT = 90;

/** Employment, practice and declared conflicts count when they fall within this many years of the review. */
export const CONFLICT_WINDOW_YEARS_DEFAULT = 3;

/** Ratings staff give an expert after a review. */
export const EXPERT_RATING_MIN = 1;
export const EXPERT_RATING_MAX = 5;
/** An expert whose average over the last STANDING_RATING_COUNT ratings is under the threshold is flagged. */
export const STANDING_RATING_THRESHOLD = 3;
export const STANDING_RATING_COUNT = 5;

/** 质量抽查: the share of filed projects sampled, in percent. */
export const SAMPLING_PERCENT_DEFAULT = 10;

/** Whether a panel size is allowed: odd, PANEL_SIZE_MIN–PANEL_SIZE_MAX. */
export function isValidPanelSize(size: number): boolean {
  return Number.isInteger(size) && size >= PANEL_SIZE_MIN && size <= PANEL_SIZE_MAX && size % 2 === 1;
}

/** Why a panel size or backup count is refused, in the words forms show; null when both are fine. */
export function panelRulesProblem(panelSize: number, backupCount: number): string | null {
  if (!isValidPanelSize(panelSize)) return `评审专家人数应为 ${PANEL_SIZE_MIN}–${PANEL_SIZE_MAX} 之间的奇数`;
  if (!Number.isInteger(backupCount) || backupCount < BACKUP_COUNT_MIN) return `备选专家至少 ${BACKUP_COUNT_MIN} 名`;
  return null;
}

/**
 * How many projects a share samples: the share of the total rounded up, so any share of a
 * non-empty period samples at least one project (10 % of 25 is 3). `percent` is a whole number
 * 1–100; integer arithmetic, so no rounding error.
 */
export function sampleCountForShare(total: number, percent: number): number {
  if (!Number.isInteger(total) || total < 0) throw new RangeError('total must be a non-negative integer');
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new RangeError('percent must be an integer 1–100');
  return Math.floor((total * percent + 99) / 100);
}

/**
 * The 回避 rules, in the order they are checked: an excluded expert is recorded with the first
 * rule that applies (server/quality/exclusions.ts).
 */
export const EXCLUSION_RULE_CODES = [
  'inactive',
  'own_or_client_unit',
  'recent_employment',
  'declared_conflict',
  'took_part_in_report',
  'yearly_cap_reached',
  'recently_reviewed_unit',
  'bad_conduct',
] as const;

export type ExclusionRule = (typeof EXCLUSION_RULE_CODES)[number];

/** Each rule's reason as the draw's record and the pages show it. */
export const EXCLUSION_REASONS: Readonly<Record<ExclusionRule, string>> = {
  inactive: '停用',
  own_or_client_unit: '本单位/委托单位',
  recent_employment: '近三年任职或执业',
  declared_conflict: '申报的利害关系',
  took_part_in_report: '参与报告编制',
  yearly_cap_reached: '本年度评审已达上限',
  recently_reviewed_unit: '近期已评审该单位项目',
  bad_conduct: '不良行为记录在期',
};

/**
 * The kinds of conflict an expert declares with a unit (each with dates). `worked` at the
 * assessing unit counts as 近三年任职或执业; every other declared conflict with the assessing
 * unit or the client counts as 申报的利害关系.
 */
export const CONFLICT_KIND_VALUES = ['worked', 'directed', 'advised', 'shares', 'relative'] as const;

export type ConflictKind = (typeof CONFLICT_KIND_VALUES)[number];

export const CONFLICT_KIND_LABELS: Readonly<Record<ConflictKind, string>> = {
  worked: '任职',
  directed: '担任负责人或董事',
  advised: '担任顾问',
  shares: '持有股份',
  relative: '亲属在该单位任职',
};

/**
 * A reviewer's conclusion, least strict first: a panel's tie goes to the later (stricter) one
 * (server/quality/panelResult.ts).
 */
export const REVIEW_CONCLUSION_VALUES = ['pass', 'revise', 'fail'] as const;

export type ReviewConclusion = (typeof REVIEW_CONCLUSION_VALUES)[number];

export const REVIEW_CONCLUSION_LABELS: Readonly<Record<ReviewConclusion, string>> = {
  pass: '通过',
  revise: '修改后通过',
  fail: '不通过',
};

/** 0 for 通过, 1 for 修改后通过, 2 for 不通过: the higher, the stricter. */
export function conclusionStrictness(conclusion: ReviewConclusion): number {
  return REVIEW_CONCLUSION_VALUES.indexOf(conclusion);
}
