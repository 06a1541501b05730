/**
 * Registration of a member unit (POST /user/auth/register and its upload): one transaction
 * of unit, account, files, review, consent and log; each refusal names its field and stores
 * nothing; duplicates (also two at once) are refused in Chinese; the per-address limit.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@common/passwordPolicy';
import type { ApiEnvelope } from '@common/schemas/common';
import type { PreviewItem, StoredFile } from '@common/schemas/files';
import { REGISTRATION_MESSAGES, type RegisterResult } from '@common/schemas/registration';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { makeCreditCode } from '../../server/db/seed/demoData';
import { md5, multipart, pdfBytes, pngBytes, upload, zipBytes, type Part } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';
import { uniqueViolationOf } from '../../server/modules/registration/service';
import { insertAccount } from '../../server/security/accounts';
import { AuthType } from '@common/permissions';

let codeCounter = 0;
/** A credit code no unit has (valid checksum). */
function freshCreditCode(): string {
  codeCounter += 1;
  return makeCreditCode('91', '330106', `MA2R${String(codeCounter).padStart(4, '0')}`);
}

/** A credit code with the right shape and a wrong check character. */
function wrongCheck(code: string): string {
  const last = code[17] === '0' ? '1' : '0';
  return code.slice(0, 17) + last;
}

const UA = 'Mozilla/5.0 (registration test)';

async function uploadForRegistration(t: TestContext, content: Buffer, name: string, options: { ip?: string; parts?: Part[] } = {}) {
  const parts: Part[] = options.parts ?? [
    { name: 'fileId', value: randomUUID() },
    { name: 'md5', value: md5(content) },
    { name: 'file', filename: name, content },
  ];
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/auth/register/files',
    payload,
    headers,
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { statusCode: res.statusCode, body: res.json<ApiEnvelope<StoredFile>>() };
}

