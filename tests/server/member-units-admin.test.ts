/**
 * 会员单位管理 on the server: who may call what (staff by code; demo_staff's content role and
 * a member unit are refused), the list's filters and counts, the record, every workflow move
 * and each illegal one (approve → member number, one year's validity and a certificate the
 * public look-up calls valid; reject needs a reason; suspend hides from the window; cancel
 * revokes the certificate and disables the unit's accounts), the window switch as the public
 * member window sees it, the staff edit (checksums, uniqueness, stale versions) and the export.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { PublicCertificate } from '@common/schemas/certificates';
import type { MemberUnitApproveResult, MemberUnitListItem, MemberUnitOption, MemberUnitRecord } from '@common/schemas/memberUnits';
import type { PublicMemberUnitItem } from '@common/schemas/public';
import { checkCreditCode } from '@common/validators';
import { beijingDay } from '@common/calendar';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { newAuditColumns } from '../../server/db/versioned';
import { oneYearFrom } from '../../server/modules/member-units/service';
import { openReview } from '../../server/workflow/reviews';
import { addAccount } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CHECK_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** A credit code with a correct check character, from its first 17 characters. */
function creditCode(body17: string): string {
  for (const c of CHECK_CHARS) if (!checkCreditCode(body17 + c)) return body17 + c;
  throw new Error('no check character');
}

