/**
 * Nobody learns which login names exist: failed logins are counted and locked per login name
 * and type whether or not an account holds the name (server/security/loginLockout.ts), so an unknown
 * name, an existing one and an existing one tried with another type get the same answers, lock
 * and lock timing; a lock holds only the addresses that failed; registration assigns the unit's
 * login name instead of taking the applicant's (server/modules/registration/service.ts), so that
 * it has nothing to say about a name.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES } from '@common/schemas/registration';
import { insertAccount } from '../../server/security/accounts';
import { generateInitialPassword, hashPassword, verifyLoginPassword } from '../../server/security/passwords';
import { migrateTo, migrateToLatest } from '../../server/db/migrations/index';
import { makeCreditCode } from '../../server/db/seed/demoData';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { WRONG_CREDENTIALS_MESSAGE } from '../../server/modules/auth/service';
import { createTestApp, dialects, openTestDatabase, type CallResult, type TestContext } from './helpers';
import { useFullPasswordCost } from './passwordCost';

const MAX_FAILURES = 3;
const LOCK_MINUTES = 10;

/** What a caller can observe of an answer. */
const seen = (res: CallResult<unknown>) => ({ httpStatus: res.statusCode, body: res.body });

describe.each(dialects)('login lock-out per login name on %s', (dialect) => {
  let t: TestContext;
  /** A practitioner account still holding its generated password (a cheaper hash). */
  let generated = { loginAccount: 'ry55550000', password: '' };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      demo: true,
      env: { LOGIN_MAX_FAILURES: String(MAX_FAILURES), LOGIN_LOCK_MINUTES: String(LOCK_MINUTES), LOGIN_RATE_LIMIT: '1000' },
    });
    const { password, hash } = await generateInitialPassword();
    const practitioner = await t.db.kysely.selectFrom('practitioners').select(['id', 'unit_id']).where('status', '=', 'approved').orderBy('id').executeTakeFirstOrThrow();
    await insertAccount(
      t.db.kysely,
      { loginAccount: generated.loginAccount, passwordHash: hash, authType: 3, name: '生成密码', unitId: practitioner.unit_id, mustChangePassword: true },
      new Date().toISOString(),
    );
    generated = { ...generated, password };
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (loginAccount: string, password: string, authType: 1 | 2 | 3) =>
    t.call('POST', 'user/auth/login', { body: { loginAccount, password, authType }, ip: '10.40.0.1' });

  /** The answers a run of wrong passwords gets, then the right one (if any) while locked, over the lock's life. */
  async function sequence(loginAccount: string, authType: 1 | 2 | 3, rightPassword: string) {
    const answers = [];
    for (let i = 0; i < MAX_FAILURES + 2; i += 1) answers.push(seen(await login(loginAccount, `Wrong-${i}-Pass`, authType)));
    answers.push(seen(await login(loginAccount, rightPassword, authType)));
    t.clock.advanceMinutes(4);
    answers.push(seen(await login(loginAccount, rightPassword, authType)));
    answers.push(seen(await login(loginAccount, 'Wrong-x-Pass', authType)));
    t.clock.advanceMinutes(LOCK_MINUTES - 4);
    // The lock has run out: counted afresh, to the next lock.
    for (let i = 0; i < MAX_FAILURES; i += 1) answers.push(seen(await login(loginAccount, `Wrong-${i}-Again`, authType)));
    t.clock.advanceMinutes(LOCK_MINUTES);
    return answers;
  }

  it('an unknown name, an existing one and one of another type get the same answers, lock and lock timing', async () => {
    const existing = await sequence('demo_unit', 2, DEMO_PASSWORD);
    const wrong = (n: number) => ({ httpStatus: 400, body: { status: 10, success: false, message: n === 0 ? WRONG_CREDENTIALS_MESSAGE : `密码错误次数过多，账号已锁定，请${n}分钟后再试`, data: null } });
    expect(existing).toEqual([
      wrong(0),
      wrong(0),
      wrong(LOCK_MINUTES), // the try that reaches the limit
      wrong(LOCK_MINUTES),
      wrong(LOCK_MINUTES),
      wrong(LOCK_MINUTES), // the right password too, while locked
      wrong(LOCK_MINUTES - 4),
      wrong(LOCK_MINUTES - 4),
      wrong(0),
      wrong(0),
      wrong(LOCK_MINUTES),
    ]);
    expect(await sequence('no_such_unit', 2, DEMO_PASSWORD)).toEqual(existing);
    expect(await sequence('demo_unit', 3, DEMO_PASSWORD)).toEqual(existing);
    expect(await sequence('demo_practitioner', 3, DEMO_PASSWORD)).toEqual(existing);
    expect(await sequence(generated.loginAccount, 3, generated.password)).toEqual(existing);
    expect(await sequence('ry55550001', 3, generated.password)).toEqual(existing);
  });

  it('a lock of one name and type leaves the others alone; a success clears the count', async () => {
    for (let i = 0; i < MAX_FAILURES; i += 1) await login('demo_staff', `Wrong-${i}-Pass`, 2);
    // demo_staff at type 2 is locked (no such account); demo_staff at its own type is not.
    expect((await login('demo_staff', DEMO_PASSWORD, 2)).body.message).toContain('账号已锁定');
    expect((await login('demo_staff', DEMO_PASSWORD, 1)).body.status).toBe(1);
    for (let i = 0; i < MAX_FAILURES - 1; i += 1) await login('demo_staff', `Wrong-${i}-Pass`, 1);
    expect((await login('demo_staff', DEMO_PASSWORD, 1)).body.status).toBe(1);
    expect((await login('demo_staff', 'Wrong-1-Pass', 1)).body.message).toBe(WRONG_CREDENTIALS_MESSAGE);
  });

  it('staff see and lift the lock of an existing account', async () => {
    for (let i = 0; i < MAX_FAILURES; i += 1) await login('demo_practitioner', `Wrong-${i}-Pass`, 3);
    const admin = await t.adminToken();
    const account = await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', 'demo_practitioner').executeTakeFirstOrThrow();
    const listed = await t.call<{ lockedUntil: string | null }>('GET', `users/${account.id}`, { token: admin });
    expect(listed.body.data.lockedUntil).toBeTruthy();
    expect((await t.call('POST', `users/${account.id}/unlock`, { token: admin })).body.status).toBe(1);
    expect((await login('demo_practitioner', DEMO_PASSWORD, 3)).body.status).toBe(1);
    const rows = await t.db.kysely.selectFrom('login_lockouts').select(['login_account', 'auth_type']).where('locked_until', '>', t.clock.now().toISOString()).execute();
    expect(rows.map((r) => `${r.login_account}/${r.auth_type}`)).not.toContain('demo_practitioner/3');
  });

  it('a lock holds the addresses that failed only: the owner logs in from another, and staff see and lift it', async () => {
    const guesser = (loginAccount: string, password: string) =>
      t.call('POST', 'user/auth/login', { body: { loginAccount, password, authType: 2 }, ip: '10.41.0.1' });
    const owner = (password: string) => t.call('POST', 'user/auth/login', { body: { loginAccount: 'demo_unit', password, authType: 2 }, ip: '10.41.0.2' });
    for (let i = 0; i < MAX_FAILURES; i += 1) await guesser('demo_unit', `Wrong-${i}-Pass`);
    expect((await guesser('demo_unit', DEMO_PASSWORD)).body.message).toContain('账号已锁定');
    // The owner's own wrong try does not add to the guesser's count, nor the owner's success lift its lock.
    expect((await owner('Wrong-o-Pass')).body.message).toBe(WRONG_CREDENTIALS_MESSAGE);
    expect((await owner(DEMO_PASSWORD)).body.status).toBe(1);
    expect((await guesser('demo_unit', DEMO_PASSWORD)).body.message).toContain('账号已锁定');

    // Locked for one address: the user list says so, and the unlock lifts it there too.
    const admin = await t.adminToken();
    const account = await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', 'demo_unit').executeTakeFirstOrThrow();
    expect((await t.call<{ lockedUntil: string | null }>('GET', `users/${account.id}`, { token: admin })).body.data.lockedUntil).toBeTruthy();
    expect((await t.call('POST', `users/${account.id}/unlock`, { token: admin })).body.status).toBe(1);
    expect((await t.call<{ lockedUntil: string | null }>('GET', `users/${account.id}`, { token: admin })).body.data.lockedUntil).toBeNull();
    expect((await t.call('POST', `users/${account.id}/unlock`, { token: admin })).body.message).toBe('该账号未被锁定');
    expect((await guesser('demo_unit', DEMO_PASSWORD)).body.status).toBe(1);
  });
});

