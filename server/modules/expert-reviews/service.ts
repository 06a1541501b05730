/**
 * The review workflow (the states in common/schemas/reviewTasks.ts). Every step is one
 * transaction: the task written with the version read (a stale one is refused, 409), the step's
 * own rows, a line of the task's history (review_events), the messages to whom it concerns
 * (./notices.ts) and the operation log. The draw is ./drawing.ts; the expert's link ./links.ts.
 *
 * The task's history and the log never name an expert: seats are called by their label
 * (专家3, 备选1), so that what a unit or an auditor reads keeps the panel sealed.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { PANEL_SIZE_DEFAULT, BACKUP_COUNT_DEFAULT, REVIEW_CONCLUSION_LABELS, panelRulesProblem } from '@common/expertReview';
import {
  ANSWER_HOURS,
  type ReviewCommentBody,
  type ReviewRatingsBody,
  type ReviewReasonBody,
  type ReviewResponseBody,
  type ReviewRevisionBody,
  type ReviewSheetBody,
  type ReviewStepBody,
  type ReviewTaskCreateBody,
  type ReviewTaskUpdateBody,
  REVIEW_SHEET_SOURCE_LABELS,
} from '@common/schemas/reviewTasks';
import { AuthType } from '@common/permissions';
import type { AuthUser } from '../../security/user';
import { setAttachments } from '../../content/files';
import { beijingDay } from '@common/calendar';
import { dictLabels } from '../../db/dictionaries';
import { beijingTime } from '../../excel';
import type { DbOrTrx, ReviewSeatRow, ReviewSheetRow } from '../../db/types';
import { noticeSheetReplaced } from '../../notifications';
import type { ReviewTaskStatus } from '@common/schemas/reviewTasks';
import { assertVersion, newAuditColumns, updateWithVersion, type VersionedChanges } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { assertDictValue } from '../../workflow/reviewedSubject';
import { stampOf, type Stamp } from '../../workflow/stamp';
import {
  noticeAllConfirmed,
  noticeBackupsUsedUp,
  noticeCancelled,
  noticeClosed,
  noticeInvitedExperts,
  noticeRevisionDecided,
  noticeRevisionSubmitted,
  noticeTaskOpened,
  noticeUnitComment,
  type TaskRef,
} from './notices';
import { panelResult } from '../../quality/panelResult';
import { REVIEW_HIGH_SCORE, REVIEW_LOW_SCORE } from '@common/credit';
import { recordAutomaticEvent } from '../../credit/events';
import { findTask, isOpen, NOUN, revisionSlot, seatLabel, visibleTask, type TaskJoinedRow } from './queries';
import { checkedScores, currentRubric, parseRubric, scoresToText } from '../../quality/rubric';

export const ENTITY = 'review-task';

export const MESSAGES = {
  projectMissing: '项目不存在',
  projectNotFiled: '只能对已备案的项目发起评审',
  projectBusy: '该项目已有进行中的评审任务，请在该任务中继续',
  reasonInvalid: '评审原因不正确，请从列表中选择',
  categoryInvalid: (values: string[]) => `专家类别不在字典中：${values.join('、')}`,
  specialtyInvalid: (values: string[]) => `专业领域不在字典中：${values.join('、')}`,
  reviewOnPast: '评审日期不能早于今天',
  supervisorRequired: '请填写监督人',
  notOpen: (status: ReviewTaskStatus) => (status === 'closed' ? '评审已结束，不能再修改' : '评审任务已取消，不能再修改'),
  rulesAfterDraw: '已抽取专家，不能再修改评审专家人数、备选人数和组成要求；如需改变，请取消本任务后重新发起',
  seatMissing: '专家席位不存在',
  notInvited: '该专家不在待确认状态，不能记录答复',
  notConfirming: '当前不在确认专家阶段，不能记录答复',
  declineReason: '请填写婉拒原因',
  deadlineNotPassed: (deadline: string) => `答复期限（${deadline}）未到，不能记为未答复`,
  notScoring: '专家尚未全部确认，不能录入评分表',
  notPanelMember: '只能为已确认的评审专家录入评分表',
  replaceExpertSheet: '专家本人已通过评分链接提交评分表：替换须填写原因（原评分表完整保留，并通知专家本人）',
  replaceSheet: '该席位已有评分表：替换须填写原因（原评分表完整保留，并通知专家本人）',
  sheetsMissing: (missing: number) => `还有 ${missing} 位评审专家的评分表未录入，不能结束评审`,
  notClosed: '评审尚未结束',
  rateNotMember: '只能评价参加本次评审并提交了评分表的专家',
  revisionNotAwaited: '当前不需要提交修改稿（只有结论为修改后通过的评审需要）',
  revisionNotSubmitted: '没有待确认的修改稿',
  reasonRequired: '请填写原因',
  commentRequired: '请填写意见',
} as const;

const trimmed = (value: string | null | undefined): string | null => value?.trim() || null;

export const taskRefOf = (row: Pick<TaskJoinedRow, 'id' | 'unit_id' | 'project_name'>): TaskRef => ({ id: row.id, unitId: row.unit_id, projectName: row.project_name });

/** A line of the task's history, in the step's transaction. */
export async function addEvent(trx: DbOrTrx, taskId: string, stamp: { now: string }, actor: { id: string | null; name: string | null }, kind: string, summary: string, seatId: string | null = null): Promise<void> {
  await trx.insertInto('review_events').values({ task_id: taskId, at: stamp.now, actor_id: actor.id, actor_name: actor.name, kind, summary, seat_id: seatId }).execute();
}

