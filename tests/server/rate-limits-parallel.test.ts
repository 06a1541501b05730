/**
 * Limits hold under parallel tries (a hardness test, README.md "Tests"): a burst of requests sent
 * at once cannot all read "under the limit" before any is counted. Wrong passwords for one account
 * lock it; failed logins from one address stop at the address limit; certificate look-ups likewise;
 * and the lock-out is logged once.
 */
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CREDENTIALS_MESSAGE } from '../../server/modules/auth/service';
import type { Database } from '../../server/db/types';
import { countLoginFailure } from '../../server/security/loginLockout';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, createTestApp, dialects, type TestContext } from './helpers';

const LIMIT = 5;
const BURST = 16;

describe.each(dialects)('rate limits under parallel tries on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: {
        LOGIN_MAX_FAILURES: String(LIMIT),
        LOGIN_RATE_LIMIT: String(LIMIT),
        CERTIFICATE_LOOKUP_RATE_LIMIT: String(LIMIT),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (password: string, ip: string, loginAccount = ADMIN_ACCOUNT) =>
    t.call('POST', 'user/auth/login', { body: { loginAccount, password, authType: 1 }, ip });

  it('a burst of wrong passwords from many addresses locks the account, once', async () => {
    const results = await Promise.all(Array.from({ length: BURST }, (_, i) => login('Wrong-pass-1', `10.1.0.${i + 1}`)));
    for (const r of results) expect(r.body.status).toBe(10);
    const lock = await t.db.kysely
      .selectFrom('login_failures')
      .select(['locked_until'])
      .where('login_account', '=', ADMIN_ACCOUNT)
      .where('auth_type', '=', 1)
      .executeTakeFirstOrThrow();
    expect(lock.locked_until).not.toBeNull();
    // The right password is refused now: the lock holds.
    const right = await login(ADMIN_PASSWORD, '10.1.1.1');
    expect(right.body.message).toContain('账号已锁定');
    const locks = await t.db.kysely.selectFrom('operation_logs').select('id').where('action', '=', 'lock').execute();
    expect(locks).toHaveLength(1);
    // Every wrong try counted: the first LIMIT - 1 were told the password was wrong, the rest that the account is locked.
    expect(results.filter((r) => r.body.message === WRONG_CREDENTIALS_MESSAGE)).toHaveLength(LIMIT - 1);
    expect(results.filter((r) => r.body.message.includes('账号已锁定'))).toHaveLength(BURST - LIMIT + 1);
  });

  it('the try that reaches the limit is answered as locked when a later try locked first', async () => {
    // The interleaving a burst can produce (seen once in CI on PostgreSQL): try LIMIT raises the
    // count to the limit, try LIMIT + 1 raises it past and commits the lock before try LIMIT's own
    // lock runs. Replayed here in order: the lock is taken between try LIMIT's count and its lock.
    const name = { loginAccount: 'race-at-limit', authType: 1 };
    const now = t.clock.now();
    await t.db.kysely
      .insertInto('login_failures')
      .values({ login_account: name.loginAccount, auth_type: 1, failures: LIMIT - 1, locked_until: null, updated_at: now.toISOString() })
      .execute();
    const lockedByLaterTry = new Date(now.getTime() + 10 * 60_000).toISOString();
    const kysely = t.db.kysely;
    const db = new Proxy(kysely, {
      get(target, property, receiver) {
        if (property !== 'transaction') {
          // Kysely's methods read private fields: they run on the real instance, not the proxy.
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        }
        return () => ({
          execute: async (work: (trx: Transaction<Database>) => Promise<unknown>) => {
            await kysely
              .updateTable('login_failures')
              .set({ failures: 0, locked_until: lockedByLaterTry })
              .where('login_account', '=', name.loginAccount)
              .execute();
            return kysely.transaction().execute(work);
          },
        });
      },
    });
    const request = { server: { appConfig: t.config, db } } as unknown as FastifyRequest;
    expect(await countLoginFailure(request, name, now, null)).toBe('locked');
  });

  it('failed logins from one address stop at the limit, however many arrive at once', async () => {
    const results = await Promise.all(Array.from({ length: BURST }, (_, i) => login('Wrong-pass-1', '10.2.0.1', `nobody${i}`)));
    const refused = results.filter((r) => r.statusCode === 429);
    expect(results.length - refused.length).toBe(LIMIT);
    for (const r of refused) expect(r.body.message).toBeTruthy();
  });

  it('certificate look-ups from one address stop at the limit, however many arrive at once', async () => {
    const results = await Promise.all(Array.from({ length: BURST }, () => t.call('GET', 'public/certificates/WPRY2026999', { ip: '10.3.0.1' })));
    expect(results.filter((r) => r.statusCode !== 429)).toHaveLength(LIMIT);
  });
});
