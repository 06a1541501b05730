/**
 * Quality review (评审与质量抽查): review tasks of filed projects, the expert draws (recorded
 * whole, append-only, verifiable), the panel's answers and score sheets, the experts' personal
 * links, ratings, and the samplings of filed projects (质量抽查). The server is
 * server/modules/expert-reviews; the algorithms (pool, draw, sample, panel result) are its
 * draw.ts, exclusions.ts and panelResult.ts.
 *
 *   GET  /review-tasks                       list (staff review:task:view; a unit its own projects' tasks, names sealed)
 *   GET  /review-tasks/export                the same filters as an .xlsx (staff review:task:export; a unit its own)
 *   GET  /review-tasks/:id                   one task: seats, draws, sheets, result, history (sealed as below)
 *   POST /review-tasks                       open a task for a filed project (review:manage)
 *   PUT  /review-tasks/:id                   edit before closing (review:manage; the panel rules only before the first draw)
 *   POST /review-tasks/:id/cancel            cancel an open task, with a reason (review:manage)
 *   POST /review-tasks/:id/draw              the draw; again with a reason = a new round (review:draw)
 *   POST /review-tasks/:id/supplementary-draw 补抽 when the backups ran out (review:draw)
 *   POST /review-tasks/:id/responses         an expert's answer: confirmed / declined (reason) / no_answer (review:manage)
 *   POST /review-tasks/:id/sheets            a score sheet entered by staff (review:score)
 *   POST /review-tasks/:id/links             an expert's personal link to their sheet, shown once (review:manage)
 *   POST /review-tasks/:id/close             the panel's result; locks the task (review:manage)
 *   POST /review-tasks/:id/ratings           rate the panel's experts after closing (review:score)
 *   POST /review-tasks/:id/comment           the unit's comment on the result
 *   POST /review-tasks/:id/revision          the unit's revised report after 修改后通过
 *   POST /review-tasks/:id/revision/confirm  staff confirm the revision (review:manage)
 *   POST /review-tasks/:id/revision/return   staff return it with a reason (review:manage)
 *   GET  /expert-draws/:id                   one draw record whole (review:draw:view)
 *   GET  /expert-draws/:id/verify            recompute the draw from its record: does it match? (review:task:view; a unit its own)
 *   GET  /quality-samples                    the samplings (review:sample)
 *   GET  /quality-samples/:id                one sampling with its candidates and tasks (review:sample)
 *   POST /quality-samples                    draw a sample of filed projects; each gets a task (review:sample)
 *   GET  /quality-samples/:id/verify         recompute the sample from its record (review:sample)
 *   POST /public/review-links/view           the expert's link: the task's essentials and their sheet (no account)
 *   POST /public/review-links/sheet          the expert submits their own sheet through the link
 *   GET  /experts/:id/conflicts              an expert's declared conflicts (expert:view)
 *   POST /experts/:id/conflicts              declare one (expert:edit)
 *   PUT  /expert-conflicts/:id               edit one, with the version read (expert:edit)
 *   DELETE /expert-conflicts/:id             remove one (expert:edit)
 *
 * Sealing: an expert of a panel is named (expertId, expertName) only to staff holding
 * review:draw:view until the task is closed, and to staff after closing. A unit sees that a
 * panel of N was drawn and when, never names; after closing, the sheets as 专家1…专家N.
 *
 *   awaiting_draw ──(draw)──▶ confirming ──(every seat confirmed)──▶ scoring ──(close)──▶ closed
 *        │                     ▲   │ (a decline: the next backup moves up; none left: 补抽)
 *        └──────(cancel)───────┴───┴──▶ cancelled
 */
import Type, { type Static } from 'typebox';
import {
  BACKUP_COUNT_MIN,
  CONFLICT_KIND_VALUES,
  EXPERT_RATING_MAX,
  EXPERT_RATING_MIN,
  PANEL_SIZE_MAX,
  PANEL_SIZE_MIN,
  REVIEW_CONCLUSION_VALUES,
} from '../expertReview';
import { Nullable, PageQuery, Version } from './common';
import { FileRef } from './content';
import { FILE_ID_PATTERN } from './files';
import { BoundedInteger, CalendarDate, DateRange, Identifier } from './kinds';

// ---- states and their words -----------------------------------------------------------------

export const REVIEW_TASK_STATUS_VALUES = ['awaiting_draw', 'confirming', 'scoring', 'closed', 'cancelled'] as const;
export type ReviewTaskStatus = (typeof REVIEW_TASK_STATUS_VALUES)[number];
export const REVIEW_TASK_STATUS_LABELS: Record<ReviewTaskStatus, string> = {
  awaiting_draw: '待抽取',
  confirming: '确认中',
  scoring: '评分中',
  closed: '已结束',
  cancelled: '已取消',
};

