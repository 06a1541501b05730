/** Login, sessions, lock-out, rate limit, password change and reset, on every database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@common/passwordPolicy';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { DEMO_ACCOUNT_NAMES } from '../../server/db/seed/demoAccounts';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, createTestApp, dialects, type TestContext } from './helpers';

interface LoginData {
  token: string;
  currentUser: {
    userId: string;
    name: string;
    authType: number;
    permissions: string[];
    unitId: string | null;
    unitName: string | null;
    practitionerId: string | null;
  };
}

describe.each(dialects)('auth on %s', (dialect) => {
  let t: TestContext;
  let ipSeq = 0;
  /** Each test gets its own client address unless it tests the rate limit. */
  const freshIp = () => `192.0.2.${(ipSeq += 1)}`;
  const loginCall = (loginAccount: string, password: string, authType: number, ip = freshIp()) =>
    t.call<LoginData>('POST', 'user/auth/login', { body: { loginAccount, password, authType }, ip });

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true, env: { LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '15', LOGIN_RATE_LIMIT: '8' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs in each kind of account with its own authType', async () => {
    const admin = await loginCall(ADMIN_ACCOUNT, ADMIN_PASSWORD, 1);
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toMatchObject({ status: 1, success: true });
    expect(admin.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(admin.body.data.currentUser.permissions).toContain('system:user:view');

    const staff = await loginCall('demo_staff', DEMO_PASSWORD, 1);
    expect(staff.body.status).toBe(1);
    expect(staff.body.data.currentUser.permissions).toContain('content:article:edit');
    expect(staff.body.data.currentUser.permissions).not.toContain('system:user:view');

    const unit = await loginCall('demo_unit', DEMO_PASSWORD, 2);
    expect(unit.body.status).toBe(1);
    expect(unit.body.data.currentUser).toMatchObject({ authType: 2, unitId: 'demo-unit-1', permissions: [] });

    const practitioner = await loginCall('demo_practitioner', DEMO_PASSWORD, 3);
    expect(practitioner.body.status).toBe(1);
    expect(practitioner.body.data.currentUser).toMatchObject({ authType: 3, practitionerId: 'demo-practitioner-1' });

    const me = await t.call<{ loginAccount: string; authType: number }>('GET', 'user/current', { token: unit.body.data.token });
    expect(me.body.data).toMatchObject({ loginAccount: 'demo_unit', authType: 2 });
  });

  it('names whom the account stands for: a practitioner as their record names them now, with the unit', async () => {
    const practitioner = await loginCall('demo_practitioner', DEMO_PASSWORD, 3);
    const record = await t.db.kysely.selectFrom('practitioners').select('name').where('id', '=', 'demo-practitioner-1').executeTakeFirstOrThrow();
    const unit = await t.db.kysely.selectFrom('member_units').select('name').where('id', '=', 'demo-unit-1').executeTakeFirstOrThrow();
    expect(practitioner.body.data.currentUser).toMatchObject({ name: record.name, unitName: unit.name });

    // A corrected record renames them at once; the account keeps the name it was created with.
    await t.db.kysely.updateTable('practitioners').set({ name: '张明远（更正）' }).where('id', '=', 'demo-practitioner-1').execute();
    try {
      const me = await t.call<{ name: string }>('GET', 'user/current', { token: practitioner.body.data.token });
      expect(me.body.data.name).toBe('张明远（更正）');
      const account = await t.db.kysely.selectFrom('accounts').select('name').where('login_account', '=', 'demo_practitioner').executeTakeFirstOrThrow();
      expect(account.name).not.toBe('张明远（更正）');
    } finally {
      await t.db.kysely.updateTable('practitioners').set({ name: record.name }).where('id', '=', 'demo-practitioner-1').execute();
    }

    const staff = await loginCall('demo_staff', DEMO_PASSWORD, 1);
    expect(staff.body.data.currentUser).toMatchObject({ name: DEMO_ACCOUNT_NAMES.staff, unitName: null });
  });

  it('answers a wrong authType exactly like a wrong password', async () => {
    const wrongType = await loginCall('demo_unit', DEMO_PASSWORD, 1);
    const wrongPassword = await loginCall('demo_practitioner', 'Nope12345', 3);
    const unknown = await loginCall('nobody_here', 'Nope12345', 1);
    for (const res of [wrongType, wrongPassword, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 10, success: false, message: '登录账号或密码错误', data: null });
    }
  });

  it('locks an account for the address of the configured number of wrong passwords', async () => {
    await t.call('POST', 'users', {
      token: await t.adminToken(),
      body: { loginAccount: 'lock_me', name: '锁定测试', authType: 1, password: 'Right1234-Kq9' },
    });
    const guesser = freshIp();
    expect((await loginCall('lock_me', 'Wrong1234', 1, guesser)).body.message).toBe('登录账号或密码错误');
    expect((await loginCall('lock_me', 'Wrong1234', 1, guesser)).body.message).toBe('登录账号或密码错误');
    const third = await loginCall('lock_me', 'Wrong1234', 1, guesser);
    expect(third.body.status).toBe(10);
    expect(third.body.message).toContain('账号已锁定');
    expect(third.body.message).toContain('15分钟');
    // Even the right password is refused from there while locked, with the minutes left.
    t.clock.advanceMinutes(5);
    const locked = await loginCall('lock_me', 'Right1234-Kq9', 1, guesser);
    expect(locked.body.status).toBe(10);
    expect(locked.body.message).toContain('10分钟后再试');
    // The owner, from another address, is not locked out by someone else's guesses.
    expect((await loginCall('lock_me', 'Right1234-Kq9', 1)).body.status).toBe(1);
    expect((await loginCall('lock_me', 'Right1234-Kq9', 1, guesser)).body.message).toContain('10分钟后再试');
    t.clock.advanceMinutes(11);
    expect((await loginCall('lock_me', 'Right1234-Kq9', 1, guesser)).body.status).toBe(1);
  });

  it('limits login attempts per client address with HTTP 429', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 8; i += 1) {
      const res = await loginCall('nobody', 'Wrong1234', 1, ip);
      expect(res.statusCode).toBe(400);
    }
    const blocked = await loginCall(ADMIN_ACCOUNT, ADMIN_PASSWORD, 1, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toMatchObject({ status: 10, success: false, message: '登录尝试过于频繁，请稍后再试' });
    // Another address is not affected; the window passes.
    expect((await loginCall(ADMIN_ACCOUNT, ADMIN_PASSWORD, 1)).body.status).toBe(1);
    t.clock.advanceMinutes(6);
    expect((await loginCall(ADMIN_ACCOUNT, ADMIN_PASSWORD, 1, ip)).body.status).toBe(1);
  });

  it('answers status 21 without a token and 20 with a bad one', async () => {
    const none = await t.call('GET', 'user/current');
    expect(none.statusCode).toBe(401);
    expect(none.body).toEqual({ status: 21, success: false, message: 'token为空', data: null });
    const empty = await t.call('GET', 'user/current', { token: '' });
    expect(empty.body.status).toBe(21);
    const bad = await t.call('GET', 'user/current', { token: 'not-a-real-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toEqual({ status: 20, success: false, message: 'token无效或已过期', data: null });
  });

  it('revokes the token at logout', async () => {
    const token = await t.login('demo_unit', DEMO_PASSWORD, 2);
    expect((await t.call('GET', 'user/current', { token })).body.status).toBe(1);
    const out = await t.call('POST', 'user/auth/logout', { token });
    expect(out.body.status).toBe(1);
    const after = await t.call('GET', 'user/current', { token });
    expect(after.body.status).toBe(20);
  });

  it('expires an idle session, and activity keeps it alive', async () => {
    const token = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    const idle = t.config.sessionIdleMinutes;
    t.clock.advanceMinutes(idle - 10);
    expect((await t.call('GET', 'user/current', { token })).body.status).toBe(1);
    // Activity slid the deadline: another (idle - 10) minutes is still inside it.
    t.clock.advanceMinutes(idle - 10);
    expect((await t.call('GET', 'user/current', { token })).body.status).toBe(1);
    t.clock.advanceMinutes(idle + 1);
    expect((await t.call('GET', 'user/current', { token })).body.status).toBe(20);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const token = await t.login('demo_staff', DEMO_PASSWORD, 1);
    const lastSeen = async () =>
      (
        await t.db.kysely
          .selectFrom('sessions')
          .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
          .select('sessions.last_seen_at')
          .where('accounts.login_account', '=', 'demo_staff')
          .where('sessions.revoked_at', 'is', null)
          .orderBy('sessions.created_at', 'desc')
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const first = await lastSeen();
    await t.call('GET', 'user/current', { token });
    await t.call('GET', 'user/current', { token });
    expect(await lastSeen()).toBe(first);
    t.clock.advanceMinutes(2);
    await t.call('GET', 'user/current', { token });
    expect(await lastSeen()).not.toBe(first);
  });

  it('forgets earlier wrong passwords after a successful login', async () => {
    await t.call('POST', 'users', {
      token: await t.adminToken(),
      body: { loginAccount: 'forgetful', name: '健忘', authType: 1, password: 'Right1234-Kq9' },
    });
    // Two wrong, one right, two wrong again, from one address: never three in a row, so never locked.
    const ip = freshIp();
    for (const password of ['Wrong1234', 'Wrong1234', 'Right1234-Kq9', 'Wrong1234', 'Wrong1234']) await loginCall('forgetful', password, 1, ip);
    expect((await loginCall('forgetful', 'Right1234-Kq9', 1, ip)).body.status).toBe(1);
  });

  it("stops a disabled account's token at once", async () => {
    const admin = await t.adminToken();
    const created = await t.call<{ id: string }>('POST', 'users', {
      token: admin,
      body: { loginAccount: 'to_disable', name: '停用测试', authType: 1, password: 'Right1234-Kq9' },
    });
    const token = await t.login('to_disable', 'Right1234-Kq9', 1);
    expect((await t.call('GET', 'user/current', { token })).body.status).toBe(1);
    const res = await t.call('POST', `users/${created.body.data.id}/disable`, { token: admin });
    expect(res.body.status).toBe(1);
    expect((await t.call('GET', 'user/current', { token })).body.status).toBe(20);
    const again = await loginCall('to_disable', 'Right1234-Kq9', 1);
    expect(again.body).toMatchObject({ status: 10, message: '账号已停用，请联系管理员' });
  });

  it('changes the own password, keeping this session and ending the others', async () => {
    const admin = await t.adminToken();
    await t.call('POST', 'users', {
      token: admin,
      body: { loginAccount: 'changer', name: '改密测试', authType: 1, password: 'First1234-Kq9' },
    });
    const here = await t.login('changer', 'First1234-Kq9', 1, { asIs: true });
    const elsewhere = await t.login('changer', 'First1234-Kq9', 1, { asIs: true });
    const me = await t.call<{ mustChangePassword: boolean }>('GET', 'user/current', { token: here });
    expect(me.body.data.mustChangePassword).toBe(true);

    const wrongOld = await t.call('PUT', 'user/set/password', { token: here, body: { oldPassword: 'Nope1234', newPassword: 'Second1234-Kq9' } });
    expect(wrongOld.body).toMatchObject({ status: 10, message: '原密码不正确' });
    const weak = await t.call('PUT', 'user/set/password', { token: here, body: { oldPassword: 'First1234-Kq9', newPassword: 'short' } });
    expect(weak.body).toMatchObject({ status: 10, message: '密码长度应为8至64位' });
    const noDigit = await t.call('PUT', 'user/set/password', { token: here, body: { oldPassword: 'First1234-Kq9', newPassword: 'abcdefghij' } });
    expect(noDigit.body.message).toBe(PASSWORD_MESSAGES.classes);

    const done = await t.call('PUT', 'user/set/password', { token: here, body: { oldPassword: 'First1234-Kq9', newPassword: 'Second1234-Kq9' } });
    expect(done.body.status).toBe(1);
    const after = await t.call<{ mustChangePassword: boolean }>('GET', 'user/current', { token: here });
    expect(after.body.data.mustChangePassword).toBe(false);
    expect((await t.call('GET', 'user/current', { token: elsewhere })).body.status).toBe(20);
    expect((await loginCall('changer', 'First1234-Kq9', 1)).body.status).toBe(10);
    expect((await loginCall('changer', 'Second1234-Kq9', 1)).body.status).toBe(1);
  });

  it('shows a login account and resets its password once, to staff who confirm their own password', async () => {
    const admin = await t.adminToken();
    const created = await t.call<{ id: string; initialPassword: string }>('POST', 'users', {
      token: admin,
      body: { loginAccount: 'unit_acc', name: '某评估公司', authType: 2, unitId: 'unit-42' },
    });
    expect(created.body.data.initialPassword).toMatch(/^.{16}$/);
    const userId = created.body.data.id;
    const victimToken = await t.login('unit_acc', created.body.data.initialPassword, 2);

    const wrong = await t.call('PUT', 'user/show/login_account', { token: admin, body: { userId, password: 'Wrong1234' } });
    expect(wrong.body).toMatchObject({ status: 10, message: '当前密码不正确' });

    const shown = await t.call<{ loginAccount: string; newPassword?: string }>('PUT', 'user/show/login_account', {
      token: admin,
      body: { userId, password: ADMIN_PASSWORD },
    });
    expect(shown.body.data).toEqual({ loginAccount: 'unit_acc' });

    const reset = await t.call<{ loginAccount: string; newPassword: string }>('PUT', 'user/show/login_account', {
      token: admin,
      body: { userId, password: ADMIN_PASSWORD, reset: true },
    });
    expect(reset.body.status).toBe(1);
    const newPassword = reset.body.data.newPassword;
    expect(newPassword).toHaveLength(16);
    // The old password and the old session stop working; the new one works, once.
    expect((await loginCall('unit_acc', created.body.data.initialPassword, 2)).body.status).toBe(10);
    expect((await t.call('GET', 'user/current', { token: victimToken })).body.status).toBe(20);
    const fresh = await loginCall('unit_acc', newPassword, 2);
    expect(fresh.body.status).toBe(1);
    const me = await t.call<{ mustChangePassword: boolean }>('GET', 'user/current', { token: fresh.body.data.token });
    expect(me.body.data.mustChangePassword).toBe(true);
    // Shown again, it no longer carries a password.
    const again = await t.call<Record<string, unknown>>('PUT', 'user/show/login_account', {
      token: admin,
      body: { userId, password: ADMIN_PASSWORD },
    });
    expect(again.body.data).not.toHaveProperty('newPassword');

    // POST /users/:id/reset-password does the same.
    const reset2 = await t.call<{ newPassword: string }>('POST', `users/${userId}/reset-password`, {
      token: admin,
      body: { password: ADMIN_PASSWORD },
    });
    expect(reset2.body.data.newPassword).toHaveLength(16);
    expect(reset2.body.data.newPassword).not.toBe(newPassword);

    // A staff role without the code is refused; other kinds too.
    const staff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    const denied = await t.call('PUT', 'user/show/login_account', { token: staff, body: { userId, password: DEMO_PASSWORD } });
    expect(denied.statusCode).toBe(403);
    expect(denied.body).toEqual({ status: 30, success: false, message: '没有权限执行此操作', data: null });
  });

  it('never stores the token or the password', async () => {
    const res = await loginCall(ADMIN_ACCOUNT, ADMIN_PASSWORD, 1);
    const token = res.body.data.token;
    const sessions = await t.db.kysely.selectFrom('sessions').select(['token_hash']).execute();
    expect(sessions.some((s) => s.token_hash === token)).toBe(false);
    expect(sessions.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
    const accounts = await t.db.kysely.selectFrom('accounts').select('password_hash').execute();
    expect(accounts.every((a) => a.password_hash.startsWith('scrypt$'))).toBe(true);
  });
});
