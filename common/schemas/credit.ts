/**
 * Credit (信用管理; docs/domain.md, "Credit"): bad-conduct records and commendations (credit
 * events), the versioned rules of the yearly rating, the rating with each unit's score, 公示,
 * the units' objections (异议) and 终评, and what the public reads. The shared facts (states,
 * labels, the kinds with their polarity, tierOf, the 公示 window) are ../credit.ts. The server is
 * server/modules/credit-events, credit-ratings and credit-rules, over server/credit/.
 *
 *   GET  /credit-events                      list (staff credit:view; a unit its own, active and withdrawn)
 *   GET  /credit-events/export               the same filters as an .xlsx (credit:export)
 *   GET  /credit-events/:id                  one event with its evidence files and the ratings counting it
 *   POST /credit-events                      record a bad-conduct event or a commendation (credit:event:edit)
 *   POST /credit-events/:id/withdraw         withdraw it with a reason { version, reason } (credit:event:edit)
 *   GET  /credit-rules                       the rules versions, newest (in force) first (credit:view)
 *   POST /credit-rules                       a new version { basedOnVersionNo, baseScore, tiers, kinds, note } (credit:rule:edit)
 *   GET  /credit-ratings                     the yearly ratings (staff credit:view; a unit with its own score in each)
 *   POST /credit-ratings                     start year Y's rating { year } → 初评 (credit:rating:manage)
 *   GET  /credit-ratings/:id                 one rating
 *   POST /credit-ratings/:id/recompute       初评 only: score every approved unit again { version } (credit:rating:manage)
 *   POST /credit-ratings/:id/publicize       初评 → 公示 for CREDIT_PUBLICITY_DAYS days { version } (credit:rating:manage)
 *   POST /credit-ratings/:id/finalize        公示 → 终评 (window over, every objection answered) { version } (credit:rating:manage)
 *   GET  /credit-ratings/:id/export          the rating's scores as an .xlsx (credit:export)
 *   GET  /credit-ratings/:id/units           the units' scores (credit:view), filters tier and keyword
 *   GET  /credit-ratings/:id/units/:unitId   one unit's score with every event behind it (staff credit:view; a unit its own)
 *   GET  /credit-ratings/:id/objections      the objections (staff credit:view; a unit its own)
 *   POST /credit-ratings/:id/objections      a unit files its one objection during 公示 { content, fileIds }
 *   GET  /credit-objections/:id              one objection with its files (staff credit:view; a unit its own)
 *   POST /credit-objections/:id/answer       answer it: upheld (events withdrawn, score again) or rejected (credit:rating:manage)
 *   GET  /public/credit/ratings?year=&keyword=   (no token) the years in 公示 or final, one year's tiers and scores
 *   GET  /public/credit-ratings?year=&keyword=   the same, at the resource-named path of the public reads
 *   GET  /public/credit/bad-conduct?keyword=     (no token) bad-conduct records in term
 *
 * A rating's states:
 *
 *   (start) ──▶ initial 初评 ──(publicize)──▶ publicity 公示中 ──(finalize)──▶ final 终评 (locked)
 *                  │ recompute                    │ objections filed, answered
 *
 * Nothing of a rating in 初评 is public; during 公示 the public reads its tiers and scores marked
 * 公示中 with the window; after 终评 they are final and never change again (an event withdrawn
 * later changes no final score).
 */
import Type, { type Static } from 'typebox';
import {
  CREDIT_EVENT_STATUSES,
  CREDIT_OBJECTION_STATUSES,
  CREDIT_POLARITIES,
  CREDIT_RATING_STATUSES,
  CREDIT_SOURCE_TYPES,
  CREDIT_SUBJECT_TYPES,
  CREDIT_TIERS,
} from '../credit';
import { Nullable, PageQuery, Version } from './common';
import { FileRef } from './content';
import { FILE_ID_PATTERN } from './files';
import { BoundedInteger, CalendarDate, DateRange, Identifier, INT32_MAX, PageSize } from './kinds';

// ---- bounds ------------------------------------------------------------------------------------

