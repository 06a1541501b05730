/**
 * SQLite through Node's own `node:sqlite` (no native module to compile at install: README.md,
 * "Runtime"), shaped as Kysely's SqliteDialect expects a database.
 *
 * - Kysely asks each statement whether it returns rows (`reader`), to read its rows or its
 *   change count; node:sqlite answers that with the statement's result columns.
 * - Kysely hands the parameters as one array; node:sqlite takes them as arguments.
 * - Prepared statements are kept by their SQL text: Kysely prepares every statement again on
 *   each call, and compiling took about a fifth of the staff list's database time (the
 *   session's identity statement, server/security/user.ts, is a large one). Safe because
 *   Kysely runs one statement at a time on SQLite's one connection; the oldest statement is
 *   dropped beyond STATEMENT_CACHE_SIZE.
 */
import type * as NodeSqlite from 'node:sqlite';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement as KyselySqliteStatement } from 'kysely';

/** Prepared statements kept, by their SQL text (the app's statements are a few hundred). */
const STATEMENT_CACHE_SIZE = 500;

type SqliteModule = typeof NodeSqlite;
let sqliteModule: SqliteModule | undefined;

/**
 * node:sqlite, loaded once. Node 22 marks the module experimental and prints a warning on its
 * first load; that one warning is not printed (the runtime is pinned and the module is tested
 * here: README.md, "Runtime"), every other warning is.
 */
function loadSqlite(): SqliteModule {
  if (sqliteModule) return sqliteModule;
  const emitWarning = process.emitWarning;
  process.emitWarning = function quietSqliteWarning(this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    const text = typeof warning === 'string' ? warning : warning.message;
    const type = typeof rest[0] === 'string' ? rest[0] : typeof warning === 'string' ? undefined : warning.name;
    if (type === 'ExperimentalWarning' && /SQLite/i.test(text)) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  let loaded: SqliteModule | undefined;
  try {
    // Missing on a Node older than package.json's engines: said plainly, the floor not repeated here.
    loaded = typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule('node:sqlite') : undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
  if (!loaded) throw new Error(`当前 Node.js ${process.version} 没有 node:sqlite：请使用 package.json engines 所写的版本（README.md「Runtime」）`);
  sqliteModule = loaded;
  return loaded;
}

/** Opens the SQLite file at `file`, creating it unless `readOnly`. */
export function openSqliteFile(file: string, options: { readOnly?: boolean } = {}): DatabaseSync {
  const { DatabaseSync } = loadSqlite();
  return new DatabaseSync(file, { readOnly: options.readOnly ?? false });
}

/** One statement as Kysely uses it. */
function kyselyStatement(statement: StatementSync): KyselySqliteStatement {
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...(parameters as SQLInputValue[])),
    run: (parameters) => statement.run(...(parameters as SQLInputValue[])),
    iterate: (parameters) => statement.iterate(...(parameters as SQLInputValue[])),
  };
}

/** Statements that change the schema. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/** The database as Kysely's SqliteDialect sees it, its prepared statements kept. */
export function kyselySqliteDatabase(database: DatabaseSync): KyselySqliteDatabase {
  const statements = new Map<string, KyselySqliteStatement>();
  return {
    close: () => database.close(),
    prepare: (text: string) => {
      // A statement kept from before a schema change could answer with the old columns (Node 22
      // reads a `select *`'s column count before stepping), so a change of schema (migrations,
      // a restore) forgets every kept statement, and is itself not kept.
      if (SCHEMA_CHANGE.test(text)) {
        statements.clear();
        return kyselyStatement(database.prepare(text));
      }
      let statement = statements.get(text);
      if (!statement) {
        statement = kyselyStatement(database.prepare(text));
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