/** The task for a staff step: it exists and is still open. */
export async function openTask(db: DbOrTrx, id: string): Promise<TaskJoinedRow> {
  const row = await findTask(db, id);
  if (!row) throw errors.notFound(NOUN);
  if (!isOpen(row.status)) throw new BizError(MESSAGES.notOpen(row.status));
  return row;
}

async function assertDictList(db: DbOrTrx, code: string, values: readonly string[], kept: readonly string[], message: (values: string[]) => string): Promise<void> {
  const wanted = [...new Set(values)].filter((v) => !kept.includes(v));
  if (wanted.length === 0) return;
  const rows = await db.selectFrom('dict_items').select('value').where('type_code', '=', code).where('enabled', '=', 1).where('value', 'in', wanted).execute();
  const known = new Set(rows.map((r) => r.value));
  const unknown = wanted.filter((v) => !known.has(v));
  if (unknown.length) throw new BizError(message(unknown));
}

type Settings = ReviewTaskCreateBody | ReviewTaskUpdateBody;

/** The stored columns of a task's settings, checked; `current` is the task being edited. */
async function settingsColumns(db: DbOrTrx, body: Settings, current: TaskJoinedRow | null, today: string) {
  const panelSize = body.panelSize ?? (current ? Number(current.panel_size) : PANEL_SIZE_DEFAULT);
  const backupCount = body.backupCount ?? (current ? Number(current.backup_count) : BACKUP_COUNT_DEFAULT);
  const problem = panelRulesProblem(panelSize, backupCount);
  if (problem) throw new BizError(problem);
  const storedCategories = current ? (JSON.parse(current.required_categories) as string[]) : [];
  const storedSpecialties = current ? (JSON.parse(current.wanted_specialties) as string[]) : [];
  const categories = body.requiredCategories ? [...new Set(body.requiredCategories.map((c) => c.trim()).filter(Boolean))] : storedCategories;
  const specialties = body.wantedSpecialties ? [...new Set(body.wantedSpecialties.map((c) => c.trim()).filter(Boolean))] : storedSpecialties;
  await assertDictList(db, 'expert_category', categories, storedCategories, MESSAGES.categoryInvalid);
  await assertDictList(db, 'specialty', specialties, storedSpecialties, MESSAGES.specialtyInvalid);
  if (body.reviewOn < today && body.reviewOn !== current?.review_on) throw new BizError(MESSAGES.reviewOnPast);
  const supervisor = body.supervisor.trim();
  if (!supervisor) throw new BizError(MESSAGES.supervisorRequired);
  return {
    review_on: body.reviewOn,
    review_time: body.reviewTime === undefined ? (current?.review_time ?? null) : body.reviewTime,
    place: body.place === undefined ? (current?.place ?? null) : trimmed(body.place),
    online: body.online === undefined ? (current ? Number(current.online) : 0) : body.online ? 1 : 0,
    panel_size: panelSize,
    backup_count: backupCount,
    required_categories: JSON.stringify(categories),
    wanted_specialties: JSON.stringify(specialties),
    supervisor,
    note: body.note === undefined ? (current?.note ?? null) : trimmed(body.note),
  };
}

// ---- open, edit, cancel ----------------------------------------------------------------------