export const CREDIT_YEAR_MIN = 2000;
export const CREDIT_YEAR_MAX = 2100;
/** An event's points (a manual override, a rules version's kind). */
export const CREDIT_POINTS_MIN = -100;
export const CREDIT_POINTS_MAX = 100;
/** A kind's term in months (how long its events stay public). */
export const CREDIT_TERM_MONTHS_MIN = 1;
export const CREDIT_TERM_MONTHS_MAX = 120;
/** A base score and the tiers' thresholds. */
export const CREDIT_SCORE_MIN = 0;
export const CREDIT_SCORE_MAX = 1000;
export const CREDIT_DESCRIPTION_MAX = 1000;
export const CREDIT_NOTE_MAX = 200;
export const CREDIT_REASON_MAX = 500;
export const CREDIT_OBJECTION_MAX = 2000;
export const CREDIT_ANSWER_MAX = 1000;
export const CREDIT_FILES_MAX = 20;
export const CREDIT_RULE_KINDS_MAX = 100;
export const CREDIT_WITHDRAW_MAX = 100;

/**
 * The back-office pages the credit messages link to, and the public page (built from this
 * contract later): change a path here and the server's links follow.
 */
export const CREDIT_PAGES = {
  /** 信用记录: staff's list of events; a unit's own. `?id=` opens one event. */
  events: '/Manage/credit-records',
  /** 信用评价: the years' ratings, a unit's score, the objections, the rules. `?id=` a rating, `&unitId=` a unit's score. */
  ratings: '/Manage/credit-rating',
  /** 信用公示 on the public site. */
  public: '/FrontPage/credit',
} as const;

export const creditEventLink = (id: string): string => `${CREDIT_PAGES.events}?id=${encodeURIComponent(id)}`;
export const creditRatingLink = (ratingId: string, unitId?: string): string =>
  `${CREDIT_PAGES.ratings}?id=${encodeURIComponent(ratingId)}${unitId ? `&unitId=${encodeURIComponent(unitId)}` : ''}`;

// ---- the server's words ------------------------------------------------------------------------

/** Every refusal of the credit routes (the mock answers the same). */
export const CREDIT_MESSAGES = {
  eventNoun: '信用记录',
  ratingNoun: '信用评价',
  objectionNoun: '异议',
  eventRecorded: (points: number, termUntil: string) => `已登记，计 ${points > 0 ? '+' : ''}${points} 分，公示至 ${termUntil}，已通知相关单位`,
  eventWithdrawn: (rescoredYears: readonly number[]) => (rescoredYears.length ? `已撤销，${rescoredYears.join('、')}年度评价中该单位得分已重算` : '已撤销'),
  kindUnknown: '信用事件类型不在字典中，请从列表中选择',
  polarityRequired: '该类型为新增类型，请选择“不良行为”或“表彰”',
  polarityMismatch: (label: string, polarity: string) => `「${label}」属于${polarity}，不能登记为其他性质`,
  pointsDisagree: (polarity: string) => (polarity === '不良行为' ? '不良行为的分值不能为正数' : '表彰的分值不能为负数'),
  pointsNoteRequired: '分值与规则不同，请填写调整说明',
  unitRequired: '请选择会员单位',
  practitionerRequired: '请选择从业人员',
  unitNotMember: '该单位不是会员单位（未通过入会审核），不能登记信用记录',
  practitionerNotRegistered: '该人员不是已登记的从业人员，不能登记信用记录',
  occurredInFuture: '发生日期不能晚于今天',
  descriptionRequired: '请填写事由',
  reasonRequired: '请填写撤销原因',
  alreadyWithdrawn: '该信用记录已撤销',
  // rules
  tiersOrder: '等级分数线须满足 A > B > C',
  ruleKindDuplicate: (kind: string) => `类型「${kind}」重复`,
  ruleKindUnknown: (kind: string) => `类型「${kind}」不在信用事件类型字典中`,
  rulePointsDisagree: (label: string) => `「${label}」的分值与其性质不符（不良行为不能加分，表彰不能减分）`,
  ruleStale: '信用评价规则已被他人修订，请刷新后基于最新版本重新修订',
  // ratings
  yearInFuture: (year: number) => `${year}年尚未到来，不能开展该年度的信用评价`,
  yearExists: (year: number) => `${year}年度信用评价已启动，不能重复启动`,
  notInitial: (label: string) => `该年度信用评价当前为「${label}」，只有初评阶段可以重新计算`,
  notInitialToPublicize: (label: string) => `该年度信用评价当前为「${label}」，只有初评阶段可以发布公示`,
  notPublicity: (label: string) => `该年度信用评价当前为「${label}」，只有公示中的评价可以终评`,
  publicityNotOver: (until: string) => `公示期至 ${until}，公示期满后才能终评`,
  objectionsPending: (n: number) => `尚有 ${n} 件异议未答复，请答复后再终评`,
  finalLocked: '该年度信用评价已终评，结果已锁定，不能再修改',
  // objections
  objectionNotInPublicity: '只有公示期内可以提出异议',
  objectionTooLate: (until: string) => `公示期已于 ${until} 结束，不能再提出异议`,
  objectionExists: '本单位已就该年度信用评价提出过异议，每家单位只能提出一次',
  objectionNotRated: '本单位不在该年度信用评价范围内，不能提出异议',
  objectionContentRequired: '请填写异议内容',
  objectionAnswered: '该异议已答复，不能重复答复',
  answerRequired: '请填写答复意见',
  upheldNeedsEvents: '异议成立时，请选择要撤销的信用记录',
  rejectedTakesNoEvents: '异议不成立时不能撤销信用记录',
  eventNotInItems: '所选信用记录不在该单位本年度的得分明细中，或已撤销',
  ratingStarted: (year: number, units: number) => `已启动${year}年度信用评价（初评），共 ${units} 家会员单位`,
} as const;

