/**
 * The yearly score (docs/domain.md, "Credit"): a unit's score in year Y is the rating's base
 * (its rules version's) plus the points of the ACTIVE events with occurred_on in Y that count
 * against it (its own and its practitioners': credit_events.unit_id), each at the points it
 * carried when recorded; its tier is tierOf(score, the version's tiers). Every approved member
 * unit is rated. The events behind a score are stored with it (credit_rating_units.items), so
 * each point stays traceable and a final score never changes again.
 *
 * Used by the ratings module (start, recompute, an upheld objection) and by withdrawals
 * (./withdraw.ts); the modules themselves never compute a score.
 */
import { randomUUID } from 'node:crypto';
import { tierOf, type CreditPolarity, type CreditSubjectType, type CreditTier } from '@common/credit';
import type { CreditRatingUnitRow, DbOrTrx } from '../db/types';
import type { CreditRules } from './rules';

/** One event behind a score, as stored in credit_rating_units.items (JSON). */
export interface StoredScoreItem {
  eventId: string;
  kind: string;
  polarity: CreditPolarity;
  subjectType: CreditSubjectType;
  practitionerId: string | null;
  practitionerName: string | null;
  points: number;
  occurredOn: string;
  description: string;
}

export function parseItems(text: string): StoredScoreItem[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as StoredScoreItem[]) : [];
}

export const scoreOf = (baseScore: number, items: readonly Pick<StoredScoreItem, 'points'>[]): number =>
  items.reduce((sum, item) => sum + item.points, baseScore);

export interface UnitScore {
  score: number;
  tier: CreditTier;
  items: StoredScoreItem[];
}

export function unitScore(rules: Pick<CreditRules, 'baseScore' | 'tiers'>, items: StoredScoreItem[]): UnitScore {
  const score = scoreOf(rules.baseScore, items);
  return { score, tier: tierOf(score, rules.tiers), items };
}

/** The first and last day of a year, as occurred_on compares. */
export const yearSpan = (year: number): [string, string] => [`${year}-01-01`, `${year}-12-31`];

/** The active events of `year` against each of `unitIds`, oldest first (a unit with none maps to []). */
export async function eventsOfYear(db: DbOrTrx, year: number, unitIds: readonly string[]): Promise<Map<string, StoredScoreItem[]>> {
  const byUnit = new Map<string, StoredScoreItem[]>(unitIds.map((id) => [id, []]));
  if (unitIds.length === 0) return byUnit;
  const [from, to] = yearSpan(year);
  const rows = await db
    .selectFrom('credit_events as e')
    .leftJoin('practitioners as p', 'p.id', 'e.practitioner_id')
    .select(['e.id', 'e.unit_id', 'e.kind', 'e.polarity', 'e.subject_type', 'e.practitioner_id', 'p.name as practitioner_name', 'e.points', 'e.occurred_on', 'e.description'])
    .where('e.status', '=', 'active')
    .where('e.occurred_on', '>=', from)
    .where('e.occurred_on', '<=', to)
    .orderBy('e.occurred_on')
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  for (const row of rows) {
    byUnit.get(row.unit_id)?.push({
      eventId: row.id,
      kind: row.kind,
      polarity: row.polarity,
      subjectType: row.subject_type,
      practitionerId: row.practitioner_id,
      practitionerName: row.practitioner_name ?? null,
      points: Number(row.points),
      occurredOn: row.occurred_on,
      description: row.description,
    });
  }
  return byUnit;
}

/**
 * Scores every approved member unit for the rating's year under `rules` and writes the rating's
 * unit rows: updated in place for units rated before, added for units approved since, removed for
 * units no longer approved. Call in the step's transaction (start, recompute). Returns how many
 * units are rated.
 */
export async function scoreRating(trx: DbOrTrx, rating: { id: string; year: number }, rules: CreditRules, now: Date): Promise<number> {
  const at = now.toISOString();
  const units = await trx.selectFrom('member_units').select(['id', 'name']).where('status', '=', 'approved').orderBy('id').execute();
  const events = await eventsOfYear(
    trx,
    rating.year,
    units.map((u) => u.id),
  );
  const existing = new Map(
    (await trx.selectFrom('credit_rating_units').select(['id', 'unit_id']).where('rating_id', '=', rating.id).execute()).map((r) => [r.unit_id, r.id] as const),
  );
  for (const unit of units) {
    const { score, tier, items } = unitScore(rules, events.get(unit.id) ?? []);
    const values = { unit_name: unit.name, score, tier, items: JSON.stringify(items), computed_at: at };
    const id = existing.get(unit.id);
    if (id) await trx.updateTable('credit_rating_units').set(values).where('id', '=', id).execute();
    else await trx.insertInto('credit_rating_units').values({ id: randomUUID(), rating_id: rating.id, unit_id: unit.id, ...values }).execute();
  }
  const gone = [...existing.keys()].filter((unitId) => !units.some((u) => u.id === unitId));
  if (gone.length > 0) await trx.deleteFrom('credit_rating_units').where('rating_id', '=', rating.id).where('unit_id', 'in', gone).execute();
  return units.length;
}

/**
 * A unit's score again without some of its items (events withdrawn while the rating was not
 * final: a plain withdrawal or an upheld objection): what was scored, less those events, so that
 * nothing recorded since sneaks into one unit's score alone. Returns the new score and tier.
 */
export async function rescoreWithout(
  trx: DbOrTrx,
  row: Pick<CreditRatingUnitRow, 'id' | 'items'>,
  eventIds: readonly string[],
  rules: Pick<CreditRules, 'baseScore' | 'tiers'>,
  now: Date,
): Promise<UnitScore> {
  const drop = new Set(eventIds);
  const result = unitScore(
    rules,
    parseItems(row.items).filter((item) => !drop.has(item.eventId)),
  );
  await trx
    .updateTable('credit_rating_units')
    .set({ score: result.score, tier: result.tier, items: JSON.stringify(result.items), computed_at: now.toISOString() })
    .where('id', '=', row.id)
    .execute();
  return result;
}

/** Whether an item list (stored JSON) names an event. */
export const itemsHold = (text: string, eventId: string): boolean => parseItems(text).some((item) => item.eventId === eventId);
