/**
 * Row counts and a checksum of every table, to prove a battery of refused requests changed
 * nothing (tests/server/bad-input.test.ts, tests/server/impossible-input.test.ts).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { listTables } from '../../server/backup/tables';
import type { TestContext } from './helpers';

/** What every request may touch by design: the caller's session (idle expiry) and the rate counters. */
const TOUCHED_BY_EVERY_REQUEST = new Set(['sessions', 'rate_limit_events', 'login_attempts']);

export async function tableChecksums(t: TestContext): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await listTables(t.db.kysely, t.db.dialect)) {
    if (TOUCHED_BY_EVERY_REQUEST.has(table.name)) continue;
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}
      order by ${sql.join(table.orderBy.map((c) => sql.ref(c)))}`.execute(t.db.kysely);
    // Downloads of one's own data are audited reads (等保): a row each, by design.
    const rows = table.name === 'operation_logs' ? result.rows.filter((r) => r.action !== 'export') : result.rows;
    out[table.name] = `${rows.length}:${createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16)}`;
  }
  return out;
}
