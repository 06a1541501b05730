/**
 * The draw of a review panel, recorded whole (./records.ts): the pool as it was (every expert of
 * the library, eligible with the facts the draw used, or excluded with the rule and its reason:
 * ./pool.ts and ./exclusions.ts), a seed of 32 bytes from the operating system, the algorithm's
 * version, the rules, the ranked result (panel, then backups), operator, time and supervisor.
 *
 * - The first draw fills the panel's seats; a repeat (重新抽取) needs a reason, is a new round
 *   under the same rules, and voids the earlier round's seats (refused once a sheet exists).
 * - 补抽 (the backups used up, seats vacant) is a new round under the same rules that leaves out
 *   every expert already drawn for the task; it draws as many as there are vacant seats (and the
 *   task's number of backups) and asks for the categories and specialties the panel still
 *   lacks. The record keeps the call as made, so verification repeats it exactly.
 * - A pool too small is refused (400) with how many are eligible and how many each rule left
 *   out; nothing is recorded. A draw more than two days before the review is recorded with a
 *   warning, not refused.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CONFLICT_WINDOW_YEARS_DEFAULT, RECENT_REVIEW_DAYS_DEFAULT, YEARLY_REVIEW_CAP_DEFAULT } from '@common/expertReview';
import { DRAW_EARLY_WARNING_DAYS, REVIEW_DRAW_KIND_LABELS, type DrawAnswer, type DrawRules, type ReviewDrawBody, type ReviewDrawKind, type ReviewStepBody } from '@common/schemas/reviewTasks';
import type { AuthUser } from '../../security/user';
import { beijingDay } from '@common/calendar';
import { dictLabelsOf } from '../../db/dictionaries';
import type { DbOrTrx } from '../../db/types';
import { assertVersion, updateWithVersion } from '../../db/versioned';
import { BizError } from '../../http/errors';
import { logOperation } from '../../oplog';
import { stampOf } from '../../workflow/stamp';
import { DRAW_ALGORITHM_VERSION, newDrawSeed } from '../../quality/draw';
import { classifyPool, daysBefore, type ExcludedExpert } from '../../quality/exclusions';
import { noticeDrawn, noticeInvitedExperts } from './notices';
import { loadPoolFacts } from '../../quality/pool';
import { countsOf } from '../../quality/tasks';
import { vacantSeatsOf, type TaskJoinedRow } from './queries';
import { DIGEST_LABEL, DRAW_ENTITY, drawDigest, encodeDrawPool, runDraw, type DrawPool } from '../../quality/records';
import { addEvent, answerDeadlineFrom, openTask, taskRefOf } from './service';

export const DRAW_MESSAGES = {
  drawnAlready: '已抽取过专家；重新抽取须填写原因（将作废上一轮的抽取结果）',
  sheetsExist: '已有评分表，不能重新抽取',
  reviewOnPast: (reviewOn: string) => `评审日期（${reviewOn}）已过，请先修改评审日期再抽取`,
  noVacancy: '评审专家席位没有空缺，不需要补抽',
  backupsLeft: (n: number) => `还有 ${n} 名备选专家可以递补，备选用完后才能补抽`,
  notConfirming: '只有在确认专家阶段才能补抽',
  tooEarly: (today: string, reviewOn: string) => `抽取日期（${today}）距评审日期（${reviewOn}）超过 ${DRAW_EARLY_WARNING_DAYS} 天，按规定应在评审前 ${DRAW_EARLY_WARNING_DAYS} 天内抽取`,
} as const;

/** 第 1 轮 …: how many each rule left out, in the rules' order. */
export function exclusionCounts(excluded: readonly { rule: string; reason: string }[]): { rule: string; reason: string; count: number }[] {
  const counts = new Map<string, { rule: string; reason: string; count: number }>();
  for (const e of excluded) {
    const c = counts.get(e.rule);
    if (c) c.count += 1;
    else counts.set(e.rule, { rule: e.rule, reason: e.reason, count: 1 });
  }
  return [...counts.values()];
}

interface RoundPlan {
  kind: ReviewDrawKind;
  reason: string | null;
  /** The seats this round fills, in order. */
  seatNumbers: number[];
  panelSize: number;
  requiredCategories: string[];
  wantedSpecialties: string[];
  /** Experts drawn for the task before (left out of a supplementary round). */
  alreadyAsked: string[];
}

