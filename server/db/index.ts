/**
 * Opens the database: SQLite (better-sqlite3) by default, PostgreSQL when DATABASE_URL is
 * postgres://. Import `AppDb` / `Db` from here; table types live in ./types.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase as SqliteDialectDatabase } from 'kysely';
import pg from 'pg';
import { preparingPool } from './preparedStatements';
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
  const database = new SqliteDatabase(file);
  // WAL lets readers run during a write; busy_timeout waits for a lock instead of failing.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Freed pages are zeroed, so a deleted or re-encrypted value does not linger in the file.
  database.pragma('secure_delete = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/** Prepared statements kept, by their SQL text (the app's statements are a few hundred). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely sees it, with its prepared statements kept: Kysely prepares every
 * statement again on each call, and compiling took about a fifth of the staff list's
 * database time (the session's identity statement, server/security/user.ts, is a large one).
 * Safe because Kysely runs one statement at a time on SQLite's one connection; the oldest
 * statement is dropped beyond STATEMENT_CACHE_SIZE.
 */
function withStatementCache(database: SqliteDatabase.Database): SqliteDialectDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (!statement) {
        statement = database.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
        statements.set(text, statement);
      }
      return statement;
    },
  };
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

