/**
 * Overdue inspections become bad-conduct events (inspection_overdue; docs/domain.md, "Credit"),
 * by a scan the daily jobs run at start and every day (server/jobs.ts): safe to repeat and to
 * run on several instances at once, since each record makes its event once (the event's
 * auto_key, server/credit/events.ts).
 *
 * A record is overdue when the deadline has passed and, at the end of the deadline day, it was
 * waiting on its subject: never submitted (not_submitted), or returned before the deadline and
 * not resubmitted. A record returned after the deadline was submitted in time (the association
 * held it then), and a record made after the deadline (a unit approved later) was never due by
 * it: neither is overdue. The event is dated the day after the deadline, the first day overdue.
 *
 * Not retroactive: only deadlines on or after the day the first scan ran count (kept in app_meta
 * under OVERDUE_SCAN_FROM). An association that upgrades to this version does not find every
 * unsubmitted record of its past years turned into bad conduct overnight, under a rule its
 * units did not know when those deadlines passed.
 *
 *   const recorded = await recordOverdueInspections(app.db, app, app.clock());
 */
import { addCalendarDays } from '@common/credit';
import { INSPECTION_SUBJECT_TYPE_LABELS } from '@common/schemas/inspections';
import { beijingDay } from '@common/calendar';
import { sql } from 'kysely';
import { autoKey, recordAutomaticEvent } from '../../credit/events';
import type { Db } from '../../db/types';
import { appendOperation, type AuditContext } from '../../oplog';

/** The day an instant falls on in Beijing. */
const dayOf = (iso: string) => beijingDay(new Date(iso));

/** app_meta key: the first day the scan ran ('YYYY-MM-DD'); earlier deadlines make no event. */
export const OVERDUE_SCAN_FROM = 'credit.overdue_scan_from';

/** The day deadlines start to count: set by the first scan (the first of several instances wins). */
async function countingFrom(db: Db, today: string, nowIso: string): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key: OVERDUE_SCAN_FROM, value: today, updated_at: nowIso })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', OVERDUE_SCAN_FROM).executeTakeFirstOrThrow();
  return row.value;
}

/** Records the events of every overdue record not yet recorded; returns how many it made. */
export async function recordOverdueInspections(db: Db, audit: AuditContext, now: Date): Promise<number> {
  const today = beijingDay(now);
  const from = await countingFrom(db, today, now.toISOString());
  const candidates = await db
    .selectFrom('annual_inspections as ai')
    .innerJoin('annual_inspection_years as y', 'y.year', 'ai.year')
    .select(['ai.id', 'ai.year', 'ai.subject_type', 'ai.subject_id', 'ai.subject_name', 'ai.unit_id', 'ai.status', 'ai.reviewed_at', 'ai.created_at', 'y.deadline'])
    .where('y.deadline', '<', today)
    .where('y.deadline', '>=', from)
    .where('ai.status', 'in', ['not_submitted', 'returned'])
    // Already recorded: left out here (by the auto_key's unique index), and the key would refuse it anyway.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('credit_events as ce').select('ce.id').where('ce.auto_key', '=', sql<string>`${autoKey('inspection_overdue', '')} || ${sql.ref('ai.id')}`))),
    )
    .execute();
  let recorded = 0;
  for (const row of candidates) {
    if (dayOf(row.created_at) > row.deadline) continue;
    if (row.status === 'returned' && (!row.reviewed_at || dayOf(row.reviewed_at) > row.deadline)) continue;
    const occurredOn = addCalendarDays(row.deadline, 1);
    await db.transaction().execute(async (trx) => {
      const result = await recordAutomaticEvent(
        trx,
        {
          kind: 'inspection_overdue',
          sourceType: 'annual_inspection',
          sourceId: row.id,
          unitId: row.unit_id,
          practitionerId: row.subject_type === 'practitioner' ? row.subject_id : null,
          occurredOn,
          description: `${Number(row.year)}年度年检（${INSPECTION_SUBJECT_TYPE_LABELS[row.subject_type]}）${row.subject_name}逾期未提交（截止日期 ${row.deadline}）`,
          now: now.toISOString(),
        },
        { log: (entry) => appendOperation(trx, audit, entry, { id: null, name: '系统' }, { requestId: null, ip: null, userAgent: null }) },
      );
      if (result.created) recorded += 1;
    });
  }
  return recorded;
}
