/**
 * Reading review tasks: who sees which (staff holding review:task:view every task, a unit its
 * own projects' tasks), the list with its filters and counts, one task whole, and what the
 * caller may do with it and with each seat (the page shows exactly these buttons; the service
 * checks the same rules).
 *
 * Sealing, the one rule every read here follows (`namesVisible`): a panel's experts are named
 * (id, name, unit, phone) only to staff holding review:draw:view until the task is closed, and
 * to staff after it. A unit sees that a panel of N was drawn and when; after closing, the
 * panel's sheets as 专家1…专家N, never a name, an id or a decline's reason.
 */
import { AuthType, hasPermission } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type {
  ReviewDrawSummary,
  ReviewEvent,
  ReviewSeat,
  ReviewSeatAction,
  ReviewSheet,
  ReviewTaskAction,
  ReviewTaskDetail,
  ReviewTaskExportQuery,
  ReviewTaskListItem,
  ReviewTaskListQuery,
} from '@common/schemas/reviewTasks';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, toFileRef } from '../../content/files';
import type { DbOrTrx, ReviewSeatRow } from '../../db/types';
import type { ReviewTaskStatus } from '@common/schemas/reviewTasks';
import { errors } from '../../http/errors';
import { fetchPage, matchesKeyword, paging, parseSort, type Sort } from '../../http/paging';
import { parseRubric, storedScores } from '../../quality/rubric';
import { EMPTY_COUNTS, centiToScore, countsOf, type TaskCounts } from '../../quality/tasks';

export const NOUN = '评审任务';
/** The project's attachment slot of a task's revised report (owner: the project, so that its readers read it). */
export const revisionSlot = (taskId: string) => `review-revision:${taskId}`;

const OPEN_STATUSES: readonly ReviewTaskStatus[] = ['awaiting_draw', 'confirming', 'scoring'];
export const isOpen = (status: ReviewTaskStatus) => OPEN_STATUSES.includes(status);
/** What a unit may read of a task's history (the steps that concern it; none names an expert). */
const UNIT_EVENT_KINDS = new Set(['created', 'updated', 'drawn', 'closed', 'cancelled', 'comment', 'revision', 'revision_confirmed', 'revision_returned']);

/** Whether the caller may see the panel's names on a task in this status. */
export function namesVisible(user: AuthUser, status: ReviewTaskStatus): boolean {
  if (user.authType !== AuthType.Staff) return false;
  return status === 'closed' || hasPermission(user, 'review:draw:view');
}

const SORTABLE = {
  reviewOn: 't.review_on',
  createdAt: 't.created_at',
  updatedAt: 't.updated_at',
  closedAt: 't.closed_at',
} as const;
type SortColumn = (typeof SORTABLE)[keyof typeof SORTABLE];

function joined(db: DbOrTrx) {
  return db
    .selectFrom('review_tasks as t')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .innerJoin('member_units as u', 'u.id', 't.unit_id');
}
type Joined = ReturnType<typeof joined>;

function withColumns(q: Joined) {
  return q
    .selectAll('t')
    .select(['p.name as project_name', 'p.code as project_code', 'p.client as project_client', 'p.type as project_type', 'p.risk_level as project_risk_level', 'p.filed_at as project_filed_at', 'u.name as unit_name']);
}
export type TaskJoinedRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

/** Only the tasks this caller may see. */
function scoped(q: Joined, user: AuthUser): Joined {
  if (user.authType === AuthType.Staff) return q;
  if (user.authType === AuthType.MemberUnit && user.unitId) return q.where('t.unit_id', '=', user.unitId);
  throw errors.forbidden();
}

export function filteredBase(db: DbOrTrx, user: AuthUser, query: ReviewTaskExportQuery): Joined {
  let base = scoped(joined(db), user);
  if (query.status) base = base.where('t.status', '=', query.status);
  if (query.reason) base = base.where('t.reason', '=', query.reason);
  if (query.unitId && user.authType === AuthType.Staff) base = base.where('t.unit_id', '=', query.unitId);
  if (query.projectId) base = base.where('t.project_id', '=', query.projectId);
  if (query.samplingId) base = base.where('t.sampling_id', '=', query.samplingId);
  if (query.reviewFrom) base = base.where('t.review_on', '>=', query.reviewFrom);
  if (query.reviewTo) base = base.where('t.review_on', '<=', query.reviewTo);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['p.name', 'p.code', 'u.name'], keyword));
  return base;
}

export function sortOf(query: { sort?: string }): Sort<SortColumn> {
  return parseSort<SortColumn>(query.sort, SORTABLE, { column: 't.review_on', direction: 'desc' });
}

export function orderedRows(base: Joined, sort: Sort<SortColumn>) {
  return withColumns(base).orderBy(sort.column, sort.direction).orderBy('t.id');
}

