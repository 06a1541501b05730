/**
 * msw handlers for quality review (server/modules/expert-reviews; the routes are listed in
 * common/schemas/reviewTasks.ts), stateful like the server: review tasks (list with the
 * server's filters and scope, detail sealed as the server seals it, open, edit with 409,
 * cancel), the draw (a fixed pool; a task of 城北化工园区 refused as a pool too small with the
 * server's words), a repeat with a reason, 补抽, answers (a decline moves the first backup up),
 * sheets, links, close (./panelResult's rule), ratings, the unit's comment and revision, the
 * draw records and their verification, 质量抽查, the expert's link, and an expert's declared
 * conflicts. `actions` says what the caller may do, as the server's actionsFor
 * (server/modules/expert-reviews/queries.ts).
 *
 *   expertReviewsDb.tasks                          // the tasks as they stand now (mutable)
 *   expertReviewCallsTo('post', '/review-tasks/rt-1/draw')
 *   VALID_LINK_TOKEN                               // opens seat 专家1 of rt-scoring
 *
 * `resetExpertReviewsMock()` (through `resetMockState()`) restores the fixtures.
 */
import { http, type HttpHandler } from 'msw';
import { EXCLUSION_REASONS, REVIEW_CONCLUSION_LABELS, type ReviewConclusion } from '@common/expertReview';
import { AuthType, hasPermission } from '@common/permissions';
import type {
  DrawVerification,
  ExpertConflict,
  ExpertConflictCreateBody,
  ExpertDrawRecord,
  ExpertLinkView,
  ProjectReviewSummary,
  QualitySampleDetail,
  ReviewSeat,
  ReviewSeatAction,
  ReviewSheet,
  ReviewTaskAction,
  ReviewTaskDetail,
  ReviewTaskListItem,
} from '@common/schemas/reviewTasks';
import { panelResult } from '../server/quality/panelResult';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME } from './fixtures';
import { apiPath, bad, callLog, done, download, forbidden, guard, hasKeyword, matching, notFound, pageOf, stale, type ApiCall, type FixtureAccount } from './kit';
import { OTHER_PROJECT_UNIT, setProjectReviews } from './projects';

const log = callLog();
export type ExpertReviewCall = ApiCall;
export const expertReviewCalls = log.calls;
export const expertReviewCallsTo = log.to;

export const VALID_LINK_TOKEN = 'mock-link-token-0123456789abcdefghijklmnop';
export const POOL_TOO_SMALL_MESSAGE =
  '无法抽取：符合条件的专家 4 人，抽取 5 名评审专家和 2 名备选专家共需 7 人。专家库共 12 人，未纳入 8 人：停用 1 人、本单位/委托单位 2 人、申报的利害关系 3 人、本年度评审已达上限 2 人';

const RUBRIC = [
  { criterion: 'procedure', label: '评估程序合法合规', max: 20 },
  { criterion: 'investigation', label: '风险调查与识别全面', max: 25 },
  { criterion: 'estimation', label: '风险估计与等级判定科学', max: 20 },
  { criterion: 'measures', label: '防范化解措施可行', max: 20 },
  { criterion: 'report', label: '报告规范与结论明确', max: 15 },
];

/** The library the mock draws from, in the order it draws. */
const POOL = [
  ['expert-1', '陈守仁', '市委党校（市行政学院）', 'management'],
  ['expert-2', '林慧敏', '市社会科学院', 'social_science'],
  ['expert-5', '潘晓岚', '市生态环境科学研究院', 'engineering'],
  ['expert-6', '蒋立新', '市安全生产科学研究院', 'engineering'],
  ['expert-7', '方婷', '某大学心理学系', 'social_science'],
  ['expert-8', '钟志强', '某财经大学经济学院', 'social_science'],
  ['expert-9', '叶青', '市律师协会', 'social_science'],
  ['expert-10', '郭建华', '市建设工程质量安全监督总站（退休）', 'engineering'],
  ['expert-11', '曹文静', '某大学公共管理学院', 'management'],
  ['expert-12', '彭海涛', '市信访局（挂职专家）', 'management'],
] as const;
const expertOf = (id: string) => POOL.find((e) => e[0] === id);

const PROJECT_IDS = ['pj-1', 'pj-9', 'pj-10'] as const;
type ProjectId = (typeof PROJECT_IDS)[number];
const isProject = (id: unknown): id is ProjectId => PROJECT_IDS.some((p) => p === id);

/**
 * The filed projects tasks are opened for (pj-1 is the fixture unit's in ./projects.ts). A
 * function, read when a task is made: ./projects.ts imports this module for a project's reviews.
 */
function projectOf(id: ProjectId): { name: string; code: string; unitId: string; unitName: string; client: string } {
  const projects: Record<ProjectId, { name: string; code: string; unitId: string; unitName: string; client: string }> = {
    'pj-1': { name: '地铁5号线二期工程稳评', code: 'PJ-1', unitId: FIXTURE_UNIT_ID, unitName: FIXTURE_UNIT_NAME, client: '市交通运输局' },
    'pj-9': { name: '城北化工园区有机更新及企业搬迁稳评', code: 'PJ-9', unitId: OTHER_PROJECT_UNIT.id, unitName: OTHER_PROJECT_UNIT.name, client: '城北区人民政府' },
    'pj-10': { name: '农村集体经营性建设用地入市试点稳评', code: 'PJ-10', unitId: OTHER_PROJECT_UNIT.id, unitName: OTHER_PROJECT_UNIT.name, client: '市规划和自然资源局' },
  };
  return projects[id];
}

interface StoredSeat {
  id: string;
  expertId: string;
  round: number;
  drawRank: number;
  backupRank: number | null;
  seatNo: number | null;
  status: ReviewSeat['status'];
  answerReason: string | null;
  answerDeadline: string | null;
  rating: number | null;
}

interface StoredSheet {
  seatId: string;
  scores: { criterion: string; points: number }[];
  total: number;
  comments: string | null;
  conclusion: ReviewConclusion;
  source: 'staff' | 'expert';
}

