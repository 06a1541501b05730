/**
 * A complaint's deadline as each reader waits on it, in SQL, and the workbench's counts of them
 * (server/modules/workbench; the complaints module's list filters by the same conditions, so a
 * figure and the list its link opens always agree). The days are common/complaintDeadlines.ts's.
 *
 * - The association's deadlines: a pending complaint's acceptance (accept_due_on), an accepted or
 *   answered one's conclusion (conclude_due_on).
 * - The unit's: an accepted complaint's written answer (answer_due_on), until it answers.
 *
 * Running out: the deadline is today or within COMPLAINT_DUE_SOON_DAYS days; overdue: it passed.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { addDays } from '@common/complaintDeadlines';
import { COMPLAINT_DUE_SOON_DAYS } from '@common/credit';
import type { ComplaintDueFilter } from '@common/schemas/complaints';
import type { ComplaintWork } from '@common/schemas/workbench';
import type { DbOrTrx } from '../db/types';

export const COMPLAINT_PAGE = '/Manage/complaint';

/** The deadline in `column` (a 'YYYY-MM-DD' text) is within `due` on `today`. */
function within(column: string, due: ComplaintDueFilter, today: string): Expression<SqlBool> {
  const ref = sql.ref(column);
  return due === 'overdue' ? sql<SqlBool>`${ref} < ${today}` : sql<SqlBool>`(${ref} >= ${today} and ${ref} <= ${addDays(today, COMPLAINT_DUE_SOON_DAYS)})`;
}

/** The association's deadline (acceptance, conclusion) is running out or past; on rows of `complaints` (not aliased). */
export function staffDue(due: ComplaintDueFilter, today: string): Expression<SqlBool> {
  const status = sql.ref('complaints.status');
  return sql<SqlBool>`((${status} = 'pending' and ${within('complaints.accept_due_on', due, today)}) or (${status} in ('accepted', 'answered') and ${within('complaints.conclude_due_on', due, today)}))`;
}

/**
 * The unit's answer is due soon, or (overdue) the time to answer passed without one. An accepted
 * complaint past its answer day is the association's again (it may conclude); it stays "overdue"
 * for the unit's list so that the unit sees what it missed.
 */
export function unitDue(due: ComplaintDueFilter, today: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref('complaints.status')} = 'accepted' and ${within('complaints.answer_due_on', due, today)})`;
}

/** The staff workbench's figure: what waits for acceptance, and the association's deadlines running out or past. */
export async function complaintWork(db: DbOrTrx, today: string): Promise<ComplaintWork> {
  const row = await db
    .selectFrom('complaints')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('pending'),
      eb.fn.sum<number>(eb.case().when(staffDue('soon', today)).then(1).else(0).end()).as('soon'),
      eb.fn.sum<number>(eb.case().when(staffDue('overdue', today)).then(1).else(0).end()).as('overdue'),
    ])
    .where('status', 'in', ['pending', 'accepted', 'answered'])
    .executeTakeFirst();
  return {
    awaitingAcceptance: Number(row?.pending ?? 0),
    dueSoon: Number(row?.soon ?? 0),
    overdue: Number(row?.overdue ?? 0),
    links: {
      awaitingAcceptance: `${COMPLAINT_PAGE}?status=pending`,
      dueSoon: `${COMPLAINT_PAGE}?due=soon`,
      overdue: `${COMPLAINT_PAGE}?due=overdue`,
    },
  };
}

/** A unit's complaints that wait for its written answer, still in time. */
export async function answersOwed(db: DbOrTrx, unitId: string, today: string): Promise<{ count: number; link: string }> {
  const row = await db
    .selectFrom('complaints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('unit_id', '=', unitId)
    .where('status', '=', 'accepted')
    .where('answer_due_on', '>=', today)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), link: `${COMPLAINT_PAGE}?status=accepted` };
}