export async function findTask(db: DbOrTrx, id: string): Promise<TaskJoinedRow | undefined> {
  return withColumns(joined(db).where('t.id', '=', id)).executeTakeFirst();
}

/** The task if the caller may see it: 404 for a missing one, 403 for another unit's. */
export async function visibleTask(db: DbOrTrx, user: AuthUser, id: string): Promise<TaskJoinedRow> {
  const row = await findTask(db, id);
  if (!row) throw errors.notFound(NOUN);
  if (user.authType === AuthType.Staff) return row;
  if (user.authType === AuthType.MemberUnit && user.unitId && user.unitId === row.unit_id) return row;
  throw errors.forbidden();
}

export const vacantSeatsOf = (row: { status: ReviewTaskStatus; panel_size: number }, counts: TaskCounts) =>
  isOpen(row.status) ? Math.max(0, Number(row.panel_size) - counts.holding) : 0;

// ---- actions ---------------------------------------------------------------------------------

type ActionRow = Pick<TaskJoinedRow, 'status' | 'unit_id' | 'panel_size' | 'revision_status'>;

/** The actions of one task for this caller. */
export function actionsFor(user: AuthUser, row: ActionRow, counts: TaskCounts): ReviewTaskAction[] {
  const actions: ReviewTaskAction[] = [];
  const { status } = row;
  if (user.authType === AuthType.MemberUnit) {
    if (!user.unitId || user.unitId !== row.unit_id) return [];
    if (status === 'closed') {
      actions.push('comment');
      if (row.revision_status === 'awaiting' || row.revision_status === 'returned') actions.push('revise');
    }
    if (counts.rounds > 0) actions.push('verify');
    return actions;
  }
  if (user.authType !== AuthType.Staff) return [];
  const can = (code: Parameters<typeof hasPermission>[1]) => hasPermission(user, code);
  const open = isOpen(status);
  if (open && can('review:manage')) actions.push('edit', 'cancel');
  if (can('review:draw')) {
    if (status === 'awaiting_draw') actions.push('draw');
    if ((status === 'confirming' || status === 'scoring') && counts.sheets === 0) actions.push('redraw');
    if (status === 'confirming' && vacantSeatsOf(row, counts) > 0 && counts.standby === 0) actions.push('supplement');
  }
  if (can('review:manage') && status === 'confirming' && counts.invited > 0) actions.push('respond');
  if (can('review:score') && status === 'scoring') actions.push('sheet');
  // A link opens the expert's own page, with their name: only for staff who read the panel (links.ts).
  if (can('review:manage') && can('review:draw:view') && status === 'scoring') actions.push('link');
  if (can('review:manage') && status === 'scoring' && counts.sheets >= Number(row.panel_size)) actions.push('close');
  if (can('review:score') && status === 'closed') actions.push('rate');
  if (can('review:manage') && row.revision_status === 'submitted') actions.push('confirmRevision', 'returnRevision');
  if (counts.rounds > 0) actions.push('verify');
  return actions;
}

function seatActions(user: AuthUser, task: ActionRow, seat: ReviewSeatRow, now: Date, hasSheet: boolean): ReviewSeatAction[] {
  if (user.authType !== AuthType.Staff) return [];
  const actions: ReviewSeatAction[] = [];
  const can = (code: Parameters<typeof hasPermission>[1]) => hasPermission(user, code);
  if (task.status === 'confirming' && seat.status === 'invited' && can('review:manage')) {
    actions.push('confirm', 'decline');
    if (seat.answer_deadline && seat.answer_deadline <= now.toISOString()) actions.push('noAnswer');
  }
  const panelMember = seat.status === 'confirmed' && seat.seat_no !== null;
  // A seat's sheet is the expert's: entered once; replaced only with a reason (service.ts enterSheet).
  if (task.status === 'scoring' && panelMember && can('review:score')) actions.push(hasSheet ? 'replaceSheet' : 'sheet');
  if (task.status === 'scoring' && panelMember && can('review:manage') && can('review:draw:view')) actions.push('link');
  if (task.status === 'closed' && panelMember && hasSheet && can('review:score')) actions.push('rate');
  return actions;
}

// ---- rows ------------------------------------------------------------------------------------

const parseList = (text: string): string[] => JSON.parse(text) as string[];