describe.each(dialects)('migration 0009 on %s', (dialect) => {
  it('moves the lock-outs and counts kept on accounts to login_failures', async () => {
    const { db, dispose } = await openTestDatabase(dialect);
    try {
      await migrateTo(db, '0008_supervision');
      const now = new Date();
      const later = new Date(now.getTime() + 5 * 60_000).toISOString();
      const earlier = new Date(now.getTime() - 5 * 60_000).toISOString();
      for (const [login, failures, lockedUntil] of [
        ['locked_one', 0, later],
        ['counting_one', 2, null],
        ['expired_one', 0, earlier],
        ['clean_one', 0, null],
      ] as const) {
        await insertAccount(db.kysely, { loginAccount: login, passwordHash: 'x', authType: 2, name: login }, now.toISOString());
        await db.kysely.updateTable('accounts').set({ failed_login_count: failures, locked_until: lockedUntil }).where('login_account', '=', login).execute();
      }
      await migrateToLatest(db);
      const rows = await db.kysely.selectFrom('login_failures').select(['login_account', 'auth_type', 'failures', 'locked_until']).orderBy('login_account').execute();
      expect(rows.map((r) => ({ ...r, auth_type: Number(r.auth_type), failures: Number(r.failures) }))).toEqual([
        { login_account: 'counting_one', auth_type: 2, failures: 2, locked_until: null },
        { login_account: 'locked_one', auth_type: 2, failures: 0, locked_until: later },
      ]);
    } finally {
      await dispose();
    }
  });
});

