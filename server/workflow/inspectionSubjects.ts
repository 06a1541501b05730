/**
 * Who is inspected in a year: every approved member unit and every approved practitioner.
 *
 * "Not submitted" is a real row (status not_submitted), so that lists, counts, the overdue
 * flag and the export are plain queries. The rows are written when a year opens, and kept in
 * step with membership while the year is open by `syncSubjects`, which every read of an open
 * year (lists, counts, a record, the export, the reminder job) runs first:
 *
 * - a unit or practitioner approved after the year opened gets its not-submitted row;
 * - the not-submitted row of a subject no longer approved (a unit suspended or cancelled, a
 *   practitioner who left) goes away, since nobody is to submit it any more; rows that were
 *   submitted or decided stay, as history;
 * - a practitioner who moved to another unit takes their open row (not submitted, returned)
 *   to the new unit, which now answers for it.
 *
 * Each step is one set-based statement (or none when nothing changed), safe to run at once
 * from several requests: the unique (year, subject_type, subject_id) key and ON CONFLICT DO
 * NOTHING keep one row per subject.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTrx, NewAnnualInspection } from '../db/types';
import { newAuditColumns } from '../db/versioned';

const BATCH = 200;

interface MissingSubject {
  subject_type: 'unit' | 'practitioner';
  subject_id: string;
  subject_name: string;
  unit_id: string;
}

async function missingSubjects(db: DbOrTrx, year: number): Promise<MissingSubject[]> {
  const units = await db
    .selectFrom('member_units as mu')
    .select(['mu.id', 'mu.name'])
    .where('mu.status', '=', 'approved')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('annual_inspections as ai')
            .select('ai.id')
            .where('ai.year', '=', year)
            .where('ai.subject_type', '=', 'unit')
            .whereRef('ai.subject_id', '=', 'mu.id'),
        ),
      ),
    )
    .execute();
  const practitioners = await db
    .selectFrom('practitioners as p')
    .select(['p.id', 'p.name', 'p.unit_id'])
    .where('p.status', '=', 'approved')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('annual_inspections as ai')
            .select('ai.id')
            .where('ai.year', '=', year)
            .where('ai.subject_type', '=', 'practitioner')
            .whereRef('ai.subject_id', '=', 'p.id'),
        ),
      ),
    )
    .execute();
  return [
    ...units.map((u) => ({ subject_type: 'unit' as const, subject_id: u.id, subject_name: u.name, unit_id: u.id })),
    ...practitioners.map((p) => ({ subject_type: 'practitioner' as const, subject_id: p.id, subject_name: p.name, unit_id: p.unit_id })),
  ];
}

/** Brings an open year's rows in step with membership (see above). Returns how many rows it added. */
export async function syncSubjects(db: DbOrTrx, year: number, now: Date): Promise<number> {
  const at = now.toISOString();
  const missing = await missingSubjects(db, year);
  for (let i = 0; i < missing.length; i += BATCH) {
    const rows: NewAnnualInspection[] = missing.slice(i, i + BATCH).map((s) => ({
      id: randomUUID(),
      year,
      ...s,
      self_report: null,
      projects_done: null,
      training_hours: null,
      status: 'not_submitted',
      submitted_at: null,
      reviewer_id: null,
      review_comment: null,
      reviewed_at: null,
      ...newAuditColumns(at, null),
    }));
    await db
      .insertInto('annual_inspections')
      .values(rows)
      .onConflict((oc) => oc.columns(['year', 'subject_type', 'subject_id']).doNothing())
      .execute();
  }

  // Subjects no longer approved: their not-submitted rows go (nobody is to submit them).
  await db
    .deleteFrom('annual_inspections')
    .where('year', '=', year)
    .where('status', '=', 'not_submitted')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('subject_type', '=', 'unit'),
          eb.not(eb.exists(eb.selectFrom('member_units as mu').select('mu.id').whereRef('mu.id', '=', 'annual_inspections.subject_id').where('mu.status', '=', 'approved'))),
        ]),
        eb.and([
          eb('subject_type', '=', 'practitioner'),
          eb.not(eb.exists(eb.selectFrom('practitioners as p').select('p.id').whereRef('p.id', '=', 'annual_inspections.subject_id').where('p.status', '=', 'approved'))),
        ]),
      ]),
    )
    .execute();

  // A practitioner who moved takes their open row to the new unit.
  await db
    .updateTable('annual_inspections')
    .set((eb) => ({
      unit_id: eb.selectFrom('practitioners as p').select('p.unit_id').whereRef('p.id', '=', 'annual_inspections.subject_id'),
      version: eb('version', '+', 1),
      updated_at: at,
    }))
    .where('year', '=', year)
    .where('subject_type', '=', 'practitioner')
    .where('status', 'in', ['not_submitted', 'returned'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('practitioners as p')
          .select('p.id')
          .whereRef('p.id', '=', 'annual_inspections.subject_id')
          .where('p.status', '=', 'approved')
          .whereRef('p.unit_id', '!=', 'annual_inspections.unit_id'),
      ),
    )
    .execute();
  return missing.length;
}

/** Syncs every open year (the reminder job; cheap when nothing changed). */
export async function syncOpenYears(db: DbOrTrx, now: Date): Promise<number[]> {
  const years = await db.selectFrom('annual_inspection_years').select('year').where('status', '=', 'open').execute();
  for (const { year } of years) await syncSubjects(db, Number(year), now);
  return years.map((y) => Number(y.year));
}

/** Syncs `year` when it is open; a closed (or unknown) year is history and stays as it is. */
export async function syncIfOpen(db: DbOrTrx, year: number, now: Date): Promise<void> {
  const row = await db.selectFrom('annual_inspection_years').select('status').where('year', '=', year).executeTakeFirst();
  if (row?.status === 'open') await syncSubjects(db, year, now);
}