describe.each(dialects)('member units (staff) on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let contentStaff: string;
  let unit: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    contentStaff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.kysely;
  const list = async (query = '') => (await t.call<Page<MemberUnitListItem>>('GET', `member-units?pageSize=100${query}`, { token: admin })).body;
  const names = async (query = '') => (await list(query)).data.list.map((u) => u.name);
  const get = async (id: string) => (await t.call<MemberUnitRecord>('GET', `member-units/${id}`, { token: admin })).body.data;
  const step = <T = null>(id: string, action: string, body: object = {}, token = admin) =>
    t.call<T>('POST', `member-units/${id}/${action}`, { token, body });
  const publicWindowIds = async () =>
    (await t.call<Page<PublicMemberUnitItem>>('GET', 'public/member-units?pageSize=100')).body.data.list.map((u) => u.id);
  const publicCertificate = async (number: string) => (await t.call<PublicCertificate>('GET', `public/certificates/${number}`)).body;
  const logsOf = async (id: string) =>
    db().selectFrom('operation_logs').select(['action', 'summary']).where('entity', '=', 'member-unit').where('entity_id', '=', id).orderBy('id').execute();

  /** A fresh pending application (as registration leaves it): the unit row and its open review. */
  async function pendingUnit(name: string): Promise<string> {
    seq += 1;
    const id = randomUUID();
    const now = new Date();
    await db()
      .insertInto('member_units')
      .values({
        id,
        name,
        credit_code: creditCode(`91330106MA2T${String(seq).padStart(4, '0')}X`),
        legal_representative: '王立',
        contact_person: '赵敏',
        contact_phone: '13800001111',
        email: 'apply@example.cn',
        address: null,
        established_on: null,
        registered_capital_fen: null,
        staff_count: 5,
        member_level: null,
        member_no: null,
        join_date: null,
        valid_until: null,
        business_scope: '社会稳定风险评估',
        introduction: null,
        logo_file_id: null,
        show_in_window: 0,
        status: 'pending',
        reject_reason: null,
        pending_change: null,
        pending_change_at: null,
        ...newAuditColumns(now.toISOString()),
      })
      .execute();
    await openReview(db(), { what: 'registration', subjectType: 'unit', subjectId: id, subjectName: name, unitId: id, by: null, now });
    return id;
  }

  describe('access', () => {
    it('refuses anonymous callers, staff without the codes and member units on every staff route', async () => {
      expect((await t.call('GET', 'member-units')).body.status).toBe(21);
      for (const token of [contentStaff, unit]) {
        expect((await t.call('GET', 'member-units', { token })).statusCode).toBe(403);
        expect((await t.call('GET', 'member-units/demo-unit-2', { token })).statusCode).toBe(403);
        expect((await t.call('GET', 'member-units/export', { token })).statusCode).toBe(403);
        expect((await step('demo-unit-7', 'approve', {}, token)).statusCode).toBe(403);
        expect((await step('demo-unit-7', 'reject', { reason: '材料不全' }, token)).statusCode).toBe(403);
        expect((await step('demo-unit-2', 'suspend', { reason: 'x' }, token)).statusCode).toBe(403);
        expect((await step('demo-unit-2', 'cancel', { reason: 'x' }, token)).statusCode).toBe(403);
        expect((await step('demo-unit-2', 'window', { show: false }, token)).statusCode).toBe(403);
        expect((await t.call('PUT', 'member-units/demo-unit-1', { token, body: {} })).statusCode).toBe(403);
      }
      // Nothing moved.
      expect((await get('demo-unit-7')).status).toBe('pending');
      expect((await get('demo-unit-2')).status).toBe('approved');
    });

    it('offers the approved units for selects to any logged-in account', async () => {
      expect((await t.call('GET', 'member-units/options')).body.status).toBe(21);
      const res = await t.call<MemberUnitOption[]>('GET', 'member-units/options', { token: unit });
      expect(res.body.status).toBe(1);
      const ids = res.body.data.map((o) => o.id);
      expect(ids).toContain('demo-unit-1');
      expect(ids).not.toContain('demo-unit-7');
      expect(ids).not.toContain('demo-unit-8');
      const narrowed = await t.call<MemberUnitOption[]>('GET', `member-units/options?keyword=${encodeURIComponent('之江')}`, { token: contentStaff });
      expect(narrowed.body.data).toEqual([{ id: 'demo-unit-2', name: '之江社会风险研究院有限公司', memberNo: 'HY2024001' }]);
    });
  });

  describe('list and record', () => {
    it('filters by keyword over name, credit code, member number and contact person', async () => {
      expect(await names(`&keyword=${encodeURIComponent('正衡')}`)).toEqual(['正衡社会稳定风险评估咨询有限公司']);
      expect(await names('&keyword=hy2024003')).toEqual(['安和工程咨询有限公司']);
      expect(await names(`&keyword=${encodeURIComponent('何丽娟')}`)).toEqual(['安和工程咨询有限公司']);
      const code = (await db().selectFrom('member_units').select('credit_code').where('id', '=', 'demo-unit-4').executeTakeFirstOrThrow()).credit_code;
      expect(await names(`&keyword=${code.slice(2, 14)}`)).toEqual(['明理律师事务所']);
    });

    it('filters by status, level, join dates and pending change, and sorts', async () => {
      expect(await names('&status=pending')).toEqual(['润和社会治理咨询有限公司']);
      expect((await list('&status=rejected')).data.list[0]).toMatchObject({ id: 'demo-unit-8', statusReason: expect.stringContaining('经营范围') });
      expect((await names('&memberLevel=director')).sort()).toEqual(['明理律师事务所', '钱塘公共政策研究中心'].sort());
      expect(await names('&joinFrom=2025-01-01&joinTo=2025-12-31&sort=joinDate,asc')).toEqual(['钱塘公共政策研究中心', '恒信项目管理咨询有限公司']);
      expect(await names('&hasPendingChange=true')).toEqual(['安和工程咨询有限公司']);
      const byNumber = (await list('&status=approved&sort=memberNo,asc')).data.list.map((u) => u.memberNo);
      expect(byNumber.slice(0, 3)).toEqual(['HY2024001', 'HY2024002', 'HY2024003']);
      // Units without a number go last whichever way the list is sorted.
      const desc = (await list('&sort=memberNo,desc')).data.list.map((u) => u.memberNo);
      expect(desc[0]).toMatch(/^HY/);
      expect(desc.at(-1)).toBeNull();
      const bad = await t.call('GET', 'member-units?sort=contactPhone,asc', { token: admin });
      expect(bad.body).toMatchObject({ status: 10, message: '不支持按 contactPhone 排序' });
      expect((await t.call('GET', 'member-units?status=gone', { token: admin })).statusCode).toBe(400);
    });

    it('counts approved practitioners per unit', async () => {
      const rows = await db()
        .selectFrom('practitioners')
        .select(['unit_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'approved')
        .groupBy('unit_id')
        .execute();
      const expected = new Map(rows.map((r) => [r.unit_id, Number(r.n)]));
      const page = (await list()).data.list;
      expect(page.length).toBe(8);
      for (const u of page) expect(u.practitionerCount).toBe(expected.get(u.id) ?? 0);
      expect(page.find((u) => u.id === 'demo-unit-1')?.practitionerCount).toBeGreaterThan(0);
    });

    it('gives the whole record: pending change, certificate, review history and counts', async () => {
      const record = await get('demo-unit-3');
      expect(record).toMatchObject({
        name: '安和工程咨询有限公司',
        legalRepresentative: '朱永强',
        pendingChange: { legalRepresentative: '何建平' },
        memberLevel: 'executive_director',
        registeredCapital: 2000,
        certificate: { number: 'WPDW2024003', state: 'valid' },
      });
      expect(record.reviewHistory.map((r) => `${r.what}:${r.status}`)).toEqual(expect.arrayContaining(['registration:approved', 'info_change:pending']));
      expect(record.counts.practitioners).toBe(record.practitionerCount);
      expect((await t.call('GET', 'member-units/nope', { token: admin })).body).toMatchObject({ status: 10, message: '会员单位不存在' });
    });
  });

  describe('workflow', () => {
    it('approves a pending unit: member number, join date today, one year, the certificate, the window and the review', async () => {
      const id = await pendingUnit('审核通过测试咨询有限公司');
      const before = await get(id);
      const res = await step<MemberUnitApproveResult>(id, 'approve', { comment: '材料齐全', version: before.version });
      expect(res.body.status).toBe(1);
      const today = beijingDay(new Date());
      const year = today.slice(0, 4);
      expect(res.body.data).toMatchObject({ joinDate: today, validUntil: oneYearFrom(today) });
      expect(res.body.data.memberNo).toMatch(new RegExp(`^HY${year}\\d{3}$`));
      expect(res.body.data.certificateNo).toMatch(new RegExp(`^WPDW${year}\\d{3}$`));

      const record = await get(id);
      expect(record).toMatchObject({
        status: 'approved',
        memberNo: res.body.data.memberNo,
        memberLevel: 'member',
        joinDate: today,
        validUntil: oneYearFrom(today),
        showInWindow: true,
        certificate: { number: res.body.data.certificateNo, issuedOn: today, validUntil: oneYearFrom(today), state: 'valid' },
      });
      expect(record.reviewHistory.at(-1)).toMatchObject({ what: 'registration', status: 'approved', comment: '材料齐全', decidedByName: expect.any(String) });
      const pendingReviews = await db().selectFrom('reviews').select('id').where('subject_id', '=', id).where('status', '=', 'pending').execute();
      expect(pendingReviews).toHaveLength(0);

      const cert = await publicCertificate(res.body.data.certificateNo);
      expect(cert).toMatchObject({ status: 1, data: { state: 'valid', holderName: '审核通过测试咨询有限公司', memberNo: res.body.data.memberNo } });
      expect(await publicWindowIds()).toContain(id);
      expect((await logsOf(id)).map((l) => l.action)).toEqual(['approve']);

      // Illegal: approving twice, rejecting an approved unit, restoring one that is not suspended.
      expect((await step(id, 'approve')).body).toMatchObject({ status: 10, message: '该单位已审核通过，不能重复审核' });
      expect((await step(id, 'reject', { reason: '重复' })).body).toMatchObject({ status: 10, message: '该单位已审核通过，不能重复审核' });
      expect((await step(id, 'restore')).body).toMatchObject({ status: 10, message: '该单位未暂停，无需恢复' });
      expect((await get(id)).version).toBe(record.version);
    });

    it('gives numbers in sequence and a level when asked', async () => {
      const a = await pendingUnit('序号测试甲公司');
      const b = await pendingUnit('序号测试乙公司');
      const first = (await step<MemberUnitApproveResult>(a, 'approve', { memberLevel: 'director', showInWindow: false })).body.data;
      const second = (await step<MemberUnitApproveResult>(b, 'approve')).body.data;
      expect(Number(second.memberNo.slice(-3))).toBe(Number(first.memberNo.slice(-3)) + 1);
      expect(second.certificateNo).not.toBe(first.certificateNo);
      expect(await get(a)).toMatchObject({ memberLevel: 'director', showInWindow: false });
      expect(await publicWindowIds()).not.toContain(a);
      const c = await pendingUnit('级别测试丙公司');
      expect((await step(c, 'approve', { memberLevel: 'emperor' })).body).toMatchObject({ status: 10, message: '会员级别不在字典中：emperor' });
      expect((await get(c)).status).toBe('pending');
    });

    it('rejects only with a reason, and a rejected application cannot be approved', async () => {
      const id = await pendingUnit('驳回测试咨询有限公司');
      const missing = await step(id, 'reject', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.body.status).toBe(10);
      expect(missing.body.message).toContain('驳回原因');
      expect((await step(id, 'reject', { reason: '   ' })).body).toMatchObject({ status: 10, message: '驳回原因不能为空' });
      expect((await get(id)).status).toBe('pending');

      expect((await step(id, 'reject', { reason: '营业执照不清晰，请重新上传' })).body.status).toBe(1);
      const record = await get(id);
      expect(record).toMatchObject({ status: 'rejected', statusReason: '营业执照不清晰，请重新上传', memberNo: null, certificate: null });
      expect(record.reviewHistory.at(-1)).toMatchObject({ what: 'registration', status: 'rejected', comment: '营业执照不清晰，请重新上传' });
      expect((await step(id, 'approve')).body).toMatchObject({ status: 10, message: expect.stringContaining('已驳回') });
      expect((await step(id, 'suspend', { reason: 'x' })).body.status).toBe(10);
      expect((await step(id, 'cancel', { reason: 'x' })).body.status).toBe(10);
      expect((await step(id, 'window', { show: true })).body).toMatchObject({ status: 10, message: '只有已通过审核的会员单位才能在会员之窗展示' });
    });

    it('suspends with a reason (out of the window) and restores (back in it)', async () => {
      const id = await pendingUnit('暂停测试咨询有限公司');
      const approved = (await step<MemberUnitApproveResult>(id, 'approve')).body.data;
      expect(await publicWindowIds()).toContain(id);

      expect((await step(id, 'suspend', { reason: ' ' })).body).toMatchObject({ status: 10, message: '暂停原因不能为空' });
      expect((await step(id, 'suspend', { reason: '年检不合格，限期整改' })).body.status).toBe(1);
      expect(await get(id)).toMatchObject({ status: 'suspended', statusReason: '年检不合格，限期整改', showInWindow: true });
      expect(await publicWindowIds()).not.toContain(id);
      expect((await t.call('GET', `public/member-units/${id}`)).statusCode).toBe(404);
      // The certificate is kept (see the report): suspension is not revocation.
      expect((await publicCertificate(approved.certificateNo)).data.state).toBe('valid');

      expect((await step(id, 'suspend', { reason: '再次' })).body).toMatchObject({ status: 10, message: '该单位已暂停，不能重复暂停' });
      expect((await step(id, 'approve')).body).toMatchObject({ status: 10, message: '该单位已审核通过，不能重复审核' });
      expect((await step(id, 'window', { show: false })).body.status).toBe(10);

      expect((await step(id, 'restore', { comment: '整改完成' })).body.status).toBe(1);
      expect(await get(id)).toMatchObject({ status: 'approved', statusReason: null });
      expect(await publicWindowIds()).toContain(id);
      const record = await get(id);
      expect(record.events.map((e) => e.action)).toEqual(['approve', 'suspend', 'restore']);
      expect(record.events[1].summary).toContain('年检不合格，限期整改');
    });

    it('cancels: the certificate is revoked, the unit leaves the window, its accounts stop working, and nothing moves after', async () => {
      const id = await pendingUnit('注销测试咨询有限公司');
      const approved = (await step<MemberUnitApproveResult>(id, 'approve')).body.data;
      const unitToken = await addAccount(t, `cancel_unit_${dialect}`, 2, id);
      expect((await t.call('GET', 'user/current', { token: unitToken })).body.status).toBe(1);

      expect((await step(id, 'cancel', {})).statusCode).toBe(400);
      expect((await step(id, 'cancel', { reason: '单位申请退会' })).body.status).toBe(1);
      const record = await get(id);
      expect(record).toMatchObject({ status: 'cancelled', statusReason: '单位申请退会', showInWindow: false, certificate: { state: 'revoked', revokedReason: '会员资格注销' } });
      const cert = await publicCertificate(approved.certificateNo);
      expect(cert.data).toMatchObject({ state: 'revoked', revokedReason: '会员资格注销' });
      expect(await publicWindowIds()).not.toContain(id);
      expect((await t.call('GET', 'user/current', { token: unitToken })).body.status).toBe(20);
      const account = await db().selectFrom('accounts').select('enabled').where('unit_id', '=', id).executeTakeFirstOrThrow();
      expect(Number(account.enabled)).toBe(0);
      expect((await logsOf(id)).at(-1)?.summary).toContain(approved.certificateNo);

      const frozen = '已注销的单位不能修改';
      for (const action of ['approve', 'restore']) expect((await step(id, action)).body).toMatchObject({ status: 10, message: frozen });
      for (const action of ['reject', 'suspend', 'cancel']) {
        expect((await step(id, action, { reason: '再试' })).body).toMatchObject({ status: 10, message: frozen });
      }
      expect((await step(id, 'window', { show: true })).body).toMatchObject({ status: 10, message: frozen });
      const put = await t.call('PUT', `member-units/${id}`, { token: admin, body: { ...editBody(record), contactPerson: '新联系人' } });
      expect(put.body).toMatchObject({ status: 10, message: frozen });
      expect((await get(id)).contactPerson).toBe('赵敏');
    });

    it('cancels a suspended unit too, closing a key-field change that waited for review', async () => {
      const id = await pendingUnit('暂停后注销测试有限公司');
      await step(id, 'approve');
      await db().updateTable('member_units').set({ pending_change: JSON.stringify({ name: '改名后的公司' }), pending_change_at: new Date().toISOString() }).where('id', '=', id).execute();
      await openReview(db(), { what: 'info_change', subjectType: 'unit', subjectId: id, subjectName: '暂停后注销测试有限公司', unitId: id, by: null, now: new Date() });
      await step(id, 'suspend', { reason: '停业' });
      expect((await step(id, 'cancel', { reason: '停业超过一年' })).body.status).toBe(1);
      const record = await get(id);
      expect(record).toMatchObject({ status: 'cancelled', pendingChange: null });
      expect(record.reviewHistory.find((r) => r.what === 'info_change')).toMatchObject({ status: 'rejected' });
    });

    it('refuses a step on a version that changed since it was read', async () => {
      const id = await pendingUnit('版本测试咨询有限公司');
      const read = await get(id);
      await t.call('PUT', `member-units/${id}`, { token: admin, body: { ...editBody(read), contactPerson: '钱多多' } });
      const res = await step(id, 'approve', { version: read.version });
      expect(res.statusCode).toBe(409);
      expect(res.body).toMatchObject({ status: 10, message: '数据已被他人修改，请刷新后重试' });
      expect((await get(id)).status).toBe('pending');
    });
  });

  describe('member window', () => {
    it('shows and hides an approved unit on the public member window', async () => {
      expect(await publicWindowIds()).toContain('demo-unit-2');
      expect((await step('demo-unit-2', 'window', { show: false })).body.status).toBe(1);
      expect(await publicWindowIds()).not.toContain('demo-unit-2');
      expect((await get('demo-unit-2')).showInWindow).toBe(false);
      // Setting the state it has changes nothing (no second log row).
      await step('demo-unit-2', 'window', { show: false });
      expect((await logsOf('demo-unit-2')).filter((l) => l.action.startsWith('window'))).toHaveLength(1);
      expect((await step('demo-unit-2', 'window', { show: true })).body.status).toBe(1);
      expect(await publicWindowIds()).toContain('demo-unit-2');
      expect((await step('demo-unit-7', 'window', { show: true })).body).toMatchObject({ status: 10, message: '只有已通过审核的会员单位才能在会员之窗展示' });
    });
  });

  describe('staff edit', () => {
    it('edits the level and other fields at once, key fields included, logged as before → after', async () => {
      const before = await get('demo-unit-6');
      const body = { ...editBody(before), name: '恒信工程咨询有限公司', memberLevel: 'director', contactPerson: '冯晓', registeredCapital: 350.5 };
      const res = await t.call('PUT', 'member-units/demo-unit-6', { token: admin, body });
      expect(res.body.status).toBe(1);
      const after = await get('demo-unit-6');
      expect(after).toMatchObject({ name: '恒信工程咨询有限公司', memberLevel: 'director', contactPerson: '冯晓', registeredCapital: 350.5, version: before.version + 1 });
      const log = (await logsOf('demo-unit-6')).at(-1);
      expect(log?.summary).toContain('单位名称「恒信项目管理咨询有限公司」→「恒信工程咨询有限公司」');
      expect(log?.summary).toContain('会员级别');
      // The member certificate prints the new name.
      const cert = await publicCertificate(after.certificate?.number ?? '');
      expect(cert.data.holderName).toBe('恒信工程咨询有限公司');

      const stale = await t.call('PUT', 'member-units/demo-unit-6', { token: admin, body: { ...body, contactPerson: '旧版本' } });
      expect(stale.statusCode).toBe(409);
      expect((await get('demo-unit-6')).contactPerson).toBe('冯晓');
    });

    it('checks the credit code (checksum, uniqueness), the phone and the level, and stores nothing on a refusal', async () => {
      const record = await get('demo-unit-5');
      const put = (over: object) => t.call('PUT', 'member-units/demo-unit-5', { token: admin, body: { ...editBody(record), ...over } });
      const wrongCheck = record.creditCode.slice(0, 17) + (record.creditCode[17] === '0' ? '1' : '0');
      expect((await put({ creditCode: wrongCheck })).body).toMatchObject({ status: 10, message: '统一社会信用代码校验位不正确' });
      const taken = (await get('demo-unit-2')).creditCode;
      expect((await put({ creditCode: taken })).body).toMatchObject({ status: 10, message: '统一社会信用代码已被其他单位使用' });
      expect((await put({ contactPhone: '12345' })).body).toMatchObject({ status: 10, message: expect.stringContaining('联系电话不正确') });
      expect((await put({ memberLevel: 'emperor' })).body).toMatchObject({ status: 10, message: '会员级别不在字典中：emperor' });
      expect((await put({ name: '   ' })).body).toMatchObject({ status: 10, message: '单位名称不能为空' });
      expect((await get('demo-unit-5')).version).toBe(record.version);
      // A lower-case code with a correct checksum is stored in upper case.
      const fresh = creditCode('52330100MA2H3K9QX');
      expect((await put({ creditCode: fresh.toLowerCase() })).body.status).toBe(1);
      expect((await get('demo-unit-5')).creditCode).toBe(fresh);
    });
  });

  describe('export', () => {
    it('streams the filtered list as an .xlsx with labels, in the list order', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/member-units/export?status=approved&sort=memberNo,asc', headers: { token: admin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(XLSX_TYPE);
      expect(String(res.headers['content-disposition'])).toContain('attachment');
      // Named like every export: what it holds and the Beijing day.
      const day = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`会员单位-${day}.xlsx`));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual(expect.arrayContaining(['单位名称', '统一社会信用代码', '会员级别', '会员编号', '状态', '入会日期', '有效期至', '会员之窗']));
      const col = (title: string) => header.indexOf(title) + 1;
      const rows: Record<string, string>[] = [];
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        rows.push({
          name: String(row.getCell(col('单位名称')).value),
          level: String(row.getCell(col('会员级别')).value ?? ''),
          status: String(row.getCell(col('状态')).value ?? ''),
          window: String(row.getCell(col('会员之窗')).value ?? ''),
        });
      });
      const listed = (await list('&status=approved&sort=memberNo,asc')).data.list;
      expect(rows.map((r) => r.name)).toEqual(listed.map((u) => u.name));
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['已通过']));
      expect(rows.find((r) => r.name === '之江社会风险研究院有限公司')).toMatchObject({ level: '会长单位', window: '是' });
      const logged = await db().selectFrom('operation_logs').select('summary').where('entity', '=', 'member-unit').where('action', '=', 'export').execute();
      expect(logged.at(-1)?.summary).toContain('status=approved');
    });

    it('exports a keyword filter, an empty result as a header only, and refuses a bad sort before the download', async () => {
      const one = await t.app.inject({ method: 'GET', url: `/api/v1/member-units/export?keyword=${encodeURIComponent('明理')}`, headers: { token: admin } });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(one.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0].rowCount).toBe(2);
      expect(String(book.worksheets[0].getRow(2).getCell(1).value)).toBe('明理律师事务所');

      const none = await t.app.inject({ method: 'GET', url: '/api/v1/member-units/export?keyword=nobody-at-all', headers: { token: admin } });
      const empty = new ExcelJS.Workbook();
      await empty.xlsx.load(none.rawPayload as unknown as ArrayBuffer);
      expect(empty.worksheets[0].rowCount).toBe(1);

      const bad = await t.call('GET', 'member-units/export?sort=phone,asc', { token: admin });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toMatchObject({ status: 10, message: '不支持按 phone 排序' });
    });
  });
});

/** The PUT body that saves a record unchanged. */
function editBody(r: MemberUnitRecord) {
  return {
    name: r.name,
    creditCode: r.creditCode,
    legalRepresentative: r.legalRepresentative,
    contactPerson: r.contactPerson,
    contactPhone: r.contactPhone,
    email: r.email,
    address: r.address,
    establishedOn: r.establishedOn,
    registeredCapital: r.registeredCapital,
    staffCount: r.staffCount,
    memberLevel: r.memberLevel,
    businessScope: r.businessScope,
    introduction: r.introduction,
    logoFileId: r.logoFileId,
    businessLicenceFileIds: r.businessLicenceFileIds,
    qualificationFileIds: r.qualificationFileIds,
    version: r.version,
  };
}