export function toListItem(user: AuthUser, row: TaskJoinedRow, counts: TaskCounts = EMPTY_COUNTS): ReviewTaskListItem {
  return {
    id: row.id,
    projectId: row.project_id,
    projectName: row.project_name,
    projectCode: row.project_code,
    unitId: row.unit_id,
    unitName: row.unit_name,
    reason: row.reason,
    samplingId: row.sampling_id,
    reviewOn: row.review_on,
    reviewTime: row.review_time,
    place: row.place,
    online: Number(row.online) === 1,
    panelSize: Number(row.panel_size),
    backupCount: Number(row.backup_count),
    requiredCategories: parseList(row.required_categories),
    wantedSpecialties: parseList(row.wanted_specialties),
    supervisor: row.supervisor,
    note: row.note,
    status: row.status,
    cancelReason: row.cancel_reason,
    rounds: counts.rounds,
    drawnAt: counts.drawnAt,
    confirmedCount: counts.confirmed,
    vacantSeats: vacantSeatsOf(row, counts),
    standbyBackups: counts.standby,
    sheetCount: counts.sheets,
    resultScore: centiToScore(row.result_score_centi),
    resultConclusion: row.result_conclusion,
    closedAt: row.closed_at,
    revisionStatus: row.revision_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
    actions: actionsFor(user, row, counts),
  };
}

export async function listTasks(db: DbOrTrx, user: AuthUser, query: ReviewTaskListQuery): Promise<Page<ReviewTaskListItem>> {
  const page = paging(query);
  const sort = sortOf(query);
  const { rows, total } = await fetchPage(filteredBase(db, user, query), page, (q) => orderedRows(q, sort));
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toListItem(user, r, counts.get(r.id))), total, current: page.current, pageSize: page.pageSize };
}

// ---- one task --------------------------------------------------------------------------------

/** 专家3 for a panel seat, 备选2 for a backup not called. */
export function seatLabel(seat: Pick<ReviewSeatRow, 'seat_no' | 'backup_rank' | 'draw_rank'>): string {
  if (seat.seat_no !== null) return `专家${Number(seat.seat_no)}`;
  return `备选${Number(seat.backup_rank ?? seat.draw_rank)}`;
}

