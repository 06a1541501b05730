/**
 * Migrations and the base seed run once when several instances start at the same moment
 * (several instances on one database): on PostgreSQL the first instance takes a session-level
 * advisory lock, the others
 * wait for it and then find nothing left to do. (SQLite serves one machine: WORKERS' primary
 * process migrates before it forks, and Kysely's migration lock covers the migrations.)
 */
import { sql } from 'kysely';
import type { AppDb } from './index';

/** An arbitrary constant that names "this application's start-up" among advisory locks. */
export const STARTUP_LOCK_ID = 7_263_001;

export async function withStartupLock<T>(db: AppDb, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  // One connection holds the lock for the whole of `work`, which may use any other connection.
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_ID})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_ID})`.execute(connection);
    }
  });
}