async function planRound(db: DbOrTrx, row: TaskJoinedRow, supplementary: boolean, reason: string | null): Promise<RoundPlan> {
  const counts = (await countsOf(db, [row.id])).get(row.id);
  const panelSize = Number(row.panel_size);
  const requiredCategories = JSON.parse(row.required_categories) as string[];
  const wantedSpecialties = JSON.parse(row.wanted_specialties) as string[];
  const allSeats = Array.from({ length: panelSize }, (_, i) => i + 1);
  if (!supplementary) {
    if (row.status === 'awaiting_draw') return { kind: 'initial', reason, seatNumbers: allSeats, panelSize, requiredCategories, wantedSpecialties, alreadyAsked: [] };
    if (!reason) throw new BizError(DRAW_MESSAGES.drawnAlready);
    if ((counts?.sheets ?? 0) > 0) throw new BizError(DRAW_MESSAGES.sheetsExist);
    return { kind: 'redraw', reason, seatNumbers: allSeats, panelSize, requiredCategories, wantedSpecialties, alreadyAsked: [] };
  }
  if (row.status !== 'confirming' || !counts) throw new BizError(DRAW_MESSAGES.notConfirming);
  if (vacantSeatsOf(row, counts) === 0) throw new BizError(DRAW_MESSAGES.noVacancy);
  if (counts.standby > 0) throw new BizError(DRAW_MESSAGES.backupsLeft(counts.standby));
  const seats = await db
    .selectFrom('review_seats as s')
    .innerJoin('experts as e', 'e.id', 's.expert_id')
    .select(['s.expert_id', 's.status', 's.seat_no', 'e.category'])
    .where('s.task_id', '=', row.id)
    .execute();
  const holders = seats.filter((s) => s.seat_no !== null && (s.status === 'invited' || s.status === 'confirmed'));
  const held = new Set(holders.map((s) => Number(s.seat_no)));
  const holderIds = holders.map((s) => s.expert_id);
  const holderSpecialties = holderIds.length
    ? await db.selectFrom('expert_specialties').select('specialty').where('expert_id', 'in', holderIds).execute()
    : [];
  const coveredCategories = new Set(holders.map((s) => s.category));
  const coveredSpecialties = new Set(holderSpecialties.map((s) => s.specialty));
  const seatNumbers = allSeats.filter((n) => !held.has(n));
  return {
    kind: 'supplementary',
    reason,
    seatNumbers,
    panelSize: seatNumbers.length,
    requiredCategories: requiredCategories.filter((c) => !coveredCategories.has(c)),
    wantedSpecialties: wantedSpecialties.filter((s) => !coveredSpecialties.has(s)),
    alreadyAsked: [...new Set(seats.map((s) => s.expert_id))].sort(),
  };
}

/** The refusal of a pool too small: drawPanel's words, then who the library left out and why. */
function refusal(message: string, libraryCount: number, excluded: readonly ExcludedExpert[], alreadyAsked: number): string {
  const parts = exclusionCounts(excluded).map((c) => `${c.reason} ${c.count} 人`);
  if (alreadyAsked > 0) parts.push(`本任务已抽取过 ${alreadyAsked} 人`);
  const out = excluded.length + alreadyAsked;
  return `${message}。专家库共 ${libraryCount} 人${out > 0 ? `，未纳入 ${out} 人：${parts.join('、')}` : ''}`;
}