export async function taskDetail(db: DbOrTrx, user: AuthUser, id: string, now: Date): Promise<ReviewTaskDetail> {
  const row = await visibleTask(db, user, id);
  const counts = (await countsOf(db, [id])).get(id) ?? EMPTY_COUNTS;
  const item = toListItem(user, row, counts);
  const names = namesVisible(user, row.status);
  const staff = user.authType === AuthType.Staff;
  const closed = row.status === 'closed';
  const rubric = parseRubric(row.rubric);

  const [seats, draws, sheets, ratings, links, events, revisionFiles, replacements] = await Promise.all([
    db
      .selectFrom('review_seats as s')
      .innerJoin('experts as e', 'e.id', 's.expert_id')
      .innerJoin('expert_draws as d', 'd.id', 's.draw_id')
      .selectAll('s')
      .select(['e.name as expert_name', 'e.work_unit as expert_work_unit', 'e.category as expert_category', 'e.phone as expert_phone', 'd.round'])
      .where('s.task_id', '=', id)
      .orderBy('d.round')
      .orderBy('s.draw_rank')
      .execute(),
    // Not the pool or the result: their counts are kept beside them (0013).
    db
      .selectFrom('expert_draws')
      .select(['id', 'round', 'kind', 'reason', 'drawn_at', 'operator_name', 'supervisor', 'warning', 'digest', 'algorithm_version', 'eligible_count', 'excluded_count', 'panel_count', 'backup_count'])
      .where('task_id', '=', id)
      .orderBy('round')
      .execute(),
    db.selectFrom('review_sheets').selectAll().where('task_id', '=', id).execute(),
    db.selectFrom('expert_ratings').selectAll().where('task_id', '=', id).execute(),
    db.selectFrom('review_links').select(['seat_id']).where('task_id', '=', id).where('revoked_at', 'is', null).execute(),
    db.selectFrom('review_events').selectAll().where('task_id', '=', id).orderBy('id').execute(),
    attachmentsOf(db, 'project', [row.project_id], revisionSlot(id)),
    db.selectFrom('review_sheet_replacements').selectAll().where('task_id', '=', id).orderBy('replaced_at', 'desc').orderBy('id').execute(),
  ]);
  const replacedOfSeat = new Map<string, typeof replacements>();
  for (const r of replacements) replacedOfSeat.set(r.seat_id, [...(replacedOfSeat.get(r.seat_id) ?? []), r]);
  const sheetOfSeat = new Map(sheets.map((s) => [s.seat_id, s]));
  const ratingOf = new Map(ratings.map((r) => [r.expert_id, r]));
  const linked = new Set(links.map((l) => l.seat_id));
  const seatById = new Map(seats.map((s) => [s.id, s]));

  // A unit: nothing before closing, then the panel's seats without names; staff: every seat.
  const shownSeats = staff ? seats : closed ? seats.filter((s) => s.status === 'confirmed' && s.seat_no !== null) : [];
  const seatList: ReviewSeat[] = shownSeats.map((s) => {
    const rating = ratingOf.get(s.expert_id);
    return {
      id: s.id,
      seatNo: s.seat_no === null ? null : Number(s.seat_no),
      label: seatLabel(s),
      expertId: names ? s.expert_id : null,
      expertName: names ? s.expert_name : null,
      expertWorkUnit: names ? s.expert_work_unit : null,
      expertCategory: names ? s.expert_category : null,
      expertPhone: names ? s.expert_phone : null,
      round: Number(s.round),
      drawRank: Number(s.draw_rank),
      backupRank: s.backup_rank === null ? null : Number(s.backup_rank),
      status: s.status,
      invitedAt: staff ? s.invited_at : null,
      answerDeadline: staff ? s.answer_deadline : null,
      answerReason: staff ? s.answer_reason : null,
      answeredAt: staff ? s.answered_at : null,
      hasSheet: sheetOfSeat.has(s.id),
      hasLink: staff && linked.has(s.id),
      rating: staff && rating ? Number(rating.rating) : null,
      ratingComment: staff && rating ? rating.comment : null,
      actions: seatActions(user, row, s, now, sheetOfSeat.has(s.id)),
    };
  });

  const drawList: ReviewDrawSummary[] = draws.map((d) => ({
    id: d.id,
    round: Number(d.round),
    kind: d.kind,
    reason: d.reason,
    drawnAt: d.drawn_at,
    operatorName: d.operator_name,
    supervisor: d.supervisor,
    panelCount: Number(d.panel_count ?? 0),
    backupCount: Number(d.backup_count ?? 0),
    eligibleCount: Number(d.eligible_count ?? 0),
    excludedCount: Number(d.excluded_count ?? 0),
    warning: d.warning,
    digest: d.digest,
    algorithmVersion: d.algorithm_version,
  }));

  // A unit reads the sheets only once the task is closed.
  const sheetList: ReviewSheet[] = staff || closed
    ? sheets
        .map((s) => {
          const seat = seatById.get(s.seat_id);
          return {
            id: s.id,
            seatId: s.seat_id,
            label: seat ? seatLabel(seat) : '专家',
            expertName: names && seat ? seat.expert_name : null,
            scores: storedScores(rubric, s.scores),
            total: Number(s.total),
            comments: s.comments,
            conclusion: s.conclusion,
            source: s.source,
            submittedAt: s.submitted_at,
            replaced: (replacedOfSeat.get(s.seat_id) ?? []).map((r) => ({
              scores: storedScores(rubric, r.scores),
              total: Number(r.total),
              comments: r.comments,
              conclusion: r.conclusion,
              source: r.source,
              submittedAt: r.submitted_at,
              replacedAt: r.replaced_at,
              replacedByName: staff ? r.replaced_by_name : null,
              replacedBySource: r.replaced_by_source,
              reason: r.reason,
            })),
          };
        })
        .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN', { numeric: true }))
    : [];

  const eventList: ReviewEvent[] = events
    // A replaced sheet's line names scores: the unit reads it with the sheets, once closed.
    .filter((e) => staff || UNIT_EVENT_KINDS.has(e.kind) || (closed && e.kind === 'sheet_replaced'))
    .map((e) => {
      const seat = e.seat_id ? seatById.get(e.seat_id) : undefined;
      return {
        id: String(e.id),
        at: e.at,
        actorName: staff ? e.actor_name : null,
        kind: e.kind,
        summary: e.summary,
        seatLabel: staff && seat ? seatLabel(seat) : null,
        expertName: names && seat ? seat.expert_name : null,
      };
    });

  const result =
    closed && row.result_score_centi !== null && row.result_conclusion !== null && row.closed_at !== null
      ? {
          score: Number(row.result_score_centi) / 100,
          conclusion: row.result_conclusion,
          sheetCount: sheets.length,
          trimmed: sheets.length >= 5,
          replacedByStaff: new Set(replacements.filter((r) => r.replaced_by_source === 'staff').map((r) => r.seat_id)).size,
          closedAt: row.closed_at,
        }
      : null;

  return {
    ...item,
    project: {
      id: row.project_id,
      name: row.project_name,
      code: row.project_code,
      client: row.project_client,
      type: row.project_type,
      riskLevel: row.project_risk_level,
      filedAt: row.project_filed_at,
    },
    rubric,
    sealed: !names,
    seats: seatList,
    draws: drawList,
    sheets: sheetList,
    result,
    revision: {
      status: row.revision_status,
      note: row.revision_note,
      files: (revisionFiles.get(row.project_id) ?? []).map(toFileRef),
      submittedAt: row.revision_submitted_at,
      decidedAt: row.revision_decided_at,
      comment: row.revision_comment,
    },
    unitComment: row.unit_comment,
    unitCommentAt: row.unit_comment_at,
    events: eventList,
  };
}

