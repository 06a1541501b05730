/** Public certificate verification: valid, expired by date, revoked, unknown, and what is never shown. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCertificate } from '@common/schemas/certificates';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('GET /public/certificates/:number on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const numberOf = async (status: 'valid' | 'revoked', kind: 'unit' | 'practitioner') =>
    (
      await t.db.kysely
        .selectFrom('certificates')
        .select(['number', 'holder_name', 'valid_until'])
        .where('status', '=', status)
        .where('kind', '=', kind)
        .where('valid_until', '>', '2099-01-01')
        .executeTakeFirst()
    ) ??
    (await t.db.kysely.selectFrom('certificates').select(['number', 'holder_name', 'valid_until']).where('status', '=', status).where('kind', '=', kind).orderBy('valid_until', 'desc').executeTakeFirstOrThrow());

  it('shows a member certificate with its unit, member number and level, valid today', async () => {
    const cert = await numberOf('valid', 'unit');
    const res = await t.call<PublicCertificate>('GET', `public/certificates/${cert.number}`);
    expect(res.body.status).toBe(1);
    expect(res.body.data).toMatchObject({ kind: 'unit', number: cert.number, holderName: cert.holder_name });
    expect(res.body.data.memberNo).toBeTruthy();
    expect(res.body.data.memberLevelLabel).toBeTruthy();
    expect(res.body.data.state).toBe(cert.valid_until >= res.body.data.checkedOn ? 'valid' : 'expired');
    // Lower-case typing finds it too.
    expect((await t.call<PublicCertificate>('GET', `public/certificates/${cert.number.toLowerCase()}`)).body.data.number).toBe(cert.number);
  });

  it('says expired once the validity has passed, even before anyone marks it', async () => {
    const cert = await numberOf('valid', 'practitioner');
    await t.db.kysely.updateTable('certificates').set({ valid_until: '2020-01-01' }).where('number', '=', cert.number).execute();
    const res = await t.call<PublicCertificate>('GET', `public/certificates/${cert.number}`);
    expect(res.body.data.state).toBe('expired');
  });

  it('says revoked with the reason, and never shows an ID number or phone', async () => {
    const cert = await numberOf('revoked', 'practitioner');
    const res = await t.call<PublicCertificate>('GET', `public/certificates/${cert.number}`);
    expect(res.body.data).toMatchObject({ state: 'revoked', kind: 'practitioner' });
    expect(res.body.data.revokedReason).toBeTruthy();
    expect(res.body.data.revokedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/\d{17}[\dX]|1[3-9]\d{9}/);
  });

  it('answers an unknown number with 未查询到该证书, and a malformed one with a Chinese message', async () => {
    const missing = await t.call('GET', 'public/certificates/NO-SUCH-0001');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatchObject({ status: 10, message: '未查询到该证书' });
    const bad = await t.call('GET', `public/certificates/${encodeURIComponent('<script>')}`);
    expect(bad.body).toMatchObject({ status: 10, message: '证书编号格式不正确' });
  });
});