/**
 * A seat of a drawn expert: a panel member asked (invited) answers confirmed, declined or not
 * at all (no_answer, after the deadline); a backup waits (standby) until a decline moves it up
 * (then invited); a redraw voids the earlier round's open seats (void).
 */
export const REVIEW_SEAT_STATUS_VALUES = ['invited', 'confirmed', 'declined', 'no_answer', 'standby', 'void'] as const;
export type ReviewSeatStatus = (typeof REVIEW_SEAT_STATUS_VALUES)[number];
export const REVIEW_SEAT_STATUS_LABELS: Record<ReviewSeatStatus, string> = {
  invited: '待确认',
  confirmed: '已确认',
  declined: '已婉拒',
  no_answer: '未答复',
  standby: '备选',
  void: '已作废',
};

/** What staff record for an invited expert. */
export const REVIEW_ANSWER_VALUES = ['confirmed', 'declined', 'no_answer'] as const;
export type ReviewAnswer = (typeof REVIEW_ANSWER_VALUES)[number];

export const REVIEW_DRAW_KINDS = ['initial', 'redraw', 'supplementary'] as const;
export type ReviewDrawKind = (typeof REVIEW_DRAW_KINDS)[number];
export const REVIEW_DRAW_KIND_LABELS: Record<ReviewDrawKind, string> = { initial: '首次抽取', redraw: '重新抽取', supplementary: '补抽' };

export const REVIEW_SHEET_SOURCES = ['staff', 'expert'] as const;
export type ReviewSheetSource = (typeof REVIEW_SHEET_SOURCES)[number];
export const REVIEW_SHEET_SOURCE_LABELS: Record<ReviewSheetSource, string> = { staff: '工作人员录入', expert: '专家本人提交' };

/** After 修改后通过: the unit owes a revised report (awaiting), sends it (submitted), staff confirm it or return it. */
export const REVIEW_REVISION_STATUS_VALUES = ['awaiting', 'submitted', 'confirmed', 'returned'] as const;
export type ReviewRevisionStatus = (typeof REVIEW_REVISION_STATUS_VALUES)[number];
export const REVIEW_REVISION_STATUS_LABELS: Record<ReviewRevisionStatus, string> = {
  awaiting: '待提交修改稿',
  submitted: '修改稿待确认',
  confirmed: '修改已确认',
  returned: '修改稿被退回',
};

// ---- the numbers of a panel (the defaults and the rules' numbers are common/expertReview.ts's) ----

/** The most backups a round draws (the least is BACKUP_COUNT_MIN of common/expertReview.ts). */
export const BACKUP_COUNT_MAX = 9;
/** An invited expert answers within this many hours; after it staff may record 未答复. */
export const ANSWER_HOURS = 24;
/** A draw more than this many days before the review day is warned about (not refused). */
export const DRAW_EARLY_WARNING_DAYS = 2;
export const SAMPLING_COUNT_MAX = 500;
export const REVIEW_TEXT_MAX = 500;
export const REVIEW_PLACE_MAX = 200;
export const REVIEW_SUPERVISOR_MAX = 50;
export const REVIEW_COMMENTS_MAX = 2000;
export const REVIEW_REVISION_FILES_MAX = 10;
/** The rubric's criteria add up to this. */
export const RUBRIC_TOTAL = 100;
/** HH:mm */
export const REVIEW_TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';

/** One criterion of the rubric (dictionary review_rubric: value `code:points`, the label its words). */
export const RubricCriterion = Type.Object({
  criterion: Type.String(),
  label: Type.String(),
  max: Type.Integer(),
});
export type RubricCriterion = Static<typeof RubricCriterion>;

// ---- what the caller may do ---------------------------------------------------------------------

/** A task's actions for this caller now (the server decides; the page shows these buttons). */
export const REVIEW_TASK_ACTIONS = [
  'edit',
  'cancel',
  'draw',
  'redraw',
  'supplement',
  'respond',
  'sheet',
  'link',
  'close',
  'rate',
  'comment',
  'revise',
  'confirmRevision',
  'returnRevision',
  'verify',
] as const;
export type ReviewTaskAction = (typeof REVIEW_TASK_ACTIONS)[number];

/**
 * A seat's actions: record an answer, enter its sheet (a seat without one), replace its sheet
 * (with a reason: the sheet is the expert's), make the expert's link, rate the expert.
 */
export const REVIEW_SEAT_ACTIONS = ['confirm', 'decline', 'noAnswer', 'sheet', 'replaceSheet', 'link', 'rate'] as const;
export type ReviewSeatAction = (typeof REVIEW_SEAT_ACTIONS)[number];

// ---- records ----------------------------------------------------------------------------------

