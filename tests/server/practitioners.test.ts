/**
 * 从业人员管理 (/practitioners): who sees which records and how much of their personal
 * information, create with the account, every workflow move and the illegal ones, ownership
 * (by list, id, export and file), the audited reveal, the export, delete, and that the raw
 * database holds no plaintext ID number or phone.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { StoredFile } from '@common/schemas/files';
import type { RevealResult } from '@common/schemas/membership';
import {
  PRACTITIONER_MESSAGES,
  type PractitionerApproveResult,
  type PractitionerCreatedResult,
  type PractitionerDetail,
  type PractitionerRecord,
} from '@common/schemas/practitioners';
import { insertRole } from '../../server/security/roles';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { addAccount, pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid 18-character ID number (region 110101, which the demo data does not use). */
function idCard(seq: number, birth = '19900101'): string {
  const body = `110101${birth}${String(seq % 1000).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body[i]) * ID_WEIGHTS[i];
  return body + '10X98765432'[sum % 11];
}

const MASKED_ID = /^\d{6}\*{8}[\dX]{4}$/;
const WHOLE_ID = /^\d{17}[\dX]$/;

async function addStaff(t: TestContext, login: string, codes: string[]): Promise<string> {
  const roleId = await insertRole(t.db.kysely, { code: `role-${login}`, name: login, permissions: codes }, new Date().toISOString());
  await addAccount(t, login, 1, null);
  const account = await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', login).executeTakeFirstOrThrow();
  await t.db.kysely.insertInto('account_roles').values({ account_id: account.id, role_id: roleId }).execute();
  return t.login(login, 'Other@2026x', 1);
}

describe.each(dialects)('practitioners on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let unit: string;
  let otherUnit: string;
  let pendingUnit: string;
  let self: string;
  let contentStaff: string;
  let viewOnly: string;
  let exporter: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    self = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    contentStaff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    otherUnit = await addAccount(t, 'other_unit', 2, 'demo-unit-2');
    pendingUnit = await addAccount(t, 'pending_unit', 2, 'demo-unit-7');
    viewOnly = await addStaff(t, 'prac_viewer', ['member:practitioner:view']);
    exporter = await addStaff(t, 'prac_exporter', ['member:practitioner:view', 'member:practitioner:export']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.kysely;
  const list = async (token: string, query = '') => {
    const res = await t.call<Page<PractitionerRecord>>('GET', `practitioners?pageSize=100${query}`, { token });
    expect(res.body.status).toBe(1);
    return res.body.data;
  };
  const fields = (over: Record<string, unknown> = {}) => {
    seq += 1;
    return { name: `测试人员${seq}`, idCardNo: idCard(seq), phone: `139${String(10_000_000 + seq).slice(-8)}`, education: 'bachelor', entryDate: '2024-03-01', ...over };
  };
  const create = async (token: string, over: Record<string, unknown> = {}) => {
    const body = fields(over);
    const res = await t.call<PractitionerCreatedResult>('POST', 'practitioners', { token, body });
    expect(res.body.message).toBe('从业人员已登记，等待协会审核');
    return { ...res.body.data, body };
  };
  const detail = async (token: string, id: string) => (await t.call<PractitionerDetail>('GET', `practitioners/${id}`, { token })).body.data;
  const logs = (entityId: string, action?: string) => {
    let q = db().selectFrom('operation_logs').select(['action', 'summary']).where('entity', '=', 'practitioner').where('entity_id', '=', entityId);
    if (action) q = q.where('action', '=', action);
    return q.execute();
  };

  describe('lists and masking', () => {
    it('staff see every record, masked, and may reveal with the code', async () => {
      const page = await list(admin);
      const total = Number((await db().selectFrom('practitioners').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect(page.total).toBe(total);
      expect(page.list.length).toBeGreaterThan(10);
      for (const r of page.list) {
        expect(r.idCardNo).toMatch(MASKED_ID);
        expect(r.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
        expect(r.piiMasked).toBe(true);
        expect(r.canReveal).toBe(true);
        expect(r.unitName).not.toBe('');
      }
      // Without the reveal code: masked and no 查看.
      const plain = await list(viewOnly);
      expect(plain.list.every((r) => r.canReveal === false && MASKED_ID.test(r.idCardNo))).toBe(true);
    });

    it('a unit sees its own only, masked, and may reveal them', async () => {
      const page = await list(unit);
      expect(page.total).toBeGreaterThan(0);
      expect(page.list.every((r) => r.unitId === 'demo-unit-1')).toBe(true);
      expect(page.list.every((r) => MASKED_ID.test(r.idCardNo) && r.canReveal)).toBe(true);
      // A filter naming another unit changes nothing for a unit.
      const other = await list(unit, '&unitId=demo-unit-2');
      expect(other.list.every((r) => r.unitId === 'demo-unit-1')).toBe(true);
    });

    it('a practitioner sees only themselves, whole', async () => {
      const page = await list(self);
      expect(page.total).toBe(1);
      expect(page.list[0].id).toBe('demo-practitioner-1');
      expect(page.list[0].idCardNo).toMatch(WHOLE_ID);
      expect(page.list[0].phone).toMatch(/^\d{11}$/);
      expect(page.list[0].piiMasked).toBe(false);
      const mine = await detail(self, 'demo-practitioner-1');
      expect(mine.idCardNo).toMatch(WHOLE_ID);
      expect(mine.certificate?.number).toBe(page.list[0].certificateNo);
      const other = await t.call('GET', 'practitioners/demo-practitioner-2', { token: self });
      expect(other.statusCode).toBe(403);
    });

    it('refuses staff without the code, and answers with Cache-Control: no-store', async () => {
      const refused = await t.call('GET', 'practitioners', { token: contentStaff });
      expect(refused.statusCode).toBe(403);
      const res = await t.call('GET', 'practitioners', { token: admin });
      expect(res.headers['cache-control']).toBe('no-store');
      const one = await t.call('GET', 'practitioners/demo-practitioner-1', { token: admin });
      expect(one.headers['cache-control']).toBe('no-store');
    });

    it('filters by status, unit, education and certificate, and sorts by name', async () => {
      const pending = await list(admin, '&status=pending');
      expect(pending.list.length).toBeGreaterThan(0);
      expect(pending.list.every((r) => r.status === 'pending')).toBe(true);
      const unit2 = await list(admin, '&unitId=demo-unit-2&education=master');
      expect(unit2.list.length).toBeGreaterThan(0);
      expect(unit2.list.every((r) => r.unitId === 'demo-unit-2' && r.education === 'master')).toBe(true);
      const withCert = await list(admin, '&certificate=has');
      expect(withCert.list.every((r) => r.status === 'approved' && r.certificateNo)).toBe(true);
      const expired = await list(admin, '&certificate=expired');
      expect(expired.list.map((r) => r.name)).toContain('宋文博');
      const sorted = await list(admin, '&sort=name,asc');
      const names = sorted.list.map((r) => r.name);
      expect(names).toEqual([...names].sort());
      const bad = await t.call('GET', 'practitioners?sort=idCardNo,asc', { token: admin });
      expect(bad.body.status).toBe(10);
    });
  });

  describe('create', () => {
    it('a unit adds a pending practitioner with an authType-3 account shown once', async () => {
      const made = await create(unit);
      expect(made.loginAccount).toMatch(/^ry\d{8}$/);
      expect(made.initialPassword.length).toBeGreaterThanOrEqual(12);
      const record = await detail(unit, made.id);
      expect(record).toMatchObject({ status: 'pending', unitId: 'demo-unit-1', loginAccount: made.loginAccount, accountEnabled: true });
      expect(record.reviewHistory.map((h) => [h.what, h.status])).toEqual([['practitioner', 'pending']]);
      const account = await db().selectFrom('accounts').selectAll().where('login_account', '=', made.loginAccount).executeTakeFirstOrThrow();
      expect(account).toMatchObject({ auth_type: 3, practitioner_id: made.id, unit_id: 'demo-unit-1', must_change_password: 1 });
      expect(account.phone).toBeNull();
      // The practitioner can log in and sees their own record whole.
      const token = await t.login(made.loginAccount, made.initialPassword, 3);
      const own = await list(token);
      expect(own.list.map((r) => r.idCardNo)).toEqual([made.body.idCardNo]);
      expect((await logs(made.id, 'create'))[0].summary).toContain(made.body.name);
    });

    it('stores no plaintext ID number or phone (columns, log, and the raw SQLite file)', async () => {
      const made = await create(unit);
      const raw = await db().selectFrom('practitioners').select(['id_card_enc', 'phone_enc', 'id_card_hash']).where('id', '=', made.id).executeTakeFirstOrThrow();
      expect(raw.id_card_enc).not.toContain(made.body.idCardNo);
      expect(raw.id_card_enc.startsWith('pii1:')).toBe(true);
      expect(raw.phone_enc).not.toContain(made.body.phone);
      expect(raw.id_card_hash).not.toContain(made.body.idCardNo);
      const logged = await db().selectFrom('operation_logs').select('summary').execute();
      expect(logged.some((l) => l.summary.includes(made.body.idCardNo) || l.summary.includes(made.body.phone))).toBe(false);
      const reviews = await db().selectFrom('reviews').select(['payload', 'subject_name']).where('subject_id', '=', made.id).execute();
      expect(JSON.stringify(reviews)).not.toContain(made.body.idCardNo);
      if (dialect === 'sqlite') {
        const dir = t.config.dataDir;
        const bytes = fs
          .readdirSync(dir)
          .filter((f) => f.startsWith('app.db'))
          .map((f) => fs.readFileSync(path.join(dir, f)).toString('latin1'))
          .join('');
        expect(bytes).not.toContain(made.body.idCardNo);
        expect(bytes).not.toContain(made.body.phone);
      }
    });

    it('refuses a wrong check digit, a bad phone, an unknown dictionary value and changes nothing', async () => {
      const before = (await list(admin)).total;
      const wrong = `${idCard(900).slice(0, 17)}${idCard(900).endsWith('1') ? '2' : '1'}`;
      const res = await t.call('POST', 'practitioners', { token: unit, body: fields({ idCardNo: wrong }) });
      expect(res.body.status).toBe(10);
      expect(res.body.message).toContain('身份证号码校验位不正确');
      const phone = await t.call('POST', 'practitioners', { token: unit, body: fields({ phone: '12345' }) });
      expect(phone.body.message).toContain('手机号码不正确');
      const dict = await t.call('POST', 'practitioners', { token: unit, body: fields({ education: 'phd' }) });
      expect(dict.body.message).toContain('学历“phd”不在字典中');
      expect((await list(admin)).total).toBe(before);
    });

    it('refuses the same person twice while one record is live; names the record only to the unit that holds it', async () => {
      const first = await create(unit);
      const again = await t.call('POST', 'practitioners', { token: unit, body: fields({ idCardNo: first.body.idCardNo.toLowerCase() }) });
      expect(again.body.status).toBe(10);
      expect(again.body.message).toBe(PRACTITIONER_MESSAGES.duplicateIdCard);
      // Another unit is not told, even with the name the record holds (server/modules/practitioners/idCardCheck.ts).
      const itsName = await t.call('POST', 'practitioners', { token: otherUnit, body: fields({ idCardNo: first.body.idCardNo, name: first.body.name }) });
      expect(itsName.body).toMatchObject({ status: 10, message: PRACTITIONER_MESSAGES.idCardUnavailable });
    });

    it('two units adding the same person (two names) at the same moment: one record, the other refused', async () => {
      const body = fields();
      const [a, b] = await Promise.all([
        t.call('POST', 'practitioners', { token: unit, body }),
        t.call('POST', 'practitioners', { token: otherUnit, body: { ...body, name: `${body.name}乙` } }),
      ]);
      const statuses = [a.body.status, b.body.status].sort();
      expect(statuses).toEqual([1, 10]);
      // The record is the other unit's, so the unit that lost is not told that a record holds the number.
      expect([a, b].find((r) => r.body.status === 10)?.body.message).toBe(PRACTITIONER_MESSAGES.idCardUnavailable);
      const live = await list(admin, `&keyword=${body.idCardNo}`);
      expect(live.total).toBe(1);
    });

    it('refuses a unit not yet approved, and a unit adding for another unit', async () => {
      const res = await t.call('POST', 'practitioners', { token: pendingUnit, body: fields() });
      expect(res.body.message).toBe(PRACTITIONER_MESSAGES.unitNotApproved);
      const other = await t.call('POST', 'practitioners', { token: unit, body: fields({ unitId: 'demo-unit-2' }) });
      expect(other.statusCode).toBe(403);
      const staffNoUnit = await t.call('POST', 'practitioners', { token: admin, body: fields() });
      expect(staffNoUnit.body.message).toBe('请选择所属单位');
      const staffPending = await t.call('POST', 'practitioners', { token: admin, body: fields({ unitId: 'demo-unit-7' }) });
      expect(staffPending.body.message).toBe(PRACTITIONER_MESSAGES.unitNotApproved);
      const byStaff = await create(admin, { unitId: 'demo-unit-3' });
      expect((await detail(admin, byStaff.id)).unitName).not.toBe('');
    });

    it('finds a person by the whole ID number only (exact, through the hash)', async () => {
      const made = await create(unit);
      const found = await list(admin, `&keyword=${made.body.idCardNo}`);
      expect(found.list.map((r) => r.id)).toEqual([made.id]);
      const part = await list(admin, `&keyword=${made.body.idCardNo.slice(0, 10)}`);
      expect(part.list).toHaveLength(0);
      const byName = await list(admin, `&keyword=${encodeURIComponent(made.body.name)}`);
      expect(byName.list.map((r) => r.id)).toContain(made.id);
    });
  });

  describe('workflow', () => {
    it('approve gives the certificate; approving twice and leaving a pending one are refused', async () => {
      const made = await create(unit);
      const early = await t.call('POST', `practitioners/${made.id}/leave`, { token: unit, body: { reason: '个人原因' } });
      expect(early.body.status).toBe(10);
      expect(early.body.message).toContain('只有「已通过」的记录可以办理离职');
      const byUnit = await t.call('POST', `practitioners/${made.id}/approve`, { token: unit, body: {} });
      expect(byUnit.statusCode).toBe(403);
      const approved = await t.call<PractitionerApproveResult>('POST', `practitioners/${made.id}/approve`, { token: admin, body: { comment: '材料齐全' } });
      expect(approved.body.status).toBe(1);
      const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      const expected = new Date(`${today}T00:00:00Z`);
      expected.setUTCFullYear(expected.getUTCFullYear() + 3);
      expected.setUTCDate(expected.getUTCDate() - 1);
      expect(approved.body.data.validUntil).toBe(expected.toISOString().slice(0, 10));
      expect(approved.body.data.certificateNo).toMatch(/^WPRY\d{4}\d{3,}$/);
      const record = await detail(admin, made.id);
      expect(record).toMatchObject({ status: 'approved', certificateNo: approved.body.data.certificateNo });
      expect(record.certificate).toMatchObject({ number: approved.body.data.certificateNo, state: 'valid' });
      expect(record.reviewHistory.at(-1)).toMatchObject({ status: 'approved', comment: '材料齐全' });
      const twice = await t.call('POST', `practitioners/${made.id}/approve`, { token: admin, body: {} });
      expect(twice.body.status).toBe(10);
      expect(twice.body.message).toContain('只有「待审核」的记录可以审核通过');
      const rejectApproved = await t.call('POST', `practitioners/${made.id}/reject`, { token: admin, body: { reason: 'x' } });
      expect(rejectApproved.body.status).toBe(10);
      expect(await logs(made.id, 'approve')).toHaveLength(1);
    });

    it('approve with a given validity; a validity before today is refused', async () => {
      const made = await create(unit);
      const past = await t.call('POST', `practitioners/${made.id}/approve`, { token: admin, body: { validUntil: '2020-01-01' } });
      expect(past.body.message).toBe('证书有效期必须晚于发证日期');
      const res = await t.call<PractitionerApproveResult>('POST', `practitioners/${made.id}/approve`, { token: admin, body: { validUntil: '2030-06-30' } });
      expect(res.body.data.validUntil).toBe('2030-06-30');
    });

    it('a certificate ending within 90 days shows under 即将到期; its number finds it from its start', async () => {
      const made = await create(unit);
      const soon = new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
      const res = await t.call<PractitionerApproveResult>('POST', `practitioners/${made.id}/approve`, { token: admin, body: { validUntil: soon } });
      expect((await list(admin, '&certificate=expiring')).list.map((r) => r.id)).toContain(made.id);
      expect((await list(admin, '&certificate=expired')).list.map((r) => r.id)).not.toContain(made.id);
      const byNumber = await list(admin, `&keyword=${res.body.data.certificateNo.toLowerCase()}`);
      expect(byNumber.list.map((r) => r.id)).toEqual([made.id]);
      expect(byNumber.list[0].certificateValidUntil).toBe(soon);
    });

    it('reject needs a reason; the unit corrects and resubmits; a new review opens', async () => {
      const made = await create(unit);
      const noReason = await t.call('POST', `practitioners/${made.id}/reject`, { token: admin, body: {} });
      expect(noReason.statusCode).toBe(400);
      const blank = await t.call('POST', `practitioners/${made.id}/reject`, { token: admin, body: { reason: '   ' } });
      expect(blank.body.message).toBe('请填写驳回原因');
      const rejected = await t.call('POST', `practitioners/${made.id}/reject`, { token: admin, body: { reason: '缺少学历证书' } });
      expect(rejected.body.status).toBe(1);
      let record = await detail(unit, made.id);
      expect(record).toMatchObject({ status: 'rejected', rejectReason: '缺少学历证书' });
      const resubmitPending = await t.call('POST', `practitioners/${made.id}/resubmit`, { token: unit, body: {} });
      expect(resubmitPending.body.status).toBe(1);
      record = await detail(unit, made.id);
      expect(record.status).toBe('pending');
      expect(record.rejectReason).toBeNull();
      expect(record.reviewHistory.map((h) => h.status)).toEqual(['rejected', 'pending']);
      const again = await t.call('POST', `practitioners/${made.id}/resubmit`, { token: unit, body: {} });
      expect(again.body.message).toContain('只有「已驳回」的记录可以重新提交审核');
    });

    it('leave: status left, certificate revoked, account disabled; a left one cannot leave again', async () => {
      const made = await create(unit);
      const approved = await t.call<PractitionerApproveResult>('POST', `practitioners/${made.id}/approve`, { token: admin, body: {} });
      const token = await t.login(made.loginAccount, made.initialPassword, 3);
      const future = await t.call('POST', `practitioners/${made.id}/leave`, { token: unit, body: { reason: '个人原因', leftOn: '2199-01-01' } });
      expect(future.body.message).toBe('离职日期不能晚于今天');
      const left = await t.call('POST', `practitioners/${made.id}/leave`, { token: unit, body: { reason: '个人原因' } });
      expect(left.body.status).toBe(1);
      const record = await detail(admin, made.id);
      expect(record.status).toBe('left');
      expect(record.leftOn).not.toBeNull();
      expect(record.accountEnabled).toBe(false);
      expect(record.certificate).toMatchObject({ state: 'revoked', revokedReason: '离职注销' });
      const cert = await t.call<{ state: string }>('GET', `public/certificates/${approved.body.data.certificateNo}`);
      expect(cert.body.data.state).toBe('revoked');
      // The practitioner's session ends with the account.
      expect((await t.call('GET', 'practitioners', { token })).statusCode).toBe(401);
      const twice = await t.call('POST', `practitioners/${made.id}/leave`, { token: unit, body: { reason: '再次' } });
      expect(twice.body.status).toBe(10);
      const edit = await t.call('PUT', `practitioners/${made.id}`, { token: unit, body: { name: record.name, version: record.version } });
      expect(edit.body.message).toBe('已离职的从业人员记录不能修改');
    });

    it('delete: only a never-approved record, with its account', async () => {
      const made = await create(unit);
      const res = await t.call('DELETE', `practitioners/${made.id}`, { token: unit });
      expect(res.body.status).toBe(1);
      expect(await db().selectFrom('practitioners').select('id').where('id', '=', made.id).executeTakeFirst()).toBeUndefined();
      expect(await db().selectFrom('accounts').select('id').where('login_account', '=', made.loginAccount).executeTakeFirst()).toBeUndefined();
      expect(await db().selectFrom('reviews').select('id').where('subject_id', '=', made.id).executeTakeFirst()).toBeUndefined();
      expect(await logs(made.id, 'delete')).toHaveLength(1);
      const approved = await t.call('DELETE', 'practitioners/demo-practitioner-2', { token: admin });
      expect(approved.body.message).toContain('只有从未通过审核的');
      const left = await t.call('DELETE', 'practitioners/demo-practitioner-25', { token: admin });
      expect(left.body.status).toBe(10);
      const noCode = await t.call('DELETE', 'practitioners/demo-practitioner-24', { token: viewOnly });
      expect(noCode.statusCode).toBe(403);
    });
  });

  describe('edit', () => {
    it('a unit edits its pending record freely; approved ones not in name or ID number; a stale version is 409', async () => {
      const made = await create(unit);
      let record = await detail(unit, made.id);
      const newId = idCard(777);
      const res = await t.call('PUT', `practitioners/${made.id}`, {
        token: unit,
        body: { name: '改名后', idCardNo: newId, major: '社会学', version: record.version },
      });
      expect(res.body.status).toBe(1);
      record = await detail(unit, made.id);
      expect(record).toMatchObject({ name: '改名后', major: '社会学', education: 'bachelor' });
      expect((await list(admin, `&keyword=${newId}`)).list.map((r) => r.id)).toEqual([made.id]);
      const stale = await t.call('PUT', `practitioners/${made.id}`, { token: unit, body: { name: '又改', version: record.version - 1 } });
      expect(stale.statusCode).toBe(409);
      const summary = (await logs(made.id, 'update'))[0].summary;
      expect(summary).toContain('身份证号码');
      expect(summary).not.toContain(newId);

      await t.call('POST', `practitioners/${made.id}/approve`, { token: admin, body: {} });
      record = await detail(unit, made.id);
      const rename = await t.call('PUT', `practitioners/${made.id}`, { token: unit, body: { name: '再改名', version: record.version } });
      expect(rename.body.message).toContain('单位不能修改姓名、性别和身份证号码');
      const reId = await t.call('PUT', `practitioners/${made.id}`, { token: unit, body: { name: record.name, idCardNo: idCard(778), version: record.version } });
      expect(reId.body.message).toContain('单位不能修改姓名、性别和身份证号码');
      const ok = await t.call('PUT', `practitioners/${made.id}`, { token: unit, body: { name: record.name, position: '项目经理', version: record.version } });
      expect(ok.body.status).toBe(1);
      // Staff may correct the name; the certificate follows.
      record = await detail(admin, made.id);
      const staff = await t.call('PUT', `practitioners/${made.id}`, { token: admin, body: { name: '协会更正', version: record.version } });
      expect(staff.body.status).toBe(1);
      const cert = await db().selectFrom('certificates').select('holder_name').where('number', '=', record.certificateNo ?? '').executeTakeFirstOrThrow();
      expect(cert.holder_name).toBe('协会更正');
    });
  });

  describe('ownership', () => {
    it("unit A can neither read nor change unit B's practitioners, by list, id, step, reveal or export", async () => {
      const theirs = 'demo-practitioner-7'; // demo-unit-2
      expect((await list(unit)).list.some((r) => r.id === theirs)).toBe(false);
      expect((await t.call('GET', `practitioners/${theirs}`, { token: unit })).statusCode).toBe(403);
      const record = await detail(admin, theirs);
      const edit = await t.call('PUT', `practitioners/${theirs}`, { token: unit, body: { name: '篡改', version: record.version } });
      expect(edit.statusCode).toBe(403);
      expect((await t.call('POST', `practitioners/${theirs}/leave`, { token: unit, body: { reason: 'x' } })).statusCode).toBe(403);
      expect((await t.call('POST', `practitioners/${theirs}/reveal`, { token: unit, body: { field: 'idCardNo' } })).statusCode).toBe(403);
      expect((await t.call('DELETE', 'practitioners/demo-practitioner-24', { token: unit })).statusCode).toBe(403);
      expect((await detail(admin, theirs)).name).toBe(record.name);
      const missing = await t.call('GET', 'practitioners/nobody', { token: unit });
      expect(missing.statusCode).toBe(404);
    });

    it("another unit cannot download a practitioner's photo; the unit and the practitioner can", async () => {
      const png = await upload<StoredFile>(t, unit, pngBytes(2048), { name: '证件照.png' });
      expect(png.body.status).toBe(1);
      const made = await create(unit, { photoFileId: png.body.data.fileId });
      const record = await detail(unit, made.id);
      expect(record.photo?.fileId).toBe(png.body.data.fileId);
      const foreign = await t.app.inject({ method: 'GET', url: `/api/v1/file/download/${png.body.data.fileId}`, headers: { token: otherUnit } });
      expect(foreign.statusCode).toBe(403);
      const selfToken = await t.login(made.loginAccount, made.initialPassword, 3);
      const own = await t.app.inject({ method: 'GET', url: `/api/v1/file/download/${png.body.data.fileId}`, headers: { token: selfToken } });
      expect(own.statusCode).toBe(200);
      // Nor may another unit attach a file it cannot read: refused as a missing one (server/files/attach.ts).
      const steal = await t.call('POST', 'practitioners', { token: otherUnit, body: fields({ photoFileId: png.body.data.fileId }) });
      expect(steal.body).toMatchObject({ status: 10, message: '照片不存在，请重新上传' });
    });
  });

  describe('reveal', () => {
    it('the unit reveals its own practitioner, audited by field and never the value', async () => {
      const made = await create(unit);
      const res = await t.call<RevealResult>('POST', `practitioners/${made.id}/reveal`, { token: unit, body: { field: 'idCardNo' } });
      expect(res.body.data).toEqual({ field: 'idCardNo', value: made.body.idCardNo });
      expect(res.headers['cache-control']).toBe('no-store');
      const phone = await t.call<RevealResult>('POST', `practitioners/${made.id}/reveal`, { token: admin, body: { field: 'phone' } });
      expect(phone.body.data.value).toBe(made.body.phone);
      const audit = await logs(made.id, 'reveal');
      expect(audit.map((a) => a.summary).sort()).toEqual([`查看从业人员「${made.body.name}」的完整手机号码`, `查看从业人员「${made.body.name}」的完整身份证号码`].sort());
      expect(audit.some((a) => a.summary.includes(made.body.idCardNo))).toBe(false);
    });

    it('staff without the reveal code are refused, and nothing is logged', async () => {
      const before = (await logs('demo-practitioner-3', 'reveal')).length;
      const res = await t.call('POST', 'practitioners/demo-practitioner-3/reveal', { token: viewOnly, body: { field: 'idCardNo' } });
      expect(res.statusCode).toBe(403);
      expect((await logs('demo-practitioner-3', 'reveal')).length).toBe(before);
      const bad = await t.call('POST', 'practitioners/demo-practitioner-3/reveal', { token: admin, body: { field: 'email' } });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('export', () => {
    const readXlsx = async (buffer: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const rows: string[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
      return rows;
    };
    const exportAs = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/v1/practitioners/export${query}`, headers: { token } });

    it('staff export the filtered list, masked; the file parses', async () => {
      const res = await exportAs(exporter, '?unitId=demo-unit-2');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const rows = await readXlsx(res.rawPayload);
      const header = rows[0];
      expect(header.slice(0, 4)).toEqual(['姓名', '性别', '身份证号码', '手机号码']);
      const total = (await list(admin, '&unitId=demo-unit-2')).total;
      expect(rows.length - 1).toBe(total);
      const idCol = header.indexOf('身份证号码');
      expect(rows.slice(1).every((r) => MASKED_ID.test(r[idCol]))).toBe(true);
      expect(rows.slice(1).every((r) => r[header.indexOf('所属单位')] !== '')).toBe(true);
      const logged = await db().selectFrom('operation_logs').select('summary').where('action', '=', 'export').where('entity', '=', 'practitioner').execute();
      expect(logged.length).toBeGreaterThan(0);
    });

    it('whole ID numbers need the separate permission and are audited', async () => {
      const refused = await exportAs(exporter, '?sensitive=true');
      expect(refused.statusCode).toBe(403);
      expect((await exportAs(unit, '?sensitive=true')).statusCode).toBe(403);
      const res = await exportAs(admin, '?sensitive=true&unitId=demo-unit-1');
      expect(res.statusCode).toBe(200);
      const rows = await readXlsx(res.rawPayload);
      const idCol = rows[0].indexOf('身份证号码');
      expect(rows.slice(1).every((r) => WHOLE_ID.test(r[idCol]))).toBe(true);
      const audit = await db().selectFrom('operation_logs').select('summary').where('action', '=', 'export-sensitive').execute();
      expect(audit.at(-1)?.summary).toContain('含完整身份证号码');
    });

    it('a unit exports its own only; staff without the code are refused', async () => {
      const res = await exportAs(unit, '?unitId=demo-unit-2');
      const rows = await readXlsx(res.rawPayload);
      const unitCol = rows[0].indexOf('所属单位');
      const names = new Set(rows.slice(1).map((r) => r[unitCol]));
      expect(names.size).toBe(1);
      expect(rows.length - 1).toBe((await list(unit)).total);
      expect((await exportAs(viewOnly)).statusCode).toBe(403);
      expect((await exportAs(self)).statusCode).toBe(403);
    });
  });
});
