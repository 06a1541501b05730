/**
 * Several instances starting at the same moment on one PostgreSQL database (README.md,
 * "Running in production"): the start-up lock lets one migrate and seed while the others wait, so
 * every migration is recorded once, one administrator is created, and no instance fails.
 * (PostgreSQL only: SQLite serves one machine, where WORKERS' primary process migrates before
 * forking.)
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/index';
import { migrateToLatest } from '../../server/db/migrations/index';
import { seedBase } from '../../server/db/seed/index';
import { withStartupLock } from '../../server/db/startupLock';
import { TEST_DATABASE_URL } from './helpers';

describe.skipIf(!TEST_DATABASE_URL)('start-up lock on PostgreSQL', () => {
  it('three instances starting at once: one migration run, one administrator, no failure', async () => {
    const url = TEST_DATABASE_URL ?? '';
    const schema = `lock_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const instances = [0, 1, 2].map(() => openDatabase({ databaseUrl: url, sqliteFile: '', pgSchema: schema }));
    try {
      const results = await Promise.all(
        instances.map((db) =>
          withStartupLock(db, async () => {
            await migrateToLatest(db);
            return seedBase(db.kysely, { adminAccount: 'admin', adminPassword: null });
          }),
        ),
      );
      expect(results.filter((r) => r.createdAdmin)).toHaveLength(1);
      const migrations = await admin.query<{ name: string; n: string }>(`select name, count(*) as n from ${schema}.kysely_migration group by name`);
      expect(migrations.rows.length).toBeGreaterThan(0);
      expect(migrations.rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
      const admins = await admin.query(`select id from ${schema}.accounts where login_account = 'admin'`);
      expect(admins.rows).toHaveLength(1);
    } finally {
      for (const db of instances) await db.close();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  });
});