describe('the login password check costs the same with or without an account', () => {
  useFullPasswordCost();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const took = async (stored: string | null) => {
    const start = performance.now();
    await verifyLoginPassword('Wrong-Pass-1', stored);
    return performance.now() - start;
  };

  it('an unknown name, a full-cost hash and a generated password cost about one full scrypt each', async () => {
    const full = await hashPassword('Right-Pass-1');
    const { password, hash: cheap } = await generateInitialPassword();
    expect(await verifyLoginPassword(password, cheap)).toBe(true);
    expect(await verifyLoginPassword('Right-Pass-1', full)).toBe(true);
    expect(await verifyLoginPassword('Right-Pass-1', null)).toBe(false);
    // Taken in turns, so that a busy moment of this shared machine falls on all three alike.
    const times = { none: [] as number[], full: [] as number[], cheap: [] as number[] };
    for (let i = 0; i < 7; i += 1) {
      times.none.push(await took(null));
      times.full.push(await took(full));
      times.cheap.push(await took(cheap));
    }
    const [none, withFull, withCheap] = [median(times.none), median(times.full), median(times.cheap)];
    // A generated password's hash alone costs about 1/256 of a full one: without the top-up it
    // would answer some hundred times faster than an unknown name. Loose bounds, for a busy machine.
    expect(withCheap).toBeGreaterThan(none * 0.2);
    expect(withFull).toBeGreaterThan(none * 0.2);
    expect(none).toBeGreaterThan(withFull * 0.2);
  });
});

let codeCounter = 0;
/** A credit code no unit has (valid checksum). */
function freshCreditCode(): string {
  codeCounter += 1;
  return makeCreditCode('91', '330106', `MA3E${String(codeCounter).padStart(4, '0')}`);
}

/** A registration valid but for its licence file (never uploaded), with whatever else `over` adds. */
const application = (over: Record<string, unknown> = {}) => ({
  name: '恒信社会风险评估有限公司',
  creditCode: freshCreditCode(),
  legalRepresentative: '陈恒',
  contactPerson: '王信',
  contactPhone: '13800002222',
  email: 'contact@hengxin-test.cn',
  address: '杭州市拱墅区湖墅南路 1 号',
  businessScope: '社会稳定风险评估。',
  businessLicenceFileIds: [randomUUID()],
  password: 'Hengxin2026',
  consent: true,
  ...over,
});

describe.each(dialects)('registration and login names on %s', (dialect) => {
  let t: TestContext;
  const LIMIT = 6;
  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true, env: { REGISTER_RATE_LIMIT: String(LIMIT), REGISTER_RATE_WINDOW_MINUTES: '60' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (body: Record<string, unknown>, ip: string) => t.call('POST', 'user/auth/register', { body, ip });

  it('answers alike whatever login name an applicant offers, taken by any kind of account or free: it is not theirs to choose', async () => {
    const offered = ['admin', 'demo_staff', 'demo_unit', 'demo_practitioner', `free_${randomUUID().slice(0, 8)}`];
    const answers = [];
    // Each from a fresh address.
    for (const [i, loginAccount] of offered.entries()) answers.push(seen(await register(application({ loginAccount }), `10.50.0.${i + 1}`)));
    const refused = { httpStatus: 400, body: { status: 10, success: false, message: '不允许的字段：loginAccount', data: null } };
    expect(answers).toEqual(offered.map(() => refused));
    const units = await t.db.kysely.selectFrom('member_units').select('id').where('name', '=', '恒信社会风险评估有限公司').execute();
    expect(units).toHaveLength(0);
  });

  it('is rate-limited first: over the limit every application gets the same answer', async () => {
    const ip = '10.50.1.1';
    for (let i = 0; i < LIMIT; i += 1) expect((await register(application(), ip)).body.message).toBe('营业执照不存在，请重新上传');
    const limited = { httpStatus: 429, body: { status: 10, success: false, message: REGISTRATION_MESSAGES.tooMany, data: null } };
    expect(seen(await register(application(), ip))).toEqual(limited);
    expect(seen(await register(application({ loginAccount: 'admin' }), ip))).toEqual(limited);
  });
});
