/**
 * 个人中心 (GET /user/profile, GET /user/profile/export): each account sees and downloads what
 * the system holds about itself and nothing of anyone else's (two practitioners, two units),
 * its consents and last 30 days of logins; the download is an audited attachment, never cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalData } from '@common/schemas/profile';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { DEMO_PASSWORD, DEMO_PRACTITIONER_ID, DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { readPii } from '../../server/pii';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('personal centre on %s', (dialect) => {
  let t: TestContext;
  let self: string;
  let other: string;
  let unit: string;
  let otherUnit: string;
  let otherPractitionerId: string;
  let otherUnitId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    const db = t.db.kysely;
    // Another practitioner of the same unit, with an account of their own.
    const peer = await db
      .selectFrom('practitioners')
      .select(['id', 'unit_id'])
      .where('id', '!=', DEMO_PRACTITIONER_ID)
      .where('unit_id', '=', DEMO_UNIT_ID)
      .where('status', '=', 'approved')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    otherPractitionerId = peer.id;
    const hash = await hashPassword('Other@2026x');
    await insertAccount(db, { loginAccount: 'peer_practitioner', passwordHash: hash, authType: 3, name: '同事', unitId: peer.unit_id, practitionerId: peer.id }, new Date().toISOString());
    const unit2 = await db.selectFrom('member_units').select('id').where('id', '!=', DEMO_UNIT_ID).where('status', '=', 'approved').orderBy('id').executeTakeFirstOrThrow();
    otherUnitId = unit2.id;
    await insertAccount(db, { loginAccount: 'second_unit', passwordHash: hash, authType: 2, name: '第二单位', unitId: unit2.id }, new Date().toISOString());

    // A failed login first, so that the history shows both results.
    await t.call('POST', 'user/auth/login', { body: { loginAccount: 'demo_practitioner', password: 'Wrong@2026x', authType: 3 }, ip: '10.1.2.3' });
    self = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    other = await t.login('peer_practitioner', 'Other@2026x', 3);
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    otherUnit = await t.login('second_unit', 'Other@2026x', 2);
    await db
      .insertInto('consents')
      .values({ id: 'consent-self', account_id: (await accountId('demo_practitioner')), kind: 'terms_privacy', versions: '{"terms":"self-marker"}', agreed_at: t.clock.now().toISOString(), ip: '10.0.0.8', user_agent: 'test', withdrawn_at: null })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function accountId(login: string): Promise<string> {
    const row = await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', login).executeTakeFirstOrThrow();
    return row.id;
  }

  async function wholeIdOf(practitionerId: string): Promise<string> {
    const row = await t.db.kysely.selectFrom('practitioners').select('id_card_enc').where('id', '=', practitionerId).executeTakeFirstOrThrow();
    return readPii(t.app.pii, row.id_card_enc).value as string;
  }

  it('shows a practitioner their own record whole, their certificate, consents and logins, uncached', async () => {
    const res = await t.call<PersonalData>('GET', 'user/profile', { token: self });
    expect(res.body.status).toBe(1);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body.data;
    expect(data.account.loginAccount).toBe('demo_practitioner');
    expect(data.unit).toBeNull();
    expect(data.practitioner?.id).toBe(DEMO_PRACTITIONER_ID);
    expect(data.practitioner?.idCardNo).toBe(await wholeIdOf(DEMO_PRACTITIONER_ID));
    expect(data.practitioner?.phone).toMatch(/^1\d{10}$/);
    expect(data.certificates.length).toBeGreaterThan(0);
    // The consent seeded for the demo login, and one recorded for this test.
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'sensitive_pi', withdrawnAt: null }),
        expect.objectContaining({ kind: 'terms_privacy', ip: '10.0.0.8', versions: { terms: 'self-marker' } }),
      ]),
    );
    expect(data.canWithdrawSensitiveConsent).toBe(true);
    const results = data.logins.map((l) => `${l.event}:${l.result}`);
    expect(results).toContain('login:success');
    expect(results).toContain('login-failed:failure');
    expect(data.logins.find((l) => l.event === 'login-failed')?.ip).toBe('10.1.2.3');
    // Nothing of the colleague's.
    expect(JSON.stringify(data)).not.toContain(await wholeIdOf(otherPractitionerId));
  });

  it('the download holds only the caller’s data, as an audited attachment', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile/export', headers: { token: other } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('个人数据-peer_practitioner-');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(res.body) as PersonalData;
    expect(data.account.loginAccount).toBe('peer_practitioner');
    expect(data.practitioner?.id).toBe(otherPractitionerId);
    expect(data.practitioner?.idCardNo).toBe(await wholeIdOf(otherPractitionerId));
    // The first practitioner's ID number, account, consent and logins are not in it.
    expect(res.body).not.toContain(await wholeIdOf(DEMO_PRACTITIONER_ID));
    expect(res.body).not.toContain('demo_practitioner');
    expect(res.body).not.toContain('10.1.2.3');
    expect(res.body).not.toContain('self-marker');
    expect(res.body).not.toContain('10.0.0.8');
    expect(data.consents.every((c) => c.kind === 'sensitive_pi')).toBe(true);
    const logged = await t.db.kysely
      .selectFrom('operation_logs')
      .select(['action', 'actor_id'])
      .where('action', '=', 'export')
      .where('entity', '=', 'account')
      .where('entity_id', '=', await accountId('peer_practitioner'))
      .execute();
    expect(logged).toEqual([{ action: 'export', actor_id: await accountId('peer_practitioner') }]);
  });

  it('a unit gets its own unit record and certificate, never another unit’s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile/export', headers: { token: unit } });
    const data = JSON.parse(res.body) as PersonalData;
    expect(data.unit?.id).toBe(DEMO_UNIT_ID);
    expect(data.practitioner).toBeNull();
    expect(data.certificates.every((c) => c.kind === 'unit')).toBe(true);
    const otherRow = await t.db.kysely.selectFrom('member_units').select(['name', 'credit_code']).where('id', '=', otherUnitId).executeTakeFirstOrThrow();
    expect(res.body).not.toContain(otherRow.credit_code);

    const second = await t.call<PersonalData>('GET', 'user/profile', { token: otherUnit });
    expect(second.body.data.unit?.id).toBe(otherUnitId);
    const mine = await t.db.kysely.selectFrom('member_units').select('credit_code').where('id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow();
    expect(JSON.stringify(second.body.data)).not.toContain(mine.credit_code);
  });

  it('staff see their account and roles; anonymous callers are refused', async () => {
    const admin = await t.adminToken();
    const res = await t.call<PersonalData>('GET', 'user/profile', { token: admin });
    expect(res.body.data.account.loginAccount).toBe('admin');
    expect(res.body.data.unit).toBeNull();
    expect(res.body.data.practitioner).toBeNull();
    expect(res.body.data.account.roleNames.length).toBeGreaterThan(0);
    const anonymous = await t.call('GET', 'user/profile');
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists only the last 30 days of logins', async () => {
    const id = await accountId('demo_unit');
    const old = new Date(t.clock.now().getTime() - 40 * 86_400_000).toISOString();
    // An old login row, written as the chain would (the chain is not checked here).
    await t.db.kysely
      .insertInto('operation_logs')
      .values({ actor_id: id, actor_name: 'x', created_at: old, entity: 'account', entity_id: id, action: 'login', summary: '登录（旧）', request_id: null, ip: '10.40.40.40', user_agent: null, chain_hash: null })
      .execute();
    const res = await t.call<PersonalData>('GET', 'user/profile', { token: unit });
    expect(res.body.data.logins.some((l) => l.ip === '10.40.40.40')).toBe(false);
    expect(res.body.data.logins.some((l) => l.event === 'login')).toBe(true);
  });
});