export async function createTaskIn(
  trx: DbOrTrx,
  request: FastifyRequest,
  user: AuthUser,
  body: ReviewTaskCreateBody,
  stamp: Stamp,
  samplingId: string | null = null,
): Promise<string> {
  const project = await trx
    .selectFrom('projects as p')
    .innerJoin('member_units as u', 'u.id', 'p.unit_id')
    .select(['p.id', 'p.name', 'p.code', 'p.status', 'p.unit_id'])
    .where('p.id', '=', body.projectId)
    .executeTakeFirst();
  if (!project) throw new BizError(MESSAGES.projectMissing);
  if (project.status !== 'filed') throw new BizError(MESSAGES.projectNotFiled);
  const busy = await trx.selectFrom('review_tasks').select('id').where('project_id', '=', project.id).where('status', 'in', ['awaiting_draw', 'confirming', 'scoring']).executeTakeFirst();
  if (busy) throw new BizError(MESSAGES.projectBusy);
  await assertDictValue(trx, 'review_reason', body.reason, null, MESSAGES.reasonInvalid);
  const columns = await settingsColumns(trx, body, null, beijingDay(stamp.at));
  const rubric = await currentRubric(trx);
  const id = randomUUID();
  await trx
    .insertInto('review_tasks')
    .values({
      id,
      project_id: project.id,
      unit_id: project.unit_id,
      reason: body.reason,
      sampling_id: samplingId,
      ...columns,
      rubric: JSON.stringify(rubric),
      status: 'awaiting_draw',
      cancel_reason: null,
      result_score_centi: null,
      result_conclusion: null,
      closed_at: null,
      closed_by: null,
      revision_status: null,
      revision_note: null,
      revision_submitted_at: null,
      revision_decided_at: null,
      revision_comment: null,
      unit_comment: null,
      unit_comment_at: null,
      ...newAuditColumns(stamp.now, stamp.by),
    })
    .execute();
  const reasons = await dictLabels(trx, 'review_reason');
  const reasonLabel = reasons.get(body.reason) ?? body.reason;
  await addEvent(trx, id, stamp, user, 'created', `发起评审（${reasonLabel}）：评审日期 ${columns.review_on}，评审专家 ${columns.panel_size} 名、备选 ${columns.backup_count} 名，监督人 ${columns.supervisor}`);
  await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'create', summary: `为项目「${project.name}」（${project.code ?? '无编号'}）发起评审（${reasonLabel}），评审日期 ${columns.review_on}` });
  await noticeTaskOpened(trx, { id, unitId: project.unit_id, projectName: project.name }, reasonLabel, columns.review_on, stamp.at);
  return id;
}

export async function createTask(request: FastifyRequest, user: AuthUser, body: ReviewTaskCreateBody): Promise<string> {
  const stamp = stampOf(request, user);
  return request.server.db.transaction().execute((trx) => createTaskIn(trx, request, user, body, stamp));
}

export async function updateTask(request: FastifyRequest, user: AuthUser, id: string, body: ReviewTaskUpdateBody): Promise<void> {
  const { db } = request.server;
  const row = await openTask(db, id);
  assertVersion(Number(row.version), body.version);
  const stamp = stampOf(request, user);
  const columns = await settingsColumns(db, body, row, beijingDay(stamp.at));
  const rulesChanged =
    columns.panel_size !== Number(row.panel_size) ||
    columns.backup_count !== Number(row.backup_count) ||
    columns.required_categories !== row.required_categories ||
    columns.wanted_specialties !== row.wanted_specialties;
  if (rulesChanged && row.status !== 'awaiting_draw') throw new BizError(MESSAGES.rulesAfterDraw);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'review_tasks', id, body.version, columns, stamp);
    await addEvent(trx, id, stamp, user, 'updated', `修改评审安排：评审日期 ${columns.review_on}${columns.review_time ? ` ${columns.review_time}` : ''}，${columns.online ? '线上评审' : `地点 ${columns.place ?? '未定'}`}，监督人 ${columns.supervisor}`);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'update', summary: `修改项目「${row.project_name}」的评审安排` });
  });
}

export async function cancelTask(request: FastifyRequest, user: AuthUser, id: string, body: ReviewReasonBody): Promise<void> {
  const { db } = request.server;
  const row = await openTask(db, id);
  assertVersion(Number(row.version), body.version);
  const reason = trimmed(body.reason);
  if (!reason) throw new BizError(MESSAGES.reasonRequired);
  const stamp = stampOf(request, user);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'review_tasks', id, body.version, { status: 'cancelled', cancel_reason: reason }, stamp);
    await trx.updateTable('review_seats').set({ status: 'void', updated_at: stamp.now, updated_by: stamp.by }).where('task_id', '=', id).where('status', 'in', ['invited', 'standby']).execute();
    await trx.updateTable('review_links').set({ revoked_at: stamp.now }).where('task_id', '=', id).where('revoked_at', 'is', null).execute();
    await addEvent(trx, id, stamp, user, 'cancelled', `取消评审：${reason}`);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'cancel', summary: `取消项目「${row.project_name}」的评审：${reason}` });
    await noticeCancelled(trx, taskRefOf(row), reason, stamp.at);
  });
}

