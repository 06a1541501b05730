/**
 * Quality review in the demo data set (./demo.ts, after ./demoData.ts): the library's categories
 * and declared conflicts, a closed review of demo-project-1 (drawn, one decline with the backup
 * moving up, five sheets, 修改后通过, the experts rated, a revised report owed by demo_unit), and
 * a task of demo-project-7 opened and waiting for its draw.
 *
 * The closed review's draw is a real one: the pool comes from the library as seeded
 * (server/quality/pool.ts), the rules and the draw from the same functions the module runs, with
 * a fixed seed, so the record is the same on every install and GET /expert-draws/:id/verify
 * recomputes it. Its operation-log row is appended to the audit chain when the caller gives the
 * chain's key (server/index.ts does); without one the draw verifies but its audit check fails.
 *
 * Idempotent: rows with fixed ids, inserted once; the log row only with its new draw.
 */
import { createHash } from 'node:crypto';
import { CONFLICT_WINDOW_YEARS_DEFAULT, RECENT_REVIEW_DAYS_DEFAULT, YEARLY_REVIEW_CAP_DEFAULT, type ConflictKind, type ReviewConclusion } from '@common/expertReview';
import type { DrawRules } from '@common/schemas/reviewTasks';
import { appendOperation } from '../../oplog';
import { DRAW_ALGORITHM_VERSION, drawPanel } from '../../quality/draw';
import { classifyPool } from '../../quality/exclusions';
import { panelResult } from '../../quality/panelResult';
import { loadPoolFacts, unitKey } from '../../quality/pool';
import { DIGEST_LABEL, DRAW_ENTITY, drawDigest } from '../../quality/records';
import { currentRubric, scoresToText } from '../../quality/rubric';
import type { DbOrTrx } from '../types';
import { newAuditColumns as audit } from '../versioned';
import { ts } from './demoHelpers';

/** The audit chain's key and the dialect, to append the draw's log row (server/oplog.ts). */
export interface DemoAudit {
  key: Buffer;
  dialect: 'sqlite' | 'postgres';
}

/** Each demo expert's category (expert_category), by demo-expert number. */
const CATEGORIES: Record<number, string> = {
  1: 'management',
  2: 'social_science',
  3: 'social_science',
  4: 'engineering',
  5: 'engineering',
  6: 'engineering',
  7: 'social_science',
  8: 'social_science',
  9: 'social_science',
  10: 'engineering',
  11: 'management',
  12: 'management',
  13: 'engineering',
  14: 'social_science',
  15: 'social_science',
};

/** Declared conflicts: [expert number, unit, kind, relation, from, to]. */
const CONFLICTS: [number, string, ConflictKind, string | null, string, string | null][] = [
  // 叶青 advises demo-unit-1: out of its projects' reviews.
  [9, '正衡社会稳定风险评估咨询有限公司', 'advised', null, '2024-03-01', null],
  // 林慧敏's spouse works for demo-project-1's client.
  [2, '城东新城建设管理委员会', 'relative', '配偶', '2022-01-01', null],
  // 徐国平 held shares in demo-unit-2 until April 2025.
  [4, '之江社会风险研究院有限公司', 'shares', null, '2023-05-01', '2025-04-30'],
  // 郭建华 directed demo-unit-3 long ago: outside the three-year window of today's reviews.
  [10, '安和工程咨询有限公司', 'directed', null, '2019-01-01', '2022-06-30'],
];

const expertId = (n: number) => `demo-expert-${n}`;

export const DEMO_CLOSED_TASK = 'demo-review-task-1';
export const DEMO_OPEN_TASK = 'demo-review-task-2';
const DEMO_DRAW = 'demo-expert-draw-1';
/** The closed review's seed: fixed, so that every install holds the same draw. */
const DEMO_SEED = createHash('sha256').update('wenping demo review 1').digest('hex');

const STAFF = '协会秘书处';

