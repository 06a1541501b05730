/**
 * Statements that PostgreSQL keeps prepared on each connection, by name, so that it parses and
 * plans them once per connection instead of on every call.
 *
 * Why: on the staff practitioner list at 50 connections PostgreSQL spent as long planning the
 * request's statements as running them (pg_stat_statements: 0.2 ms of planning and 0.08 ms of
 * execution per call for the session-and-identity statement that every signed-in request runs,
 * server/security/sessions.ts). SQLite gets the same from its statement cache (./index.ts).
 *
 * Only statements registered here are named, and only texts with their columns listed (never
 * `select *`): PostgreSQL refuses a prepared statement whose result columns a migration changed
 * ("cached plan must not change result type"). Registered today: the session-and-identity
 * statement, and the staff practitioner list's count and page (server/modules/practitioners/
 * queries.ts), whose texts vary only with the filters and sort chosen, every value a parameter;
 * so the set stays as small as the code that registers it. Each connection prepares a name on its first use; a new connection starts
 * with none. A connection pooler in transaction mode in front of PostgreSQL would break named
 * statements: connect the app to PostgreSQL directly (README, "Running in production").
 */
import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

const names = new Map<string, string>();

/** Registers a fixed statement text to run as a named statement on PostgreSQL (no effect on SQLite). */
export function prepareOnPostgres(sqlText: string): void {
  if (/\bselect\s+(?:\S+\.)?\*/i.test(sqlText)) throw new Error('a prepared statement must list its columns (not select *)');
  if (!names.has(sqlText)) names.set(sqlText, `app_${createHash('sha256').update(sqlText).digest('hex').slice(0, 32)}`);
}

/** The name a registered text runs under, or undefined for every other statement. */
export function preparedName(sqlText: string): string | undefined {
  return names.get(sqlText);
}

/** One pooled connection as Kysely sees it, naming the registered statements. */
class PreparingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely passes a cursor only for .stream(), which needs the dialect's `cursor` option; the
    // app does not set it, so every statement arrives as text.
    if (typeof sqlOrCursor !== 'string') throw new Error('streaming from PostgreSQL is not configured');
    return this.run<R>(sqlOrCursor, parameters);
  }

  private async run<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const name = names.get(text);
    const result = await this.client.query({ text, values: [...parameters], ...(name ? { name } : {}) });
    return {
      // pg types the command as any string; Kysely reads only the kinds it names.
      command: result.command as PostgresQueryResult<R>['command'],
      rowCount: result.rowCount ?? 0,
      rows: result.rows as R[],
    };
  }

  release(): void {
    this.client.release();
  }
}

/** The pool handed to Kysely's PostgresDialect: pg's pool, its connections naming the registered statements. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => new PreparingClient(await pool.connect()),
    end: () => pool.end(),
  };
}
