/**
 * 单位信息管理 (GET/PUT /member-units/mine, resubmit) and the staff decision on key-information
 * changes (approve-change / reject-change): non-key fields apply at once; key fields of an
 * approved unit wait for review while the approved values stay live everywhere (own page,
 * public window, search, certificate); one change at a time; the version; ownership (a unit
 * has only /mine, and its files); permissions; a rejected registration corrected and resubmitted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfoRecord, MemberInfoSaveResult } from '@common/schemas/memberInfo';
import { MEMBER_INFO_MESSAGES } from '@common/schemas/memberInfo';
import type { PublicMemberUnit } from '@common/schemas/public';
import type { StoredFile } from '@common/schemas/files';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { DEMO_ACCOUNT_NAMES } from '../../server/db/seed/demoAccounts';
import { makeCreditCode } from '../../server/db/seed/demoData';
import { addAccount, pdfBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const UNIT_A = 'demo-unit-1';
const UNIT_B = 'demo-unit-2';
const OLD_NAME = '正衡社会稳定风险评估咨询有限公司';
const NEW_NAME = '正衡社会风险评估咨询有限公司';

describe.each(dialects)('unit information management on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let contentStaff: string;
  let unitA: string;
  let unitB: string;
  let licenceId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    contentStaff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    unitA = await t.login('demo_unit', DEMO_PASSWORD, 2);
    unitB = await addAccount(t, 'unit_b', 2, UNIT_B);
    // A second account of unit A named after the unit, as registration names it.
    await insertAccount(
      t.db.kysely,
      { loginAccount: 'unit_a_named', passwordHash: await hashPassword('Other@2026x'), authType: 2, name: OLD_NAME, unitId: UNIT_A },
      new Date().toISOString(),
    );
    // Uploaded by staff and put on the unit's record by them, so that only the unit file rule
    // (not "the uploader") lets the unit read it, and the unit may keep it on a save.
    licenceId = (await upload<StoredFile>(t, admin, pdfBytes(), { name: '营业执照.pdf' })).body.data.fileId;
    await t.db.kysely
      .insertInto('file_attachments')
      .values({ id: `unit:${UNIT_A}:business_licence:${licenceId}`, owner_type: 'unit', owner_id: UNIT_A, slot: 'business_licence', file_id: licenceId, sort: 0, created_at: new Date().toISOString(), created_by: null })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.kysely;
  const mine = async (token: string) => {
    const res = await t.call<MemberInfoRecord>('GET', 'member-units/mine', { token });
    expect(res.statusCode).toBe(200);
    return res.body.data;
  };
  const save = (token: string, body: Record<string, unknown>) => t.call<MemberInfoSaveResult>('PUT', 'member-units/mine', { token, body });
  const reviewsOf = (unitId: string, what: 'info_change' | 'registration') =>
    db().selectFrom('reviews').selectAll().where('subject_type', '=', 'unit').where('subject_id', '=', unitId).where('what', '=', what).orderBy('submitted_at').execute();
  const logsOf = (action: string) =>
    db().selectFrom('operation_logs').select(['entity_id', 'summary']).where('entity', '=', 'member-unit').where('action', '=', action).execute();
  const searchTitle = async (unitId: string) =>
    (await db().selectFrom('search_documents').select('title').where('doc_type', '=', 'unit').where('doc_id', '=', unitId).executeTakeFirst())?.title;

  it('shows the unit its own record, certificate and history, never cached', async () => {
    const res = await t.call<MemberInfoRecord>('GET', 'member-units/mine', { token: unitA });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const unit = res.body.data;
    expect(unit).toMatchObject({ id: UNIT_A, name: OLD_NAME, status: 'approved', memberNo: 'HY2024002', pendingChange: null, memberLevelLabel: '副会长单位' });
    expect(unit.certificate?.number).toMatch(/^WPDW/);
    expect(unit.certificate?.validUntil).toBe('2027-04-30');
    expect(unit.reviewHistory.map((r) => `${r.what}:${r.status}`)).toContain('registration:approved');
  });

  it('is for member units only: staff and practitioners get 403, no token 401', async () => {
    expect((await t.call('GET', 'member-units/mine', { token: admin })).statusCode).toBe(403);
    const practitioner = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    expect((await t.call('GET', 'member-units/mine', { token: practitioner })).statusCode).toBe(403);
    expect((await t.call('GET', 'member-units/mine')).statusCode).toBe(401);
  });

  it('applies non-key fields at once, with the operation log', async () => {
    const before = await mine(unitA);
    const res = await save(unitA, {
      contactPerson: '王新',
      contactPhone: '13800001111',
      email: 'new@zhengheng-demo.cn',
      introduction: '新的单位简介',
      registeredCapital: 600.5,
      staffCount: 40,
      businessLicenceFileIds: [licenceId],
      version: before.version,
    });
    expect(res.body).toMatchObject({ status: 1, data: { changePending: false }, message: MEMBER_INFO_MESSAGES.saved });
    const after = await mine(unitA);
    expect(after).toMatchObject({ contactPerson: '王新', contactPhone: '13800001111', introduction: '新的单位简介', registeredCapital: 600.5, staffCount: 40, version: before.version + 1 });
    expect(after.files.businessLicence.map((f) => f.fileId)).toEqual([licenceId]);
    expect(after.pendingChange).toBeNull();
    expect((await logsOf('update')).some((l) => l.entity_id === UNIT_A)).toBe(true);
  });

  it('refuses bad input in Chinese, naming the field, and changes nothing', async () => {
    const before = await mine(unitA);
    const badCode = await save(unitA, { creditCode: '91330106MA2CJ7K1X0', version: before.version });
    expect(badCode.body.status).toBe(10);
    expect(badCode.body.message).toContain('统一社会信用代码');
    const badPhone = await save(unitA, { contactPhone: '12345', version: before.version });
    expect(badPhone.body.status).toBe(10);
    expect(badPhone.body.message).toContain('联系电话');
    const badMail = await save(unitA, { email: 'not-an-address', version: before.version });
    expect(badMail.body.message).toContain('电子邮箱');
    const blankName = await save(unitA, { name: '   ', version: before.version });
    expect(blankName.body.message).toBe('单位名称不能为空');
    const unknownFile = await save(unitA, { qualificationFileIds: ['0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b'], version: before.version });
    expect(unknownFile.body.message).toBe('资质文件不存在，请重新上传');
    const after = await mine(unitA);
    expect(after.version).toBe(before.version);
    expect(after.contactPhone).toBe(before.contactPhone);
  });

  it('a unit may read its own unit files, another unit may not', async () => {
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/file/download/${licenceId}`, headers: { token: unitA } });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: `/api/v1/file/download/${licenceId}`, headers: { token: unitB } });
    expect(other.statusCode).toBe(403);
  });

  it('sends key fields of an approved unit to review; the approved values stay live everywhere', async () => {
    const before = await mine(unitA);
    const res = await save(unitA, { name: NEW_NAME, legalRepresentative: '张新衡', creditCode: before.creditCode, contactPerson: '王新', version: before.version });
    expect(res.body).toMatchObject({ status: 1, data: { changePending: true }, message: MEMBER_INFO_MESSAGES.savedWithReview });

    const after = await mine(unitA);
    expect(after.name).toBe(OLD_NAME);
    expect(after.legalRepresentative).toBe(before.legalRepresentative);
    expect(after.pendingChange).toEqual({ name: NEW_NAME, legalRepresentative: '张新衡' });
    expect(after.pendingChangeAt).not.toBeNull();
    const last = after.reviewHistory[after.reviewHistory.length - 1];
    expect(last).toMatchObject({ what: 'info_change', status: 'pending' });
    expect(last.payload).toEqual({ before: { name: OLD_NAME, legal_representative: before.legalRepresentative }, after: { name: NEW_NAME, legal_representative: '张新衡' } });

    const pub = await t.call<PublicMemberUnit>('GET', `public/member-units/${UNIT_A}`);
    expect(pub.body.data.name).toBe(OLD_NAME);
    expect(await searchTitle(UNIT_A)).toBe(OLD_NAME);
    expect((await logsOf('request-change')).some((l) => l.entity_id === UNIT_A)).toBe(true);
  });

  it('refuses a second key change while one is pending; resending the same one is no new change', async () => {
    const before = await mine(unitA);
    const other = await save(unitA, { legalRepresentative: '李四', version: before.version });
    expect(other.body).toMatchObject({ status: 10, message: MEMBER_INFO_MESSAGES.changePending });
    const same = await save(unitA, { name: NEW_NAME, legalRepresentative: '张新衡', address: '文三路 400 号', version: before.version });
    expect(same.body).toMatchObject({ status: 1, data: { changePending: false } });
    expect(await reviewsOf(UNIT_A, 'info_change')).toHaveLength(1);
    expect((await mine(unitA)).pendingChange).toEqual({ name: NEW_NAME, legalRepresentative: '张新衡' });
  });

  it('answers a stale version with 409 and changes nothing', async () => {
    const before = await mine(unitA);
    const res = await save(unitA, { contactPerson: '过期的修改', version: before.version - 1 });
    expect(res.statusCode).toBe(409);
    expect((await mine(unitA)).contactPerson).toBe(before.contactPerson);
  });

  it('keeps units apart: unit B sees and changes only its own record', async () => {
    const b = await mine(unitB);
    expect(b.id).toBe(UNIT_B);
    expect(b.name).not.toBe(OLD_NAME);
    const res = await save(unitB, { contactPerson: 'B 的联系人', version: b.version });
    expect(res.body.status).toBe(1);
    expect((await mine(unitA)).contactPerson).toBe('王新');
    // The staff decisions are not a unit's to call, not even on its own record.
    expect((await t.call('POST', `member-units/${UNIT_A}/approve-change`, { token: unitB, body: {} })).statusCode).toBe(403);
    expect((await t.call('POST', `member-units/${UNIT_A}/approve-change`, { token: unitA, body: {} })).statusCode).toBe(403);
  });

  it('refuses the decision to staff without member:unit:approve', async () => {
    const res = await t.call('POST', `member-units/${UNIT_A}/approve-change`, { token: contentStaff, body: {} });
    expect(res.statusCode).toBe(403);
    const rej = await t.call('POST', `member-units/${UNIT_A}/reject-change`, { token: contentStaff, body: { reason: '不同意' } });
    expect(rej.statusCode).toBe(403);
    expect((await mine(unitA)).pendingChange).not.toBeNull();
  });

  it('staff approve the change: columns, public window, search, certificate and the unit account follow', async () => {
    const missing = await t.call('POST', 'member-units/no-such-unit/approve-change', { token: admin, body: {} });
    expect(missing.statusCode).toBe(404);
    const res = await t.call('POST', `member-units/${UNIT_A}/approve-change`, { token: admin, body: { comment: '材料齐全' } });
    expect(res.body.status).toBe(1);

    const after = await mine(unitA);
    expect(after).toMatchObject({ name: NEW_NAME, legalRepresentative: '张新衡', pendingChange: null, pendingChangeAt: null });
    const decided = after.reviewHistory.filter((r) => r.what === 'info_change');
    expect(decided).toHaveLength(1);
    expect(decided[0]).toMatchObject({ status: 'approved', comment: '材料齐全', decidedByName: expect.any(String) });

    expect((await t.call<PublicMemberUnit>('GET', `public/member-units/${UNIT_A}`)).body.data.name).toBe(NEW_NAME);
    expect(await searchTitle(UNIT_A)).toBe(NEW_NAME);
    const cert = await db().selectFrom('certificates').select('holder_name').where('holder_type', '=', 'unit').where('holder_id', '=', UNIT_A).executeTakeFirstOrThrow();
    expect(cert.holder_name).toBe(NEW_NAME);
    const accounts = await db().selectFrom('accounts').select(['login_account', 'name']).where('unit_id', '=', UNIT_A).where('auth_type', '=', 2).execute();
    expect(accounts.find((a) => a.login_account === 'unit_a_named')?.name).toBe(NEW_NAME);
    // An account someone named otherwise keeps its name.
    expect(accounts.find((a) => a.login_account === 'demo_unit')?.name).toBe(DEMO_ACCOUNT_NAMES.unit);
    expect((await logsOf('approve-change')).some((l) => l.entity_id === UNIT_A && l.summary.includes(NEW_NAME))).toBe(true);

    const again = await t.call('POST', `member-units/${UNIT_A}/approve-change`, { token: admin, body: {} });
    expect(again.body).toMatchObject({ status: 10, message: MEMBER_INFO_MESSAGES.noPendingChange });
  });

  it('staff reject a change with a reason: it is cleared and the reason is in the history', async () => {
    const before = await mine(unitA);
    const newCode = makeCreditCode('91', '330106', 'MA2CJ7K2');
    const taken = (await mine(unitB)).creditCode;
    const dup = await save(unitA, { creditCode: taken, version: before.version });
    expect(dup.body).toMatchObject({ status: 10, message: MEMBER_INFO_MESSAGES.creditCodeTaken });

    expect((await save(unitA, { creditCode: newCode.toLowerCase(), version: before.version })).body.data).toEqual({ changePending: true });
    expect((await mine(unitA)).pendingChange).toEqual({ creditCode: newCode });

    const noReason = await t.call('POST', `member-units/${UNIT_A}/reject-change`, { token: admin, body: {} });
    expect(noReason.body.status).toBe(10);
    expect(noReason.body.message).toContain('驳回原因');
    const res = await t.call('POST', `member-units/${UNIT_A}/reject-change`, { token: admin, body: { reason: '未提供变更证明材料' } });
    expect(res.body.status).toBe(1);

    const after = await mine(unitA);
    expect(after.creditCode).toBe(before.creditCode);
    expect(after.pendingChange).toBeNull();
    const last = after.reviewHistory[after.reviewHistory.length - 1];
    expect(last).toMatchObject({ what: 'info_change', status: 'rejected', comment: '未提供变更证明材料' });
    expect((await t.call('POST', `member-units/${UNIT_A}/reject-change`, { token: admin, body: { reason: 'x' } })).body.message).toBe(
      MEMBER_INFO_MESSAGES.noPendingChange,
    );
  });

  it('rechecks the credit code at approval', async () => {
    const before = await mine(unitA);
    const code = makeCreditCode('91', '330106', 'MA2CJ7K3');
    expect((await save(unitA, { creditCode: code, version: before.version })).body.data).toEqual({ changePending: true });
    // Meanwhile another unit came to hold that code.
    await db().updateTable('member_units').set({ credit_code: code }).where('id', '=', 'demo-unit-5').execute();
    const res = await t.call('POST', `member-units/${UNIT_A}/approve-change`, { token: admin, body: {} });
    expect(res.body).toMatchObject({ status: 10, message: MEMBER_INFO_MESSAGES.creditCodeTaken });
    expect((await mine(unitA)).pendingChange).toEqual({ creditCode: code });
    await t.call('POST', `member-units/${UNIT_A}/reject-change`, { token: admin, body: { reason: '代码已被占用' } });
  });

  it('a pending registration applies key fields directly (nothing approved yet)', async () => {
    const pending = await addAccount(t, 'unit_7', 2, 'demo-unit-7');
    const before = await mine(pending);
    expect(before.status).toBe('pending');
    const res = await save(pending, { name: '润和社会治理咨询股份有限公司', legalRepresentative: '沈新', version: before.version });
    expect(res.body.data).toEqual({ changePending: false });
    const after = await mine(pending);
    expect(after).toMatchObject({ name: '润和社会治理咨询股份有限公司', legalRepresentative: '沈新', pendingChange: null, status: 'pending' });
    expect(await reviewsOf('demo-unit-7', 'info_change')).toHaveLength(0);
  });

  it('a rejected registration is corrected and resubmitted: pending again with a new review', async () => {
    const rejected = await addAccount(t, 'unit_8', 2, 'demo-unit-8');
    const before = await mine(rejected);
    expect(before.status).toBe('rejected');
    expect(before.rejectReason).toContain('经营范围');
    expect((await t.call('POST', 'member-units/mine/resubmit', { token: rejected, body: {} })).body.message).toBe(MEMBER_INFO_MESSAGES.licenceMissing);

    // Its own new licence: unit A's would be refused (server/files/attach.ts).
    const ownLicence = (await upload<StoredFile>(t, rejected, pdfBytes(), { name: '营业执照.pdf' })).body.data.fileId;
    const borrowed = await save(rejected, { businessLicenceFileIds: [licenceId], version: before.version });
    expect(borrowed.body.message).toBe('营业执照不存在，请重新上传');
    const edit = await save(rejected, {
      name: '启明社会风险咨询有限公司',
      businessScope: '社会稳定风险评估；社会调查；信息咨询服务。',
      staffCount: 5,
      businessLicenceFileIds: [ownLicence],
      version: before.version,
    });
    expect(edit.body.data).toEqual({ changePending: false });
    expect((await mine(rejected)).name).toBe('启明社会风险咨询有限公司');

    const res = await t.call('POST', 'member-units/mine/resubmit', { token: rejected, body: {} });
    expect(res.body).toMatchObject({ status: 1, message: MEMBER_INFO_MESSAGES.resubmitted });
    const after = await mine(rejected);
    expect(after).toMatchObject({ status: 'pending', rejectReason: null });
    const registrations = after.reviewHistory.filter((r) => r.what === 'registration');
    expect(registrations.map((r) => r.status)).toEqual(['rejected', 'pending']);
    expect((await logsOf('resubmit')).some((l) => l.entity_id === 'demo-unit-8')).toBe(true);

    const twice = await t.call('POST', 'member-units/mine/resubmit', { token: rejected, body: {} });
    expect(twice.body).toMatchObject({ status: 10, message: MEMBER_INFO_MESSAGES.resubmitNotRejected });
  });

  it('a cancelled unit cannot edit', async () => {
    await db().updateTable('member_units').set({ status: 'cancelled' }).where('id', '=', 'demo-unit-6').execute();
    const cancelled = await addAccount(t, 'unit_6', 2, 'demo-unit-6');
    const before = await mine(cancelled);
    expect(before.status).toBe('cancelled');
    const res = await save(cancelled, { contactPerson: '冯', version: before.version });
    expect(res.body).toMatchObject({ status: 10, message: MEMBER_INFO_MESSAGES.cancelled });
  });
});
