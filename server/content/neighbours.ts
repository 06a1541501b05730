/**
 * Previous / next of an item in its public list, whose order is pinned first, then newest,
 * then id (so that equal times still have an order). Shared by articles and notices: `live`
 * is the list (already filtered to what visitors see), `row` the current item.
 */
import { sql, type SelectQueryBuilder } from 'kysely';

interface Position {
  id: string;
  pinned: number;
  publish_at: string;
}

type Neighbour = { id: string; title: string } | null;

export async function findNeighbours<DB, TB extends keyof DB>(
  live: SelectQueryBuilder<DB, TB, { id: string; title: string }>,
  row: Position,
): Promise<{ previous: Neighbour; next: Neighbour }> {
  const pinned = sql.ref<number>('pinned');
  const at = sql.ref<string>('publish_at');
  const id = sql.ref<string>('id');
  // "Previous" sorts before the row: more pinned, or newer, or at the same time a greater id.
  const previous = await live
    .where((eb) =>
      eb.or([
        eb(pinned, '>', row.pinned),
        eb.and([eb(pinned, '=', row.pinned), eb(at, '>', row.publish_at)]),
        eb.and([eb(pinned, '=', row.pinned), eb(at, '=', row.publish_at), eb(id, '>', row.id)]),
      ]),
    )
    .orderBy(pinned, 'asc')
    .orderBy(at, 'asc')
    .orderBy(id, 'asc')
    .limit(1)
    .executeTakeFirst();
  const next = await live
    .where((eb) =>
      eb.or([
        eb(pinned, '<', row.pinned),
        eb.and([eb(pinned, '=', row.pinned), eb(at, '<', row.publish_at)]),
        eb.and([eb(pinned, '=', row.pinned), eb(at, '=', row.publish_at), eb(id, '<', row.id)]),
      ]),
    )
    .orderBy(pinned, 'desc')
    .orderBy(at, 'desc')
    .orderBy(id, 'desc')
    .limit(1)
    .executeTakeFirst();
  return { previous: previous ?? null, next: next ?? null };
}
