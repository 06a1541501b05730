/**
 * Numbers people print and quote: 会员编号 HY2026001, the unit's certificate WPDW2026001, the
 * practitioner's certificate WPRY2026001 (the demo data uses the same shapes), a complaint's
 * tracking number TS2026000001 (six digits: a year's complaints may run into thousands). One counter
 * per kind and year in app_meta, bumped with an atomic upsert, so two approvals at the same
 * moment (two processes on PostgreSQL) never get the same number. The first use of a year
 * starts after the highest number already stored with that prefix.
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/types';

export type NumberKind = 'member_no' | 'unit_certificate' | 'practitioner_certificate' | 'complaint';

const PREFIX: Record<NumberKind, string> = {
  member_no: 'HY',
  unit_certificate: 'WPDW',
  practitioner_certificate: 'WPRY',
  complaint: 'TS',
};

/** Digits of the sequence after prefix and year (common/schemas/complaints.ts COMPLAINT_NO_PATTERN for TS). */
const DIGITS: Record<NumberKind, number> = { member_no: 3, unit_certificate: 3, practitioner_certificate: 3, complaint: 6 };

/** Where the numbers already given live, to start a year's counter after them. */
async function highestGiven(trx: DbOrTrx, kind: NumberKind, prefix: string): Promise<number> {
  const like = `${prefix}%`;
  const rows =
    kind === 'member_no'
      ? await trx.selectFrom('member_units').select('member_no as n').where('member_no', 'like', like).execute()
      : kind === 'complaint'
        ? await trx.selectFrom('complaints').select('complaint_no as n').where('complaint_no', 'like', like).execute()
        : await trx.selectFrom('certificates').select('number as n').where('number', 'like', like).execute();
  let max = 0;
  for (const r of rows) {
    const tail = Number((r.n ?? '').slice(prefix.length));
    if (Number.isInteger(tail) && tail > max) max = tail;
  }
  return max;
}

export async function nextNumber(trx: DbOrTrx, kind: NumberKind, year: number): Promise<string> {
  const prefix = `${PREFIX[kind]}${year}`;
  const key = `seq:${kind}:${year}`;
  const now = new Date().toISOString();
  const start = await highestGiven(trx, kind, prefix);
  await trx
    .insertInto('app_meta')
    .values({ key, value: String(start), updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await sql<{ value: string }>`
    update app_meta set value = cast(cast(value as integer) + 1 as text), updated_at = ${now}
    where key = ${key} returning value`.execute(trx);
  const n = Number(row.rows[0]?.value);
  return `${prefix}${String(n).padStart(DIGITS[kind], '0')}`;
}
