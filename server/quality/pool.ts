/**
 * The facts the draw's 回避 rules read (ExpertFacts of ./exclusions.ts), for the whole expert
 * library at once: the library itself from the copy in memory while it is current
 * (./libraryCache.ts), the rest one query per table, whatever the library's size (5,000 experts with 100
 * declared conflicts each is half a million conflicts: only those naming the assessing unit or
 * the client are read, by their normalised name, which the rules compare anyway).
 *
 * Bad conduct (回避 rule bad_conduct, docs/expert-draw.md): an expert whose practitioner record
 * (experts.practitioner_id) has an active bad-conduct event (credit_events, polarity bad) whose
 * term runs to the review date or later. An expert without a practitioner record has no credit
 * events, so the rule never excludes them.
 */
import type { DbOrTrx } from '../db/types';
import { COUNTED_SEAT_STATUSES, reviewsInYear } from './standing';
import { normaliseUnitName, type ExpertFacts } from './exclusions';
import { expertLibrary, libraryToken } from './libraryCache';

/** The key a declared conflict's unit is stored and looked up by (expert_conflicts.unit_key). */
export const unitKey = (name: string): string => normaliseUnitName(name);

export interface PoolInput {
  /** The task drawn for, left out of the counts (its own seats are not "reviews elsewhere"). */
  taskId: string;
  projectId: string;
  unitId: string;
  unitName: string;
  clientName: string | null;
  reviewOn: string;
}

/** The day an instant falls on (UTC date part: enough for a 3-year window). */
const dayOf = (iso: string | null): string | null => (iso ? iso.slice(0, 10) : null);

export async function loadPoolFacts(db: DbOrTrx, input: PoolInput): Promise<ExpertFacts[]> {
  const keys = [...new Set([unitKey(input.unitName), ...(input.clientName ? [unitKey(input.clientName)] : [])].filter(Boolean))];
  const [token, conflicts, records, moves, reportMembers, reviews, lastOfUnit, badConduct] = await Promise.all([
    // Read before the library (./libraryCache.ts says why).
    libraryToken(db),
    keys.length
      ? db.selectFrom('expert_conflicts').select(['expert_id', 'unit_name', 'kind', 'from_on', 'to_on']).where('unit_key', 'in', keys).execute()
      : Promise.resolve([]),
    // The linked practitioner records: their unit while they were (or are) there.
    db
      .selectFrom('experts as e')
      .innerJoin('practitioners as p', 'p.id', 'e.practitioner_id')
      .select(['e.id as expert_id', 'p.unit_id', 'p.entry_date', 'p.left_on', 'p.status', 'p.created_at'])
      .where('p.status', 'in', ['approved', 'left'])
      .execute(),
    // Units a linked practitioner moved away from: there until the move was approved.
    db
      .selectFrom('experts as e')
      .innerJoin('unit_changes as uc', 'uc.practitioner_id', 'e.practitioner_id')
      .select(['e.id as expert_id', 'uc.from_unit_id', 'uc.updated_at'])
      .where('uc.status', '=', 'approved')
      .execute(),
    // Practitioners who led or worked on the report.
    db
      .selectFrom('experts as e')
      .innerJoin('project_members as m', 'm.practitioner_id', 'e.practitioner_id')
      .select('e.id as expert_id')
      .where('m.project_id', '=', input.projectId)
      .union(
        db
          .selectFrom('experts as e')
          .innerJoin('projects as p', 'p.leader_practitioner_id', 'e.practitioner_id')
          .select('e.id as expert_id')
          .where('p.id', '=', input.projectId),
      )
      .execute(),
    reviewsInYear(db, input.reviewOn.slice(0, 4), null, input.taskId),
    db
      .selectFrom('review_seats as s')
      .innerJoin('review_tasks as t', 't.id', 's.task_id')
      .select(['s.expert_id', (eb) => eb.fn.max('t.review_on').as('last')])
      .where('t.unit_id', '=', input.unitId)
      .where('t.id', '!=', input.taskId)
      .where('t.status', '!=', 'cancelled')
      .where('s.status', 'in', [...COUNTED_SEAT_STATUSES])
      .groupBy('s.expert_id')
      .execute(),
    // Linked practitioners with bad conduct still in term on the review date.
    db
      .selectFrom('experts as e')
      .innerJoin('credit_events as ce', 'ce.practitioner_id', 'e.practitioner_id')
      .select('e.id as expert_id')
      .distinct()
      .where('ce.status', '=', 'active')
      .where('ce.polarity', '=', 'bad')
      .where('ce.term_until', '>=', input.reviewOn)
      .execute(),
  ]);
  const { experts, specialtiesOf } = await expertLibrary(db, token);
  const conflictsOf = groupBy(
    conflicts,
    (r) => r.expert_id,
    (r) => ({ unitName: r.unit_name, kind: r.kind, from: r.from_on, to: r.to_on }),
  );
  const unitsOf = groupBy(
    [
      ...records.map((r) => ({ expertId: r.expert_id, unit: { unitId: r.unit_id, from: r.entry_date ?? dayOf(r.created_at), to: r.status === 'left' ? (r.left_on ?? null) : null } })),
      ...moves.map((r) => ({ expertId: r.expert_id, unit: { unitId: r.from_unit_id, from: null, to: dayOf(r.updated_at) } })),
    ],
    (r) => r.expertId,
    (r) => r.unit,
  );
  const tookPart = new Set(reportMembers.map((r) => r.expert_id));
  const lastOn = new Map(lastOfUnit.map((r) => [r.expert_id, r.last === null ? null : String(r.last)]));
  const inTerm = new Set(badConduct.map((r) => r.expert_id));

  return experts.map((e) => ({
    expertId: e.id,
    active: Number(e.active) === 1,
    category: e.category,
    specialties: specialtiesOf.get(e.id) ?? [],
    workUnit: e.work_unit,
    conflicts: conflictsOf.get(e.id) ?? [],
    practitionerUnits: unitsOf.get(e.id) ?? [],
    tookPartInReport: tookPart.has(e.id),
    reviewsThisYear: reviews.get(e.id) ?? 0,
    lastReviewOfUnitOn: lastOn.get(e.id) ?? null,
    badConductInTerm: inTerm.has(e.id),
  }));
}

function groupBy<Row, Value>(rows: readonly Row[], key: (row: Row) => string, value: (row: Row) => Value): Map<string, Value[]> {
  const result = new Map<string, Value[]>();
  for (const row of rows) {
    const k = key(row);
    const list = result.get(k);
    if (list) list.push(value(row));
    else result.set(k, [value(row)]);
  }
  return result;
}