export const ReviewTaskListItem = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  projectName: Type.String(),
  projectCode: Nullable(Type.String()),
  unitId: Type.String(),
  unitName: Type.String(),
  /** dictionary review_reason */
  reason: Type.String(),
  samplingId: Nullable(Type.String()),
  reviewOn: Type.String(),
  reviewTime: Nullable(Type.String()),
  place: Nullable(Type.String()),
  online: Type.Boolean(),
  panelSize: Type.Integer(),
  backupCount: Type.Integer(),
  /** dictionary expert_category values: at least one expert of each. */
  requiredCategories: Type.Array(Type.String()),
  /** dictionary specialty values wanted on the panel. */
  wantedSpecialties: Type.Array(Type.String()),
  supervisor: Type.String(),
  note: Nullable(Type.String()),
  status: Type.Enum(REVIEW_TASK_STATUS_VALUES),
  cancelReason: Nullable(Type.String()),
  /** Rounds drawn so far, and when the last one was drawn (what a unit may know). */
  rounds: Type.Integer(),
  drawnAt: Nullable(Type.String()),
  confirmedCount: Type.Integer(),
  /** Panel seats with nobody invited or confirmed in them: 补抽 fills them when no backup is left. */
  vacantSeats: Type.Integer(),
  standbyBackups: Type.Integer(),
  sheetCount: Type.Integer(),
  /** The panel's score (points, two decimals) and conclusion, once closed. */
  resultScore: Nullable(Type.Number()),
  resultConclusion: Nullable(Type.Enum(REVIEW_CONCLUSION_VALUES)),
  closedAt: Nullable(Type.String()),
  revisionStatus: Nullable(Type.Enum(REVIEW_REVISION_STATUS_VALUES)),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
  actions: Type.Array(Type.Enum(REVIEW_TASK_ACTIONS)),
});
export type ReviewTaskListItem = Static<typeof ReviewTaskListItem>;

/** One criterion's points on a sheet. */
export const SheetScore = Type.Object({ criterion: Type.String(), points: Type.Integer() });
export type SheetScore = Static<typeof SheetScore>;

/** A sheet as it was before it was replaced, and who replaced it, when and why. */
export const ReviewSheetReplacement = Type.Object({
  scores: Type.Array(SheetScore),
  total: Type.Integer(),
  comments: Nullable(Type.String()),
  conclusion: Type.Enum(REVIEW_CONCLUSION_VALUES),
  source: Type.Enum(REVIEW_SHEET_SOURCES),
  submittedAt: Type.String(),
  replacedAt: Type.String(),
  /** Staff's name (null to a unit), or null for the expert through their link. */
  replacedByName: Nullable(Type.String()),
  replacedBySource: Type.Enum(REVIEW_SHEET_SOURCES),
  /** Staff's reason (required of them); null when the expert sent their sheet again. */
  reason: Nullable(Type.String()),
});
export type ReviewSheetReplacement = Static<typeof ReviewSheetReplacement>;

export const ReviewSheet = Type.Object({
  id: Type.String(),
  seatId: Type.String(),
  /** 专家1…专家N (the seat number), what everyone but the sealed-name holders sees. */
  label: Type.String(),
  /** Sealed: null unless the caller may see the panel's names. */
  expertName: Nullable(Type.String()),
  scores: Type.Array(SheetScore),
  total: Type.Integer(),
  comments: Nullable(Type.String()),
  conclusion: Type.Enum(REVIEW_CONCLUSION_VALUES),
  source: Type.Enum(REVIEW_SHEET_SOURCES),
  submittedAt: Type.String(),
  /** The sheets this one replaced, newest first (kept whole). */
  replaced: Type.Array(ReviewSheetReplacement),
});
export type ReviewSheet = Static<typeof ReviewSheet>;

export const ReviewSeat = Type.Object({
  id: Type.String(),
  /** The panel seat (1..panel size), or null for a backup not called. */
  seatNo: Nullable(Type.Integer()),
  /** 专家3 for a seat, 备选2 for a waiting backup. */
  label: Type.String(),
  /** Sealed (null) unless the caller may see the panel's names. */
  expertId: Nullable(Type.String()),
  expertName: Nullable(Type.String()),
  expertWorkUnit: Nullable(Type.String()),
  expertCategory: Nullable(Type.String()),
  expertPhone: Nullable(Type.String()),
  round: Type.Integer(),
  drawRank: Type.Integer(),
  backupRank: Nullable(Type.Integer()),
  status: Type.Enum(REVIEW_SEAT_STATUS_VALUES),
  invitedAt: Nullable(Type.String()),
  answerDeadline: Nullable(Type.String()),
  answerReason: Nullable(Type.String()),
  answeredAt: Nullable(Type.String()),
  hasSheet: Type.Boolean(),
  /** Whether a personal link is live for this seat (the link itself is shown once, when made). */
  hasLink: Type.Boolean(),
  rating: Nullable(Type.Integer()),
  ratingComment: Nullable(Type.String()),
  actions: Type.Array(Type.Enum(REVIEW_SEAT_ACTIONS)),
});
export type ReviewSeat = Static<typeof ReviewSeat>;