describe.each(dialects)('registration on %s', (dialect) => {
  let t: TestContext;

  beforeAll(async () => {
    // Many attempts from one address in this file: the limit has its own test below.
    t = await createTestApp(dialect, { demo: true, env: { REGISTER_RATE_LIMIT: '10000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.kysely;

  async function fileId(content: Buffer, name: string): Promise<string> {
    const res = await uploadForRegistration(t, content, name);
    expect(res.body).toMatchObject({ status: 1 });
    return res.body.data.fileId;
  }

  async function body(over: Record<string, unknown> = {}) {
    return {
      name: '明远社会风险评估有限公司',
      creditCode: freshCreditCode().toLowerCase(),
      legalRepresentative: '周明远',
      contactPerson: '李晓',
      contactPhone: '13800001111',
      email: 'contact@mingyuan-test.cn',
      address: '杭州市西湖区文三路 100 号',
      establishedOn: '2019-05-20',
      registeredCapital: 500.5,
      staffCount: 12,
      businessScope: '社会稳定风险评估；社会调查；咨询服务。',
      introduction: '专注稳评业务。',
      businessLicenceFileIds: [await fileId(pdfBytes(), '营业执照.pdf')],
      qualificationFileIds: [await fileId(zipBytes(), '质量管理制度.docx'), await fileId(pngBytes(4096), '业绩.png')],
      password: 'Mingyuan2026',
      consent: true,
      ...over,
    };
  }

  const register = (payload: unknown, ip = '127.0.0.1') =>
    t.call<RegisterResult>('POST', 'user/auth/register', { body: payload, ip, headers: { 'user-agent': UA } });

  const count = async (table: 'member_units' | 'accounts' | 'file_attachments' | 'reviews' | 'consents') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const registerLogs = async () =>
    Number(
      (
        await db()
          .selectFrom('operation_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('action', '=', 'register')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const snapshot = async () => ({
    units: await count('member_units'),
    accounts: await count('accounts'),
    attachments: await count('file_attachments'),
    reviews: await count('reviews'),
    consents: await count('consents'),
    logs: await registerLogs(),
  });

  it('gives a generated login name when an older account already has the credit code as its name', async () => {
    const payload = await body();
    const code = String(payload.creditCode).toUpperCase();
    await insertAccount(db(), { loginAccount: code, passwordHash: 'x', authType: AuthType.Staff, name: '早先自选此名的账号' }, new Date().toISOString());
    const res = await register(payload);
    expect(res.body).toMatchObject({ status: 1 });
    expect(res.body.data.loginAccount).toMatch(/^dw\d{8}$/);
  });

  it('stores the unit, its account, files, review, consent and log, and the account logs in at authType 2', async () => {
    const before = await snapshot();
    const payload = await body();
    const res = await register(payload);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 1, message: REGISTRATION_MESSAGES.submitted });
    const { unitId, loginAccount } = res.body.data;
    // The login name is assigned, not chosen (registration must not tell which names are taken):
    // the unit's credit code.
    expect(loginAccount).toBe(payload.creditCode.toUpperCase());

    const unit = await db().selectFrom('member_units').selectAll().where('id', '=', unitId).executeTakeFirstOrThrow();
    expect(unit).toMatchObject({
      name: payload.name,
      credit_code: payload.creditCode.toUpperCase(),
      legal_representative: '周明远',
      contact_phone: '13800001111',
      status: 'pending',
      member_no: null,
      established_on: '2019-05-20',
      staff_count: 12,
    });
    expect(Number(unit.registered_capital_fen)).toBe(500.5 * 1_000_000);

    const account = await db().selectFrom('accounts').selectAll().where('login_account', '=', loginAccount).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ auth_type: 2, unit_id: unitId, name: payload.name, must_change_password: 0 });
    expect(Number(account.enabled)).toBe(1);
    expect(account.password_hash).not.toContain(payload.password);
    expect(unit.created_by).toBe(account.id);

    const attachments = await db()
      .selectFrom('file_attachments')
      .select(['slot', 'file_id', 'sort'])
      .where('owner_type', '=', 'unit')
      .where('owner_id', '=', unitId)
      .orderBy('slot')
      .orderBy('sort')
      .execute();
    expect(attachments).toEqual([
      { slot: 'business_licence', file_id: payload.businessLicenceFileIds[0], sort: 0 },
      { slot: 'qualification', file_id: payload.qualificationFileIds[0], sort: 0 },
      { slot: 'qualification', file_id: payload.qualificationFileIds[1], sort: 1 },
    ]);
    // The anonymous uploads now belong to the new account.
    const owners = await db()
      .selectFrom('stored_files')
      .select('uploader_id')
      .where('file_id', 'in', [...payload.businessLicenceFileIds, ...payload.qualificationFileIds])
      .execute();
    expect(owners.map((o) => o.uploader_id)).toEqual([account.id, account.id, account.id]);

    const review = await db().selectFrom('reviews').selectAll().where('subject_id', '=', unitId).executeTakeFirstOrThrow();
    expect(review).toMatchObject({
      what: 'registration',
      subject_type: 'unit',
      subject_name: payload.name,
      unit_id: unitId,
      status: 'pending',
      submitted_by: account.id,
      submitted_by_name: payload.name,
    });

    const consent = await db().selectFrom('consents').selectAll().where('account_id', '=', account.id).executeTakeFirstOrThrow();
    const pages = await db().selectFrom('site_pages').select(['key', 'updated_at']).execute();
    const updatedAt = (key: string) => pages.find((p) => p.key === key)?.updated_at;
    expect(consent).toMatchObject({ kind: 'terms_privacy', ip: '127.0.0.1', user_agent: UA, withdrawn_at: null });
    expect(JSON.parse(consent.versions)).toEqual({ terms: updatedAt('terms'), privacy: updatedAt('privacy') });
    expect(consent.agreed_at).toBe(unit.created_at);

    const log = await db().selectFrom('operation_logs').selectAll().where('action', '=', 'register').where('entity_id', '=', unitId).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ entity: 'member-unit', actor_id: account.id, actor_name: payload.name, ip: '127.0.0.1' });
    expect(log.summary).toContain(payload.creditCode.toUpperCase());
    expect(log.summary).not.toContain(payload.password);

    expect(await snapshot()).toEqual({
      units: before.units + 1,
      accounts: before.accounts + 1,
      attachments: before.attachments + 3,
      reviews: before.reviews + 1,
      consents: before.consents + 1,
      logs: before.logs + 1,
    });

    // The unit logs in to the member subsystem and reads its own materials.
    const token = await t.login(loginAccount, payload.password, 2);
    const me = await t.call<{ authType: number; unitId: string }>('GET', 'user/current', { token });
    expect(me.body.data).toMatchObject({ authType: 2, unitId });
    const preview = await t.call<PreviewItem[]>('GET', `file/preview?fileIds=${payload.businessLicenceFileIds[0]}`, { token });
    expect(preview.body.data.map((p) => p.fileId)).toEqual(payload.businessLicenceFileIds);
    // Not as a staff account, nor as a practitioner.
    const wrongKind = await t.call('POST', 'user/auth/login', { body: { loginAccount, password: payload.password, authType: 1 }, ip: '10.1.1.1' });
    expect(wrongKind.body.status).not.toBe(1);
  });

  describe('refusals store nothing', () => {
    const demoCode = async (id: string) =>
      (await db().selectFrom('member_units').select('credit_code').where('id', '=', id).executeTakeFirstOrThrow()).credit_code;

    const cases: [string, () => Promise<Record<string, unknown>>, string | RegExp][] = [
      ['a credit code with a wrong check character', async () => ({ creditCode: wrongCheck(freshCreditCode()) }), '统一社会信用代码校验位不正确'],
      ['a credit code of the wrong shape', async () => ({ creditCode: '91330106MA2R00I' }), /^统一社会信用代码应为18位/],
      ['the credit code of an approved unit', async () => ({ creditCode: await demoCode('demo-unit-1') }), REGISTRATION_MESSAGES.creditCodeTaken],
      ['the credit code of a pending unit (lower case)', async () => ({ creditCode: (await demoCode('demo-unit-7')).toLowerCase() }), REGISTRATION_MESSAGES.creditCodeTaken],
      ['the credit code of a rejected unit', async () => ({ creditCode: await demoCode('demo-unit-8') }), REGISTRATION_MESSAGES.creditCodeRejected],
      // A login name is not the applicant's to choose: a taken and a free one get the same refusal.
      ['a login account in use', async () => ({ loginAccount: 'demo_unit' }), '不允许的字段：loginAccount'],
      ['a free login account', async () => ({ loginAccount: `free_${randomUUID().slice(0, 8)}` }), '不允许的字段：loginAccount'],
      ['no consent', async () => ({ consent: false }), REGISTRATION_MESSAGES.consentMissing],
      ['a missing consent', async () => ({ consent: undefined }), '同意《用户协议》和《隐私政策》不能为空'],
      ['a weak password', async () => ({ password: 'abcdefghij' }), PASSWORD_MESSAGES.classes],
      ['a common password', async () => ({ password: 'Password123!' }), PASSWORD_MESSAGES.common],
      ['a short password', async () => ({ password: 'ab12' }), /^密码长度应为/],
      ['no business licence', async () => ({ businessLicenceFileIds: [] }), '营业执照至少需要1项'],
      ['an unknown licence file', async () => ({ businessLicenceFileIds: [randomUUID()] }), '营业执照不存在，请重新上传'],
      ['a licence that is a Word document', async () => ({ businessLicenceFileIds: [await fileId(zipBytes(), '执照.docx')] }), REGISTRATION_MESSAGES.licenceKind],
      ['a bad phone', async () => ({ contactPhone: '12345' }), /^联系电话：/],
      ['a bad e-mail', async () => ({ email: 'not-an-address' }), /^电子邮箱格式不正确/],
      ['an establishment date in the future', async () => ({ establishedOn: '2199-01-01' }), '成立日期不能晚于今天'],
      ['a blank name', async () => ({ name: '   ' }), '单位名称不能为空'],
      ['an unknown field', async () => ({ status: 'approved' }), '不允许的字段：status'],
    ];

    it.each(cases)('%s', async (_label, over, message) => {
      const payload = await body();
      const merged = { ...payload, ...(await over()) };
      if (merged.consent === undefined) delete (merged as Partial<typeof merged>).consent;
      const before = await snapshot();
      const res = await register(merged);
      expect(res.statusCode).toBe(400);
      expect(res.body.status).toBe(10);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
      expect(await snapshot()).toEqual(before);
      // The files stay unclaimed: a corrected application can use them.
      const owners = await db().selectFrom('stored_files').select('uploader_id').where('file_id', 'in', payload.businessLicenceFileIds).execute();
      expect(owners.every((o) => o.uploader_id === null)).toBe(true);
    });

    it('refuses a file somebody uploaded with an account, and one another registration took', async () => {
      const staff = await t.login('demo_staff', DEMO_PASSWORD, 1);
      const staffFile = (await upload<StoredFile>(t, staff, pdfBytes(), { name: 'private.pdf' })).body.data.fileId;
      const before = await snapshot();
      const res = await register(await body({ businessLicenceFileIds: [staffFile] }));
      expect(res.body).toMatchObject({ status: 10, message: '营业执照不存在，请重新上传' });

      const first = await body();
      expect((await register(first)).body.status).toBe(1);
      const again = await register(await body({ qualificationFileIds: first.businessLicenceFileIds }));
      expect(again.body).toMatchObject({ status: 10, message: '资质材料不存在，请重新上传' });
      expect(await snapshot()).toMatchObject({ units: before.units + 1, accounts: before.accounts + 1 });
    });
  });

  it('turns two registrations at once with the same credit code into one success and a Chinese refusal; two others get two login names', async () => {
    const code = freshCreditCode();
    const [a, b] = [await body({ creditCode: code }), await body({ creditCode: code })];
    const results = await Promise.all([register(a), register(b)]);
    expect(results.map((r) => r.body.status).sort()).toEqual([1, 10]);
    expect(results.find((r) => r.body.status === 10)?.body.message).toBe(REGISTRATION_MESSAGES.creditCodeTaken);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);

    const [c, d] = [await body(), await body()];
    const second = await Promise.all([register(c), register(d)]);
    expect(second.map((r) => r.body.status)).toEqual([1, 1]);
    const names = second.map((r) => r.body.data.loginAccount);
    expect(new Set(names).size).toBe(2);
    const units = await db().selectFrom('member_units').select('id').where('credit_code', 'in', [code, c.creditCode.toUpperCase(), d.creditCode.toUpperCase()]).execute();
    expect(units).toHaveLength(3);
  });

  it('recognises the unique rules a racing insert breaks, on this dialect', async () => {
    const unit = await db().selectFrom('member_units').selectAll().where('id', '=', 'demo-unit-1').executeTakeFirstOrThrow();
    const unitError = await db()
      .insertInto('member_units')
      .values({ ...unit, id: randomUUID(), member_no: null })
      .execute()
      .then(() => null, (err: unknown) => err);
    expect(uniqueViolationOf(unitError)).toBe('credit_code');
    const account = await db().selectFrom('accounts').selectAll().where('login_account', '=', 'demo_unit').executeTakeFirstOrThrow();
    const accountError = await db()
      .insertInto('accounts')
      .values({ ...account, id: randomUUID() })
      .execute()
      .then(() => null, (err: unknown) => err);
    expect(uniqueViolationOf(accountError)).toBe('login_account');
    expect(uniqueViolationOf(new Error('boom'))).toBeNull();
  });

  describe('the registration upload', () => {
    it('takes a file without a login, checks its MD5 and kind, and keeps it from anonymous readers', async () => {
      const content = pdfBytes();
      const ok = await uploadForRegistration(t, content, '营业执照.pdf');
      expect(ok.body).toMatchObject({ status: 1, data: { contentType: 'application/pdf', md5: md5(content), name: '营业执照.pdf' } });
      const row = await db().selectFrom('stored_files').select('uploader_id').where('file_id', '=', ok.body.data.fileId).executeTakeFirstOrThrow();
      expect(row.uploader_id).toBeNull();
      const preview = await t.call<PreviewItem[]>('GET', `file/preview?fileIds=${ok.body.data.fileId}`);
      expect(preview.body.data).toEqual([]);

      const mismatch = await uploadForRegistration(t, content, 'a.pdf', {
        parts: [
          { name: 'fileId', value: randomUUID() },
          { name: 'md5', value: md5(Buffer.from('other')) },
          { name: 'file', filename: 'a.pdf', content },
        ],
      });
      expect(mismatch.body).toMatchObject({ status: 10, message: '文件校验失败：MD5不一致' });
      const archive = await uploadForRegistration(t, zipBytes(), '材料.zip');
      expect(archive.body.status).toBe(10);
      expect(archive.body.message).toMatch(/^入会材料只能上传/);
      const script = await uploadForRegistration(t, Buffer.from('#!/bin/sh\necho hi\n'), 'x.sh');
      expect(script.body.status).toBe(10);
    });
  });
});

describe.each(dialects)('registration rate limit on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { REGISTER_RATE_LIMIT: '3', REGISTER_RATE_WINDOW_MINUTES: '60' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers HTTP 429 with the message after the limit, per address, until the window has passed', async () => {
    const attempt = (ip: string) => t.call('POST', 'user/auth/register', { body: { name: 'x' }, ip });
    for (let i = 0; i < 3; i += 1) {
      const res = await attempt('10.20.0.1');
      expect(res.statusCode).toBe(400); // counted although the body is bad
    }
    const limited = await attempt('10.20.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toMatchObject({ status: 10, message: REGISTRATION_MESSAGES.tooMany });
    expect((await attempt('10.20.0.2')).statusCode).toBe(400);
    t.clock.advanceMinutes(61);
    expect((await attempt('10.20.0.1')).statusCode).toBe(400);
  });
});
