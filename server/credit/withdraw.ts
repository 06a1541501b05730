/**
 * Withdrawing a credit event (撤销): the event is never edited nor deleted, only marked
 * withdrawn with the reason, who and when (the operation log keeps the history). Every rating
 * not yet final whose scores hold the event scores that unit again without it at once
 * (./scoring.ts rescoreWithout); a final rating keeps it (a final score never changes).
 *
 * Shared by the events module (POST /credit-events/:id/withdraw) and the ratings module (an
 * upheld objection withdraws the events it names), each in its own step's transaction.
 */
import { BizError, errors } from '../http/errors';
import { CREDIT_MESSAGES as M } from '@common/schemas/credit';
import type { CreditTier } from '@common/credit';
import type { CreditEventRow, DbOrTrx } from '../db/types';
import { assertVersion, updateWithVersion } from '../db/versioned';
import { rulesVersion } from './rules';
import { itemsHold, rescoreWithout } from './scoring';

export interface WithdrawInput {
  eventId: string;
  reason: string;
  byId: string;
  now: Date;
  /** The version the caller read; without one, the version read here (a change in between: 409). */
  version?: number;
}

export interface Rescored {
  ratingId: string;
  year: number;
  score: number;
  tier: CreditTier;
}

export async function loadEvent(db: DbOrTrx, id: string): Promise<CreditEventRow> {
  const row = await db.selectFrom('credit_events').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound(M.eventNoun);
  return row;
}

export async function withdrawCreditEvent(trx: DbOrTrx, input: WithdrawInput): Promise<{ event: CreditEventRow; rescored: Rescored[] }> {
  const event = await loadEvent(trx, input.eventId);
  if (event.status === 'withdrawn') throw new BizError(M.alreadyWithdrawn);
  const version = input.version ?? Number(event.version);
  assertVersion(Number(event.version), version);
  const at = input.now.toISOString();
  await updateWithVersion(
    trx,
    'credit_events',
    event.id,
    version,
    { status: 'withdrawn', withdraw_reason: input.reason, withdrawn_at: at, withdrawn_by: input.byId },
    { now: at, by: input.byId },
  );
  const rows = await trx
    .selectFrom('credit_rating_units as u')
    .innerJoin('credit_ratings as r', 'r.id', 'u.rating_id')
    .select(['u.id', 'u.items', 'r.id as rating_id', 'r.year', 'r.rule_version_id'])
    .where('u.unit_id', '=', event.unit_id)
    .where('r.status', '!=', 'final')
    .where('u.items', 'like', `%${event.id}%`)
    .execute();
  const rescored: Rescored[] = [];
  for (const row of rows) {
    if (!itemsHold(row.items, event.id)) continue;
    // Holds the rating's row until commit, so that a 终评 at the same moment waits and then sees
    // the new score, or went first and the rating is final (nothing changes then).
    const held = await trx
      .updateTable('credit_ratings')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', row.rating_id)
      .where('status', '!=', 'final')
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) continue;
    const rules = await rulesVersion(trx, row.rule_version_id);
    if (!rules) continue;
    const result = await rescoreWithout(trx, row, [event.id], rules, input.now);
    rescored.push({ ratingId: row.rating_id, year: Number(row.year), score: result.score, tier: result.tier });
  }
  return { event, rescored };
}
