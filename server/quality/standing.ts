/**
 * An expert's reviews and standing as the expert library shows them: reviews in a calendar year
 * (seats invited or confirmed of tasks not cancelled, counted against the yearly cap), the last
 * review day, the ratings (newest first) with their average and whether they flag the expert
 * (standingFlag of ./panelResult.ts). One query per table for a page of experts.
 */
import type { ExpertReviewStanding } from '@common/schemas/reviewTasks';
import { YEARLY_REVIEW_CAP_DEFAULT } from '@common/expertReview';
import type { DbOrTrx } from '../db/types';
import { recentRatingAverage, standingFlag } from './panelResult';

/** The seats that count as a review taken: asked and not (yet) declined. */
export const COUNTED_SEAT_STATUSES = ['invited', 'confirmed'] as const;

/** Reviews per expert in the calendar year of `day` ('YYYY-MM-DD'), leaving one task out if given; of closed tasks only with `closedOnly`. */
export async function reviewsInYear(db: DbOrTrx, year: string, expertIds: readonly string[] | null, exceptTaskId: string | null = null, closedOnly = false): Promise<Map<string, number>> {
  let q = db
    .selectFrom('review_seats as s')
    .innerJoin('review_tasks as t', 't.id', 's.task_id')
    .select(['s.expert_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('s.status', 'in', [...COUNTED_SEAT_STATUSES])
    .where('t.status', '!=', 'cancelled')
    .where('t.review_on', '>=', `${year}-01-01`)
    .where('t.review_on', '<=', `${year}-12-31`)
    .groupBy('s.expert_id');
  if (expertIds) {
    if (expertIds.length === 0) return new Map();
    q = q.where('s.expert_id', 'in', [...expertIds]);
  }
  if (exceptTaskId) q = q.where('s.task_id', '!=', exceptTaskId);
  if (closedOnly) q = q.where('t.status', '=', 'closed');
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.expert_id, Number(r.n)]));
}

/** Ratings per expert, newest first. */
export async function ratingsOf(db: DbOrTrx, expertIds: readonly string[] | null): Promise<Map<string, number[]>> {
  let q = db.selectFrom('expert_ratings').select(['expert_id', 'rating']).orderBy('rated_at', 'desc').orderBy('id');
  if (expertIds) {
    if (expertIds.length === 0) return new Map();
    q = q.where('expert_id', 'in', [...expertIds]);
  }
  const result = new Map<string, number[]>();
  for (const row of await q.execute()) {
    const list = result.get(row.expert_id) ?? [];
    list.push(Number(row.rating));
    result.set(row.expert_id, list);
  }
  return result;
}

/** The experts whose ratings flag them now (the expert list's filter). */
export async function flaggedExpertIds(db: DbOrTrx): Promise<string[]> {
  const ratings = await ratingsOf(db, null);
  return [...ratings].filter(([, list]) => standingFlag(list)).map(([id]) => id);
}

/**
 * The standing of each expert of a page, on the calendar day `today` (Beijing). With
 * `closedOnly` (a reader without review:draw:view) only closed reviews count, in the reviews this
 * year and the last review: a seat of an open one would name its panel the moment it is drawn
 * (expert-reviews/queries.ts `namesVisible`, the sealing rule).
 */
export async function standingOf(db: DbOrTrx, expertIds: readonly string[], today: string, closedOnly = false): Promise<Map<string, ExpertReviewStanding>> {
  const result = new Map<string, ExpertReviewStanding>();
  if (expertIds.length === 0) return result;
  const [counts, ratings, last] = await Promise.all([
    reviewsInYear(db, today.slice(0, 4), expertIds, null, closedOnly),
    ratingsOf(db, expertIds),
    db
      .selectFrom('review_seats as s')
      .innerJoin('review_tasks as t', 't.id', 's.task_id')
      .select(['s.expert_id', (eb) => eb.fn.max('t.review_on').as('last')])
      .where('s.status', '=', 'confirmed')
      .where('t.status', closedOnly ? '=' : '!=', closedOnly ? 'closed' : 'cancelled')
      .where('s.expert_id', 'in', [...expertIds])
      .groupBy('s.expert_id')
      .execute(),
  ]);
  const lastOn = new Map(last.map((r) => [r.expert_id, r.last === null ? null : String(r.last)]));
  for (const id of expertIds) {
    const list = ratings.get(id) ?? [];
    const average = recentRatingAverage(list);
    result.set(id, {
      reviewsThisYear: counts.get(id) ?? 0,
      yearlyCap: YEARLY_REVIEW_CAP_DEFAULT,
      lastReviewOn: lastOn.get(id) ?? null,
      averageRating: average === null ? null : Math.round(average * 100) / 100,
      ratingCount: list.length,
      flagged: standingFlag(list),
    });
  }
  return result;
}
