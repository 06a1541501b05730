/**
 * Opens the database: SQLite (Node's node:sqlite, ./sqlite.ts) by default, PostgreSQL when
 * DATABASE_URL is postgres://. Import `AppDb` / `Db` from here; table types live in ./types.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { preparingPool } from './preparedStatements';
import { kyselySqliteDatabase, openSqliteFile } from './sqlite';
import type { Database, Db } from './types';

export type * from './types';

export type DialectName = 'sqlite' | 'postgres';

export interface AppDb {
  kysely: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  sqliteFile: string;
  /** PostgreSQL only: the schema to work in (tests use a fresh one per app). */
  pgSchema?: string;
}

// COUNT(*) and BIGINT columns arrive from pg as strings; every such value here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export function openDatabase(options: OpenDatabaseOptions): AppDb {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema);
  return openSqlite(options.sqliteFile);
}

function openSqlite(file: string): AppDb {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = openSqliteFile(file);
  // WAL lets readers run during a write; busy_timeout waits for a lock instead of failing.
  database.exec('pragma journal_mode = WAL');
  database.exec('pragma synchronous = NORMAL');
  database.exec('pragma foreign_keys = ON');
  database.exec('pragma busy_timeout = 5000');
  // Freed pages are zeroed, so a deleted or re-encrypted value does not linger in the file.
  database.exec('pragma secure_delete = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: kyselySqliteDatabase(database) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

function openPostgres(connectionString: string, schema?: string): AppDb {
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}

/** A cheap round trip for /health. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Booleans are stored as 0/1 on both dialects. */
export const toBool = (value: number | boolean | null | undefined): boolean => !!value;
export const fromBool = (value: boolean): number => (value ? 1 : 0);