// ---- answers ---------------------------------------------------------------------------------

export const answerDeadlineFrom = (at: Date) => new Date(at.getTime() + ANSWER_HOURS * 3_600_000).toISOString();

async function seatOf(db: DbOrTrx, taskId: string, seatId: string): Promise<ReviewSeatRow> {
  const seat = await db.selectFrom('review_seats').selectAll().where('id', '=', seatId).where('task_id', '=', taskId).executeTakeFirst();
  if (!seat) throw new BizError(MESSAGES.seatMissing);
  return seat;
}

/** Whether every panel seat is held by a confirmed expert. */
async function allConfirmed(trx: DbOrTrx, taskId: string, panelSize: number): Promise<boolean> {
  const row = await trx
    .selectFrom('review_seats')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('task_id', '=', taskId)
    .where('status', '=', 'confirmed')
    .where('seat_no', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n) >= panelSize;
}

/**
 * An invited expert's answer. A decline (with its reason) or no answer after the deadline frees
 * the seat: the next backup in rank order (earliest round first) moves up to it, invited in turn;
 * with no backup left the seat stays vacant and the task waits for 补抽. When every seat is
 * confirmed the task moves on to scoring.
 */
export async function recordResponse(request: FastifyRequest, user: AuthUser, id: string, body: ReviewResponseBody): Promise<string> {
  const { db } = request.server;
  const row = await openTask(db, id);
  if (row.status !== 'confirming') throw new BizError(MESSAGES.notConfirming);
  assertVersion(Number(row.version), body.version);
  const seat = await seatOf(db, id, body.seatId);
  if (seat.status !== 'invited' || seat.seat_no === null) throw new BizError(MESSAGES.notInvited);
  const stamp = stampOf(request, user);
  const reason = trimmed(body.reason);
  if (body.answer === 'declined' && !reason) throw new BizError(MESSAGES.declineReason);
  if (body.answer === 'no_answer' && seat.answer_deadline && stamp.now < seat.answer_deadline) {
    throw new BizError(MESSAGES.deadlineNotPassed(beijingTime(seat.answer_deadline)));
  }
  const label = seatLabel(seat);
  const actor = { id: user.id, name: user.name };
  return db.transaction().execute(async (trx) => {
    const seatChange = { answered_at: stamp.now, answered_by_name: user.name, updated_at: stamp.now, updated_by: stamp.by };
    const changed = await trx
      .updateTable('review_seats')
      .set(
        body.answer === 'confirmed'
          ? { ...seatChange, status: 'confirmed' }
          : { ...seatChange, status: body.answer, answer_reason: body.answer === 'declined' ? reason : '逾期未答复' },
      )
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', seat.id)
      .where('status', '=', 'invited')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw errors.staleVersion();
    let message: string;
    let status: ReviewTaskStatus = 'confirming';
    if (body.answer === 'confirmed') {
      await addEvent(trx, id, stamp, actor, 'answer', `${label}确认参加评审`, seat.id);
      message = `已记录：${label}确认参加`;
      if (await allConfirmed(trx, id, Number(row.panel_size))) {
        status = 'scoring';
        await addEvent(trx, id, stamp, actor, 'all_confirmed', `评审专家 ${Number(row.panel_size)} 名已全部确认`);
        await noticeAllConfirmed(trx, taskRefOf(row), stamp.at);
        message += '；评审专家已全部确认';
      }
    } else {
      await addEvent(trx, id, stamp, actor, 'answer', body.answer === 'declined' ? `${label}婉拒：${reason}` : `${label}逾期未答复`, seat.id);
      const next = await trx
        .selectFrom('review_seats as s')
        .innerJoin('expert_draws as d', 'd.id', 's.draw_id')
        .selectAll('s')
        .where('s.task_id', '=', id)
        .where('s.status', '=', 'standby')
        .orderBy('d.round')
        .orderBy('s.backup_rank')
        .orderBy('s.draw_rank')
        .executeTakeFirst();
      if (next) {
        const answerDeadline = answerDeadlineFrom(stamp.at);
        await trx
          .updateTable('review_seats')
          .set((eb) => ({
            status: 'invited',
            seat_no: seat.seat_no,
            invited_at: stamp.now,
            answer_deadline: answerDeadline,
            updated_at: stamp.now,
            updated_by: stamp.by,
            version: eb('version', '+', 1),
          }))
          .where('id', '=', next.id)
          .where('status', '=', 'standby')
          .execute();
        const movedUp = `${seatLabel(next)}递补为${label}`;
        await addEvent(trx, id, stamp, actor, 'promoted', movedUp, next.id);
        await noticeInvitedExperts(trx, row, [{ id: next.id, expertId: next.expert_id, answerDeadline }], { now: stamp.at, pii: request.server.pii });
        message = `已记录；${movedUp}，请联系确认`;
      } else {
        const vacant = await vacantSeatCount(trx, id, Number(row.panel_size));
        await addEvent(trx, id, stamp, actor, 'vacant', `${label}席位空缺，备选专家已用完，需要补抽`);
        await noticeBackupsUsedUp(trx, taskRefOf(row), vacant, stamp.at);
        message = `已记录；备选专家已用完，${label}席位空缺，需要补抽`;
      }
    }
    await updateWithVersion(trx, 'review_tasks', id, body.version, { status }, stamp);
    const words = { confirmed: '确认参加', declined: `婉拒（${reason ?? ''}）`, no_answer: '逾期未答复' }[body.answer];
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'respond', summary: `项目「${row.project_name}」评审：${label}${words}` });
    return message;
  });
}

