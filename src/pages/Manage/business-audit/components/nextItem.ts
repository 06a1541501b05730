import type { ReviewQueueItem } from '@common/schemas/businessAudit';

/**
 * The item the review drawer goes on to once `decidedId` was decided and the page reloaded
 * (`before`: the page's ids before, `now`: its rows after): the next row after it that is still
 * listed; else a row that came onto the page with the reload (from the next page); else the
 * first row still listed (one the reviewer passed over); else none: the list is done.
 */
export function nextItem(decidedId: string, before: readonly string[], now: readonly ReviewQueueItem[]): string | null {
  const listed = now.map((r) => r.id).filter((id) => id !== decidedId);
  const after = before.slice(before.indexOf(decidedId) + 1).find((id) => listed.includes(id));
  return after ?? listed.find((id) => !before.includes(id)) ?? listed[0] ?? null;
}
