/**
 * Version and audit columns. A new row starts with `newAuditColumns(now, by)` (version 0,
 * created/updated at/by).
 *
 * Optimistic locking for every table with `id`, `version` and `updated_at/by` (accounts,
 * roles and all the AuditColumns tables). An edit sends back the version it read; a
 * module checks it on the row it loaded (`assertVersion`) and then writes with
 * `updateWithVersion`, which also refuses when someone saved in between the read and the
 * write. Both throw `errors.staleVersion()` (409, 数据已被他人修改，请刷新后重试).
 *
 *   const unit = await loadUnit(db, id);
 *   assertVersion(unit.version, body.version);
 *   await db.transaction().execute(async (trx) => {
 *     await updateWithVersion(trx, 'member_units', id, body.version, { name: body.name }, { now, by: caller.id });
 *     await logOperation(trx, request, { ... });
 *   });
 */
import type { Kysely, Updateable } from 'kysely';
import { errors } from '../http/errors';
import type { AuditColumns, Database, DbOrTrx } from './types';

interface VersionedColumns {
  id: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

/** The tables `updateWithVersion` can write. */
export type VersionedTable = {
  [T in keyof Database]: Database[T] extends VersionedColumns ? T : never;
}[keyof Database];

/** The columns a caller may change: the bookkeeping ones are the helper's. */
export type VersionedChanges<T extends VersionedTable> = Omit<
  Updateable<Database[T]>,
  'id' | 'version' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by'
>;

/** The columns every entity starts with: version 0, created and updated `now` by `by`. */
export function newAuditColumns(now: string, by: string | null = null): AuditColumns {
  return { version: 0, created_at: now, created_by: by, updated_at: now, updated_by: by };
}

/** The version the client sent must be the one just read. */
export function assertVersion(current: number, expected: number): void {
  if (current !== expected) throw errors.staleVersion();
}

/**
 * Writes `changes` to row `id` of `table` if its version is still `expected`, bumping the
 * version and stamping updated_at/updated_by; otherwise throws `errors.staleVersion()`
 * (inside a transaction, that rolls the whole change back).
 */
export async function updateWithVersion<T extends VersionedTable>(
  db: DbOrTrx,
  table: T,
  id: string,
  expected: number,
  changes: VersionedChanges<T>,
  stamp: { now: string; by: string | null },
): Promise<void> {
  // Kysely cannot type a query on a table chosen by a type parameter: look at every
  // versioned table through the columns they share (`changes` is checked at the call).
  const view = db as unknown as Kysely<Record<string, VersionedColumns>>;
  const name: string = table;
  const result = await view
    .updateTable(name)
    .set({ ...changes, version: expected + 1, updated_at: stamp.now, updated_by: stamp.by })
    .where('id', '=', id)
    .where('version', '=', expected)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw errors.staleVersion();
}