async function vacantSeatCount(trx: DbOrTrx, taskId: string, panelSize: number): Promise<number> {
  const row = await trx
    .selectFrom('review_seats')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('task_id', '=', taskId)
    .where('status', 'in', ['invited', 'confirmed'])
    .where('seat_no', 'is not', null)
    .executeTakeFirstOrThrow();
  return Math.max(0, panelSize - Number(row.n));
}

// ---- sheets, close ---------------------------------------------------------------------------

/** A confirmed panel member's seat of a task in scoring. */
export async function scoringSeat(db: DbOrTrx, row: TaskJoinedRow, seatId: string): Promise<ReviewSeatRow> {
  if (row.status !== 'scoring') throw new BizError(MESSAGES.notScoring);
  const seat = await seatOf(db, row.id, seatId);
  if (seat.status !== 'confirmed' || seat.seat_no === null) throw new BizError(MESSAGES.notPanelMember);
  return seat;
}

/** Who replaces a seat's sheet: staff (with their reason), or the expert again through their link. */
export interface SheetReplacer {
  by: string | null;
  byName: string | null;
  reason: string | null;
}

/** The sheet a write replaced, kept whole in review_sheet_replacements. */
export interface ReplacedSheet {
  replacementId: string;
  total: number;
  conclusion: ReviewSheetRow['conclusion'];
  source: ReviewSheetRow['source'];
  submittedAt: string;
}

/**
 * Writes a seat's sheet, the caller's transaction. A sheet the seat already has is first copied
 * whole into review_sheet_replacements (with who replaced it and why), never lost.
 */
export async function writeSheet(
  trx: DbOrTrx,
  row: TaskJoinedRow,
  seat: ReviewSeatRow,
  sheet: Pick<ReviewSheetBody, 'scores' | 'comments' | 'conclusion'>,
  source: 'staff' | 'expert',
  enteredBy: string | null,
  stamp: { now: string; by: string | null },
  replacer: SheetReplacer,
): Promise<{ total: number; replaced: ReplacedSheet | null }> {
  const { scores, total } = checkedScores(parseRubric(row.rubric), sheet.scores);
  const columns = {
    scores: scoresToText(scores),
    total,
    comments: trimmed(sheet.comments),
    conclusion: sheet.conclusion,
    source,
    entered_by_name: enteredBy,
    submitted_at: stamp.now,
  };
  const existing = await trx.selectFrom('review_sheets').selectAll().where('seat_id', '=', seat.id).executeTakeFirst();
  if (existing) {
    const replacementId = randomUUID();
    await trx
      .insertInto('review_sheet_replacements')
      .values({
        id: replacementId,
        task_id: row.id,
        seat_id: seat.id,
        expert_id: existing.expert_id,
        scores: existing.scores,
        total: existing.total,
        comments: existing.comments,
        conclusion: existing.conclusion,
        source: existing.source,
        entered_by_name: existing.entered_by_name,
        submitted_at: existing.submitted_at,
        replaced_at: stamp.now,
        replaced_by: replacer.by,
        replaced_by_name: replacer.byName,
        replaced_by_source: source,
        reason: replacer.reason,
      })
      .execute();
    await trx
      .updateTable('review_sheets')
      .set((eb) => ({ ...columns, updated_at: stamp.now, updated_by: stamp.by, version: eb('version', '+', 1) }))
      .where('id', '=', existing.id)
      .execute();
    return {
      total,
      replaced: { replacementId, total: Number(existing.total), conclusion: existing.conclusion, source: existing.source, submittedAt: existing.submitted_at },
    };
  }
  await trx
    .insertInto('review_sheets')
    .values({ id: randomUUID(), task_id: row.id, seat_id: seat.id, expert_id: seat.expert_id, ...columns, ...newAuditColumns(stamp.now, stamp.by) })
    .execute();
  return { total, replaced: null };
}