/** A draw as the task shows it (what it is, not whom it drew). */
export const ReviewDrawSummary = Type.Object({
  id: Type.String(),
  round: Type.Integer(),
  kind: Type.Enum(REVIEW_DRAW_KINDS),
  reason: Nullable(Type.String()),
  drawnAt: Type.String(),
  operatorName: Nullable(Type.String()),
  supervisor: Type.String(),
  panelCount: Type.Integer(),
  backupCount: Type.Integer(),
  eligibleCount: Type.Integer(),
  excludedCount: Type.Integer(),
  warning: Nullable(Type.String()),
  digest: Type.String(),
  algorithmVersion: Type.String(),
});
export type ReviewDrawSummary = Static<typeof ReviewDrawSummary>;

export const ReviewEvent = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actorName: Nullable(Type.String()),
  kind: Type.String(),
  summary: Type.String(),
  /** The seat's label (专家2), and its expert's name for those who may see names. */
  seatLabel: Nullable(Type.String()),
  expertName: Nullable(Type.String()),
});
export type ReviewEvent = Static<typeof ReviewEvent>;

export const ReviewResult = Type.Object({
  score: Type.Number(),
  conclusion: Type.Enum(REVIEW_CONCLUSION_VALUES),
  /** How many sheets counted, and whether the highest and lowest were dropped (five or more). */
  sheetCount: Type.Integer(),
  trimmed: Type.Boolean(),
  /** How many of the counted sheets staff replaced (each with its reason under the sheet). */
  replacedByStaff: Type.Integer(),
  closedAt: Type.String(),
});
export type ReviewResult = Static<typeof ReviewResult>;

export const ReviewTaskDetail = Type.Object({
  ...ReviewTaskListItem.properties,
  project: Type.Object({
    id: Type.String(),
    name: Type.String(),
    code: Nullable(Type.String()),
    client: Nullable(Type.String()),
    type: Nullable(Type.String()),
    riskLevel: Nullable(Type.String()),
    filedAt: Nullable(Type.String()),
  }),
  rubric: Type.Array(RubricCriterion),
  /** Whether the panel's names are hidden from this caller. */
  sealed: Type.Boolean(),
  /**
   * Staff: every seat (names per sealing). A unit: nothing before closing; after it the panel's
   * seats as 专家1…专家N, without names.
   */
  seats: Type.Array(ReviewSeat),
  /** Staff: the rounds; a unit: the rounds too (kind, time, counts), never who was drawn. */
  draws: Type.Array(ReviewDrawSummary),
  /** Staff: the sheets entered so far; a unit: after closing only, as 专家1…专家N. */
  sheets: Type.Array(ReviewSheet),
  result: Nullable(ReviewResult),
  revision: Type.Object({
    status: Nullable(Type.Enum(REVIEW_REVISION_STATUS_VALUES)),
    note: Nullable(Type.String()),
    files: Type.Array(FileRef),
    submittedAt: Nullable(Type.String()),
    decidedAt: Nullable(Type.String()),
    comment: Nullable(Type.String()),
  }),
  unitComment: Nullable(Type.String()),
  unitCommentAt: Nullable(Type.String()),
  events: Type.Array(ReviewEvent),
});
export type ReviewTaskDetail = Static<typeof ReviewTaskDetail>;

/** A project's reviews as its detail shows them (sealed as the list). */
export const ProjectReviewSummary = Type.Object({
  id: Type.String(),
  reason: Type.String(),
  reviewOn: Type.String(),
  status: Type.Enum(REVIEW_TASK_STATUS_VALUES),
  panelSize: Type.Integer(),
  drawnAt: Nullable(Type.String()),
  resultScore: Nullable(Type.Number()),
  resultConclusion: Nullable(Type.Enum(REVIEW_CONCLUSION_VALUES)),
  revisionStatus: Nullable(Type.Enum(REVIEW_REVISION_STATUS_VALUES)),
  closedAt: Nullable(Type.String()),
});
export type ProjectReviewSummary = Static<typeof ProjectReviewSummary>;

// ---- the draw record -------------------------------------------------------------------------

/** One expert of the pool as the draw saw them. */
export const DrawCandidate = Type.Object({
  expertId: Type.String(),
  category: Nullable(Type.String()),
  specialties: Type.Array(Type.String()),
});
export type DrawCandidate = Static<typeof DrawCandidate>;