export async function drawExperts(request: FastifyRequest, user: AuthUser, id: string, body: ReviewDrawBody | ReviewStepBody, supplementary: boolean): Promise<DrawAnswer> {
  const { db } = request.server;
  const row = await openTask(db, id);
  const reason = 'reason' in body ? body.reason?.trim() || null : null;
  const plan = await planRound(db, row, supplementary, reason);
  assertVersion(Number(row.version), body.version);
  const stamp = stampOf(request, user);
  const today = beijingDay(stamp.at);
  if (row.review_on < today) throw new BizError(DRAW_MESSAGES.reviewOnPast(row.review_on));

  const context = {
    assessingUnitId: row.unit_id,
    assessingUnitName: row.unit_name,
    clientName: row.project_client,
    reviewOn: row.review_on,
    yearlyCap: YEARLY_REVIEW_CAP_DEFAULT,
    recentDays: RECENT_REVIEW_DAYS_DEFAULT,
    windowYears: CONFLICT_WINDOW_YEARS_DEFAULT,
  };
  const facts = await loadPoolFacts(db, { taskId: id, projectId: row.project_id, unitId: row.unit_id, unitName: row.unit_name, clientName: row.project_client, reviewOn: row.review_on });
  const classified = classifyPool(facts, context);
  const asked = new Set(plan.alreadyAsked);
  const pool: DrawPool = {
    eligible: classified.eligible.filter((c) => !asked.has(c.expertId)).map((c) => ({ expertId: c.expertId, category: c.category, specialties: [...c.specialties] })),
    excluded: classified.excluded,
  };
  const rules: DrawRules = {
    panelSize: plan.panelSize,
    backupCount: Number(row.backup_count),
    requiredCategories: plan.requiredCategories,
    wantedSpecialties: plan.wantedSpecialties,
    seatNumbers: plan.seatNumbers,
    context,
    alreadyAsked: plan.alreadyAsked,
  };
  const labels = await dictLabelsOf(db, ['expert_category', 'specialty']);
  const seed = newDrawSeed();
  const outcome = runDraw(pool, { ...rules, categoryLabels: Object.fromEntries(labels.get('expert_category') ?? []), specialtyLabels: Object.fromEntries(labels.get('specialty') ?? []) }, seed);
  if (!outcome.ok) {
    const askedInPool = classified.eligible.length - pool.eligible.length;
    throw new BizError(refusal(outcome.message, facts.length, classified.excluded, askedInPool));
  }
  const result = { order: outcome.order, panel: outcome.panel, backups: outcome.backups };
  const warning = today < daysBefore(row.review_on, DRAW_EARLY_WARNING_DAYS) ? DRAW_MESSAGES.tooEarly(today, row.review_on) : null;

  // Seats: the panel takes the seats this round fills, in rank order; the backups wait in theirs.
  const seated = result.panel.slice(0, plan.seatNumbers.length);
  const waiting = [...result.panel.slice(plan.seatNumbers.length), ...result.backups];
  const ranked = [...result.panel, ...result.backups];
  const deadline = answerDeadlineFrom(stamp.at);
  const drawId = randomUUID();

  return db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'review_tasks', id, body.version, { status: 'confirming' }, stamp);
    const last = await trx.selectFrom('expert_draws').select((eb) => eb.fn.max('round').as('round')).where('task_id', '=', id).executeTakeFirst();
    const round = Number(last?.round ?? 0) + 1;
    const record = {
      id: drawId,
      task_id: id,
      round,
      kind: plan.kind,
      reason: plan.reason,
      seed,
      algorithm_version: DRAW_ALGORITHM_VERSION,
      rules: JSON.stringify(rules),
      pool: encodeDrawPool(pool),
      result: JSON.stringify(result),
      warning,
      supervisor: row.supervisor,
      operator_id: user.id,
      operator_name: user.name,
      drawn_at: stamp.now,
    };
    const digest = drawDigest(record);
    await trx
      .insertInto('expert_draws')
      .values({ ...record, digest, eligible_count: pool.eligible.length, excluded_count: pool.excluded.length, panel_count: result.panel.length, backup_count: result.backups.length })
      .execute();
    if (plan.kind === 'redraw') {
      await trx
        .updateTable('review_seats')
        .set({ status: 'void', updated_at: stamp.now, updated_by: stamp.by })
        .where('task_id', '=', id)
        .where('status', 'in', ['invited', 'confirmed', 'standby'])
        .execute();
      await trx.updateTable('review_links').set({ revoked_at: stamp.now }).where('task_id', '=', id).where('revoked_at', 'is', null).execute();
    }
    const seatRow = (expertId: string) => ({ id: randomUUID(), task_id: id, draw_id: drawId, expert_id: expertId, draw_rank: ranked.indexOf(expertId) + 1, answer_reason: null, answered_at: null, answered_by_name: null, version: 0, created_at: stamp.now, created_by: stamp.by, updated_at: stamp.now, updated_by: stamp.by });
    const invited = seated.map((expertId, i) => ({ ...seatRow(expertId), backup_rank: null, seat_no: plan.seatNumbers[i], status: 'invited' as const, invited_at: stamp.now, answer_deadline: deadline }));
    await trx
      .insertInto('review_seats')
      .values([...invited, ...waiting.map((expertId, i) => ({ ...seatRow(expertId), backup_rank: i + 1, seat_no: null, status: 'standby' as const, invited_at: null, answer_deadline: null }))])
      .execute();
    const kindWords = `${REVIEW_DRAW_KIND_LABELS[plan.kind]}${plan.reason ? `（原因：${plan.reason}）` : ''}`;
    const summary = `第 ${round} 轮${kindWords}：评审专家 ${seated.length} 名、备选 ${waiting.length} 名；可抽取 ${pool.eligible.length} 人，未纳入 ${pool.excluded.length + (classified.eligible.length - pool.eligible.length)} 人；监督人 ${row.supervisor}${warning ? `；${warning}` : ''}`;
    await addEvent(trx, id, stamp, user, 'drawn', summary);
    await logOperation(trx, request, {
      entity: DRAW_ENTITY,
      entityId: drawId,
      action: 'draw',
      // The digest first: the log keeps a summary's first 1,000 characters (server/oplog.ts), and a long reason must not cut it off.
      summary: `${DIGEST_LABEL}${digest}；项目「${row.project_name}」评审${summary}；算法 ${DRAW_ALGORITHM_VERSION}`,
    });
    await noticeDrawn(trx, taskRefOf(row), round, seated.length, stamp.at);
    await noticeInvitedExperts(trx, row, invited.map((s) => ({ id: s.id, expertId: s.expert_id, answerDeadline: s.answer_deadline })), { now: stamp.at, pii: request.server.pii });
    return { drawId, round, panelCount: seated.length, backupCount: waiting.length, eligibleCount: pool.eligible.length, warning };
  });
}