// ---- per-row actions ------------------------------------------------------------------------------

export const CREDIT_EVENT_ACTIONS = ['withdraw'] as const;
export type CreditEventAction = (typeof CREDIT_EVENT_ACTIONS)[number];
export const CREDIT_RATING_ACTIONS = ['recompute', 'publicize', 'finalize', 'export'] as const;
export type CreditRatingAction = (typeof CREDIT_RATING_ACTIONS)[number];
export const CREDIT_OBJECTION_ACTIONS = ['answer'] as const;
export type CreditObjectionAction = (typeof CREDIT_OBJECTION_ACTIONS)[number];
/** On a unit's own score: file the objection. */
export const CREDIT_RATING_UNIT_ACTIONS = ['object'] as const;
export type CreditRatingUnitAction = (typeof CREDIT_RATING_UNIT_ACTIONS)[number];

export const CREDIT_OBJECTION_DECISIONS = ['upheld', 'rejected'] as const;
export type CreditObjectionDecision = (typeof CREDIT_OBJECTION_DECISIONS)[number];

// ---- pieces ---------------------------------------------------------------------------------------

const Year = BoundedInteger({ title: '年度', minimum: CREDIT_YEAR_MIN, maximum: CREDIT_YEAR_MAX });
const Tier = Type.Enum(CREDIT_TIERS);
const Points = (title: string) => BoundedInteger({ title, minimum: CREDIT_POINTS_MIN, maximum: CREDIT_POINTS_MAX });
const Score = (title: string) => BoundedInteger({ title, minimum: CREDIT_SCORE_MIN, maximum: CREDIT_SCORE_MAX });
const FileIds = (title: string) =>
  Type.Array(Type.String({ pattern: FILE_ID_PATTERN, title }), { maxItems: CREDIT_FILES_MAX, uniqueItems: true, title });

/** The lowest score of tiers A, B and C (under C is D). */
export const CreditTiers = Type.Object({ A: Type.Integer(), B: Type.Integer(), C: Type.Integer() });
export type CreditTiers = Static<typeof CreditTiers>;

// ---- events ---------------------------------------------------------------------------------------

export const CreditEventRecord = Type.Object({
  id: Type.String(),
  subjectType: Type.Enum(CREDIT_SUBJECT_TYPES),
  /** The unit the event counts against: the unit itself, or the practitioner's unit when it was recorded. */
  unitId: Type.String(),
  unitName: Type.String(),
  practitionerId: Nullable(Type.String()),
  practitionerName: Nullable(Type.String()),
  /** bad = 不良行为, good = 表彰 (CREDIT_POLARITY_LABELS). */
  polarity: Type.Enum(CREDIT_POLARITIES),
  /** A value of the dictionary credit_event_kind, and its label. */
  kind: Type.String(),
  kindLabel: Type.String(),
  /** 'YYYY-MM-DD': the year it counts in is this date's. */
  occurredOn: Type.String(),
  /** Negative for bad conduct, positive for a commendation; fixed when recorded (the rules version then in force). */
  points: Type.Integer(),
  /** Why staff set points other than the kind's rule, or null. */
  pointsNote: Nullable(Type.String()),
  /** 'YYYY-MM-DD': the last day it stays public. */
  termUntil: Type.String(),
  /** Active and termUntil not before today (Beijing): shown publicly when bad conduct. */
  inTerm: Type.Boolean(),
  description: Type.String(),
  /**
   * manual, or the record that made it by itself (CREDIT_SOURCE_TYPE_LABELS) and its id:
   * annual_inspection → the inspection record (annual_inspections), review_task → the review
   * task, practitioner → the revoked certificate, complaint → the complaint.
   */
  sourceType: Type.Enum(CREDIT_SOURCE_TYPES),
  sourceId: Nullable(Type.String()),
  /** The rules version its points and term came from. */
  ruleVersionNo: Type.Integer(),
  status: Type.Enum(CREDIT_EVENT_STATUSES),
  withdrawReason: Nullable(Type.String()),
  withdrawnAt: Nullable(Type.String()),
  withdrawnByName: Nullable(Type.String()),
  createdAt: Type.String(),
  /** Null for an event the system recorded by itself. */
  createdByName: Nullable(Type.String()),
  updatedAt: Type.String(),
  version: Type.Integer(),
  actions: Type.Array(Type.Enum(CREDIT_EVENT_ACTIONS)),
});
export type CreditEventRecord = Static<typeof CreditEventRecord>;

