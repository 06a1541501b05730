/**
 * What the quality review's readers share about its tasks: the page a task opens on, the counts
 * of a page of tasks (draw rounds, seats, sheets) and a project's reviews for the project's
 * detail (server/modules/projects reads them; the review module's lists use the counts).
 */
import type { ProjectReviewSummary } from '@common/schemas/reviewTasks';
import type { DbOrTrx } from '../db/types';

/** The back-office page of review tasks (common/menu.ts). */
export const REVIEW_PAGE = '/Manage/expert-review';
export const taskLink = (id: string) => `${REVIEW_PAGE}?id=${encodeURIComponent(id)}`;

/** The seats that hold a panel seat now. */
const HOLDING = new Set(['invited', 'confirmed']);

export interface TaskCounts {
  rounds: number;
  drawnAt: string | null;
  confirmed: number;
  holding: number;
  standby: number;
  invited: number;
  sheets: number;
}

export const EMPTY_COUNTS: TaskCounts = { rounds: 0, drawnAt: null, confirmed: 0, holding: 0, standby: 0, invited: 0, sheets: 0 };

/** The counts of a page of tasks: one query per table. */
export async function countsOf(db: DbOrTrx, taskIds: readonly string[]): Promise<Map<string, TaskCounts>> {
  const result = new Map<string, TaskCounts>();
  if (taskIds.length === 0) return result;
  const ids = [...taskIds];
  const [draws, seats, sheets] = await Promise.all([
    db
      .selectFrom('expert_draws')
      .select(['task_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('drawn_at').as('last')])
      .where('task_id', 'in', ids)
      .groupBy('task_id')
      .execute(),
    db.selectFrom('review_seats').select(['task_id', 'status', 'seat_no']).where('task_id', 'in', ids).execute(),
    db
      .selectFrom('review_sheets')
      .select(['task_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('task_id', 'in', ids)
      .groupBy('task_id')
      .execute(),
  ]);
  const get = (id: string) => {
    let c = result.get(id);
    if (!c) result.set(id, (c = { ...EMPTY_COUNTS }));
    return c;
  };
  for (const d of draws) Object.assign(get(d.task_id), { rounds: Number(d.n), drawnAt: d.last === null ? null : String(d.last) });
  for (const s of seats) {
    const c = get(s.task_id);
    if (s.status === 'confirmed') c.confirmed += 1;
    if (s.status === 'invited') c.invited += 1;
    if (s.status === 'standby') c.standby += 1;
    if (s.seat_no !== null && HOLDING.has(s.status)) c.holding += 1;
  }
  for (const s of sheets) get(s.task_id).sheets = Number(s.n);
  return result;
}

export const centiToScore = (centi: number | null) => (centi === null ? null : Number(centi) / 100);

/** A project's reviews for its detail (the caller may read the project: its route checked). */
export async function projectReviews(db: DbOrTrx, projectId: string): Promise<ProjectReviewSummary[]> {
  const rows = await db
    .selectFrom('review_tasks')
    .select(['id', 'reason', 'review_on', 'status', 'panel_size', 'result_score_centi', 'result_conclusion', 'revision_status', 'closed_at'])
    .where('project_id', '=', projectId)
    .orderBy('review_on', 'desc')
    .orderBy('id')
    .execute();
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    reviewOn: r.review_on,
    status: r.status,
    panelSize: Number(r.panel_size),
    drawnAt: counts.get(r.id)?.drawnAt ?? null,
    resultScore: centiToScore(r.result_score_centi),
    resultConclusion: r.result_conclusion,
    revisionStatus: r.revision_status,
    closedAt: r.closed_at,
  }));
}
