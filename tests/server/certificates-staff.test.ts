/**
 * Certificates for staff: the list with its keyword, kind, state-today and unit filters,
 * one certificate, and 吊销 with a reason (once; logged; the public page says so at once),
 * each behind its permission code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateRecord, PublicCertificate } from '@common/schemas/certificates';
import type { Page } from '@common/schemas/common';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('staff certificates on %s', (dialect) => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string, token = admin) => t.call<Page<CertificateRecord>>('GET', `certificates?${query}`, { token });

  /** A staff account whose only role holds `codes`. */
  const staffWith = async (login: string, codes: string[]) => {
    const role = await t.call<{ id: string }>('POST', 'roles', { token: admin, body: { code: login, name: login, permissions: codes } });
    await t.call('POST', 'users', {
      token: admin,
      body: { loginAccount: login, name: login, authType: 1, password: 'Cert12345-Kq9', roleIds: [role.body.data.id] },
    });
    return t.login(login, 'Cert12345-Kq9', 1);
  };

  /** A certificate valid today (and for long after). */
  const validOne = async () => {
    const page = await list('state=valid&kind=practitioner&sort=validUntil,desc&pageSize=1');
    const [cert] = page.body.data.list;
    expect(cert).toBeDefined();
    return cert;
  };

  it('lists certificates with paging, the unit name and the state today', async () => {
    const all = await list('pageSize=100');
    expect(all.body.status).toBe(1);
    const rows = await t.db.kysely.selectFrom('certificates').select('id').execute();
    expect(all.body.data.total).toBe(rows.length);
    expect(all.body.data.total).toBeGreaterThan(2);
    const page2 = await list('current=2&pageSize=2');
    expect(page2.body.data).toMatchObject({ current: 2, pageSize: 2 });
    expect(page2.body.data.list).toHaveLength(2);
    expect(page2.body.data.list.map((c) => c.id)).toEqual(all.body.data.list.slice(2, 4).map((c) => c.id));
    expect(all.body.data.list.every((c) => c.unitId === null || typeof c.unitName === 'string')).toBe(true);
    const sorted = (await list('sort=validUntil,asc&pageSize=100')).body.data.list.map((c) => c.validUntil);
    expect(sorted).toEqual([...sorted].sort());
    expect((await list('sort=secret,asc')).body).toMatchObject({ status: 10, message: '不支持按 secret 排序' });
  });

  it('finds by number or holder name, and filters by kind, state today and unit', async () => {
    const sample = await validOne();
    const byNumber = await list(`keyword=${encodeURIComponent(sample.number.toLowerCase())}`);
    expect(byNumber.body.data.list.map((c) => c.id)).toContain(sample.id);
    const byHolder = await list(`keyword=${encodeURIComponent(sample.holderName)}`);
    expect(byHolder.body.data.list.map((c) => c.id)).toContain(sample.id);
    expect(byHolder.body.data.list.every((c) => c.holderName.includes(sample.holderName) || c.number.includes(sample.holderName))).toBe(true);

    const units = await list('kind=unit&pageSize=100');
    expect(units.body.data.total).toBeGreaterThan(0);
    expect(units.body.data.list.every((c) => c.kind === 'unit')).toBe(true);

    const totals: Record<string, number> = {};
    for (const state of ['valid', 'expired', 'revoked'] as const) {
      const page = await list(`state=${state}&pageSize=100`);
      expect(page.body.data.list.every((c) => c.state === state)).toBe(true);
      totals[state] = page.body.data.total;
    }
    expect(totals.revoked).toBeGreaterThan(0);
    expect(totals.valid + totals.expired + totals.revoked).toBe((await list('')).body.data.total);

    // A valid certificate whose date has passed counts as expired today, as the public page says.
    const lapsing = await validOne();
    await t.db.kysely.updateTable('certificates').set({ valid_until: '2020-01-01' }).where('id', '=', lapsing.id).execute();
    expect((await list('state=expired&pageSize=100')).body.data.list.map((c) => c.id)).toContain(lapsing.id);
    expect((await list('state=valid&pageSize=100')).body.data.list.map((c) => c.id)).not.toContain(lapsing.id);
    await t.db.kysely.updateTable('certificates').set({ valid_until: lapsing.validUntil }).where('id', '=', lapsing.id).execute();

    const unitId = sample.unitId as string;
    const byUnit = await list(`unitId=${unitId}&pageSize=100`);
    expect(byUnit.body.data.list.length).toBeGreaterThan(0);
    expect(byUnit.body.data.list.every((c) => c.unitId === unitId)).toBe(true);
    expect((await list('kind=nope')).body.status).toBe(10);
  });

  it('reads one certificate, and answers an unknown id with 证书不存在', async () => {
    const sample = await validOne();
    const one = await t.call<CertificateRecord>('GET', `certificates/${sample.id}`, { token: admin });
    expect(one.body.data).toEqual(sample);
    const missing = await t.call('GET', 'certificates/no-such-id', { token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatchObject({ status: 10, message: '证书不存在' });
  });

  it('keeps the list and revocation behind their codes', async () => {
    const editor = await t.login('demo_staff', DEMO_PASSWORD, 1);
    expect((await list('', editor)).statusCode).toBe(403);
    const unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    expect((await list('', unit)).body.status).toBe(30);
    expect((await t.call('GET', 'certificates')).body.status).toBe(21);

    const viewer = await staffWith('certviewer', ['certificate:view']);
    expect((await list('', viewer)).body.status).toBe(1);
    const sample = await validOne();
    const refused = await t.call('POST', `certificates/${sample.id}/revoke`, { token: viewer, body: { reason: '越权' } });
    expect(refused.statusCode).toBe(403);
    expect((await t.call<CertificateRecord>('GET', `certificates/${sample.id}`, { token: admin })).body.data.status).toBe('valid');
  });

  it('revokes with a reason, once, logs it, and the public page says 已吊销 with the reason at once', async () => {
    const sample = await validOne();
    for (const body of [{}, { reason: '   ' }]) {
      const bad = await t.call('POST', `certificates/${sample.id}/revoke`, { token: admin, body });
      expect(bad.body).toMatchObject({ status: 10, message: '吊销原因不能为空' });
    }
    const tooLong = await t.call('POST', `certificates/${sample.id}/revoke`, { token: admin, body: { reason: '长'.repeat(201) } });
    expect(tooLong.body).toMatchObject({ status: 10, message: '吊销原因长度不能超过200个字符' });
    expect((await t.call<CertificateRecord>('GET', `certificates/${sample.id}`, { token: admin })).body.data.status).toBe('valid');

    const revoker = await staffWith('certrevoker', ['certificate:view', 'certificate:revoke']);
    const done = await t.call('POST', `certificates/${sample.id}/revoke`, { token: revoker, body: { reason: ' 出借证书，违反行业自律公约。 ' } });
    expect(done.body).toMatchObject({ status: 1, message: '证书已吊销' });
    const after = (await t.call<CertificateRecord>('GET', `certificates/${sample.id}`, { token: admin })).body.data;
    expect(after).toMatchObject({ status: 'revoked', state: 'revoked', revokedReason: '出借证书，违反行业自律公约。', version: sample.version + 1 });
    expect(after.revokedAt).toBeTruthy();

    const pub = await t.call<PublicCertificate>('GET', `public/certificates/${sample.number}`);
    expect(pub.body.data).toMatchObject({ state: 'revoked', revokedReason: '出借证书，违反行业自律公约。' });
    expect(pub.body.data.revokedOn).toBe(pub.body.data.checkedOn);

    const again = await t.call('POST', `certificates/${sample.id}/revoke`, { token: admin, body: { reason: '再次吊销' } });
    expect(again.statusCode).toBe(400);
    expect(again.body).toMatchObject({ status: 10, message: '该证书已吊销，不能重复操作' });
    expect((await t.call<CertificateRecord>('GET', `certificates/${sample.id}`, { token: admin })).body.data.revokedReason).toBe('出借证书，违反行业自律公约。');

    const logs = await t.db.kysely.selectFrom('operation_logs').selectAll().where('entity_id', '=', sample.id).execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ entity: 'certificate', action: 'revoke', actor_name: 'certrevoker' });
    expect(logs[0].summary).toContain(sample.number);
    expect(logs[0].summary).toContain('出借证书');

    expect((await t.call('POST', 'certificates/no-such-id/revoke', { token: admin, body: { reason: '无' } })).statusCode).toBe(404);
  });

  it('lets exactly one of two simultaneous revocations through', async () => {
    const sample = await validOne();
    const results = await Promise.all(
      ['甲', '乙'].map((reason) => t.call('POST', `certificates/${sample.id}/revoke`, { token: admin, body: { reason } })),
    );
    expect(results.filter((r) => r.body.status === 1)).toHaveLength(1);
    expect(results.filter((r) => r.body.message === '该证书已吊销，不能重复操作')).toHaveLength(1);
    const logs = await t.db.kysely.selectFrom('operation_logs').select('id').where('entity_id', '=', sample.id).execute();
    expect(logs).toHaveLength(1);
  });
});