interface StoredDraw {
  id: string;
  round: number;
  kind: 'initial' | 'redraw' | 'supplementary';
  reason: string | null;
  panel: string[];
  backups: string[];
  drawnAt: string;
}

interface StoredTask {
  record: Omit<ReviewTaskListItem, 'actions' | 'rounds' | 'drawnAt' | 'confirmedCount' | 'vacantSeats' | 'standbyBackups' | 'sheetCount'>;
  seats: StoredSeat[];
  draws: StoredDraw[];
  sheets: StoredSheet[];
  unitComment: string | null;
  revisionFiles: ReviewTaskDetail['revision']['files'];
}

const T0 = '2026-11-20T02:00:00.000Z';

function task(id: string, projectId: ProjectId, status: ReviewTaskListItem['status'], extra: Partial<StoredTask['record']> = {}): StoredTask {
  const p = projectOf(projectId);
  return {
    record: {
      id,
      projectId,
      projectName: p.name,
      projectCode: p.code,
      unitId: p.unitId,
      unitName: p.unitName,
      reason: 'application',
      samplingId: null,
      reviewOn: '2026-12-10',
      reviewTime: '09:30',
      place: '协会三楼会议室',
      online: false,
      panelSize: 3,
      backupCount: 2,
      requiredCategories: [],
      wantedSpecialties: [],
      supervisor: '赵明',
      note: null,
      status,
      cancelReason: null,
      resultScore: null,
      resultConclusion: null,
      closedAt: null,
      revisionStatus: null,
      createdAt: T0,
      updatedAt: T0,
      version: 1,
      ...extra,
    },
    seats: [],
    draws: [],
    sheets: [],
    unitComment: null,
    revisionFiles: [],
  };
}

/** Seats of one round: the panel invited (or as given), the backups waiting. */
function drawInto(t: StoredTask, ids: readonly string[], kind: StoredDraw['kind'], reason: string | null, seatNumbers: number[]): StoredDraw {
  const round = t.draws.length + 1;
  const panel = ids.slice(0, seatNumbers.length);
  const backups = ids.slice(seatNumbers.length, seatNumbers.length + t.record.backupCount);
  const at = new Date().toISOString();
  const deadline = new Date(Date.now() + 24 * 3_600_000).toISOString();
  panel.forEach((expertId, i) =>
    t.seats.push({ id: `${t.record.id}-s${round}-${i + 1}`, expertId, round, drawRank: i + 1, backupRank: null, seatNo: seatNumbers[i], status: 'invited', answerReason: null, answerDeadline: deadline, rating: null }),
  );
  backups.forEach((expertId, i) =>
    t.seats.push({ id: `${t.record.id}-s${round}-b${i + 1}`, expertId, round, drawRank: panel.length + i + 1, backupRank: i + 1, seatNo: null, status: 'standby', answerReason: null, answerDeadline: null, rating: null }),
  );
  const draw = { id: `draw-${t.record.id}-${round}`, round, kind, reason, panel, backups, drawnAt: at };
  t.draws.push(draw);
  return draw;
}

function fixtureTasks(): StoredTask[] {
  const awaiting = task('rt-awaiting', 'pj-10', 'awaiting_draw');
  const small = task('rt-small', 'pj-9', 'awaiting_draw', { panelSize: 5 });
  const confirming = task('rt-confirming', 'pj-1', 'confirming', { version: 3 });
  drawInto(confirming, ['expert-1', 'expert-5', 'expert-7', 'expert-8', 'expert-11'], 'initial', null, [1, 2, 3]);
  confirming.seats[0].status = 'confirmed';
  const scoring = task('rt-scoring', 'pj-9', 'scoring', { version: 6 });
  drawInto(scoring, ['expert-2', 'expert-6', 'expert-9', 'expert-10', 'expert-12'], 'initial', null, [1, 2, 3]);
  for (const seat of scoring.seats.slice(0, 3)) seat.status = 'confirmed';
  scoring.sheets.push({ seatId: scoring.seats[0].id, scores: RUBRIC.map((c) => ({ criterion: c.criterion, points: c.max - 3 })), total: 85, comments: '风险识别较全面。', conclusion: 'pass', source: 'staff' });
  const closed = task('rt-closed', 'pj-1', 'closed', {
    reviewOn: '2025-11-18',
    panelSize: 3,
    resultScore: 80.3,
    resultConclusion: 'revise',
    closedAt: '2025-11-18T09:00:00.000Z',
    revisionStatus: 'awaiting',
    version: 9,
  });
  drawInto(closed, ['expert-6', 'expert-8', 'expert-11', 'expert-1', 'expert-2'], 'initial', null, [1, 2, 3]);
  for (const seat of closed.seats.slice(0, 3)) seat.status = 'confirmed';
  closed.sheets.push(
    ...([
      [90, 'pass'],
      [81, 'revise'],
      [70, 'revise'],
    ] as const).map(([total, conclusion], i) => ({ seatId: closed.seats[i].id, scores: RUBRIC.map((c) => ({ criterion: c.criterion, points: Math.round((c.max * total) / 100) })), total, comments: `专家意见 ${i + 1}`, conclusion, source: 'staff' as const })),
  );
  return [awaiting, small, confirming, scoring, closed];
}

export const expertReviewsDb: { tasks: StoredTask[]; conflicts: ExpertConflict[]; samples: QualitySampleDetail[] } = {
  tasks: fixtureTasks(),
  conflicts: fixtureConflicts(),
  samples: fixtureSamples(),
};

function fixtureConflicts(): ExpertConflict[] {
  return [
    { id: 'conflict-1', expertId: 'expert-1', unitName: FIXTURE_UNIT_NAME, kind: 'advised', relation: null, from: '2024-03-01', to: null, note: null, updatedAt: T0, version: 0 },
    { id: 'conflict-2', expertId: 'expert-1', unitName: '城东新城建设管理委员会', kind: 'relative', relation: '配偶', from: '2022-01-01', to: null, note: null, updatedAt: T0, version: 0 },
  ];
}