export const DrawExclusion = Type.Object({
  expertId: Type.String(),
  /** The exclusion rule's code (common/expertReview.ts). */
  rule: Type.String(),
  /** Its reason in words, e.g. 本单位/委托单位. */
  reason: Type.String(),
});
export type DrawExclusion = Static<typeof DrawExclusion>;

export const DrawRules = Type.Object({
  panelSize: Type.Integer(),
  backupCount: Type.Integer(),
  requiredCategories: Type.Array(Type.String()),
  wantedSpecialties: Type.Array(Type.String()),
  /** The seats this round fills (a supplementary round fills the vacant ones). */
  seatNumbers: Type.Array(Type.Integer()),
  context: Type.Object({
    assessingUnitId: Type.String(),
    assessingUnitName: Type.String(),
    clientName: Nullable(Type.String()),
    reviewOn: Type.String(),
    yearlyCap: Type.Integer(),
    recentDays: Type.Integer(),
    windowYears: Type.Integer(),
  }),
  /** Experts left out because they were asked in an earlier round of the task (补抽). */
  alreadyAsked: Type.Array(Type.String()),
});
export type DrawRules = Static<typeof DrawRules>;

export const DrawOutcome = Type.Object({
  /** The eligible pool in shuffled order. */
  order: Type.Array(Type.String()),
  panel: Type.Array(Type.String()),
  backups: Type.Array(Type.String()),
});
export type DrawOutcome = Static<typeof DrawOutcome>;

/** GET /expert-draws/:id: the record whole (review:draw:view). */
export const ExpertDrawRecord = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  round: Type.Integer(),
  kind: Type.Enum(REVIEW_DRAW_KINDS),
  reason: Nullable(Type.String()),
  seed: Type.String(),
  algorithmVersion: Type.String(),
  rules: DrawRules,
  eligible: Type.Array(DrawCandidate),
  excluded: Type.Array(DrawExclusion),
  /** How many the pool left out, per reason. */
  exclusionCounts: Type.Array(Type.Object({ rule: Type.String(), reason: Type.String(), count: Type.Integer() })),
  result: DrawOutcome,
  /** The drawn experts' names, in the result's order (panel, then backups). */
  names: Type.Array(Type.Object({ expertId: Type.String(), name: Type.String() })),
  digest: Type.String(),
  warning: Nullable(Type.String()),
  supervisor: Type.String(),
  operatorName: Nullable(Type.String()),
  drawnAt: Type.String(),
});
export type ExpertDrawRecord = Static<typeof ExpertDrawRecord>;

/**
 * GET /expert-draws/:id/verify and GET /quality-samples/:id/verify: the record recomputed.
 * `matches` is true when the recomputed result equals the stored one, the record's SHA-256
 * equals the digest stored with it, and the operation-log row written with it (in the audit
 * trail's hash chain) carries the same digest.
 */
export const DrawVerification = Type.Object({
  matches: Type.Boolean(),
  resultMatches: Type.Boolean(),
  digestMatches: Type.Boolean(),
  auditMatches: Type.Boolean(),
  storedDigest: Type.String(),
  computedDigest: Type.String(),
  algorithmVersion: Type.String(),
  /** What was recomputed: the ids in order (names are not part of the answer). Empty when sealed from the caller. */
  recomputed: Type.Array(Type.String()),
  stored: Type.Array(Type.String()),
  message: Type.String(),
});
export type DrawVerification = Static<typeof DrawVerification>;

/** The answer of a draw: the round and what it drew (counts; the names are the record's). */
export const DrawAnswer = Type.Object({
  drawId: Type.String(),
  round: Type.Integer(),
  panelCount: Type.Integer(),
  backupCount: Type.Integer(),
  eligibleCount: Type.Integer(),
  warning: Nullable(Type.String()),
});
export type DrawAnswer = Static<typeof DrawAnswer>;

// ---- samplings -----------------------------------------------------------------------------

export const QualitySampleRecord = Type.Object({
  id: Type.String(),
  from: Type.String(),
  to: Type.String(),
  sharePercent: Nullable(Type.Integer()),
  count: Nullable(Type.Integer()),
  candidateCount: Type.Integer(),
  sampleSize: Type.Integer(),
  seed: Type.String(),
  algorithmVersion: Type.String(),
  digest: Type.String(),
  note: Nullable(Type.String()),
  operatorName: Nullable(Type.String()),
  createdAt: Type.String(),
  /** The sampled projects in the order drawn, with the task each got. */
  sampled: Type.Array(
    Type.Object({ projectId: Type.String(), projectName: Type.String(), projectCode: Nullable(Type.String()), unitName: Type.String(), taskId: Nullable(Type.String()) }),
  ),
});
export type QualitySampleRecord = Static<typeof QualitySampleRecord>;