/** A rating whose scores count an event (so a point is traced both ways). */
export const CreditEventRatingRef = Type.Object({
  ratingId: Type.String(),
  year: Type.Integer(),
  status: Type.Enum(CREDIT_RATING_STATUSES),
});
export type CreditEventRatingRef = Static<typeof CreditEventRatingRef>;

export const CreditEventDetail = Type.Object({
  ...CreditEventRecord.properties,
  /** The evidence (证明材料). */
  files: Type.Array(FileRef),
  countedIn: Type.Array(CreditEventRatingRef),
});
export type CreditEventDetail = Static<typeof CreditEventDetail>;

const occurred = DateRange(CalendarDate, { field: 'occurredFrom', title: '发生日期起' }, '发生日期止');

const eventFilters = {
  /** Staff only: a unit's events (its own and its practitioners'); a unit naming another finds nothing. */
  unitId: Type.Optional(Identifier('单位')),
  practitionerId: Type.Optional(Identifier('从业人员')),
  subjectType: Type.Optional(Type.Enum(CREDIT_SUBJECT_TYPES, { title: '对象类型' })),
  kind: Type.Optional(Type.String({ maxLength: 64, title: '类型' })),
  polarity: Type.Optional(Type.Enum(CREDIT_POLARITIES, { title: '性质' })),
  status: Type.Optional(Type.Enum(CREDIT_EVENT_STATUSES, { title: '状态' })),
  sourceType: Type.Optional(Type.Enum(CREDIT_SOURCE_TYPES, { title: '来源' })),
  occurredFrom: Type.Optional(occurred.from),
  occurredTo: Type.Optional(occurred.to),
  /** true: active and in term today; false: the others. */
  inTerm: Type.Optional(Type.Boolean({ title: '是否在公示期内' })),
};

/**
 * `?unitId=&practitionerId=&subjectType=&kind=&polarity=bad&status=active&sourceType=manual&occurredFrom=&occurredTo=&inTerm=true&keyword=&sort=occurredOn,desc`
 * keyword: the description, the unit's or the practitioner's name. Sort by occurredOn (default,
 * newest first), points, termUntil, createdAt, unitName or kind.
 */
export const CreditEventListQuery = Type.Object({ ...PageQuery.properties, ...eventFilters }, { additionalProperties: false });
export type CreditEventListQuery = Static<typeof CreditEventListQuery>;

export const CreditEventExportQuery = Type.Object(
  { keyword: PageQuery.properties.keyword, sort: PageQuery.properties.sort, ...eventFilters },
  { additionalProperties: false },
);
export type CreditEventExportQuery = Static<typeof CreditEventExportQuery>;

/**
 * The practitioner picker of 信用记录 (GET /credit-events/practitioner-options): those an event
 * may name (approved, or left since), found by name or certificate number, or one by id (the
 * label of a value from the address). Staff search every unit; a unit its own. Names only: no
 * ID number or phone leaves through here, so credit:view suffices and the 从业人员 codes are not
 * needed.
 */
export const CreditPractitionerOptionsQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 50, title: '关键字' })),
    id: Type.Optional(Identifier('从业人员')),
  },
  { additionalProperties: false },
);
export type CreditPractitionerOptionsQuery = Static<typeof CreditPractitionerOptionsQuery>;

export const CreditPractitionerOption = Type.Object({
  id: Type.String(),
  name: Type.String(),
  unitName: Type.String(),
  certificateNo: Nullable(Type.String()),
  /** Left the unit since (an event may still name them). */
  left: Type.Boolean(),
});
export type CreditPractitionerOption = Static<typeof CreditPractitionerOption>;

