/**
 * The deadline reminder (a message, docs/domain.md "Workflows"): when an open year's deadline
 * is three days away
 * or less and not yet passed, every unit that still has records to submit (its own or its
 * practitioners': not submitted, or returned and not resubmitted) gets one message. The
 * dedupe key (year and unit) makes it once per account, however often the daily job runs or
 * however many instances run it.
 *
 *   const written = await remindInspectionDeadlines(app.db, app.clock());
 */
import { INSPECTION_REMINDER_DAYS } from '@common/schemas/inspections';
import { beijingDay } from '@common/calendar';
import type { Db } from '../../db/types';
import { notifyUnit } from '../../notify';
import { UNSUBMITTED_STATUSES } from './queries';
import { syncSubjects } from '../../workflow/inspectionSubjects';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' plus `days`. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export const reminderKey = (year: number, unitId: string) => `inspection-deadline:${year}:${unitId}`;

/** Sends the reminders that are due at `now`; returns how many messages were written. */
export async function remindInspectionDeadlines(db: Db, now: Date): Promise<number> {
  const today = beijingDay(now);
  const years = await db
    .selectFrom('annual_inspection_years')
    .select(['year', 'deadline'])
    .where('status', '=', 'open')
    .where('deadline', '>=', today)
    .where('deadline', '<=', addDays(today, INSPECTION_REMINDER_DAYS))
    .execute();
  let written = 0;
  for (const { year, deadline } of years) {
    const y = Number(year);
    await db.transaction().execute(async (trx) => {
      await syncSubjects(trx, y, now);
      const units = await trx
        .selectFrom('annual_inspections')
        .select((eb) => ['unit_id', eb.fn.countAll<number>().as('n')])
        .where('year', '=', y)
        .where('status', 'in', [...UNSUBMITTED_STATUSES])
        .groupBy('unit_id')
        .execute();
      for (const unit of units) {
        written += await notifyUnit(
          trx,
          unit.unit_id,
          {
            kind: 'reminder',
            title: `${y}年度年检将于 ${deadline} 截止`,
            body: `本单位（含从业人员）尚有 ${Number(unit.n)} 份${y}年度年检未提交，请在 ${deadline} 前提交。`,
            link: '/Manage/annual-inspection-record',
            subjectType: 'annual_inspection_year',
            subjectId: String(y),
            dedupeKey: reminderKey(y, unit.unit_id),
          },
          now,
        );
      }
    });
  }
  return written;
}
