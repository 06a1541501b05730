/**
 * A draw's counts beside its record (expert_draws, 0011_quality_review): how many the pool held
 * eligible and excluded, and how many the round seated and kept as backups. The record's JSON
 * holds them too, but a task's page lists every round, and parsing each round's whole pool (at
 * 5,000 experts, half a megabyte a round) to count it made the page slow as rounds accumulated.
 * Rows drawn before are counted from their JSON here.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../index';

interface StoredDraw {
  id: string;
  pool: string;
  result: string;
}

/** Rows read per batch while counting the existing draws. */
const BATCH = 50;

export function expertDrawCountsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['eligible_count', 'excluded_count', 'panel_count', 'backup_count']) {
        await db.schema.alterTable('expert_draws').addColumn(column, 'integer').execute();
      }
      for (let offset = 0; ; offset += BATCH) {
        const rows = (await sql<StoredDraw>`select id, pool, result from expert_draws order by id limit ${BATCH} offset ${offset}`.execute(db)).rows;
        for (const row of rows) {
          const pool = JSON.parse(row.pool) as { eligible?: unknown[]; excluded?: unknown[] };
          const result = JSON.parse(row.result) as { panel?: unknown[]; backups?: unknown[] };
          await sql`update expert_draws set eligible_count = ${pool.eligible?.length ?? 0}, excluded_count = ${pool.excluded?.length ?? 0},
            panel_count = ${result.panel?.length ?? 0}, backup_count = ${result.backups?.length ?? 0} where id = ${row.id}`.execute(db);
        }
        if (rows.length < BATCH) break;
      }
    },
  };
}