function fixtureSamples(): QualitySampleDetail[] {
  return [
    {
      id: 'qs-1',
      from: '2025-01-01',
      to: '2025-12-31',
      sharePercent: 10,
      count: null,
      candidateCount: 12,
      sampleSize: 2,
      seed: 'a'.repeat(64),
      algorithmVersion: 'hmac-sha256-ctr+fisher-yates+rule-walk/1',
      digest: 'b'.repeat(64),
      note: null,
      operatorName: '协会秘书处',
      createdAt: T0,
      sampled: [{ projectId: 'pj-10', projectName: projectOf('pj-10').name, projectCode: 'PJ-10', unitName: OTHER_PROJECT_UNIT.name, taskId: 'rt-awaiting' }],
      candidates: ['pj-1', 'pj-10', 'pj-9'],
    },
  ];
}

export function resetExpertReviewsMock(): void {
  expertReviewsDb.tasks = fixtureTasks();
  expertReviewsDb.conflicts = fixtureConflicts();
  expertReviewsDb.samples = fixtureSamples();
  log.clear();
}

/* ---------- the server's rules, as the mock keeps them ---------- */

const isStaff = (a: FixtureAccount) => a.user.authType === AuthType.Staff;
const open = (t: StoredTask) => ['awaiting_draw', 'confirming', 'scoring'].includes(t.record.status);
const holding = (t: StoredTask) => t.seats.filter((s) => s.seatNo !== null && (s.status === 'invited' || s.status === 'confirmed'));
const standby = (t: StoredTask) => t.seats.filter((s) => s.status === 'standby');
const vacant = (t: StoredTask) => (open(t) ? Math.max(0, t.record.panelSize - holding(t).length) : 0);
const namesVisible = (a: FixtureAccount, t: StoredTask) => isStaff(a) && (t.record.status === 'closed' || hasPermission(a.user, 'review:draw:view'));
const canSee = (a: FixtureAccount, t: StoredTask) => isStaff(a) || (a.user.authType === AuthType.MemberUnit && a.user.unitId === t.record.unitId);
const label = (s: StoredSeat) => (s.seatNo !== null ? `专家${s.seatNo}` : `备选${s.backupRank ?? s.drawRank}`);

function actionsFor(a: FixtureAccount, t: StoredTask): ReviewTaskAction[] {
  const { status } = t.record;
  const rounds = t.draws.length;
  if (a.user.authType === AuthType.MemberUnit) {
    if (a.user.unitId !== t.record.unitId) return [];
    const out: ReviewTaskAction[] = [];
    if (status === 'closed') {
      out.push('comment');
      if (t.record.revisionStatus === 'awaiting' || t.record.revisionStatus === 'returned') out.push('revise');
    }
    if (rounds > 0) out.push('verify');
    return out;
  }
  if (!isStaff(a)) return [];
  const can = (code: Parameters<typeof hasPermission>[1]) => hasPermission(a.user, code);
  const out: ReviewTaskAction[] = [];
  if (open(t) && can('review:manage')) out.push('edit', 'cancel');
  if (can('review:draw')) {
    if (status === 'awaiting_draw') out.push('draw');
    if ((status === 'confirming' || status === 'scoring') && t.sheets.length === 0) out.push('redraw');
    if (status === 'confirming' && vacant(t) > 0 && standby(t).length === 0) out.push('supplement');
  }
  if (can('review:manage') && status === 'confirming' && t.seats.some((s) => s.status === 'invited')) out.push('respond');
  if (can('review:score') && status === 'scoring') out.push('sheet');
  if (can('review:manage') && can('review:draw:view') && status === 'scoring') out.push('link');
  if (can('review:manage') && status === 'scoring' && t.sheets.length >= t.record.panelSize) out.push('close');
  if (can('review:score') && status === 'closed') out.push('rate');
  if (can('review:manage') && t.record.revisionStatus === 'submitted') out.push('confirmRevision', 'returnRevision');
  if (rounds > 0) out.push('verify');
  return out;
}

function seatActions(a: FixtureAccount, t: StoredTask, s: StoredSeat): ReviewSeatAction[] {
  if (!isStaff(a)) return [];
  const can = (code: Parameters<typeof hasPermission>[1]) => hasPermission(a.user, code);
  const out: ReviewSeatAction[] = [];
  if (t.record.status === 'confirming' && s.status === 'invited' && can('review:manage')) {
    out.push('confirm', 'decline');
    if (s.answerDeadline && s.answerDeadline <= new Date().toISOString()) out.push('noAnswer');
  }
  const member = s.status === 'confirmed' && s.seatNo !== null;
  if (t.record.status === 'scoring' && member && can('review:score')) out.push(t.sheets.some((x) => x.seatId === s.id) ? 'replaceSheet' : 'sheet');
  if (t.record.status === 'scoring' && member && can('review:manage') && can('review:draw:view')) out.push('link');
  if (t.record.status === 'closed' && member && t.sheets.some((x) => x.seatId === s.id) && can('review:score')) out.push('rate');
  return out;
}

function toItem(a: FixtureAccount, t: StoredTask): ReviewTaskListItem {
  return {
    ...t.record,
    rounds: t.draws.length,
    drawnAt: t.draws.at(-1)?.drawnAt ?? null,
    confirmedCount: t.seats.filter((s) => s.status === 'confirmed').length,
    vacantSeats: vacant(t),
    standbyBackups: standby(t).length,
    sheetCount: t.sheets.length,
    actions: actionsFor(a, t),
  };
}