export const QualitySampleDetail = Type.Object({
  ...QualitySampleRecord.properties,
  /** The candidates' project ids as sorted (the record the sample is recomputed from). */
  candidates: Type.Array(Type.String()),
});
export type QualitySampleDetail = Static<typeof QualitySampleDetail>;

// ---- the expert's link -----------------------------------------------------------------------

/** What POST /review-tasks/:id/links answers: the link, shown this once (only its hash is kept). */
export const ReviewLinkAnswer = Type.Object({
  token: Type.String(),
  /** The page's address with the token after '#', so that it never reaches a server log. */
  path: Type.String(),
  /** The link works until the task closes. */
  validUntilClose: Type.Boolean(),
});
export type ReviewLinkAnswer = Static<typeof ReviewLinkAnswer>;

/** What the expert sees through the link. */
export const ExpertLinkView = Type.Object({
  expertName: Type.String(),
  label: Type.String(),
  project: Type.Object({
    name: Type.String(),
    code: Nullable(Type.String()),
    unitName: Type.String(),
    client: Nullable(Type.String()),
    type: Nullable(Type.String()),
    riskLevel: Nullable(Type.String()),
  }),
  reviewOn: Type.String(),
  reviewTime: Nullable(Type.String()),
  place: Nullable(Type.String()),
  online: Type.Boolean(),
  rubric: Type.Array(RubricCriterion),
  /** The report files, as addresses valid for an hour. */
  reports: Type.Array(Type.Object({ name: Type.String(), size: Type.Integer(), url: Type.String() })),
  sheet: Nullable(
    Type.Object({ scores: Type.Array(SheetScore), total: Type.Integer(), comments: Nullable(Type.String()), conclusion: Type.Enum(REVIEW_CONCLUSION_VALUES), submittedAt: Type.String() }),
  ),
  /** Whether the expert may still submit (or replace) their sheet. */
  canSubmit: Type.Boolean(),
});
export type ExpertLinkView = Static<typeof ExpertLinkView>;

// ---- queries and bodies ----------------------------------------------------------------------

const reviewRange = DateRange(CalendarDate, { field: 'reviewFrom', title: '评审日期起' }, '评审日期止');

const listFilters = {
  keyword: PageQuery.properties.keyword,
  sort: PageQuery.properties.sort,
  status: Type.Optional(Type.Enum(REVIEW_TASK_STATUS_VALUES, { title: '状态' })),
  reason: Type.Optional(Type.String({ maxLength: 40, title: '评审原因' })),
  unitId: Type.Optional(Identifier('评估单位')),
  projectId: Type.Optional(Identifier('项目')),
  samplingId: Type.Optional(Identifier('抽查批次')),
  reviewFrom: Type.Optional(reviewRange.from),
  reviewTo: Type.Optional(reviewRange.to),
};

export const ReviewTaskListQuery = Type.Object(
  { current: PageQuery.properties.current, pageSize: PageQuery.properties.pageSize, ...listFilters },
  { additionalProperties: false },
);
export type ReviewTaskListQuery = Static<typeof ReviewTaskListQuery>;

export const ReviewTaskExportQuery = Type.Object(listFilters, { additionalProperties: false });
export type ReviewTaskExportQuery = Static<typeof ReviewTaskExportQuery>;

const Text = (title: string, max = REVIEW_TEXT_MAX) => Type.Optional(Nullable(Type.String({ maxLength: max, title })));
const categories = Type.Array(Type.String({ minLength: 1, maxLength: 40, title: '专家类别' }), { maxItems: 3, uniqueItems: true, title: '专家类别' });
const specialties = Type.Array(Type.String({ minLength: 1, maxLength: 40, title: '专业领域' }), { maxItems: 10, uniqueItems: true, title: '专业领域' });

/** The settings of a review (the sampling's tasks take the same). */
const taskSettings = {
  reviewOn: CalendarDate('评审日期'),
  reviewTime: Type.Optional(Nullable(Type.String({ pattern: REVIEW_TIME_PATTERN, title: '评审时间' }))),
  place: Text('评审地点', REVIEW_PLACE_MAX),
  online: Type.Optional(Type.Boolean({ title: '线上评审' })),
  panelSize: Type.Optional(BoundedInteger({ title: '评审专家人数', minimum: PANEL_SIZE_MIN, maximum: PANEL_SIZE_MAX })),
  backupCount: Type.Optional(BoundedInteger({ title: '备选专家人数', minimum: BACKUP_COUNT_MIN, maximum: BACKUP_COUNT_MAX })),
  requiredCategories: Type.Optional(categories),
  wantedSpecialties: Type.Optional(specialties),
  supervisor: Type.String({ minLength: 1, maxLength: REVIEW_SUPERVISOR_MAX, title: '监督人' }),
  note: Text('备注'),
};

