/**
 * Passwords and the account gate (README.md, "个人信息保护与安全"), on every database: the password
 * rule (weak, containing the account, common) at every place a password is set; a generated or
 * reset password must be changed before anything else (status 22); staff passwords expire (status
 * 23, with the test clock); a practitioner confirms the sensitive-data notice at first login
 * (status 24) and the consent is recorded; each security event is audited with its result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthType } from '@common/permissions';
import { SENSITIVE_PI_CONSENT_VERSION } from '@common/consentTexts';
import {
  checkPasswordBasics,
  checkPasswordStrength,
  PASSWORD_MESSAGES,
  passwordRuleChecks,
} from '@common/passwordPolicy';
import type { CurrentUser } from '@common/schemas/auth';
import {
  ApiStatus,
  CONSENT_REQUIRED_MESSAGE,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  passwordExpiredMessage,
} from '@common/schemas/common';
import { CONSENT_MESSAGES, type SensitivePiConsent } from '@common/schemas/sessions';
import { insertAccount } from '../../server/security/accounts';
import { generateInitialPassword, hashPassword } from '../../server/security/passwords';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { ADMIN_PASSWORD, createTestApp, dialects, type TestContext } from './helpers';

const STRONG = 'Harbor-Lamp-2026';
const STRONGER = 'Quiet#River-7713';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('the password rule (common/passwordPolicy.ts)', () => {
  it('refuses short, long and two-class passwords, and the account inside, case-insensitively', () => {
    expect(checkPasswordBasics('Ab1!')).toBe(PASSWORD_MESSAGES.length);
    expect(checkPasswordBasics(`Aa1!${'x'.repeat(61)}`)).toBe(PASSWORD_MESSAGES.length);
    expect(checkPasswordBasics('abcdefgh12')).toBe(PASSWORD_MESSAGES.classes);
    expect(checkPasswordBasics('ABCDEFGH!!')).toBe(PASSWORD_MESSAGES.classes);
    expect(checkPasswordBasics('Abcdefgh12')).toBeUndefined();
    expect(checkPasswordBasics('abcdefgh1!')).toBeUndefined();
    expect(checkPasswordBasics('xxZhangSan-2026', 'zhangsan')).toBe(PASSWORD_MESSAGES.containsAccount);
    expect(checkPasswordBasics('xxZhang-2026', 'zhangsan')).toBeUndefined();
  });

  it('refuses common passwords and ones zxcvbn finds easy, accepts strong ones', async () => {
    for (const common of ['Password123!', 'P@ssw0rd123', 'Qwerty@123', 'Admin@12345', 'Aa123456!']) {
      expect(await checkPasswordStrength(common), common).toBe(PASSWORD_MESSAGES.common);
    }
    expect(await checkPasswordStrength(STRONG)).toBeUndefined();
    expect(await checkPasswordStrength(STRONGER, 'zhangsan')).toBeUndefined();
    // The cheap part answers first.
    expect(await checkPasswordStrength('short')).toBe(PASSWORD_MESSAGES.length);
    expect(await checkPasswordStrength('Zhangsan-2026x', 'zhangsan')).toBe(PASSWORD_MESSAGES.containsAccount);
  });

  it('lists what a typed password meets, for the live feedback', () => {
    expect(passwordRuleChecks('abc', 'u1').map((c) => [c.key, c.met])).toEqual([
      ['length', false],
      ['classes', false],
      ['account', true],
    ]);
    expect(passwordRuleChecks('Abcdefg1', 'cdef').map((c) => c.met)).toEqual([true, true, false]);
  });
});

describe.each(dialects)('account security on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let ipSeq = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A login as the person would (the gate untouched), from a fresh address. */
  const rawLogin = async (loginAccount: string, password: string, authType: 1 | 2 | 3) => {
    ipSeq += 1;
    const res = await t.call<{ token: string; currentUser: CurrentUser }>('POST', 'user/auth/login', {
      body: { loginAccount, password, authType },
      ip: `203.0.113.${ipSeq}`,
      headers: { 'user-agent': UA },
    });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data;
  };
  const changePassword = (token: string, oldPassword: string, newPassword: string) =>
    t.call('PUT', 'user/set/password', { token, body: { oldPassword, newPassword }, headers: { 'user-agent': UA } });
  const logRows = (action: string, entityId?: string) => {
    let q = t.db.kysely.selectFrom('operation_logs').selectAll().where('action', '=', action);
    if (entityId) q = q.where('entity_id', '=', entityId);
    return q.orderBy('id').execute();
  };
  const accountId = async (login: string) =>
    (await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', login).executeTakeFirstOrThrow()).id;

  describe('the rule on every password set', () => {
    it('refuses a weak, an account-containing and a common new password, and logs each refusal', async () => {
      const { token } = await rawLogin('demo_unit', DEMO_PASSWORD, 2);
      const unitId = await accountId('demo_unit');
      const weak = await changePassword(token, DEMO_PASSWORD, 'abcdefghij');
      expect(weak.body).toMatchObject({ status: 10, message: PASSWORD_MESSAGES.classes });
      const withAccount = await changePassword(token, DEMO_PASSWORD, 'My-demo_unit-2026');
      expect(withAccount.body).toMatchObject({ status: 10, message: PASSWORD_MESSAGES.containsAccount });
      const common = await changePassword(token, DEMO_PASSWORD, 'Password123!');
      expect(common.body).toMatchObject({ status: 10, message: PASSWORD_MESSAGES.common });
      const wrongOld = await changePassword(token, 'Not-The-0ld-One', STRONG);
      expect(wrongOld.body).toMatchObject({ status: 10, message: '原密码不正确' });
      const failures = (await logRows('change-password', unitId)).filter((r) => r.result === 'failure');
      expect(failures.map((r) => r.summary)).toEqual([
        `修改本人密码失败：${PASSWORD_MESSAGES.classes}`,
        `修改本人密码失败：${PASSWORD_MESSAGES.containsAccount}`,
        `修改本人密码失败：${PASSWORD_MESSAGES.common}`,
        '修改本人密码失败：原密码不正确',
      ]);
      expect(failures.every((r) => r.ip && r.user_agent === UA)).toBe(true);
      // Nothing changed: the old password still works.
      await rawLogin('demo_unit', DEMO_PASSWORD, 2);
    });

    it('holds a password staff type for a new account to the whole rule', async () => {
      const common = await t.call('POST', 'users', {
        token: admin,
        body: { loginAccount: 'typed_pw', name: '键入密码', authType: 1, password: 'Qwerty@123' },
      });
      expect(common.body).toMatchObject({ status: 10, message: PASSWORD_MESSAGES.common });
      const withAccount = await t.call('POST', 'users', {
        token: admin,
        body: { loginAccount: 'typed_pw', name: '键入密码', authType: 1, password: 'Typed_PW-2026x' },
      });
      expect(withAccount.body).toMatchObject({ status: 10, message: PASSWORD_MESSAGES.containsAccount });
    });
  });

  describe('a generated or reset password must be changed first (status 22)', () => {
    it('refuses every call but the current user, logout and the password change, until changed', async () => {
      const created = await t.call<{ id: string; initialPassword: string }>('POST', 'users', {
        token: admin,
        body: { loginAccount: 'fresh_staff', name: '新职员', authType: 1 },
      });
      expect(created.body.status).toBe(1);
      const { token, currentUser } = await rawLogin('fresh_staff', created.body.data.initialPassword, 1);
      expect(currentUser.mustChangePassword).toBe(true);

      const refused = await t.call('GET', 'user/sessions', { token });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toEqual({ status: ApiStatus.PasswordChangeRequired, success: false, message: PASSWORD_CHANGE_REQUIRED_MESSAGE, data: null });
      expect((await t.call('GET', 'user/sessions', { token })).body.status).toBe(22);
      const me = await t.call<CurrentUser>('GET', 'user/current', { token });
      expect(me.body).toMatchObject({ status: 1, data: { mustChangePassword: true, passwordExpired: false, consentRequired: false } });
      // Public pages stay public.
      expect((await t.call('GET', 'public/site-pages/about', { token })).body.status).not.toBe(22);

      expect((await changePassword(token, created.body.data.initialPassword, STRONG)).body.status).toBe(1);
      expect((await t.call('GET', 'user/sessions', { token })).body.status).toBe(1);
      const after = await t.call<CurrentUser>('GET', 'user/current', { token });
      expect(after.body.data.mustChangePassword).toBe(false);

      // A reset sets it again, and is audited; the reset account is gated at its next login.
      const id = created.body.data.id;
      const reset = await t.call<{ newPassword: string }>('POST', `users/${id}/reset-password`, { token: admin, body: { password: ADMIN_PASSWORD } });
      expect(reset.body.status).toBe(1);
      expect((await t.call('GET', 'user/sessions', { token })).body.status).toBe(20);
      const again = await rawLogin('fresh_staff', reset.body.data.newPassword, 1);
      expect(again.currentUser.mustChangePassword).toBe(true);
      expect((await t.call('GET', 'user/sessions', { token: again.token })).body.status).toBe(22);
      expect((await logRows('reset-password', id)).map((r) => r.result)).toEqual(['success']);
      const wrongConfirm = await t.call('POST', `users/${id}/reset-password`, { token: admin, body: { password: 'Wrong-Pass-1' } });
      expect(wrongConfirm.body.status).toBe(10);
      expect((await logRows('reset-password', id)).map((r) => r.result)).toEqual(['success', 'failure']);
      // Logout works while gated, and is logged.
      expect((await t.call('POST', 'user/auth/logout', { token: again.token })).body.status).toBe(1);
      expect((await logRows('logout', id)).length).toBe(1);
    });

    it('gates a practitioner account a unit created with a generated password', async () => {
      const { password, hash } = await generateInitialPassword();
      await insertAccount(
        t.db.kysely,
        {
          loginAccount: 'gen_practitioner',
          passwordHash: hash,
          authType: AuthType.Practitioner,
          name: '生成密码',
          unitId: 'demo-unit-1',
          practitionerId: 'demo-practitioner-5',
          mustChangePassword: true,
        },
        new Date().toISOString(),
      );
      const { token, currentUser } = await rawLogin('gen_practitioner', password, 3);
      expect(currentUser).toMatchObject({ mustChangePassword: true, consentRequired: true });
      // The password comes first, then the consent.
      expect((await t.call('GET', 'practitioners', { token })).body.status).toBe(22);
      expect((await changePassword(token, password, STRONGER)).body.status).toBe(1);
      const consentFirst = await t.call('GET', 'practitioners', { token });
      expect(consentFirst.statusCode).toBe(403);
      expect(consentFirst.body).toMatchObject({ status: ApiStatus.ConsentRequired, message: CONSENT_REQUIRED_MESSAGE });
    });
  });

  describe('the first-login consent (status 24)', () => {
    it('shows the notice, records the consent with version, time, address and user agent, then lets the practitioner work', async () => {
      await insertAccount(
        t.db.kysely,
        {
          loginAccount: 'entered_by_unit',
          passwordHash: await hashPassword(STRONG),
          authType: AuthType.Practitioner,
          name: '单位录入',
          unitId: 'demo-unit-1',
          practitionerId: 'demo-practitioner-6',
        },
        new Date().toISOString(),
      );
      const id = await accountId('entered_by_unit');
      const { token, currentUser } = await rawLogin('entered_by_unit', STRONG, 3);
      expect(currentUser).toMatchObject({ mustChangePassword: false, consentRequired: true });
      const refused = await t.call('GET', 'practitioners', { token });
      expect(refused.body).toEqual({ status: 24, success: false, message: CONSENT_REQUIRED_MESSAGE, data: null });

      const notice = await t.call<SensitivePiConsent>('GET', 'user/consents/sensitive-pi', { token });
      expect(notice.body.status).toBe(1);
      expect(notice.body.data).toMatchObject({ version: SENSITIVE_PI_CONSENT_VERSION, agreedAt: null });
      const text = JSON.stringify(notice.body.data.sections);
      for (const words of ['身份证号码', '照片', '为什么', '匿名化', '撤回']) expect(text).toContain(words);

      const stale = await t.call('POST', 'user/consents/sensitive-pi', { token, body: { version: '1999-01-01' } });
      expect(stale.body).toMatchObject({ status: 10, message: CONSENT_MESSAGES.staleVersion });
      const agreed = await t.call('POST', 'user/consents/sensitive-pi', { token, body: { version: SENSITIVE_PI_CONSENT_VERSION }, headers: { 'user-agent': UA }, ip: '198.51.100.20' });
      expect(agreed.body).toMatchObject({ status: 1, message: CONSENT_MESSAGES.recorded });
      const rows = await t.db.kysely.selectFrom('consents').selectAll().where('account_id', '=', id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'sensitive_pi', ip: '198.51.100.20', user_agent: UA, withdrawn_at: null, agreed_at: t.clock.now().toISOString() });
      expect(JSON.parse(rows[0].versions)).toEqual({ notice: SENSITIVE_PI_CONSENT_VERSION });
      const logged = await logRows('consent', id);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ result: 'success', ip: '198.51.100.20' });

      expect((await t.call('GET', 'practitioners', { token })).body.status).toBe(1);
      expect((await t.call<CurrentUser>('GET', 'user/current', { token })).body.data.consentRequired).toBe(false);
      expect((await t.call<SensitivePiConsent>('GET', 'user/consents/sensitive-pi', { token })).body.data.agreedVersion).toBe(SENSITIVE_PI_CONSENT_VERSION);

      // A withdrawn consent is a deletion request for staff, not a new gate.
      await t.db.kysely.updateTable('consents').set({ withdrawn_at: t.clock.now().toISOString() }).where('account_id', '=', id).execute();
      const later = await rawLogin('entered_by_unit', STRONG, 3);
      expect(later.currentUser.consentRequired).toBe(false);
      expect((await t.call('GET', 'practitioners', { token: later.token })).body.status).toBe(1);
    });

    it('asks only practitioners; the seeded demo practitioner has consented', async () => {
      const unit = await rawLogin('demo_unit', DEMO_PASSWORD, 2);
      expect(unit.currentUser.consentRequired).toBe(false);
      const post = await t.call('POST', 'user/consents/sensitive-pi', { token: unit.token, body: { version: SENSITIVE_PI_CONSENT_VERSION } });
      expect(post.statusCode).toBe(403);
      const demo = await rawLogin('demo_practitioner', DEMO_PASSWORD, 3);
      expect(demo.currentUser.consentRequired).toBe(false);
    });
  });

  describe('audit', () => {
    it('logs the password change, lock-out and logout with result and address', async () => {
      const created = await t.call<{ id: string }>('POST', 'users', {
        token: admin,
        body: { loginAccount: 'audited', name: '审计对象', authType: 1, password: STRONG },
      });
      const id = created.body.data.id;
      const { token } = await rawLogin('audited', STRONG, 1);
      expect((await changePassword(token, STRONG, STRONGER)).body.status).toBe(1);
      const changed = await logRows('change-password', id);
      expect(changed.map((r) => r.result)).toEqual(['success']);
      expect(changed[0]).toMatchObject({ actor_id: id, user_agent: UA });
      expect(changed[0].ip).toBe('127.0.0.1');

      for (let i = 0; i < t.config.loginMaxFailures; i += 1) {
        await t.call('POST', 'user/auth/login', { body: { loginAccount: 'audited', password: 'Wrong-Pass-1', authType: 1 }, ip: '198.51.100.99' });
      }
      const locks = await logRows('lock', id);
      expect(locks).toHaveLength(1);
      expect(locks[0]).toMatchObject({ result: 'success', ip: '198.51.100.99' });
      expect((await logRows('login-failed', id)).every((r) => r.result === 'failure')).toBe(true);
      expect((await t.call('POST', 'user/auth/logout', { token })).body.status).toBe(1);
      expect((await logRows('logout', id)).map((r) => r.result)).toEqual(['success']);
    });
  });

  // Last: it moves the clock past every password's age.
  describe('staff passwords expire (status 23)', () => {
    it('after PASSWORD_MAX_AGE_DAYS, for staff only; changing it opens the rest again', async () => {
      const days = t.config.passwordMaxAgeDays;
      expect(days).toBe(90);
      const staff = await rawLogin('demo_staff', DEMO_PASSWORD, 1);
      expect(staff.currentUser.passwordExpired).toBe(false);
      expect((await t.call('GET', 'articles', { token: staff.token })).body.status).toBe(1);

      t.clock.advanceMinutes(days * 24 * 60 + 1);
      const late = await rawLogin('demo_staff', DEMO_PASSWORD, 1);
      expect(late.currentUser.passwordExpired).toBe(true);
      const refused = await t.call('GET', 'articles', { token: late.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toMatchObject({ status: ApiStatus.PasswordExpired, message: passwordExpiredMessage(days) });
      expect(passwordExpiredMessage(days)).toBe('密码已超过 90 天未修改，请修改密码');
      expect((await t.call<CurrentUser>('GET', 'user/current', { token: late.token })).body.data.passwordExpired).toBe(true);

      // Units and practitioners never expire.
      const unit = await rawLogin('demo_unit', DEMO_PASSWORD, 2);
      expect(unit.currentUser.passwordExpired).toBe(false);
      expect((await t.call('GET', 'member-units/mine', { token: unit.token })).body.status).not.toBe(23);
      const person = await rawLogin('demo_practitioner', DEMO_PASSWORD, 3);
      expect((await t.call('GET', 'practitioners', { token: person.token })).body.status).toBe(1);

      expect((await changePassword(late.token, DEMO_PASSWORD, STRONG)).body.status).toBe(1);
      expect((await t.call('GET', 'articles', { token: late.token })).body.status).toBe(1);
      const row = await t.db.kysely.selectFrom('accounts').select('password_changed_at').where('login_account', '=', 'demo_staff').executeTakeFirstOrThrow();
      expect(row.password_changed_at).toBe(t.clock.now().toISOString());
    });

    it('never expires with PASSWORD_MAX_AGE_DAYS=0', async () => {
      const off = await createTestApp(dialect, { env: { PASSWORD_MAX_AGE_DAYS: '0' } });
      try {
        off.clock.advanceMinutes(400 * 24 * 60);
        const res = await off.call<{ token: string; currentUser: CurrentUser }>('POST', 'user/auth/login', {
          body: { loginAccount: 'admin', password: ADMIN_PASSWORD, authType: 1 },
        });
        expect(res.body.data.currentUser.passwordExpired).toBe(false);
        expect((await off.call('GET', 'users', { token: res.body.data.token })).body.status).toBe(1);
      } finally {
        await off.close();
      }
    });
  });

});
