/**
 * What other parts of the system read of a unit's credit: its bad-conduct records in term and
 * its final tiers. "In term" on a day: active, bad conduct, term_until on or after that day.
 *
 * - creditFlagsOf: the business-audit queue's flag on a unit's project filings (a D tier in its
 *   latest final rating, or bad conduct in term);
 * - finalTiersOf / badConductInTermOf: the member window's unit page (public);
 * - inTermBadConduct: the public list's base query.
 */
import type { CreditFlag, PublicBadConductItem, PublicUnitCreditTier } from '@common/schemas/credit';
import type { DbOrTrx } from '../db/types';
import { dictLabels } from '../db/dictionaries';

/** Active bad conduct in term on `day` ('YYYY-MM-DD'), with the unit and the practitioner. */
export function inTermBadConduct(db: DbOrTrx, day: string) {
  return db
    .selectFrom('credit_events as e')
    .innerJoin('member_units as mu', 'mu.id', 'e.unit_id')
    .leftJoin('practitioners as p', 'p.id', 'e.practitioner_id')
    .where('e.status', '=', 'active')
    .where('e.polarity', '=', 'bad')
    .where('e.term_until', '>=', day)
    .where('e.occurred_on', '<=', day);
}

/**
 * The flag of each unit among `unitIds` that is flagged on `day`: its latest final rating's
 * tier is D, or it has bad conduct in term. Units not flagged are absent.
 */
export async function creditFlagsOf(db: DbOrTrx, unitIds: readonly string[], day: string): Promise<Map<string, CreditFlag>> {
  const ids = [...new Set(unitIds)];
  const flags = new Map<string, CreditFlag>();
  if (ids.length === 0) return flags;
  const counts = await inTermBadConduct(db, day)
    .select((eb) => ['e.unit_id', eb.fn.countAll<number>().as('n')])
    .where('e.unit_id', 'in', ids)
    .groupBy('e.unit_id')
    .execute();
  const tiers = await db
    .selectFrom('credit_rating_units as u')
    .innerJoin('credit_ratings as r', 'r.id', 'u.rating_id')
    .select(['u.unit_id', 'u.tier', 'r.year'])
    .where('r.status', '=', 'final')
    .where('u.unit_id', 'in', ids)
    .orderBy('r.year', 'desc')
    .execute();
  const latest = new Map<string, { tier: CreditFlag['tier']; year: number }>();
  for (const row of tiers) if (!latest.has(row.unit_id)) latest.set(row.unit_id, { tier: row.tier, year: Number(row.year) });
  const inTerm = new Map(counts.map((c) => [c.unit_id, Number(c.n)]));
  for (const id of ids) {
    const tier = latest.get(id);
    const badConductInTerm = inTerm.get(id) ?? 0;
    if (tier?.tier === 'D' || badConductInTerm > 0) flags.set(id, { tier: tier?.tier ?? null, ratingYear: tier?.year ?? null, badConductInTerm });
  }
  return flags;
}

/** A unit's final tiers, the latest `limit` years first. */
export async function finalTiersOf(db: DbOrTrx, unitId: string, limit = 3): Promise<PublicUnitCreditTier[]> {
  const rows = await db
    .selectFrom('credit_rating_units as u')
    .innerJoin('credit_ratings as r', 'r.id', 'u.rating_id')
    .select(['r.year', 'u.tier', 'u.score'])
    .where('r.status', '=', 'final')
    .where('u.unit_id', '=', unitId)
    .orderBy('r.year', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ year: Number(r.year), tier: r.tier, score: Number(r.score) }));
}

type BadConductRow = {
  id: string;
  subject_type: PublicBadConductItem['subjectType'];
  unit_id: string;
  unit_name: string;
  show_in_window: number;
  unit_status: string;
  practitioner_name: string | null;
  kind: string;
  occurred_on: string;
  term_until: string;
};

export const BAD_CONDUCT_COLUMNS = [
  'e.id',
  'e.subject_type',
  'e.unit_id',
  'mu.name as unit_name',
  'mu.show_in_window',
  'mu.status as unit_status',
  'p.name as practitioner_name',
  'e.kind',
  'e.occurred_on',
  'e.term_until',
] as const;

/** Rows of inTermBadConduct as the public reads them. */
export async function toPublicBadConduct(db: DbOrTrx, rows: readonly BadConductRow[]): Promise<PublicBadConductItem[]> {
  const labels = rows.length ? await dictLabels(db, 'credit_event_kind') : new Map<string, string>();
  return rows.map((r) => ({
    id: r.id,
    subjectType: r.subject_type,
    unitId: r.unit_id,
    unitName: r.unit_name,
    inWindow: Number(r.show_in_window) === 1 && r.unit_status === 'approved',
    practitionerName: r.practitioner_name ?? null,
    kind: r.kind,
    kindLabel: labels.get(r.kind) ?? r.kind,
    occurredOn: r.occurred_on,
    termUntil: r.term_until,
  }));
}

/** A unit's bad-conduct records in term on `day` (its own and its practitioners'), newest first. */
export async function badConductInTermOf(db: DbOrTrx, unitId: string, day: string): Promise<PublicBadConductItem[]> {
  const rows = await inTermBadConduct(db, day)
    .select([...BAD_CONDUCT_COLUMNS])
    .where('e.unit_id', '=', unitId)
    .orderBy('e.occurred_on', 'desc')
    .orderBy('e.id')
    .execute();
  return toPublicBadConduct(db, rows);
}
