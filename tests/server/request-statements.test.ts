/**
 * What one authenticated request costs the database: the guard reads the session, the
 * account, its roles, their codes and the consent in ONE statement (server/security/user.ts
 * identityColumns), and remembers nothing between requests, so a revocation or a disabled
 * account counts from the very next request.
 */
import type { CompiledQuery, QueryResult } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { PractitionerRecord } from '@common/schemas/practitioners';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
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