export async function seedDemoReviewTasks(db: DbOrTrx, auditTrail: DemoAudit | null): Promise<void> {
  for (const [n, category] of Object.entries(CATEGORIES)) {
    await db.updateTable('experts').set({ category }).where('id', '=', expertId(Number(n))).where('category', 'is', null).execute();
  }
  await db
    .insertInto('expert_conflicts')
    .values(
      CONFLICTS.map(([n, unit, kind, relation, from, to], i) => ({
        id: `demo-expert-conflict-${i + 1}`,
        expert_id: expertId(n),
        unit_name: unit,
        unit_key: unitKey(unit),
        kind,
        relation,
        from_on: from,
        to_on: to,
        note: null,
        ...audit(ts('2025-03-01 09:00')),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();

  if (!(await db.selectFrom('review_tasks').select('id').where('id', '=', DEMO_CLOSED_TASK).executeTakeFirst())) {
    await seedClosedReview(db, auditTrail);
  }
  if (!(await db.selectFrom('review_tasks').select('id').where('id', '=', DEMO_OPEN_TASK).executeTakeFirst())) {
    await db
      .insertInto('review_tasks')
      .values({
        ...taskColumns(DEMO_OPEN_TASK, 'demo-project-7', 'demo-unit-2', '2027-03-18', JSON.stringify(await currentRubric(db))),
        review_time: '14:00',
        place: '协会二楼会议室',
        required_categories: JSON.stringify(['social_science', 'management']),
        wanted_specialties: JSON.stringify(['law']),
        ...audit(ts('2026-11-20 10:00')),
      })
      .execute();
    await db
      .insertInto('review_events')
      .values({ task_id: DEMO_OPEN_TASK, at: ts('2026-11-20 10:00'), actor_id: null, actor_name: STAFF, kind: 'created', summary: '发起评审（单位申请）：评审日期 2027-03-18，评审专家 5 名、备选 2 名，监督人 赵明', seat_id: null })
      .execute();
  }
}

function taskColumns(id: string, projectId: string, unitId: string, reviewOn: string, rubric: string) {
  return {
    id,
    project_id: projectId,
    unit_id: unitId,
    reason: 'application',
    sampling_id: null,
    review_on: reviewOn,
    review_time: '09:30',
    place: '协会三楼会议室',
    online: 0,
    panel_size: 5,
    backup_count: 2,
    required_categories: '[]',
    wanted_specialties: '[]',
    supervisor: '赵明',
    note: null,
    rubric,
    status: 'awaiting_draw' as const,
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
  };
}

/** Five sheets: [total, conclusion, comments]; the rating each expert got afterwards. */
const SHEETS: [number, ReviewConclusion, string, number][] = [
  [86, 'pass', '评估程序完整，风险识别较全面。', 4],
  [82, 'revise', '过渡期安置风险的估计依据不足，建议补充入户调查数据。', 5],
  [78, 'revise', '防范化解措施中矛盾调处机制的责任主体不明确。', 4],
  [75, 'pass', '结论明确，建议细化分期征收的时间安排。', 3],
  [69, 'revise', '风险等级判定的量化标准说明不充分。', 4],
];

async function seedClosedReview(db: DbOrTrx, auditTrail: DemoAudit | null): Promise<void> {
  const reviewOn = '2025-11-18';
  const rubric = await currentRubric(db);
  const project = await db
    .selectFrom('projects as p')
    .innerJoin('member_units as u', 'u.id', 'p.unit_id')
    .select(['p.id', 'p.name', 'p.client', 'p.unit_id', 'u.name as unit_name'])
    .where('p.id', '=', 'demo-project-1')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('review_tasks')
    .values({ ...taskColumns(DEMO_CLOSED_TASK, project.id, project.unit_id, reviewOn, JSON.stringify(rubric)), required_categories: JSON.stringify(['social_science', 'engineering']), ...audit(ts('2025-11-10 09:00')) })
    .execute();

  // The draw, as drawing.ts makes it.
  const context = {
    assessingUnitId: project.unit_id,
    assessingUnitName: project.unit_name,
    clientName: project.client,
    reviewOn,
    yearlyCap: YEARLY_REVIEW_CAP_DEFAULT,
    recentDays: RECENT_REVIEW_DAYS_DEFAULT,
    windowYears: CONFLICT_WINDOW_YEARS_DEFAULT,
  };
  const facts = await loadPoolFacts(db, { taskId: DEMO_CLOSED_TASK, projectId: project.id, unitId: project.unit_id, unitName: project.unit_name, clientName: project.client, reviewOn });
  const classified = classifyPool(facts, context);
  const pool = { eligible: classified.eligible.map((c) => ({ expertId: c.expertId, category: c.category, specialties: [...c.specialties] })), excluded: classified.excluded };
  const rules: DrawRules = { panelSize: 5, backupCount: 2, requiredCategories: ['social_science', 'engineering'], wantedSpecialties: [], seatNumbers: [1, 2, 3, 4, 5], context, alreadyAsked: [] };
  const outcome = drawPanel(pool.eligible, rules, DEMO_SEED);
  if (!outcome.ok) throw new Error(`演示数据：评审抽取失败：${outcome.message}`);
  const result = { order: outcome.order, panel: outcome.panel, backups: outcome.backups };
  const drawnAt = ts('2025-11-16 10:00');
  const record = {
    id: DEMO_DRAW,
    task_id: DEMO_CLOSED_TASK,
    round: 1,
    kind: 'initial' as const,
    reason: null,
    seed: DEMO_SEED,
    algorithm_version: DRAW_ALGORITHM_VERSION,
    rules: JSON.stringify(rules),
    pool: JSON.stringify(pool),
    result: JSON.stringify(result),
    warning: null,
    supervisor: '赵明',
    operator_id: null,
    operator_name: STAFF,
    drawn_at: drawnAt,
  };
  const digest = drawDigest(record);
  await db
    .insertInto('expert_draws')
    .values({ ...record, digest, eligible_count: pool.eligible.length, excluded_count: pool.excluded.length, panel_count: result.panel.length, backup_count: result.backups.length })
    .execute();
  if (auditTrail) {
    await appendOperation(
      db,
      { dialect: auditTrail.dialect, auditKey: auditTrail.key, clock: () => new Date(drawnAt) },
      {
        entity: DRAW_ENTITY,
        entityId: DEMO_DRAW,
        action: 'draw',
        summary: `${DIGEST_LABEL}${digest}；项目「${project.name}」评审第 1 轮首次抽取（演示数据）：评审专家 5 名、备选 2 名；算法 ${DRAW_ALGORITHM_VERSION}`,
      },
      { id: null, name: STAFF },
      { requestId: null, ip: null, userAgent: null },
    );
  }

  // Seats: expert 2 declined, the first backup took seat 2; the second backup was not needed.
  const ranked = [...result.panel, ...result.backups];
  const [backup1, backup2] = result.backups;
  const invitedAt = drawnAt;
  const answeredAt = ts('2025-11-16 15:00');
  const seatRows = [
    ...result.panel.map((expert, i) => ({
      id: `demo-review-seat-${i + 1}`,
      expert_id: expert,
      backup_rank: null,
      seat_no: i + 1,
      status: i === 1 ? ('declined' as const) : ('confirmed' as const),
      invited_at: invitedAt,
      answer_reason: i === 1 ? '时间冲突' : null,
    })),
    { id: 'demo-review-seat-6', expert_id: backup1, backup_rank: 1, seat_no: 2, status: 'confirmed' as const, invited_at: answeredAt, answer_reason: null },
    { id: 'demo-review-seat-7', expert_id: backup2, backup_rank: 2, seat_no: null, status: 'standby' as const, invited_at: null, answer_reason: null },
  ];
  await db
    .insertInto('review_seats')
    .values(
      seatRows.map((s) => ({
        ...s,
        task_id: DEMO_CLOSED_TASK,
        draw_id: DEMO_DRAW,
        draw_rank: ranked.indexOf(s.expert_id) + 1,
        answer_deadline: s.invited_at ? new Date(new Date(s.invited_at).getTime() + 24 * 3_600_000).toISOString() : null,
        answered_at: s.status === 'standby' ? null : ts('2025-11-16 17:00'),
        answered_by_name: s.status === 'standby' ? null : STAFF,
        ...audit(drawnAt),
      })),
    )
    .execute();

  // The sheets of the five seats, in seat order.
  const seated = [1, 2, 3, 4, 5].map((n) => seatRows.find((s) => s.seat_no === n && s.status === 'confirmed'));
  const sheetAt = ts('2025-11-18 16:00');
  for (const [i, seat] of seated.entries()) {
    if (!seat) continue;
    const [total, conclusion, comments] = SHEETS[i];
    // Each criterion its share of the total, the remainder to the first that have room.
    const scores = rubric.map((c) => ({ criterion: c.criterion, points: Math.floor((c.max * total) / 100) }));
    let left = total - scores.reduce((a, x) => a + x.points, 0);
    for (const [j, c] of rubric.entries()) {
      const more = Math.min(left, c.max - scores[j].points);
      scores[j].points += more;
      left -= more;
    }
    await db
      .insertInto('review_sheets')
      .values({ id: `demo-review-sheet-${i + 1}`, task_id: DEMO_CLOSED_TASK, seat_id: seat.id, expert_id: seat.expert_id, scores: scoresToText(scores), total, comments, conclusion, source: 'staff', entered_by_name: STAFF, submitted_at: sheetAt, ...audit(sheetAt) })
      .execute();
    await db
      .insertInto('expert_ratings')
      .values({ id: `demo-expert-rating-${i + 1}`, task_id: DEMO_CLOSED_TASK, expert_id: seat.expert_id, rating: SHEETS[i][3], comment: '按时参加，意见具体。', rated_by: null, rated_by_name: STAFF, rated_at: ts('2025-11-19 10:00') })
      .execute();
  }
  const outcomeOfPanel = panelResult(SHEETS.map(([total, conclusion]) => ({ total, conclusion })));
  if (!outcomeOfPanel) throw new Error('演示数据：评审结果');
  const closedAt = ts('2025-11-18 17:00');
  await db
    .updateTable('review_tasks')
    .set({ status: 'closed', result_score_centi: Math.round(outcomeOfPanel.score * 100), result_conclusion: outcomeOfPanel.conclusion, closed_at: closedAt, closed_by: null, revision_status: 'awaiting', version: 9, updated_at: closedAt })
    .where('id', '=', DEMO_CLOSED_TASK)
    .execute();

  const events: [string, string, string, string | null][] = [
    ['2025-11-10 09:00', 'created', '发起评审（单位申请）：评审日期 2025-11-18，评审专家 5 名、备选 2 名，监督人 赵明', null],
    ['2025-11-16 10:00', 'drawn', `第 1 轮首次抽取：评审专家 5 名、备选 2 名；可抽取 ${pool.eligible.length} 人，未纳入 ${pool.excluded.length} 人；监督人 赵明`, null],
    ['2025-11-16 15:00', 'answer', '专家2婉拒：时间冲突', 'demo-review-seat-2'],
    ['2025-11-16 15:00', 'promoted', '备选1递补为专家2', 'demo-review-seat-6'],
    ['2025-11-16 17:00', 'all_confirmed', '评审专家 5 名已全部确认', null],
    ['2025-11-18 16:00', 'sheet', '录入评审专家 5 人的评分表', null],
    ['2025-11-18 17:00', 'closed', `评审结束：${outcomeOfPanel.score} 分，修改后通过（去掉一个最高分和一个最低分）`, null],
  ];
  await db
    .insertInto('review_events')
    .values(events.map(([at, kind, summary, seatId]) => ({ task_id: DEMO_CLOSED_TASK, at: ts(at), actor_id: null, actor_name: STAFF, kind, summary, seat_id: seatId })))
    .execute();
}
