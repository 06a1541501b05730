/**
 * Sessions (等保 2.0: session end and time-out), on every database: staff sessions end after 30
 * idle minutes and 12 hours in all, units keep 120 idle minutes and no absolute limit (test clock);
 * every account lists and ends its own sessions; staff with system:session:view see who is online
 * and, with system:session:revoke, force a logout (audited); without the code: 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import { SESSION_MESSAGES, type OnlineSession, type OwnSession } from '@common/schemas/sessions';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { DEMO_ACCOUNT_NAMES } from '../../server/db/seed/demoAccounts';
import { describeDevice } from '../../server/modules/sessions/device';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, createTestApp, dialects, type TestContext } from './helpers';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const WECHAT =
  'Mozilla/5.0 (Linux; Android 13; V2203A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0 Mobile Safari/537.36 MicroMessenger/8.0.40.2420';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const GUARD_PASSWORD = 'Night-Watch-4821';

describe('describeDevice', () => {
  it('names browser and system', () => {
    expect(describeDevice(CHROME)).toBe('Chrome 120 · Windows');
    expect(describeDevice(WECHAT)).toBe('微信 8 · Android');
    expect(describeDevice(SAFARI)).toBe('Safari 17 · iPhone');
    expect(describeDevice(null)).toBe('未知设备');
  });
});

describe.each(dialects)('sessions on %s', (dialect) => {
  let t: TestContext;
  let ipSeq = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    const now = new Date().toISOString();
    // A security officer: sees who is online and forces logouts, nothing else.
    const officerRole = await insertRole(t.db.kysely, { code: 'session-officer', name: '会话管理', permissions: ['system:session:view', 'system:session:revoke'] }, now);
    const viewerRole = await insertRole(t.db.kysely, { code: 'session-viewer', name: '会话查看', permissions: ['system:session:view'] }, now);
    const passwordHash = await hashPassword(GUARD_PASSWORD);
    await insertAccount(t.db.kysely, { loginAccount: 'officer', passwordHash, authType: 1, name: '安全员', roleIds: [officerRole] }, now);
    await insertAccount(t.db.kysely, { loginAccount: 'watcher', passwordHash, authType: 1, name: '观察员', roleIds: [viewerRole] }, now);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = async (loginAccount: string, password: string, authType: 1 | 2 | 3, userAgent = CHROME) => {
    ipSeq += 1;
    const res = await t.call<{ token: string }>('POST', 'user/auth/login', {
      body: { loginAccount, password, authType },
      ip: `192.0.2.${ipSeq}`,
      headers: { 'user-agent': userAgent },
    });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data.token;
  };
  const alive = async (token: string) => (await t.call('GET', 'user/current', { token })).body.status === 1;
  const logRows = (action: string) =>
    t.db.kysely.selectFrom('operation_logs').selectAll().where('action', '=', action).orderBy('id').execute();

  describe('limits', () => {
    it('ends a staff session after 30 idle minutes, a unit session after 120', async () => {
      expect(t.config.staffSessionIdleMinutes).toBe(30);
      expect(t.config.sessionIdleMinutes).toBe(120);
      const staff = await login('demo_staff', DEMO_PASSWORD, 1);
      const unit = await login('demo_unit', DEMO_PASSWORD, 2);
      t.clock.advanceMinutes(29);
      expect(await alive(staff)).toBe(true);
      // Activity slid the deadline: 29 more minutes are still inside it.
      t.clock.advanceMinutes(29);
      expect(await alive(staff)).toBe(true);
      t.clock.advanceMinutes(31);
      expect(await alive(staff)).toBe(false);
      // The unit idled 89 minutes: still alive; 121 more and it is gone.
      expect(await alive(unit)).toBe(true);
      t.clock.advanceMinutes(121);
      expect(await alive(unit)).toBe(false);
    });

    it('ends a staff session 12 hours after login however active; a unit session goes on', async () => {
      expect(t.config.sessionMaxHours).toBe(12);
      const staff = await login('demo_staff', DEMO_PASSWORD, 1);
      const unit = await login('demo_unit', DEMO_PASSWORD, 2);
      for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
        t.clock.advanceMinutes(20);
        expect(await alive(staff), `${minutes} minutes in`).toBe(true);
        expect(await alive(unit)).toBe(true);
      }
      t.clock.advanceMinutes(20); // 12 h in
      expect(await alive(staff)).toBe(false);
      expect(await alive(unit)).toBe(true);
      // The expiry written on the row never lies beyond the absolute end.
      const rows = await t.db.kysely
        .selectFrom('sessions')
        .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
        .select(['sessions.created_at', 'sessions.expires_at'])
        .where('accounts.auth_type', '=', 1)
        .execute();
      for (const r of rows) expect(new Date(r.expires_at).getTime() - new Date(r.created_at).getTime()).toBeLessThanOrEqual(12 * 3_600_000);
    });
  });

  describe('own sessions', () => {
    it('lists the caller\u2019s live sessions with device and address, and ends one of them (audited)', async () => {
      const phone = await login('demo_unit', DEMO_PASSWORD, 2, WECHAT);
      const desk = await login('demo_unit', DEMO_PASSWORD, 2, CHROME);
      const other = await login('demo_practitioner', DEMO_PASSWORD, 3);

      const listed = await t.call<OwnSession[]>('GET', 'user/sessions', { token: desk });
      expect(listed.body.status).toBe(1);
      const mine = listed.body.data;
      expect(mine.length).toBeGreaterThanOrEqual(2);
      const here = mine.find((s) => s.current);
      expect(here).toMatchObject({ device: 'Chrome 120 · Windows' });
      expect(here?.ip).toMatch(/^192\.0\.2\./);
      const phoneSession = mine.find((s) => s.device === '微信 8 · Android');
      expect(phoneSession).toBeDefined();
      expect(mine.filter((s) => s.current)).toHaveLength(1);
      // Only the caller's own: the practitioner's session is not among them.
      const theirs = (await t.call<OwnSession[]>('GET', 'user/sessions', { token: other })).body.data;
      expect(theirs.some((s) => mine.some((m) => m.id === s.id))).toBe(false);

      // Another account's session is "not found", and stays alive.
      const foreign = await t.call('DELETE', `user/sessions/${theirs[0].id}`, { token: desk });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body.message).toBe(SESSION_MESSAGES.notFound);
      expect(await alive(other)).toBe(true);

      const ended = await t.call('DELETE', `user/sessions/${phoneSession?.id}`, { token: desk });
      expect(ended.body).toMatchObject({ status: 1, message: SESSION_MESSAGES.ended });
      expect(await alive(phone)).toBe(false);
      expect(await alive(desk)).toBe(true);
      expect((await t.call('DELETE', `user/sessions/${phoneSession?.id}`, { token: desk })).statusCode).toBe(404);
      const logged = await logRows('end-session');
      expect(logged.at(-1)).toMatchObject({ result: 'success', entity: 'account', actor_name: DEMO_ACCOUNT_NAMES.unit });
      expect(logged.at(-1)?.summary).toContain('微信 8 · Android');
      expect((await t.call<OwnSession[]>('GET', 'user/sessions', { token: desk })).body.data.some((s) => s.id === phoneSession?.id)).toBe(false);

      // Ending the current one is a logout.
      expect((await t.call('DELETE', `user/sessions/${here?.id}`, { token: desk })).body.status).toBe(1);
      expect(await alive(desk)).toBe(false);
    });
  });

  describe('who is online and forced logout', () => {
    it('lists live sessions to staff with the code, filtered and paged', async () => {
      const officer = await login('officer', GUARD_PASSWORD, 1);
      await login('demo_unit', DEMO_PASSWORD, 2);
      await login('demo_practitioner', DEMO_PASSWORD, 3);
      const all = await t.call<Page<OnlineSession>>('GET', 'sessions?pageSize=100', { token: officer });
      expect(all.body.status).toBe(1);
      const units = all.body.data.list.filter((s) => s.loginAccount === 'demo_unit');
      expect(units.length).toBeGreaterThan(0);
      expect(units[0]).toMatchObject({ authType: 2, name: DEMO_ACCOUNT_NAMES.unit, device: 'Chrome 120 · Windows' });
      expect(units[0].unitName).toBeTruthy();
      expect(all.body.data.list.filter((s) => s.current).map((s) => s.loginAccount)).toEqual(['officer']);

      const practitioners = await t.call<Page<OnlineSession>>('GET', 'sessions?authType=3', { token: officer });
      expect(practitioners.body.data.list.every((s) => s.authType === 3)).toBe(true);
      expect(practitioners.body.data.total).toBeGreaterThan(0);
      const byKeyword = await t.call<Page<OnlineSession>>('GET', 'sessions?keyword=DEMO_UNIT', { token: officer });
      expect(byKeyword.body.data.list.length).toBeGreaterThan(0);
      expect(byKeyword.body.data.list.every((s) => s.loginAccount === 'demo_unit' || s.unitName !== null)).toBe(true);
      const paged = await t.call<Page<OnlineSession>>('GET', 'sessions?pageSize=1&current=2&sort=loginAccount,asc', { token: officer });
      expect(paged.body.data).toMatchObject({ current: 2, pageSize: 1 });
      expect(paged.body.data.list).toHaveLength(1);

      // Ended sessions are not online.
      const gone = await login('demo_practitioner', DEMO_PASSWORD, 3);
      await t.call('POST', 'user/auth/logout', { token: gone });
      const after = await t.call<Page<OnlineSession>>('GET', 'sessions?pageSize=100', { token: officer });
      expect(after.body.data.total).toBe(all.body.data.total);
    });

    it('refuses the list and the forced logout without the codes', async () => {
      const staff = await login('demo_staff', DEMO_PASSWORD, 1);
      const list = await t.call('GET', 'sessions', { token: staff });
      expect(list.statusCode).toBe(403);
      expect(list.body.status).toBe(30);
      const unit = await login('demo_unit', DEMO_PASSWORD, 2);
      expect((await t.call('GET', 'sessions', { token: unit })).statusCode).toBe(403);
      const victim = await login('demo_practitioner', DEMO_PASSWORD, 3);
      const sessionId = (await t.call<OwnSession[]>('GET', 'user/sessions', { token: victim })).body.data.find((s) => s.current)?.id;
      const watcher = await login('watcher', GUARD_PASSWORD, 1);
      expect((await t.call('GET', 'sessions', { token: watcher })).body.status).toBe(1);
      const refused = await t.call('POST', `sessions/${sessionId}/revoke`, { token: watcher });
      expect(refused.statusCode).toBe(403);
      expect((await t.call('POST', `sessions/${sessionId}/revoke`, { token: staff })).statusCode).toBe(403);
      expect(await alive(victim)).toBe(true);
    });

    it('forces a logout at once and audits it; not oneself, not an ended session, not a super administrator by others', async () => {
      const officer = await login('officer', GUARD_PASSWORD, 1);
      const victim = await login('demo_unit', DEMO_PASSWORD, 2, SAFARI);
      const victimSession = (await t.call<OwnSession[]>('GET', 'user/sessions', { token: victim })).body.data.find((s) => s.current);
      const forced = await t.call('POST', `sessions/${victimSession?.id}/revoke`, { token: officer, headers: { 'user-agent': CHROME } });
      expect(forced.body).toMatchObject({ status: 1, message: SESSION_MESSAGES.forced });
      expect(await alive(victim)).toBe(false);
      const logged = (await logRows('force-logout')).at(-1);
      expect(logged).toMatchObject({ result: 'success', actor_name: '安全员', entity: 'account', user_agent: CHROME });
      expect(logged?.summary).toContain('demo_unit');
      expect(logged?.summary).toContain('Safari 17 · iPhone');
      const again = await t.call('POST', `sessions/${victimSession?.id}/revoke`, { token: officer });
      expect(again.statusCode).toBe(404);

      const ownId = (await t.call<OwnSession[]>('GET', 'user/sessions', { token: officer })).body.data.find((s) => s.current)?.id;
      const self = await t.call('POST', `sessions/${ownId}/revoke`, { token: officer });
      expect(self.body).toMatchObject({ status: 10, message: SESSION_MESSAGES.notSelf });

      const superAdmin = await login(ADMIN_ACCOUNT, ADMIN_PASSWORD, 1);
      const adminSession = (await t.call<OwnSession[]>('GET', 'user/sessions', { token: superAdmin })).body.data.find((s) => s.current);
      const protectedOne = await t.call('POST', `sessions/${adminSession?.id}/revoke`, { token: officer });
      expect(protectedOne.statusCode).toBe(403);
      expect(await alive(superAdmin)).toBe(true);
      expect((await logRows('force-logout')).at(-1)).toMatchObject({ result: 'failure' });
      // The super administrator may force the officer out.
      expect((await t.call('POST', `sessions/${ownId}/revoke`, { token: superAdmin })).body.status).toBe(1);
      expect(await alive(officer)).toBe(false);
    });
  });
});
