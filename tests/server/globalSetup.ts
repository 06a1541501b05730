/**
 * PostgreSQL for the server suite, whose files run in parallel: one database per vitest worker
 * (wenping_test_w1, wenping_test_w2, …, made fresh here and dropped at the end), and
 * tests/server/helpers.ts points each worker's TEST_DATABASE_URL at its own. Each file still
 * makes its own schema in it. Separate databases, not only separate schemas, because Kysely's
 * migrator lists the tables of every schema in the database, and that listing fails when
 * another file drops its schema at the same moment.
 *
 * It also compiles the server once for the whole run (compileServer below).
 *
 * Where PostgreSQL must be tested (CI, or REQUIRE_POSTGRES=1), a missing TEST_DATABASE_URL
 * fails the run instead of leaving the PostgreSQL-only suites skipped.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildScratchServerBundle } from '../../scripts/serverBundle.mjs';
import { SERVER_BUNDLE_ENV } from './processes';
import { postgresRequired, workerDatabaseName } from './workerDatabase';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bundle = await compileServer();
  const base = process.env.TEST_DATABASE_URL?.trim();
  if (!base) {
    if (postgresRequired()) {
      throw new Error('PostgreSQL is required in this run (CI or REQUIRE_POSTGRES=1) but TEST_DATABASE_URL is not set; see server/README.md "Tests"');
    }
    return bundle.remove;
  }
  // A tag of this run for the database names; the workers inherit it.
  process.env.TEST_DB_RUN ??= randomBytes(4).toString('hex');
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
    await bundle.remove();
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      for (const name of names) await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  };
}

/**
 * The server compiled once for the files that start real server processes (./processes.ts), as
 * `npm start` runs it; the workers inherit its path.
 */
async function compileServer(): Promise<{ remove(): Promise<void> }> {
  const { entry, remove } = await buildScratchServerBundle(`run-${process.pid}`);
  process.env[SERVER_BUNDLE_ENV] = entry;
  return { remove: async () => remove() };
}
