/**
 * What the workbench counts of quality review (server/modules/workbench): for staff, the open
 * reviews waiting for a draw (none yet, or seats vacant with no backup left: 补抽), for the
 * experts' answers, and for score sheets; for a unit, its reviews waiting for a revised report.
 * Aggregates only, the same for every caller (the staff's figures are cached together).
 */
import type { ReviewWork } from '@common/schemas/workbench';
import type { DbOrTrx } from '../db/types';
import { REVIEW_PAGE as PAGE, taskLink } from './tasks';

export async function reviewWork(db: DbOrTrx): Promise<ReviewWork> {
  const [tasks, holding, standby, sheets] = await Promise.all([
    db.selectFrom('review_tasks').select(['id', 'status', 'panel_size']).where('status', 'in', ['awaiting_draw', 'confirming', 'scoring']).execute(),
    db
      .selectFrom('review_seats as s')
      .innerJoin('review_tasks as t', 't.id', 's.task_id')
      .select(['s.task_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('t.status', '=', 'confirming')
      .where('s.status', 'in', ['invited', 'confirmed'])
      .where('s.seat_no', 'is not', null)
      .groupBy('s.task_id')
      .execute(),
    db
      .selectFrom('review_seats as s')
      .innerJoin('review_tasks as t', 't.id', 's.task_id')
      .select(['s.task_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('t.status', '=', 'confirming')
      .where('s.status', '=', 'standby')
      .groupBy('s.task_id')
      .execute(),
    db
      .selectFrom('review_sheets as sh')
      .innerJoin('review_tasks as t', 't.id', 'sh.task_id')
      .select(['sh.task_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('t.status', '=', 'scoring')
      .groupBy('sh.task_id')
      .execute(),
  ]);
  const held = new Map(holding.map((r) => [r.task_id, Number(r.n)]));
  const backups = new Map(standby.map((r) => [r.task_id, Number(r.n)]));
  const sheetCount = new Map(sheets.map((r) => [r.task_id, Number(r.n)]));
  let awaitingDraw = 0;
  let awaitingAnswers = 0;
  let awaitingSheets = 0;
  for (const task of tasks) {
    if (task.status === 'awaiting_draw') awaitingDraw += 1;
    else if (task.status === 'confirming') {
      const vacant = Number(task.panel_size) - (held.get(task.id) ?? 0);
      if (vacant > 0 && (backups.get(task.id) ?? 0) === 0) awaitingDraw += 1;
      else awaitingAnswers += 1;
    } else if ((sheetCount.get(task.id) ?? 0) < Number(task.panel_size)) awaitingSheets += 1;
  }
  return {
    awaitingDraw,
    awaitingAnswers,
    awaitingSheets,
    links: {
      awaitingDraw: `${PAGE}?status=awaiting_draw`,
      awaitingAnswers: `${PAGE}?status=confirming`,
      awaitingSheets: `${PAGE}?status=scoring`,
    },
  };
}

/** A unit's reviews that wait for its revised report (修改后通过, none sent or one returned). */
export async function revisionsOwed(db: DbOrTrx, unitId: string): Promise<{ count: number; link: string }> {
  const rows = await db.selectFrom('review_tasks').select('id').where('unit_id', '=', unitId).where('status', '=', 'closed').where('revision_status', 'in', ['awaiting', 'returned']).execute();
  return { count: rows.length, link: rows.length === 1 ? taskLink(rows[0].id) : `${PAGE}?status=closed` };
}