/**
 * Staff enter a seat's sheet from the paper. The sheet is the expert's: a seat that has one (sent
 * by the expert through their link, or entered before) is replaced only with a reason; the
 * replaced sheet is kept whole, the task's history says what changed and why, and the expert is
 * told by e-mail and SMS (server/notifications/sheetReplaced.ts). Closing counts the replaced
 * sheets in the result the unit reads.
 */
export async function enterSheet(request: FastifyRequest, user: AuthUser, id: string, body: ReviewSheetBody): Promise<void> {
  const { db } = request.server;
  const row = await openTask(db, id);
  const seat = await scoringSeat(db, row, body.seatId);
  assertVersion(Number(row.version), body.version);
  const present = await db.selectFrom('review_sheets').select('source').where('seat_id', '=', seat.id).executeTakeFirst();
  const reason = trimmed(body.reason);
  if (present && !reason) throw new BizError(present.source === 'expert' ? MESSAGES.replaceExpertSheet : MESSAGES.replaceSheet);
  const stamp = stampOf(request, user);
  const label = seatLabel(seat);
  await db.transaction().execute(async (trx) => {
    // The version first: a sheet the expert sent since the page was read moved it on (links.ts), and is never replaced unseen.
    await updateWithVersion(trx, 'review_tasks', id, body.version, {}, stamp);
    const { total, replaced } = await writeSheet(trx, row, seat, body, 'staff', user.name, stamp, { by: user.id, byName: user.name, reason });
    const words = `总分 ${total}，结论 ${REVIEW_CONCLUSION_LABELS[body.conclusion]}`;
    if (replaced) {
      const before = `总分 ${replaced.total}，结论 ${REVIEW_CONCLUSION_LABELS[replaced.conclusion]}（${REVIEW_SHEET_SOURCE_LABELS[replaced.source]}，${beijingTime(replaced.submittedAt)}）`;
      const summary = `替换${label}的评分表，原因：${reason ?? ''}。原评分表：${before}；替换后：${words}`;
      await addEvent(trx, id, stamp, user, 'sheet_replaced', summary, seat.id);
      await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'sheet-replace', summary: `项目「${row.project_name}」评审：${summary}` });
      await noticeSheetReplaced(
        trx,
        {
          id: replaced.replacementId,
          taskId: id,
          expertId: seat.expert_id,
          projectName: row.project_name,
          reviewOn: row.review_on,
          replaced: { total: replaced.total, conclusion: REVIEW_CONCLUSION_LABELS[replaced.conclusion] },
          now: { total, conclusion: REVIEW_CONCLUSION_LABELS[body.conclusion] },
          reason: reason ?? '',
        },
        { now: stamp.at, pii: request.server.pii },
      );
      return;
    }
    const summary = `录入${label}的评分表：${words}`;
    await addEvent(trx, id, stamp, user, 'sheet', summary, seat.id);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'sheet', summary: `项目「${row.project_name}」评审：${summary}` });
  });
}

/** How many of a task's seats had their sheet replaced by staff (what the result and the unit are told). */
export async function seatsReplacedByStaff(db: DbOrTrx, taskId: string): Promise<number> {
  const rows = await db.selectFrom('review_sheet_replacements').select('seat_id').distinct().where('task_id', '=', taskId).where('replaced_by_source', '=', 'staff').execute();
  return rows.length;
}

/**
 * Closes the review: every confirmed panel member has a sheet; the panel's result (./panelResult.ts)
 * is stored and the task locked; the experts' links stop working; 修改后通过 asks the unit for a
 * revised report.
 */
