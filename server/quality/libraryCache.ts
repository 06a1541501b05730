/**
 * The expert library as the draw's 回避 rules read it (each expert's active flag, category, work
 * unit, practitioner record and specialties), kept in memory between draws: at 5,000 experts
 * reading it was most of a draw's reads (bench/expert-draw.ts).
 *
 * The copy is used only while it is the database's content, never for a while or "probably":
 * a draw is a decision on the record. Every committed change to what it holds replaces the
 * token 'expert_library' in `data_versions` (triggers, migration 0015_data_versions), so:
 *
 * 1. the token is read first;
 * 2. the copy kept under that same token is used as it is; otherwise the library is read and
 *    kept under the token read in step 1.
 *
 * What step 2 reads is at least as new as the token (it is read after it). If a change commits
 * between the two reads, the copy is kept under a token the database no longer holds, and the
 * next draw reads the library again: a copy can be read once too often, never used stale. This
 * holds for several instances on one database, each with its own copy, and after a restore (the
 * token is random, never a counter that could come back to a number cached for other content).
 *
 * The ReadCache of server/http/readCache.ts is not the place: it serves a few seconds old.
 */
import type { Selectable } from 'kysely';
import type { DbOrTrx, ExpertsTable } from '../db/types';

export type LibraryExpert = Pick<Selectable<ExpertsTable>, 'id' | 'active' | 'category' | 'work_unit' | 'practitioner_id'>;

export interface ExpertLibrary {
  /** Every expert, in the order of their ids. */
  experts: readonly LibraryExpert[];
  /** Each expert's specialties, sorted; shared: callers copy before changing. */
  specialtiesOf: ReadonlyMap<string, readonly string[]>;
}

export const LIBRARY_VERSION_NAME = 'expert_library';

/** One copy per database handle (a test process opens many databases). */
const copies = new WeakMap<object, { token: string; library: ExpertLibrary }>();

/** The token the database holds now; null before the migration's row exists. */
export async function libraryToken(db: DbOrTrx): Promise<string | null> {
  const row = await db.selectFrom('data_versions').select('token').where('name', '=', LIBRARY_VERSION_NAME).executeTakeFirst();
  return row?.token ?? null;
}

/** The library as of `token` or later, read from the database unless the copy kept under that token exists. */
export async function expertLibrary(db: DbOrTrx, token: string | null): Promise<ExpertLibrary> {
  const kept = copies.get(db);
  if (token !== null && kept?.token === token) return kept.library;
  const library = await readLibrary(db);
  if (token !== null) copies.set(db, { token, library });
  return library;
}

async function readLibrary(db: DbOrTrx): Promise<ExpertLibrary> {
  const [experts, specialties] = await Promise.all([
    db.selectFrom('experts').select(['id', 'active', 'category', 'work_unit', 'practitioner_id']).orderBy('id').execute(),
    db.selectFrom('expert_specialties').select(['expert_id', 'specialty']).orderBy('expert_id').orderBy('specialty').execute(),
  ]);
  const specialtiesOf = new Map<string, string[]>();
  for (const row of specialties) {
    const list = specialtiesOf.get(row.expert_id);
    if (list) list.push(row.specialty);
    else specialtiesOf.set(row.expert_id, [row.specialty]);
  }
  return { experts, specialtiesOf };
}