function toDetail(a: FixtureAccount, t: StoredTask): ReviewTaskDetail {
  const names = namesVisible(a, t);
  const staff = isStaff(a);
  const closed = t.record.status === 'closed';
  const p = projectOf(isProject(t.record.projectId) ? t.record.projectId : 'pj-1');
  const shown = staff ? t.seats : closed ? t.seats.filter((s) => s.status === 'confirmed' && s.seatNo !== null) : [];
  const seats: ReviewSeat[] = shown.map((s) => {
    const e = expertOf(s.expertId);
    return {
      id: s.id,
      seatNo: s.seatNo,
      label: label(s),
      expertId: names ? s.expertId : null,
      expertName: names ? (e?.[1] ?? null) : null,
      expertWorkUnit: names ? (e?.[2] ?? null) : null,
      expertCategory: names ? (e?.[3] ?? null) : null,
      expertPhone: null,
      round: s.round,
      drawRank: s.drawRank,
      backupRank: s.backupRank,
      status: s.status,
      invitedAt: staff && s.answerDeadline ? T0 : null,
      answerDeadline: staff ? s.answerDeadline : null,
      answerReason: staff ? s.answerReason : null,
      answeredAt: null,
      hasSheet: t.sheets.some((x) => x.seatId === s.id),
      hasLink: false,
      rating: staff ? s.rating : null,
      ratingComment: null,
      actions: seatActions(a, t, s),
    };
  });
  const sheets: ReviewSheet[] =
    staff || closed
      ? t.sheets.map((x) => {
          const seat = t.seats.find((s) => s.id === x.seatId);
          return {
            id: `sheet-${x.seatId}`,
            seatId: x.seatId,
            label: seat ? label(seat) : '专家',
            expertName: names && seat ? (expertOf(seat.expertId)?.[1] ?? null) : null,
            scores: x.scores,
            total: x.total,
            comments: x.comments,
            conclusion: x.conclusion,
            source: x.source,
            submittedAt: T0,
            replaced: [],
          };
        })
      : [];
  return {
    ...toItem(a, t),
    project: { id: t.record.projectId, name: p.name, code: p.code, client: p.client, type: 'major_project', riskLevel: 'medium', filedAt: T0 },
    rubric: RUBRIC,
    sealed: !names,
    seats,
    draws: t.draws.map((d) => ({
      id: d.id,
      round: d.round,
      kind: d.kind,
      reason: d.reason,
      drawnAt: d.drawnAt,
      operatorName: '协会秘书处',
      supervisor: t.record.supervisor,
      panelCount: d.panel.length,
      backupCount: d.backups.length,
      eligibleCount: 9,
      excludedCount: 3,
      warning: null,
      digest: 'c'.repeat(64),
      algorithmVersion: 'hmac-sha256-ctr+fisher-yates+rule-walk/1',
    })),
    sheets,
    result:
      closed && t.record.resultScore !== null && t.record.resultConclusion !== null && t.record.closedAt !== null
        ? { score: t.record.resultScore, conclusion: t.record.resultConclusion, sheetCount: t.sheets.length, trimmed: t.sheets.length >= 5, replacedByStaff: 0, closedAt: t.record.closedAt }
        : null,
    revision: { status: t.record.revisionStatus, note: null, files: t.revisionFiles, submittedAt: null, decidedAt: null, comment: null },
    unitComment: t.unitComment,
    unitCommentAt: t.unitComment ? T0 : null,
    events: [{ id: '1', at: T0, actorName: staff ? '协会秘书处' : null, kind: 'created', summary: '发起评审（单位申请）', seatLabel: null, expertName: null }],
  };
}

/** A project's reviews as its detail lists them (mock/projects.ts). */
export function projectReviewsOf(projectId: string): ProjectReviewSummary[] {
  return expertReviewsDb.tasks
    .filter((t) => t.record.projectId === projectId)
    .map((t) => ({
      id: t.record.id,
      reason: t.record.reason,
      reviewOn: t.record.reviewOn,
      status: t.record.status,
      panelSize: t.record.panelSize,
      drawnAt: t.draws.at(-1)?.drawnAt ?? null,
      resultScore: t.record.resultScore,
      resultConclusion: t.record.resultConclusion,
      revisionStatus: t.record.revisionStatus,
      closedAt: t.record.closedAt,
    }));
}

setProjectReviews(projectReviewsOf);

/* ---------- plumbing ---------- */

const findTask = (id: unknown) => expertReviewsDb.tasks.find((t) => t.record.id === id);

/** The caller and the task, in the server's order: 401, 403 (the route's code), 404, 403 (another unit's). */
function taskFor(request: Request, id: unknown, codes: Parameters<typeof guard>[1], kinds: readonly number[] = [AuthType.Staff]): { account: FixtureAccount; task: StoredTask } | Response {
  const account = guard(request, codes, kinds);
  if (account instanceof Response) return account;
  const t = findTask(id);
  if (!t) return notFound('评审任务');
  if (!canSee(account, t)) return forbidden();
  return { account, task: t };
}

const NOT_OPEN = (t: StoredTask) => bad(t.record.status === 'closed' ? '评审已结束，不能再修改' : '评审任务已取消，不能再修改');
const touch = (t: StoredTask, change: Partial<StoredTask['record']> = {}) => {
  t.record = { ...t.record, ...change, version: t.record.version + 1, updatedAt: new Date().toISOString() };
};

interface Versioned {
  version?: number;
}

/** One staff step: the route's code, the task open, the version read. */
async function staffStep(request: Request, id: unknown, code: Parameters<typeof guard>[1], needOpen = true): Promise<{ account: FixtureAccount; task: StoredTask; body: Record<string, unknown> } | Response> {
  const body = ((await log.record(request)) ?? {}) as Record<string, unknown> & Versioned;
  const found = taskFor(request, id, code);
  if (found instanceof Response) return found;
  if (needOpen && !open(found.task)) return NOT_OPEN(found.task);
  if (body.version !== found.task.record.version) return stale();
  return { ...found, body };
}

function promoteOrVacate(t: StoredTask, seat: StoredSeat): string {
  const next = [...standby(t)].sort((a, b) => a.round - b.round || (a.backupRank ?? 0) - (b.backupRank ?? 0))[0];
  if (!next) return `已记录；备选专家已用完，${label(seat)}席位空缺，需要补抽`;
  const words = `${label(next)}递补为${label(seat)}`;
  next.status = 'invited';
  next.seatNo = seat.seatNo;
  next.answerDeadline = new Date(Date.now() + 24 * 3_600_000).toISOString();
  return `已记录；${words}，请联系确认`;
}

