/**
 * What one authenticated request costs the database: the guard reads the session, the
 * account, its roles, their codes and the consent in ONE statement (server/security/user.ts
 * identityColumns), and remembers nothing between requests, so a revocation or a disabled
 * account counts from the very next request.
 */
import { sql, type CompiledQuery, type QueryResult } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { PractitionerRecord } from '@common/schemas/practitioners';
import { prepareOnPostgres, preparedName } from '../../server/db/preparedStatements';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { findLiveSession, sessionPolicyFor } from '../../server/security/sessions';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('statements per request on %s', (dialect) => {
  let t: TestContext;
  const statements: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    // Every statement the app's database handle runs goes through its executor.
    const executor = t.db.kysely.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = <R>(query: CompiledQuery<R>): Promise<QueryResult<R>> => {
      statements.push(query.sql);
      return execute(query);
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The statements one call runs. */
  const counted = async <T>(call: () => Promise<T>): Promise<{ result: T; sql: string[] }> => {
    statements.length = 0;
    const result = await call();
    return { result, sql: [...statements] };
  };
  const readsSessions = (sql: string) => /from "sessions"/.test(sql);

  it('a staff list with a keyword: one statement authenticates, two read the page', async () => {
    const token = await t.adminToken();
    const list = () => t.call<Page<PractitionerRecord>>('GET', `practitioners?keyword=${encodeURIComponent('张')}&current=1&pageSize=10`, { token });
    await list();
    const { result, sql } = await counted(list);
    expect(result.body.status, result.body.message).toBe(1);
    expect(sql.filter(readsSessions)).toHaveLength(1);
    // The session, the account and its codes in one; the count and the page.
    expect(sql.length).toBeLessThanOrEqual(3);
  });

  it('a practitioner: the consent comes with the same statement', async () => {
    const token = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    const { result, sql } = await counted(() => t.call('GET', 'user/current', { token }));
    expect(result.body.status, result.body.message).toBe(1);
    expect(sql.filter(readsSessions)).toHaveLength(1);
    expect(sql.some((s) => /from "consents"/.test(s) && !readsSessions(s))).toBe(false);
  });

  it('a revoked session, a disabled account and a withdrawn code count from the next request', async () => {
    const token = await t.login('demo_staff', DEMO_PASSWORD, 1);
    const staff = await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', 'demo_staff').executeTakeFirstOrThrow();
    const articles = () => t.call('GET', 'articles', { token });
    expect((await articles()).body.status).toBe(1);

    // A code taken from every role the account holds.
    const roles = await t.db.kysely.selectFrom('account_roles').select('role_id').where('account_id', '=', staff.id).execute();
    const removed = await t.db.kysely
      .selectFrom('role_permissions')
      .selectAll()
      .where('role_id', 'in', roles.map((r) => r.role_id))
      .where('permission_code', '=', 'content:article:view')
      .execute();
    await t.db.kysely.deleteFrom('role_permissions').where('permission_code', '=', 'content:article:view').where('role_id', 'in', roles.map((r) => r.role_id)).execute();
    expect((await articles()).statusCode).toBe(403);
    if (removed.length) await t.db.kysely.insertInto('role_permissions').values(removed).execute();
    expect((await articles()).body.status).toBe(1);

    await t.db.kysely.updateTable('accounts').set({ enabled: 0 }).where('id', '=', staff.id).execute();
    expect((await articles()).statusCode).toBe(401);
    await t.db.kysely.updateTable('accounts').set({ enabled: 1 }).where('id', '=', staff.id).execute();
    expect((await articles()).body.status).toBe(1);

    await t.db.kysely.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('account_id', '=', staff.id).execute();
    expect((await articles()).statusCode).toBe(401);
  });
});

/**
 * On PostgreSQL the session-and-identity statement and the staff practitioner list's count and
 * page are kept prepared on each connection (server/db/preparedStatements.ts), so that they are
 * planned once per connection, not on every request; other statements stay unnamed, and the
 * results are never cached (the revocation test above runs through the prepared statement).
 */
describe.skipIf(!dialects.includes('postgres'))('prepared statements on postgres', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('postgres', { demo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the session statement is prepared on the connection that ran it, by its registered name, and answers each token', async () => {
    const token = await t.adminToken();
    const other = await t.login('demo_staff', DEMO_PASSWORD, 1);
    await t.db.kysely.connection().execute(async (connection) => {
      const policy = (authType: number) => sessionPolicyFor(t.config, authType);
      const admin = await findLiveSession(connection, token, new Date(), policy);
      const staff = await findLiveSession(connection, other, new Date(), policy);
      expect(admin?.identity.login_account).toBe('admin');
      expect(staff?.identity.login_account).toBe('demo_staff');
      expect(await findLiveSession(connection, 'not-a-token', new Date(), policy)).toBeNull();
      await connection.selectFrom('practitioners').select('id').limit(1).execute();

      const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(connection);
      const session = prepared.rows.filter((r) => /from "sessions"/.test(r.statement));
      expect(session).toHaveLength(1);
      expect(session[0]?.name).toBe(preparedName(session[0]?.statement ?? ''));
      // Nothing else is named: the practitioners read ran as an unnamed statement.
      expect(prepared.rows.filter((r) => /from "practitioners"/.test(r.statement))).toEqual([]);
    });
  });

  it('the staff practitioner list runs prepared statements only: the session, the count and the page', async () => {
    const token = await t.adminToken();
    const ran: string[] = [];
    const executor = t.db.kysely.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = <R>(query: CompiledQuery<R>): Promise<QueryResult<R>> => {
      ran.push(query.sql);
      return execute(query);
    };
    try {
      for (const query of [`keyword=${encodeURIComponent('张')}`, 'status=approved&sort=name,asc', 'certificate=expiring']) {
        ran.length = 0;
        const result = await t.call<Page<PractitionerRecord>>('GET', `practitioners?${query}&current=1&pageSize=10`, { token });
        expect(result.body.status, result.body.message).toBe(1);
        expect(ran.length, query).toBe(3);
        expect(ran.filter((text) => preparedName(text) === undefined), query).toEqual([]);
      }
    } finally {
      executor.executeQuery = execute;
    }
  });

  it('refuses to register a statement that selects every column', () => {
    expect(() => prepareOnPostgres('select * from "sessions" where "id" = $1')).toThrow(/list its columns/);
    expect(() => prepareOnPostgres('select "sessions".* from "sessions"')).toThrow(/list its columns/);
    expect(preparedName('select * from "sessions" where "id" = $1')).toBeUndefined();
  });
});