/**
 * 登记: against a unit (unitId) or a practitioner (practitionerId; the event counts against
 * their unit, unitId is not read). The kind is a dictionary value; its polarity is the kind's own for the seeded
 * kinds (CREDIT_KIND_POLARITIES in ../credit.ts; a different one is refused) and must be given
 * for a kind staff added. points default to the kind's rule in the version in force; other
 * points need pointsNote. The term is the kind's rule's, from occurredOn.
 */
export const CreditEventCreateBody = Type.Object(
  {
    subjectType: Type.Enum(CREDIT_SUBJECT_TYPES, { title: '对象类型' }),
    unitId: Type.Optional(Identifier('会员单位')),
    practitionerId: Type.Optional(Identifier('从业人员')),
    kind: Type.String({ minLength: 1, maxLength: 64, title: '类型' }),
    polarity: Type.Optional(Type.Enum(CREDIT_POLARITIES, { title: '性质' })),
    occurredOn: CalendarDate('发生日期'),
    description: Type.String({ minLength: 1, maxLength: CREDIT_DESCRIPTION_MAX, title: '事由' }),
    fileIds: FileIds('证明材料'),
    points: Type.Optional(Points('分值')),
    pointsNote: Type.Optional(Type.String({ maxLength: CREDIT_NOTE_MAX, title: '分值调整说明' })),
  },
  { additionalProperties: false },
);
export type CreditEventCreateBody = Static<typeof CreditEventCreateBody>;

export const CreditEventWithdrawBody = Type.Object(
  { version: Version, reason: Type.String({ minLength: 1, maxLength: CREDIT_REASON_MAX, title: '撤销原因' }) },
  { additionalProperties: false },
);
export type CreditEventWithdrawBody = Static<typeof CreditEventWithdrawBody>;

/** What recording an event answers: its id, and the points and term it got. */
export const CreditEventCreated = Type.Object({ id: Type.String(), points: Type.Integer(), termUntil: Type.String(), ruleVersionNo: Type.Integer() });
export type CreditEventCreated = Static<typeof CreditEventCreated>;

// ---- rules versions ---------------------------------------------------------------------------------

export const CreditKindRuleRecord = Type.Object({
  kind: Type.String(),
  /** The dictionary's label (the value itself for a kind no longer in the dictionary). */
  label: Type.String(),
  /** The kind's own polarity, or null for a kind staff added (chosen per event). */
  polarity: Nullable(Type.Enum(CREDIT_POLARITIES)),
  points: Type.Integer(),
  termMonths: Type.Integer(),
});
export type CreditKindRuleRecord = Static<typeof CreditKindRuleRecord>;

export const CreditRuleVersionRecord = Type.Object({
  id: Type.String(),
  versionNo: Type.Integer(),
  baseScore: Type.Integer(),
  tiers: CreditTiers,
  kinds: Type.Array(CreditKindRuleRecord),
  /** Dictionary kinds this version does not list: their events carry 0 points and a 12-month term under it. */
  uncoveredKinds: Type.Array(Type.Object({ kind: Type.String(), label: Type.String() })),
  note: Nullable(Type.String()),
  createdAt: Type.String(),
  /** Null for the first version (the base seed's). */
  createdByName: Nullable(Type.String()),
  /** The highest version number: new events and newly started years take it. */
  inForce: Type.Boolean(),
  /** The years rated under it. */
  usedByYears: Type.Array(Type.Integer()),
});
export type CreditRuleVersionRecord = Static<typeof CreditRuleVersionRecord>;

/**
 * 修订规则: a new version, never an edit. basedOnVersionNo is the version in force the editor read
 * (another revision in between: 409). Kinds not listed keep their rule from the version in
 * force (and a kind neither lists: 0 points, 12 months).
 */
export const CreditRuleCreateBody = Type.Object(
  {
    basedOnVersionNo: BoundedInteger({ title: '所依据的规则版本', minimum: 1, maximum: INT32_MAX }),
    baseScore: Score('基础分'),
    tiers: Type.Object({ A: Score('A 级分数线'), B: Score('B 级分数线'), C: Score('C 级分数线') }, { additionalProperties: false, title: '等级分数线' }),
    kinds: Type.Array(
      Type.Object(
        {
          kind: Type.String({ minLength: 1, maxLength: 64, title: '类型' }),
          points: Points('分值'),
          termMonths: BoundedInteger({ title: '公示期限（月）', minimum: CREDIT_TERM_MONTHS_MIN, maximum: CREDIT_TERM_MONTHS_MAX }),
        },
        { additionalProperties: false },
      ),
      { maxItems: CREDIT_RULE_KINDS_MAX, title: '各类型分值' },
    ),
    note: Type.Optional(Type.String({ maxLength: CREDIT_REASON_MAX, title: '修订说明' })),
  },
  { additionalProperties: false },
);
export type CreditRuleCreateBody = Static<typeof CreditRuleCreateBody>;