/** Open a task: the project (filed), why, when and where, the panel's rules, the supervisor. */
export const ReviewTaskCreateBody = Type.Object(
  { projectId: Identifier('项目'), reason: Type.String({ minLength: 1, maxLength: 40, title: '评审原因' }), ...taskSettings },
  { additionalProperties: false },
);
export type ReviewTaskCreateBody = Static<typeof ReviewTaskCreateBody>;

/** Edit: time, place, supervisor, note any time before closing; panel size, backups and composition only before the first draw. */
export const ReviewTaskUpdateBody = Type.Object({ ...taskSettings, version: Version }, { additionalProperties: false });
export type ReviewTaskUpdateBody = Static<typeof ReviewTaskUpdateBody>;

/** A step that needs only the version read (close, supplementary draw, confirm a revision). */
export const ReviewStepBody = Type.Object(
  { version: Version, comment: Type.Optional(Type.String({ maxLength: REVIEW_TEXT_MAX, title: '意见' })) },
  { additionalProperties: false },
);
export type ReviewStepBody = Static<typeof ReviewStepBody>;

/** A step with a required reason (cancel, return a revision). */
export const ReviewReasonBody = Type.Object(
  { version: Version, reason: Type.String({ minLength: 1, maxLength: REVIEW_TEXT_MAX, title: '原因' }) },
  { additionalProperties: false },
);
export type ReviewReasonBody = Static<typeof ReviewReasonBody>;

/** The draw. A task already drawn is drawn again only with a reason (a new round; the open seats of the earlier one are voided). */
export const ReviewDrawBody = Type.Object(
  { version: Version, reason: Type.Optional(Type.String({ maxLength: REVIEW_TEXT_MAX, title: '重新抽取原因' })) },
  { additionalProperties: false },
);
export type ReviewDrawBody = Static<typeof ReviewDrawBody>;

export const ReviewResponseBody = Type.Object(
  {
    version: Version,
    seatId: Identifier('专家席位'),
    answer: Type.Enum(REVIEW_ANSWER_VALUES, { title: '答复' }),
    reason: Type.Optional(Type.String({ maxLength: REVIEW_TEXT_MAX, title: '婉拒原因' })),
  },
  { additionalProperties: false },
);
export type ReviewResponseBody = Static<typeof ReviewResponseBody>;

const sheetFields = {
  scores: Type.Array(
    Type.Object(
      { criterion: Type.String({ minLength: 1, maxLength: 40, title: '评分项' }), points: BoundedInteger({ title: '得分', minimum: 0, maximum: RUBRIC_TOTAL }) },
      { additionalProperties: false },
    ),
    { minItems: 1, maxItems: 20, title: '评分' },
  ),
  comments: Text('评审意见', REVIEW_COMMENTS_MAX),
  conclusion: Type.Enum(REVIEW_CONCLUSION_VALUES, { title: '评审结论' }),
};

/**
 * A sheet entered by staff from the paper. A seat that has a sheet (the expert's own, or one
 * entered before) is replaced only with `reason`; the replaced sheet is kept and the expert told.
 */
export const ReviewSheetBody = Type.Object(
  { version: Version, seatId: Identifier('专家席位'), ...sheetFields, reason: Type.Optional(Type.String({ maxLength: REVIEW_TEXT_MAX, title: '替换原因' })) },
  { additionalProperties: false },
);
export type ReviewSheetBody = Static<typeof ReviewSheetBody>;

export const ReviewLinkBody = Type.Object({ version: Version, seatId: Identifier('专家席位') }, { additionalProperties: false });
export type ReviewLinkBody = Static<typeof ReviewLinkBody>;