/* ---------- handlers ---------- */

export const expertReviewsHandlers: HttpHandler[] = [
  http.get(apiPath('/review-tasks'), async ({ request }) => {
    const account = await log.guard(request, 'review:task:view', [AuthType.Staff, AuthType.MemberUnit]);
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    const list = expertReviewsDb.tasks
      .filter((t) => canSee(account, t))
      .filter(
        matching<StoredTask>(params, {
          status: (t, v) => t.record.status === v,
          reason: (t, v) => t.record.reason === v,
          projectId: (t, v) => t.record.projectId === v,
          unitId: (t, v) => !isStaff(account) || t.record.unitId === v,
          keyword: (t, k) => hasKeyword(k, [t.record.projectName, t.record.projectCode, t.record.unitName]),
        }),
      )
      .sort((a, b) => b.record.reviewOn.localeCompare(a.record.reviewOn))
      .map((t) => toItem(account, t));
    return done(pageOf(list, params));
  }),

  http.get(apiPath('/review-tasks/export'), async ({ request }) => {
    const account = await log.guard(request, 'review:task:export', [AuthType.Staff, AuthType.MemberUnit]);
    if (account instanceof Response) return account;
    return download('评审任务.xlsx');
  }),

  http.get(apiPath('/review-tasks/:id'), async ({ request, params }) => {
    await log.record(request);
    const found = taskFor(request, params.id, 'review:task:view', [AuthType.Staff, AuthType.MemberUnit]);
    if (found instanceof Response) return found;
    return done(toDetail(found.account, found.task));
  }),

  http.post(apiPath('/review-tasks'), async ({ request }) => {
    const body = (await log.record(request)) as { projectId?: string; panelSize?: number; backupCount?: number; reviewOn?: string; supervisor?: string } & Record<string, unknown>;
    const account = guard(request, 'review:manage');
    if (account instanceof Response) return account;
    if (!isProject(body.projectId)) return bad('只能对已备案的项目发起评审');
    if (expertReviewsDb.tasks.some((t) => t.record.projectId === body.projectId && open(t))) return bad('该项目已有进行中的评审任务，请在该任务中继续');
    const panelSize = body.panelSize ?? 5;
    if (panelSize % 2 === 0) return bad('评审专家人数应为 3–9 之间的奇数');
    const id = `rt-${expertReviewsDb.tasks.length + 1}`;
    const created = task(id, body.projectId, 'awaiting_draw', {
      panelSize,
      backupCount: body.backupCount ?? 2,
      reviewOn: body.reviewOn ?? '2026-12-10',
      supervisor: body.supervisor ?? '',
      version: 0,
    });
    expertReviewsDb.tasks.push(created);
    return done({ id }, '评审任务已创建，等待抽取专家');
  }),

  http.put(apiPath('/review-tasks/:id'), async ({ request, params }) => {
    const step = await staffStep(request, params.id, 'review:manage');
    if (step instanceof Response) return step;
    const { task: t, body } = step;
    const rulesChanged = (body.panelSize !== undefined && body.panelSize !== t.record.panelSize) || (body.backupCount !== undefined && body.backupCount !== t.record.backupCount);
    if (rulesChanged && t.record.status !== 'awaiting_draw') return bad('已抽取专家，不能再修改评审专家人数、备选人数和组成要求；如需改变，请取消本任务后重新发起');
    touch(t, { reviewOn: String(body.reviewOn ?? t.record.reviewOn), supervisor: String(body.supervisor ?? t.record.supervisor), place: (body.place as string | null | undefined) ?? t.record.place });
    return done(null, '评审安排已保存');
  }),

  http.post(apiPath('/review-tasks/:id/cancel'), async ({ request, params }) => {
    const step = await staffStep(request, params.id, 'review:manage');
    if (step instanceof Response) return step;
    if (!String(step.body.reason ?? '').trim()) return bad('请填写原因');
    for (const s of step.task.seats) if (s.status === 'invited' || s.status === 'standby') s.status = 'void';
    touch(step.task, { status: 'cancelled', cancelReason: String(step.body.reason) });
    return done(null, '评审已取消');
  }),

  http.post(apiPath('/review-tasks/:id/draw'), async ({ request, params }) => {
    const step = await staffStep(request, params.id, 'review:draw');
    if (step instanceof Response) return step;
    const { task: t, body } = step;
    const reason = String(body.reason ?? '').trim() || null;
    if (t.record.status !== 'awaiting_draw') {
      if (!reason) return bad('已抽取过专家；重新抽取须填写原因（将作废上一轮的抽取结果）');
      if (t.sheets.length > 0) return bad('已有评分表，不能重新抽取');
    }
    if (t.record.projectId === 'pj-9' && t.record.panelSize === 5) return bad(POOL_TOO_SMALL_MESSAGE);
    if (t.record.status !== 'awaiting_draw') for (const s of t.seats) if (s.status !== 'declined' && s.status !== 'no_answer') s.status = 'void';
    const offset = t.draws.length;
    const ids = POOL.map((e) => e[0]).slice(offset, offset + t.record.panelSize + t.record.backupCount);
    const seatNumbers = Array.from({ length: t.record.panelSize }, (_, i) => i + 1);
    const draw = drawInto(t, ids, t.record.status === 'awaiting_draw' ? 'initial' : 'redraw', reason, seatNumbers);
    touch(t, { status: 'confirming' });
    return done({ drawId: draw.id, round: draw.round, panelCount: draw.panel.length, backupCount: draw.backups.length, eligibleCount: 9, warning: null }, `抽取完成（第 ${draw.round} 轮）`);
  }),

  http.post(apiPath('/review-tasks/:id/supplementary-draw'), async ({ request, params }) => {
    const step = await staffStep(request, params.id, 'review:draw');
    if (step instanceof Response) return step;
    const t = step.task;
    if (t.record.status !== 'confirming') return bad('只有在确认专家阶段才能补抽');
    if (vacant(t) === 0) return bad('评审专家席位没有空缺，不需要补抽');
    if (standby(t).length > 0) return bad(`还有 ${standby(t).length} 名备选专家可以递补，备选用完后才能补抽`);
    const held = new Set(holding(t).map((s) => s.seatNo));
    const seatNumbers = Array.from({ length: t.record.panelSize }, (_, i) => i + 1).filter((n) => !held.has(n));
    const asked = new Set(t.seats.map((s) => s.expertId));
    const ids = POOL.map((e) => e[0]).filter((id) => !asked.has(id));
    const draw = drawInto(t, ids, 'supplementary', null, seatNumbers);
    touch(t);
    return done({ drawId: draw.id, round: draw.round, panelCount: draw.panel.length, backupCount: draw.backups.length, eligibleCount: ids.length, warning: null }, `补抽完成（第 ${draw.round} 轮）`);
  }),

  http.post(apiPath('/review-tasks/:id/responses'), async ({ request, params }) => {
    const step = await staffStep(request, params.id, 'review:manage');
    if (step instanceof Response) return step;
    const { task: t, body } = step;
    if (t.record.status !== 'confirming') return bad('当前不在确认专家阶段，不能记录答复');
    const seat = t.seats.find((s) => s.id === body.seatId);
    if (!seat) return bad('专家席位不存在');
    if (seat.status !== 'invited') return bad('该专家不在待确认状态，不能记录答复');
    let message: string;
    if (body.answer === 'confirmed') {
      seat.status = 'confirmed';
      message = `已记录：${label(seat)}确认参加`;
      if (t.seats.filter((s) => s.status === 'confirmed' && s.seatNo !== null).length >= t.record.panelSize) {
        touch(t, { status: 'scoring' });
        return done(null, `${message}；评审专家已全部确认`);
      }
    } else {
      const reason = String(body.reason ?? '').trim();
      if (body.answer === 'declined' && !reason) return bad('请填写婉拒原因');
      seat.status = body.answer === 'declined' ? 'declined' : 'no_answer';
      seat.answerReason = body.answer === 'declined' ? reason : '逾期未答复';
      message = promoteOrVacate(t, seat);
    }
    touch(t);
    return done(null, message);
  }),

  http.post(apiPath('/review-tasks/:id/sheets'), async ({ request, params }) => {
    const step = await staffStep(request, params.id, 'review:score');
    if (step instanceof Response) return step;
    const { task: t, body } = step;
    if (t.record.status !== 'scoring') return bad('专家尚未全部确认，不能录入评分表');
    const seat = t.seats.find((s) => s.id === body.seatId);
    if (!seat || seat.status !== 'confirmed') return bad('只能为已确认的评审专家录入评分表');
    const scores = (body.scores ?? []) as { criterion: string; points: number }[];
    for (const c of RUBRIC) {
      const points = scores.find((s) => s.criterion === c.criterion)?.points;
      if (points === undefined) return bad(`请为以下评分项打分：${c.label}`);
      if (points > c.max) return bad(`评分项「${c.label}」的得分不能超过 ${c.max} 分`);
    }
    // As the server: a seat's sheet is replaced only with a reason (server/modules/expert-reviews/service.ts enterSheet).
    if (t.sheets.some((x) => x.seatId === seat.id) && !String(body.reason ?? '').trim()) return bad('该席位已有评分表：替换须填写原因（原评分表完整保留，并通知专家本人）');
    t.sheets = t.sheets.filter((x) => x.seatId !== seat.id);
    t.sheets.push({ seatId: seat.id, scores, total: scores.reduce((a, s) => a + s.points, 0), comments: (body.comments as string | null | undefined) ?? null, conclusion: body.conclusion as ReviewConclusion, source: 'staff' });
    touch(t);
    return done(null, '评分表已保存');
  }),

  http.post(apiPath('/review-tasks/:id/links'), async ({ request, params }) => {
    const step = await staffStep(request, params.id, 'review:manage');
    if (step instanceof Response) return step;
    if (step.task.record.status !== 'scoring') return bad('专家尚未全部确认，不能录入评分表');
    touch(step.task);
    return done({ token: VALID_LINK_TOKEN, path: `/expert-review-sheet#${VALID_LINK_TOKEN}`, validUntilClose: true }, '评分链接已生成，请发送给专家本人');
  }),

  http.post(apiPath('/review-tasks/:id/close'), async ({ request, params }) => {
    const step = await staffStep(request, params.id, 'review:manage');
    if (step instanceof Response) return step;
    const t = step.task;
    if (t.record.status !== 'scoring') return bad('专家尚未全部确认，不能录入评分表');
    const missing = t.record.panelSize - t.sheets.length;
    if (missing > 0) return bad(`还有 ${missing} 位评审专家的评分表未录入，不能结束评审`);
    const result = panelResult(t.sheets.map((x) => ({ total: x.total, conclusion: x.conclusion })));
    if (!result) return bad(`还有 ${t.record.panelSize} 位评审专家的评分表未录入，不能结束评审`);
    touch(t, { status: 'closed', resultScore: result.score, resultConclusion: result.conclusion, closedAt: new Date().toISOString(), revisionStatus: result.conclusion === 'revise' ? 'awaiting' : null });
    return done(null, `评审已结束：${result.score} 分，${REVIEW_CONCLUSION_LABELS[result.conclusion]}`);
  }),

  http.post(apiPath('/review-tasks/:id/ratings'), async ({ request, params }) => {
    const step = await staffStep(request, params.id, 'review:score', false);
    if (step instanceof Response) return step;
    if (step.task.record.status !== 'closed') return bad('评审尚未结束');
    for (const r of (step.body.ratings ?? []) as { seatId: string; rating: number }[]) {
      const seat = step.task.seats.find((s) => s.id === r.seatId && s.status === 'confirmed');
      if (!seat) return bad('只能评价参加本次评审并提交了评分表的专家');
      seat.rating = r.rating;
    }
    touch(step.task);
    return done(null, '专家评价已保存');
  }),

  ...(['comment', 'revision'] as const).map((action) =>
    http.post(apiPath(`/review-tasks/:id/${action}`), async ({ request, params }) => {
      const body = ((await log.record(request)) ?? {}) as { version?: number; comment?: string; reportFileIds?: string[] };
      const found = taskFor(request, params.id, null, [AuthType.MemberUnit]);
      if (found instanceof Response) return found;
      const t = found.task;
      if (t.record.status !== 'closed') return bad('评审尚未结束');
      if (body.version !== t.record.version) return stale();
      if (action === 'comment') {
        t.unitComment = body.comment ?? null;
        touch(t);
        return done(null, '意见已提交');
      }
      if (t.record.revisionStatus !== 'awaiting' && t.record.revisionStatus !== 'returned') return bad('当前不需要提交修改稿（只有结论为修改后通过的评审需要）');
      t.revisionFiles = (body.reportFileIds ?? []).map((fileId) => ({ fileId, name: '评估报告（修改稿）.pdf', size: 1024, contentType: 'application/pdf' }));
      touch(t, { revisionStatus: 'submitted' });
      return done(null, '修改稿已提交，等待协会确认');
    }),
  ),

  ...(['confirm', 'return'] as const).map((decision) =>
    http.post(apiPath(`/review-tasks/:id/revision/${decision}`), async ({ request, params }) => {
      const step = await staffStep(request, params.id, 'review:manage', false);
      if (step instanceof Response) return step;
      if (step.task.record.revisionStatus !== 'submitted') return bad('没有待确认的修改稿');
      if (decision === 'return' && !String(step.body.reason ?? '').trim()) return bad('请填写原因');
      touch(step.task, { revisionStatus: decision === 'confirm' ? 'confirmed' : 'returned' });
      return done(null, decision === 'confirm' ? '修改稿已确认' : '修改稿已退回');
    }),
  ),

  // ---- draw records ----------------------------------------------------------------------
  http.get(apiPath('/expert-draws/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'review:draw:view');
    if (account instanceof Response) return account;
    const t = expertReviewsDb.tasks.find((x) => x.draws.some((d) => d.id === params.id));
    const d = t?.draws.find((x) => x.id === params.id);
    if (!t || !d) return notFound('抽取记录');
    const excluded = [
      { expertId: 'expert-3', rule: 'inactive', reason: EXCLUSION_REASONS.inactive },
      { expertId: 'expert-4', rule: 'declared_conflict', reason: EXCLUSION_REASONS.declared_conflict },
      { expertId: 'expert-13', rule: 'yearly_cap_reached', reason: EXCLUSION_REASONS.yearly_cap_reached },
    ];
    const record: ExpertDrawRecord = {
      id: d.id,
      taskId: t.record.id,
      round: d.round,
      kind: d.kind,
      reason: d.reason,
      seed: 'd'.repeat(64),
      algorithmVersion: 'hmac-sha256-ctr+fisher-yates+rule-walk/1',
      rules: {
        panelSize: d.panel.length,
        backupCount: d.backups.length,
        requiredCategories: t.record.requiredCategories,
        wantedSpecialties: t.record.wantedSpecialties,
        seatNumbers: d.panel.map((_, i) => i + 1),
        context: { assessingUnitId: t.record.unitId, assessingUnitName: t.record.unitName, clientName: null, reviewOn: t.record.reviewOn, yearlyCap: 10, recentDays: 90, windowYears: 3 },
        alreadyAsked: [],
      },
      eligible: POOL.map(([expertId, , , category]) => ({ expertId, category, specialties: ['law'] })),
      excluded,
      exclusionCounts: excluded.map((e) => ({ rule: e.rule, reason: e.reason, count: 1 })),
      result: { order: POOL.map((e) => e[0]), panel: d.panel, backups: d.backups },
      names: [...d.panel, ...d.backups].map((expertId) => ({ expertId, name: expertOf(expertId)?.[1] ?? expertId })),
      digest: 'c'.repeat(64),
      warning: null,
      supervisor: t.record.supervisor,
      operatorName: '协会秘书处',
      drawnAt: d.drawnAt,
    };
    return done(record);
  }),

  http.get(apiPath('/expert-draws/:id/verify'), async ({ request, params }) => {
    const account = await log.guard(request, 'review:task:view', [AuthType.Staff, AuthType.MemberUnit]);
    if (account instanceof Response) return account;
    const t = expertReviewsDb.tasks.find((x) => x.draws.some((d) => d.id === params.id));
    const d = t?.draws.find((x) => x.id === params.id);
    if (!t || !d) return notFound('抽取记录');
    if (!canSee(account, t)) return forbidden();
    const ids = namesVisible(account, t) ? [...d.panel, ...d.backups] : [];
    const answer: DrawVerification = {
      matches: true,
      resultMatches: true,
      digestMatches: true,
      auditMatches: true,
      storedDigest: 'c'.repeat(64),
      computedDigest: 'c'.repeat(64),
      algorithmVersion: 'hmac-sha256-ctr+fisher-yates+rule-walk/1',
      recomputed: ids,
      stored: ids,
      message: '复核一致：按记录重新计算的结果与记录相同，记录未被修改，并在审计日志的哈希链中',
    };
    return done(answer, answer.message);
  }),

  // ---- 质量抽查 -------------------------------------------------------------------------
  http.get(apiPath('/quality-samples'), async ({ request }) => {
    const account = await log.guard(request, 'review:sample');
    if (account instanceof Response) return account;
    return done(pageOf(expertReviewsDb.samples.map(({ candidates: _candidates, ...r }) => r), new URL(request.url).searchParams));
  }),

  http.get(apiPath('/quality-samples/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'review:sample');
    if (account instanceof Response) return account;
    const sample = expertReviewsDb.samples.find((s) => s.id === params.id);
    return sample ? done(sample) : notFound('抽查记录');
  }),

  http.post(apiPath('/quality-samples'), async ({ request }) => {
    const body = (await log.record(request)) as { from?: string; to?: string; sharePercent?: number; count?: number };
    const account = guard(request, 'review:sample');
    if (account instanceof Response) return account;
    if ((body.sharePercent === undefined) === (body.count === undefined)) return bad('请填写抽查比例或抽查数量（二者选一）');
    const id = `qs-${expertReviewsDb.samples.length + 1}`;
    const size = body.count ?? 1;
    expertReviewsDb.samples.unshift({ ...fixtureSamples()[0], id, from: body.from ?? '', to: body.to ?? '', sharePercent: body.sharePercent ?? null, count: body.count ?? null, sampleSize: size, createdAt: new Date().toISOString() });
    return done({ id, sampleSize: size, candidateCount: 3, taskIds: ['rt-awaiting'] }, `已从 3 个项目中抽取 ${size} 个，并发起评审`);
  }),

  http.get(apiPath('/quality-samples/:id/verify'), async ({ request, params }) => {
    const account = await log.guard(request, 'review:sample');
    if (account instanceof Response) return account;
    const sample = expertReviewsDb.samples.find((s) => s.id === params.id);
    if (!sample) return notFound('抽查记录');
    const ids = sample.sampled.map((s) => s.projectId);
    return done({ matches: true, resultMatches: true, digestMatches: true, auditMatches: true, storedDigest: sample.digest, computedDigest: sample.digest, algorithmVersion: sample.algorithmVersion, recomputed: ids, stored: ids, message: '复核一致' });
  }),

  // ---- the expert's link ------------------------------------------------------------------
  http.post(apiPath('/public/review-links/view'), async ({ request }) => {
    const body = (await log.record(request)) as { token?: string };
    const t = findTask('rt-scoring');
    if (body.token !== VALID_LINK_TOKEN || !t || t.record.status !== 'scoring') return bad('链接无效或已失效，请联系协会工作人员', 404);
    const seat = t.seats[0];
    const sheet = t.sheets.find((x) => x.seatId === seat.id);
    const view: ExpertLinkView = {
      expertName: expertOf(seat.expertId)?.[1] ?? '',
      label: label(seat),
      project: { name: t.record.projectName, code: t.record.projectCode, unitName: t.record.unitName, client: projectOf('pj-9').client, type: 'major_project', riskLevel: 'high' },
      reviewOn: t.record.reviewOn,
      reviewTime: t.record.reviewTime,
      place: t.record.place,
      online: t.record.online,
      rubric: RUBRIC,
      reports: [{ name: '评估报告.pdf', size: 40960, url: '/api/v1/file/download/5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f?exp=1&sig=x' }],
      sheet: sheet ? { scores: sheet.scores, total: sheet.total, comments: sheet.comments, conclusion: sheet.conclusion, submittedAt: T0 } : null,
      canSubmit: true,
    };
    return done(view);
  }),

  http.post(apiPath('/public/review-links/sheet'), async ({ request }) => {
    const body = (await log.record(request)) as { token?: string; scores?: { criterion: string; points: number }[]; comments?: string | null; conclusion?: ReviewConclusion };
    const t = findTask('rt-scoring');
    if (body.token !== VALID_LINK_TOKEN || !t || t.record.status !== 'scoring') return bad('链接无效或已失效，请联系协会工作人员', 404);
    const seat = t.seats[0];
    const scores = body.scores ?? [];
    t.sheets = t.sheets.filter((x) => x.seatId !== seat.id);
    t.sheets.push({ seatId: seat.id, scores, total: scores.reduce((a, s) => a + s.points, 0), comments: body.comments ?? null, conclusion: body.conclusion ?? 'pass', source: 'expert' });
    touch(t);
    return done(null, '评分表已提交，谢谢');
  }),

  // ---- an expert's declared conflicts ---------------------------------------------------
  http.get(apiPath('/experts/:id/conflicts'), async ({ request, params }) => {
    const account = await log.guard(request, 'expert:view');
    if (account instanceof Response) return account;
    return done(expertReviewsDb.conflicts.filter((x) => x.expertId === params.id));
  }),

  http.post(apiPath('/experts/:id/conflicts'), async ({ request, params }) => {
    const body = (await log.record(request)) as ExpertConflictCreateBody;
    const account = guard(request, 'expert:edit');
    if (account instanceof Response) return account;
    if (body.kind === 'relative' && !body.relation?.trim()) return bad('近亲属任职请填写亲属关系（如配偶、子女）');
    const id = `conflict-${expertReviewsDb.conflicts.length + 1}`;
    expertReviewsDb.conflicts.push({ id, expertId: String(params.id), unitName: body.unitName, kind: body.kind, relation: body.relation ?? null, from: body.from, to: body.to ?? null, note: body.note ?? null, updatedAt: new Date().toISOString(), version: 0 });
    return done({ id }, '利害关系已登记');
  }),

  http.put(apiPath('/expert-conflicts/:id'), async ({ request, params }) => {
    const body = (await log.record(request)) as ExpertConflictCreateBody & { version: number };
    const account = guard(request, 'expert:edit');
    if (account instanceof Response) return account;
    const found = expertReviewsDb.conflicts.find((x) => x.id === params.id);
    if (!found) return notFound('申报事项');
    if (found.version !== body.version) return stale();
    Object.assign(found, { unitName: body.unitName, kind: body.kind, relation: body.relation ?? null, from: body.from, to: body.to ?? null, note: body.note ?? null, version: found.version + 1, updatedAt: new Date().toISOString() });
    return done(null, '利害关系已保存');
  }),

  http.delete(apiPath('/expert-conflicts/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'expert:edit');
    if (account instanceof Response) return account;
    const before = expertReviewsDb.conflicts.length;
    expertReviewsDb.conflicts = expertReviewsDb.conflicts.filter((x) => x.id !== params.id);
    return before === expertReviewsDb.conflicts.length ? notFound('申报事项') : done(null, '利害关系已删除');
  }),
];
