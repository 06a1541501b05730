/**
 * PostgreSQL for the server suite, whose files run in parallel: one database per vitest worker
 * (wenping_test_w1, wenping_test_w2, …, made fresh here and dropped at the end), and
 * tests/server/helpers.ts points each worker's TEST_DATABASE_URL at its own. Each file still
 * makes its own schema in it. Separate databases, not only separate schemas, because Kysely's
 * migrator lists the tables of every schema in the database, and that listing fails when
 * another file drops its schema at the same moment.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { workerDatabaseName } from './workerDatabase';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const base = process.env.TEST_DATABASE_URL?.trim();
  if (!base) return undefined;
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const names = Array.from({ length: workers }, (_, i) => workerDatabaseName(i + 1));
  try {
    for (const name of names) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      for (const name of names) await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  };
}