export const CreditRuleCreated = Type.Object({ id: Type.String(), versionNo: Type.Integer() });
export type CreditRuleCreated = Static<typeof CreditRuleCreated>;

// ---- ratings -------------------------------------------------------------------------------------------

const TierCounts = Type.Object({ A: Type.Integer(), B: Type.Integer(), C: Type.Integer(), D: Type.Integer() });
const ObjectionCounts = Type.Object({ pending: Type.Integer(), upheld: Type.Integer(), rejected: Type.Integer() });

export const CreditRatingRecord = Type.Object({
  id: Type.String(),
  year: Type.Integer(),
  status: Type.Enum(CREDIT_RATING_STATUSES),
  /** The rules version in force when the year was started: its base and tiers rate the year. */
  ruleVersionId: Type.String(),
  ruleVersionNo: Type.Integer(),
  baseScore: Type.Integer(),
  tiers: CreditTiers,
  startedAt: Type.String(),
  startedByName: Nullable(Type.String()),
  /** The 公示 window, both days included (null before publicize). */
  publicityFrom: Nullable(Type.String()),
  publicityUntil: Nullable(Type.String()),
  finalizedAt: Nullable(Type.String()),
  finalizedByName: Nullable(Type.String()),
  /** Staff: how many units, by tier, and the objections by state. Null for a unit. */
  unitCount: Nullable(Type.Integer()),
  tierCounts: Nullable(TierCounts),
  objectionCounts: Nullable(ObjectionCounts),
  /** A unit: its own score in this rating and its objection (null when not rated; null for staff). */
  own: Nullable(
    Type.Object({
      unitId: Type.String(),
      score: Type.Integer(),
      tier: Tier,
      objectionId: Nullable(Type.String()),
      objectionStatus: Nullable(Type.Enum(CREDIT_OBJECTION_STATUSES)),
    }),
  ),
  /** Staff: what the next step waits for, in words (公示期至…，期满后可终评 / 尚有 N 件异议未答复), or null. */
  waiting: Nullable(Type.String()),
  actions: Type.Array(Type.Enum(CREDIT_RATING_ACTIONS)),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type CreditRatingRecord = Static<typeof CreditRatingRecord>;

export const CreditRatingListQuery = Type.Object(
  {
    current: PageQuery.properties.current,
    pageSize: PageQuery.properties.pageSize,
    year: Type.Optional(Year),
    status: Type.Optional(Type.Enum(CREDIT_RATING_STATUSES, { title: '状态' })),
  },
  { additionalProperties: false },
);
export type CreditRatingListQuery = Static<typeof CreditRatingListQuery>;

/** 启动年度评价: the year is not in the future (Beijing), once per year. */
export const CreditRatingCreateBody = Type.Object({ year: Year }, { additionalProperties: false });
export type CreditRatingCreateBody = Static<typeof CreditRatingCreateBody>;

/** 重新计算 / 发布公示 / 终评: the rating's version read. */
export const CreditRatingStepBody = Type.Object({ version: Version }, { additionalProperties: false });
export type CreditRatingStepBody = Static<typeof CreditRatingStepBody>;

export const CreditRatingUnitParams = Type.Object({ id: Identifier(), unitId: Identifier('会员单位') }, { additionalProperties: false });
export type CreditRatingUnitParams = Static<typeof CreditRatingUnitParams>;

/** One event behind a score, as it counted when scored. */
export const CreditScoreItem = Type.Object({
  eventId: Type.String(),
  kind: Type.String(),
  kindLabel: Type.String(),
  polarity: Type.Enum(CREDIT_POLARITIES),
  subjectType: Type.Enum(CREDIT_SUBJECT_TYPES),
  practitionerId: Nullable(Type.String()),
  practitionerName: Nullable(Type.String()),
  points: Type.Integer(),
  occurredOn: Type.String(),
  description: Type.String(),
  /** The event's state now: a final rating keeps an event withdrawn after 终评 (it counted). */
  eventStatus: Type.Enum(CREDIT_EVENT_STATUSES),
});
export type CreditScoreItem = Static<typeof CreditScoreItem>;

export const CreditRatingUnitItem = Type.Object({
  unitId: Type.String(),
  /** The name when scored. */
  unitName: Type.String(),
  score: Type.Integer(),
  tier: Tier,
  eventCount: Type.Integer(),
  /** The sum of the bad events' points (≤ 0) and of the commendations' (≥ 0). */
  badPoints: Type.Integer(),
  goodPoints: Type.Integer(),
  computedAt: Type.String(),
  objectionId: Nullable(Type.String()),
  objectionStatus: Nullable(Type.Enum(CREDIT_OBJECTION_STATUSES)),
});
export type CreditRatingUnitItem = Static<typeof CreditRatingUnitItem>;

const unitFilters = {
  tier: Type.Optional(Type.Enum(CREDIT_TIERS, { title: '等级' })),
};

/** `?tier=D&keyword=正衡&sort=score,asc` (keyword: the unit's name; sort by score (default, highest first), unitName or tier). */
export const CreditRatingUnitQuery = Type.Object({ ...PageQuery.properties, ...unitFilters }, { additionalProperties: false });
export type CreditRatingUnitQuery = Static<typeof CreditRatingUnitQuery>;

export const CreditRatingExportQuery = Type.Object(
  { keyword: PageQuery.properties.keyword, sort: PageQuery.properties.sort, ...unitFilters },
  { additionalProperties: false },
);
export type CreditRatingExportQuery = Static<typeof CreditRatingExportQuery>;

// ---- objections -------------------------------------------------------------------------------------

export const CreditObjectionRecord = Type.Object({
  id: Type.String(),
  ratingId: Type.String(),
  year: Type.Integer(),
  unitId: Type.String(),
  unitName: Type.String(),
  content: Type.String(),
  status: Type.Enum(CREDIT_OBJECTION_STATUSES),
  answer: Nullable(Type.String()),
  /** The events withdrawn because it was upheld. */
  withdrawnEventIds: Type.Array(Type.String()),
  createdAt: Type.String(),
  createdByName: Nullable(Type.String()),
  answeredAt: Nullable(Type.String()),
  answeredByName: Nullable(Type.String()),
  version: Type.Integer(),
  actions: Type.Array(Type.Enum(CREDIT_OBJECTION_ACTIONS)),
});
export type CreditObjectionRecord = Static<typeof CreditObjectionRecord>;

export const CreditObjectionDetail = Type.Object({ ...CreditObjectionRecord.properties, files: Type.Array(FileRef) });
export type CreditObjectionDetail = Static<typeof CreditObjectionDetail>;

/** One unit's score in a rating with every event behind it, and its objection. */
export const CreditRatingUnitDetail = Type.Object({
  ratingId: Type.String(),
  year: Type.Integer(),
  ratingStatus: Type.Enum(CREDIT_RATING_STATUSES),
  publicityFrom: Nullable(Type.String()),
  publicityUntil: Nullable(Type.String()),
  unitId: Type.String(),
  unitName: Type.String(),
  baseScore: Type.Integer(),
  score: Type.Integer(),
  tier: Tier,
  /** score = baseScore + the sum of the items' points. */
  items: Type.Array(CreditScoreItem),
  computedAt: Type.String(),
  objection: Nullable(CreditObjectionDetail),
  /** The unit itself during 公示, up to its last day, with no objection yet: ['object']. */
  actions: Type.Array(Type.Enum(CREDIT_RATING_UNIT_ACTIONS)),
});
export type CreditRatingUnitDetail = Static<typeof CreditRatingUnitDetail>;

export const CreditObjectionListQuery = Type.Object(
  {
    ...PageQuery.properties,
    status: Type.Optional(Type.Enum(CREDIT_OBJECTION_STATUSES, { title: '状态' })),
  },
  { additionalProperties: false },
);
export type CreditObjectionListQuery = Static<typeof CreditObjectionListQuery>;

/** 提出异议: once per unit and rating, during 公示 up to its last day included. */
export const CreditObjectionCreateBody = Type.Object(
  {
    content: Type.String({ minLength: 1, maxLength: CREDIT_OBJECTION_MAX, title: '异议内容' }),
    fileIds: FileIds('异议材料'),
  },
  { additionalProperties: false },
);
export type CreditObjectionCreateBody = Static<typeof CreditObjectionCreateBody>;

/**
 * 答复异议: upheld with the events of the unit's items to withdraw (at least one; withdrawn and
 * the unit's score and tier computed again in the same step), or rejected (none). Allowed
 * while the rating is in 公示 (also after the window's last day, before 终评).
 */
export const CreditObjectionAnswerBody = Type.Object(
  {
    version: Version,
    decision: Type.Enum(CREDIT_OBJECTION_DECISIONS, { title: '答复结论' }),
    answer: Type.String({ minLength: 1, maxLength: CREDIT_ANSWER_MAX, title: '答复意见' }),
    withdrawEventIds: Type.Optional(Type.Array(Identifier('要撤销的信用记录'), { maxItems: CREDIT_WITHDRAW_MAX, uniqueItems: true, title: '要撤销的信用记录' })),
  },
  { additionalProperties: false },
);
export type CreditObjectionAnswerBody = Static<typeof CreditObjectionAnswerBody>;

/** What answering did: the unit's score and tier afterwards. */
export const CreditObjectionAnswered = Type.Object({ status: Type.Enum(CREDIT_OBJECTION_STATUSES), score: Type.Integer(), tier: Tier });
export type CreditObjectionAnswered = Static<typeof CreditObjectionAnswered>;

// ---- business-audit flag --------------------------------------------------------------------------

/**
 * On a project filing in the review queue: the unit's latest final tier and its bad-conduct
 * records in term today. Present only when the unit is flagged: tier D, or badConductInTerm > 0.
 */
export const CreditFlag = Type.Object({
  tier: Nullable(Tier),
  ratingYear: Nullable(Type.Integer()),
  badConductInTerm: Type.Integer(),
});
export type CreditFlag = Static<typeof CreditFlag>;

// ---- public ----------------------------------------------------------------------------------------

export const PUBLIC_CREDIT_STATUSES = ['publicity', 'final'] as const;

export const PublicCreditYear = Type.Object({
  year: Type.Integer(),
  /** publicity = 公示中 (with its window), final = 终评. */
  status: Type.Enum(PUBLIC_CREDIT_STATUSES),
  publicityFrom: Nullable(Type.String()),
  publicityUntil: Nullable(Type.String()),
  finalizedAt: Nullable(Type.String()),
});
export type PublicCreditYear = Static<typeof PublicCreditYear>;

export const PublicCreditRatingItem = Type.Object({
  unitId: Type.String(),
  unitName: Type.String(),
  /** Whether the unit has a page in the member window (/FrontPage/member-unit/:id). */
  inWindow: Type.Boolean(),
  score: Type.Integer(),
  tier: Tier,
});
export type PublicCreditRatingItem = Static<typeof PublicCreditRatingItem>;

/** `?year=2025&keyword=&current=&pageSize=`: without year, the latest year in 公示 or final. */
export const PublicCreditRatingQuery = Type.Object(
  {
    year: Type.Optional(Year),
    keyword: PageQuery.properties.keyword,
    current: PageQuery.properties.current,
    pageSize: Type.Optional(PageSize(50, 20)),
  },
  { additionalProperties: false },
);
export type PublicCreditRatingQuery = Static<typeof PublicCreditRatingQuery>;

/** The years the public may read (newest first), the year shown (null: none yet, or not such a year) and its page of units (best score first). */
export const PublicCreditRatings = Type.Object({
  years: Type.Array(PublicCreditYear),
  rating: Nullable(PublicCreditYear),
  list: Type.Array(PublicCreditRatingItem),
  total: Type.Integer(),
  current: Type.Integer(),
  pageSize: Type.Integer(),
});
export type PublicCreditRatings = Static<typeof PublicCreditRatings>;

/** A bad-conduct record in term, as the public reads it: no description's evidence, no points, no files. */
export const PublicBadConductItem = Type.Object({
  id: Type.String(),
  subjectType: Type.Enum(CREDIT_SUBJECT_TYPES),
  unitId: Type.String(),
  unitName: Type.String(),
  inWindow: Type.Boolean(),
  practitionerName: Nullable(Type.String()),
  kind: Type.String(),
  kindLabel: Type.String(),
  occurredOn: Type.String(),
  termUntil: Type.String(),
});
export type PublicBadConductItem = Static<typeof PublicBadConductItem>;

/** `?keyword=&current=&pageSize=` (keyword: the unit's or the practitioner's name). Newest first. */
export const PublicBadConductQuery = Type.Object(
  {
    keyword: PageQuery.properties.keyword,
    current: PageQuery.properties.current,
    pageSize: Type.Optional(PageSize(50, 20)),
  },
  { additionalProperties: false },
);
export type PublicBadConductQuery = Static<typeof PublicBadConductQuery>;

/** A final tier of a unit (the member window's unit page: the last three final years). */
export const PublicUnitCreditTier = Type.Object({ year: Type.Integer(), tier: Tier, score: Type.Integer() });
export type PublicUnitCreditTier = Static<typeof PublicUnitCreditTier>;
