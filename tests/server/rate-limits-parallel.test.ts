/**
 * Limits hold under parallel tries (a hardness test, README.md "Tests"): a burst of requests sent
 * at once cannot all read "under the limit" before any is counted. Wrong passwords for one account
 * from one address lock it for that address, and wrong passwords from many addresses lock it for
 * none of them; failed logins from one address stop at the address limit; certificate look-ups
 * likewise; and the lock-out is logged once.
 */
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CREDENTIALS_MESSAGE } from '../../server/modules/auth/service';
import type { Database } from '../../server/db/types';
import { countLoginFailure } from '../../server/security/loginLockout';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, createTestApp, dialects, type TestContext } from './helpers';

const LIMIT = 5;
/** Failed logins per address: above LIMIT, so that a burst from one address reaches the lock. */
const RATE_LIMIT = 10;
const BURST = 16;

describe.each(dialects)('rate limits under parallel tries on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: {
        LOGIN_MAX_FAILURES: String(LIMIT),
        LOGIN_RATE_LIMIT: String(RATE_LIMIT),
        CERTIFICATE_LOOKUP_RATE_LIMIT: String(LIMIT),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (password: string, ip: string, loginAccount = ADMIN_ACCOUNT) =>
    t.call('POST', 'user/auth/login', { body: { loginAccount, password, authType: 1 }, ip });

  it('a burst of wrong passwords from one address locks the account for that address, once', async () => {
    const results = await Promise.all(Array.from({ length: BURST }, () => login('Wrong-pass-1', '10.1.0.1')));
    for (const r of results) expect(r.body.status).toBe(10);
    const lock = await t.db.kysely
      .selectFrom('login_lockouts')
      .select(['locked_until'])
      .where('login_account', '=', ADMIN_ACCOUNT)
      .where('auth_type', '=', 1)
      .where('ip', '=', '10.1.0.1')
      .executeTakeFirstOrThrow();
    expect(lock.locked_until).not.toBeNull();
    const locks = await t.db.kysely.selectFrom('operation_logs').select('id').where('action', '=', 'lock').execute();
    expect(locks).toHaveLength(1);
    // Every wrong try within the address limit counted: the first LIMIT - 1 were told the password
    // was wrong, the rest that the account is locked; the address limit refused those beyond it.
    expect(results.filter((r) => r.body.message === WRONG_CREDENTIALS_MESSAGE)).toHaveLength(LIMIT - 1);
    expect(results.filter((r) => r.body.message.includes('账号已锁定'))).toHaveLength(RATE_LIMIT - LIMIT + 1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(BURST - RATE_LIMIT);
    // The owner, from another address, logs in meanwhile; once past the address limit's window the
    // locked address is answered as locked, the right password too.
    expect((await login(ADMIN_PASSWORD, '10.1.1.1')).body.status).toBe(1);
    t.clock.advanceMinutes(6);
    expect((await login(ADMIN_PASSWORD, '10.1.0.1')).body.message).toContain('账号已锁定');
  });

  it('a burst of wrong passwords from many addresses, fewer than the limit each, locks nobody out', async () => {
    const results = await Promise.all(Array.from({ length: BURST }, (_, i) => login('Wrong-pass-1', `10.5.0.${i + 1}`, 'parallel_nobody')));
    for (const r of results) expect(r.body.message).toBe(WRONG_CREDENTIALS_MESSAGE);
    const locked = await t.db.kysely.selectFrom('login_lockouts').select('ip').where('login_account', '=', 'parallel_nobody').where('locked_until', 'is not', null).execute();
    expect(locked).toEqual([]);
  });

  it('the try that reaches the limit is answered as locked when a later try locked first', async () => {
    // The interleaving a burst can produce (seen once in CI on PostgreSQL): try LIMIT raises the
    // count to the limit, try LIMIT + 1 raises it past and commits the lock before try LIMIT's own
    // lock runs. Replayed here in order: the lock is taken between try LIMIT's count and its lock.
    const name = { loginAccount: 'race-at-limit', authType: 1 };
    const ip = '10.4.0.1';
    const now = t.clock.now();
    await t.db.kysely
      .insertInto('login_lockouts')
      .values({ login_account: name.loginAccount, auth_type: 1, ip, failures: LIMIT - 1, locked_until: null, updated_at: now.toISOString() })
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
              .updateTable('login_lockouts')
              .set({ failures: 0, locked_until: lockedByLaterTry })
              .where('login_account', '=', name.loginAccount)
              .where('ip', '=', ip)
              .execute();
            return kysely.transaction().execute(work);
          },
        });
      },
    });
    const request = { ip, server: { appConfig: t.config, db } } as unknown as FastifyRequest;
    expect(await countLoginFailure(request, name, now, null)).toBe('locked');
  });

  it('failed logins from one address stop at the limit, however many arrive at once', async () => {
    const results = await Promise.all(Array.from({ length: BURST }, (_, i) => login('Wrong-pass-1', '10.2.0.1', `nobody${i}`)));
    const refused = results.filter((r) => r.statusCode === 429);
    expect(results.length - refused.length).toBe(RATE_LIMIT);
    for (const r of refused) expect(r.body.message).toBeTruthy();
  });

  it('certificate look-ups from one address stop at the limit, however many arrive at once', async () => {
    const results = await Promise.all(Array.from({ length: BURST }, () => t.call('GET', 'public/certificates/WPRY2026999', { ip: '10.3.0.1' })));
    expect(results.filter((r) => r.statusCode !== 429)).toHaveLength(LIMIT);
  });
});