export async function closeTask(request: FastifyRequest, user: AuthUser, id: string, body: ReviewStepBody): Promise<{ score: number; conclusion: string }> {
  const { db } = request.server;
  const row = await openTask(db, id);
  if (row.status !== 'scoring') throw new BizError(MESSAGES.notScoring);
  assertVersion(Number(row.version), body.version);
  const sheets = await db
    .selectFrom('review_sheets as sh')
    .innerJoin('review_seats as s', 's.id', 'sh.seat_id')
    .select(['sh.total', 'sh.conclusion'])
    .where('sh.task_id', '=', id)
    .where('s.status', '=', 'confirmed')
    .where('s.seat_no', 'is not', null)
    .orderBy('s.seat_no')
    .execute();
  const panelSize = Number(row.panel_size);
  if (sheets.length < panelSize) throw new BizError(MESSAGES.sheetsMissing(panelSize - sheets.length));
  const result = panelResult(sheets.map((s) => ({ total: Number(s.total), conclusion: s.conclusion })));
  if (!result) throw new BizError(MESSAGES.sheetsMissing(panelSize));
  const stamp = stampOf(request, user);
  const changes: VersionedChanges<'review_tasks'> = {
    status: 'closed',
    result_score_centi: Math.round(result.score * 100),
    result_conclusion: result.conclusion,
    closed_at: stamp.now,
    closed_by: user.id,
    revision_status: result.conclusion === 'revise' ? 'awaiting' : null,
  };
  const replacedByStaff = await seatsReplacedByStaff(db, id);
  const words = `${result.score} 分，${REVIEW_CONCLUSION_LABELS[result.conclusion]}${result.dropped ? '（去掉一个最高分和一个最低分）' : ''}${replacedByStaff ? `；其中 ${replacedByStaff} 份评分表由工作人员替换，原因见评审记录` : ''}`;
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'review_tasks', id, body.version, changes, stamp);
    await trx.updateTable('review_links').set({ revoked_at: stamp.now }).where('task_id', '=', id).where('revoked_at', 'is', null).execute();
    await addEvent(trx, id, stamp, user, 'closed', `评审结束：${words}`);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'close', summary: `项目「${row.project_name}」评审结束：${words}` });
    await noticeClosed(trx, taskRefOf(row), result.score, result.conclusion, stamp.at, replacedByStaff);
    // The panel's mean is a credit event of the assessing unit when low or high (docs/domain.md, "Credit").
    const creditKind = result.score < REVIEW_LOW_SCORE ? 'review_low' : result.score >= REVIEW_HIGH_SCORE ? 'review_high' : null;
    if (creditKind) {
      await recordAutomaticEvent(
        trx,
        {
          kind: creditKind,
          sourceType: 'review_task',
          sourceId: id,
          unitId: row.unit_id,
          occurredOn: beijingDay(stamp.at),
          description: `项目「${row.project_name}」评估报告评审得分 ${result.score} 分（${REVIEW_CONCLUSION_LABELS[result.conclusion]}）`,
          actorId: user.id,
          now: stamp.now,
        },
        { log: (entry) => logOperation(trx, request, entry) },
      );
    }
  });
  return { score: result.score, conclusion: REVIEW_CONCLUSION_LABELS[result.conclusion] };
}

// ---- after closing ---------------------------------------------------------------------------

async function closedTask(db: DbOrTrx, id: string): Promise<TaskJoinedRow> {
  const row = await findTask(db, id);
  if (!row) throw errors.notFound(NOUN);
  if (row.status !== 'closed') throw new BizError(MESSAGES.notClosed);
  return row;
}

/** Staff rate the panel's experts (1–5, a comment); rating again replaces the earlier one. */
export async function rateExperts(request: FastifyRequest, user: AuthUser, id: string, body: ReviewRatingsBody): Promise<void> {
  const { db } = request.server;
  const row = await closedTask(db, id);
  assertVersion(Number(row.version), body.version);
  const seatIds = [...new Set(body.ratings.map((r) => r.seatId))];
  if (seatIds.length !== body.ratings.length) throw new BizError('同一位专家只能评价一次');
  const seats = await db
    .selectFrom('review_seats as s')
    .innerJoin('review_sheets as sh', 'sh.seat_id', 's.id')
    .select(['s.id', 's.expert_id', 's.seat_no', 's.backup_rank', 's.draw_rank'])
    .where('s.task_id', '=', id)
    .where('s.id', 'in', seatIds)
    .where('s.status', '=', 'confirmed')
    .execute();
  if (seats.length !== seatIds.length) throw new BizError(MESSAGES.rateNotMember);
  const seatById = new Map(seats.map((s) => [s.id, s]));
  const stamp = stampOf(request, user);
  await db.transaction().execute(async (trx) => {
    for (const rating of body.ratings) {
      const seat = seatById.get(rating.seatId);
      if (!seat) throw new BizError(MESSAGES.rateNotMember);
      const values = { rating: rating.rating, comment: trimmed(rating.comment), rated_by: user.id, rated_by_name: user.name, rated_at: stamp.now };
      await trx
        .insertInto('expert_ratings')
        .values({ id: randomUUID(), task_id: id, expert_id: seat.expert_id, ...values })
        .onConflict((oc) => oc.columns(['task_id', 'expert_id']).doUpdateSet(values))
        .execute();
      await addEvent(trx, id, stamp, user, 'rated', `评价${seatLabel(seat)}：${rating.rating} 分`, seat.id);
    }
    await updateWithVersion(trx, 'review_tasks', id, body.version, {}, stamp);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'rate', summary: `评价项目「${row.project_name}」评审的 ${body.ratings.length} 位专家` });
  });
}