export const ReviewRatingsBody = Type.Object(
  {
    version: Version,
    ratings: Type.Array(
      Type.Object(
        {
          seatId: Identifier('专家席位'),
          rating: BoundedInteger({ title: '评价', minimum: EXPERT_RATING_MIN, maximum: EXPERT_RATING_MAX }),
          comment: Text('评价说明'),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: PANEL_SIZE_MAX, title: '专家评价' },
    ),
  },
  { additionalProperties: false },
);
export type ReviewRatingsBody = Static<typeof ReviewRatingsBody>;

export const ReviewCommentBody = Type.Object(
  { version: Version, comment: Type.String({ minLength: 1, maxLength: REVIEW_COMMENTS_MAX, title: '单位意见' }) },
  { additionalProperties: false },
);
export type ReviewCommentBody = Static<typeof ReviewCommentBody>;

export const ReviewRevisionBody = Type.Object(
  {
    version: Version,
    reportFileIds: Type.Array(Type.String({ pattern: FILE_ID_PATTERN, title: '修改后的评估报告' }), {
      minItems: 1,
      maxItems: REVIEW_REVISION_FILES_MAX,
      uniqueItems: true,
      title: '修改后的评估报告',
    }),
    note: Text('修改说明', REVIEW_COMMENTS_MAX),
  },
  { additionalProperties: false },
);
export type ReviewRevisionBody = Static<typeof ReviewRevisionBody>;

const samplePeriod = DateRange(CalendarDate, { field: 'from', title: '抽查期间起' }, '抽查期间止');

/** 质量抽查: the period (filed in it), a share in percent or a number, and the tasks' settings. */
export const QualitySampleCreateBody = Type.Object(
  {
    from: samplePeriod.from,
    to: samplePeriod.to,
    sharePercent: Type.Optional(BoundedInteger({ title: '抽查比例', minimum: 1, maximum: 100 })),
    count: Type.Optional(BoundedInteger({ title: '抽查数量', minimum: 1, maximum: SAMPLING_COUNT_MAX })),
    ...taskSettings,
  },
  { additionalProperties: false },
);
export type QualitySampleCreateBody = Static<typeof QualitySampleCreateBody>;

export const QualitySampleListQuery = Type.Object(
  { current: PageQuery.properties.current, pageSize: PageQuery.properties.pageSize },
  { additionalProperties: false },
);
export type QualitySampleListQuery = Static<typeof QualitySampleListQuery>;

/** The answer of a sampling: the record and the tasks it opened. */
export const QualitySampleAnswer = Type.Object({ id: Type.String(), sampleSize: Type.Integer(), candidateCount: Type.Integer(), taskIds: Type.Array(Type.String()) });
export type QualitySampleAnswer = Static<typeof QualitySampleAnswer>;

/** The expert's link: the token from the page's address. */
const LINK_TOKEN_MIN = 20;
const LINK_TOKEN_MAX = 100;
const LINK_TOKEN_PATTERN = '^[A-Za-z0-9_-]+$';
const LinkToken = Type.String({ minLength: LINK_TOKEN_MIN, maxLength: LINK_TOKEN_MAX, pattern: LINK_TOKEN_PATTERN, title: '链接' });

/** Whether a text has an expert link token's shape (LinkToken): a cut-off link does not. */
export function isLinkTokenShape(token: string): boolean {
  return token.length >= LINK_TOKEN_MIN && token.length <= LINK_TOKEN_MAX && new RegExp(LINK_TOKEN_PATTERN).test(token);
}

export const ExpertLinkBody = Type.Object({ token: LinkToken }, { additionalProperties: false });
export type ExpertLinkBody = Static<typeof ExpertLinkBody>;

export const ExpertLinkSheetBody = Type.Object({ token: LinkToken, ...sheetFields }, { additionalProperties: false });
export type ExpertLinkSheetBody = Static<typeof ExpertLinkSheetBody>;

// ---- the expert library's additions -----------------------------------------------------------

export const ExpertConflict = Type.Object({
  id: Type.String(),
  expertId: Type.String(),
  unitName: Type.String(),
  kind: Type.Enum(CONFLICT_KIND_VALUES),
  relation: Nullable(Type.String()),
  from: Type.String(),
  to: Nullable(Type.String()),
  note: Nullable(Type.String()),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type ExpertConflict = Static<typeof ExpertConflict>;

const conflictPeriod = DateRange(CalendarDate, { field: 'from', title: '起始日期' }, '截止日期');
const conflictFields = {
  unitName: Type.String({ minLength: 1, maxLength: 100, title: '单位名称' }),
  kind: Type.Enum(CONFLICT_KIND_VALUES, { title: '关系类型' }),
  relation: Text('亲属关系', 50),
  from: conflictPeriod.from,
  to: Type.Optional(Nullable(conflictPeriod.to)),
  note: Text('说明'),
};

export const ExpertConflictCreateBody = Type.Object(conflictFields, { additionalProperties: false });
export type ExpertConflictCreateBody = Static<typeof ExpertConflictCreateBody>;

export const ExpertConflictUpdateBody = Type.Object({ ...conflictFields, version: Version }, { additionalProperties: false });
export type ExpertConflictUpdateBody = Static<typeof ExpertConflictUpdateBody>;

/** What the expert library shows of each expert's reviews (GET /experts rows). */
export const ExpertReviewStanding = Type.Object({
  /** Reviews this calendar year (seats invited or confirmed) and the yearly cap. */
  reviewsThisYear: Type.Integer(),
  yearlyCap: Type.Integer(),
  lastReviewOn: Nullable(Type.String()),
  /** The average of the last STANDING_RATING_COUNT ratings (common/expertReview.ts), two decimals; null before any. */
  averageRating: Nullable(Type.Number()),
  ratingCount: Type.Integer(),
  /** The average of the last ratings is under the threshold (standingFlag). */
  flagged: Type.Boolean(),
});
export type ExpertReviewStanding = Static<typeof ExpertReviewStanding>;