/** The unit's own closed task. */
async function ownClosedTask(db: DbOrTrx, user: AuthUser, id: string): Promise<TaskJoinedRow> {
  if (user.authType !== AuthType.MemberUnit) throw errors.forbidden();
  const row = await visibleTask(db, user, id);
  if (row.status !== 'closed') throw new BizError(MESSAGES.notClosed);
  return row;
}

export async function commentOnResult(request: FastifyRequest, user: AuthUser, id: string, body: ReviewCommentBody): Promise<void> {
  const { db } = request.server;
  const row = await ownClosedTask(db, user, id);
  assertVersion(Number(row.version), body.version);
  const comment = trimmed(body.comment);
  if (!comment) throw new BizError(MESSAGES.commentRequired);
  const stamp = stampOf(request, user);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'review_tasks', id, body.version, { unit_comment: comment, unit_comment_at: stamp.now }, stamp);
    await addEvent(trx, id, stamp, user, 'comment', `评估单位对评审结果提出意见：${comment}`);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'comment', summary: `对项目「${row.project_name}」的评审结果提出意见` });
    await noticeUnitComment(trx, taskRefOf(row), stamp.at);
  });
}

export async function submitRevision(request: FastifyRequest, user: AuthUser, id: string, body: ReviewRevisionBody): Promise<void> {
  const { db } = request.server;
  const row = await ownClosedTask(db, user, id);
  if (row.revision_status !== 'awaiting' && row.revision_status !== 'returned') throw new BizError(MESSAGES.revisionNotAwaited);
  assertVersion(Number(row.version), body.version);
  const stamp = stampOf(request, user);
  await assertAttachable(db, user, stamp.at, body.reportFileIds, '修改后的评估报告');
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'review_tasks',
      id,
      body.version,
      { revision_status: 'submitted', revision_note: trimmed(body.note), revision_submitted_at: stamp.now, revision_decided_at: null, revision_comment: null },
      stamp,
    );
    await setAttachments(trx, { type: 'project', id: row.project_id }, revisionSlot(id), body.reportFileIds, stamp);
    await addEvent(trx, id, stamp, user, 'revision', `评估单位提交修改后的评估报告（${body.reportFileIds.length} 个文件）`);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'revise', summary: `提交项目「${row.project_name}」修改后的评估报告` });
    await noticeRevisionSubmitted(trx, taskRefOf(row), stamp.at);
  });
}

export async function decideRevision(request: FastifyRequest, user: AuthUser, id: string, confirmed: boolean, body: { version: number; comment?: string; reason?: string }): Promise<void> {
  const { db } = request.server;
  const row = await closedTask(db, id);
  if (row.revision_status !== 'submitted') throw new BizError(MESSAGES.revisionNotSubmitted);
  assertVersion(Number(row.version), body.version);
  const comment = trimmed(confirmed ? body.comment : body.reason);
  if (!confirmed && !comment) throw new BizError(MESSAGES.reasonRequired);
  const stamp = stampOf(request, user);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'review_tasks', id, body.version, { revision_status: confirmed ? 'confirmed' : 'returned', revision_decided_at: stamp.now, revision_comment: comment }, stamp);
    const words = confirmed ? `确认修改后的评估报告${comment ? `：${comment}` : ''}` : `退回修改后的评估报告：${comment ?? ''}`;
    await addEvent(trx, id, stamp, user, confirmed ? 'revision_confirmed' : 'revision_returned', words);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: confirmed ? 'confirm-revision' : 'return-revision', summary: `项目「${row.project_name}」：${words}` });
    await noticeRevisionDecided(trx, taskRefOf(row), confirmed, comment, stamp.at);
  });
}
