/**
 * 年检 (/annual-inspection-years, /annual-inspections): opening a year (once), the subjects it
 * holds (and those approved later), each workflow move and each illegal one, the certificate
 * extension by a year, ownership (unit A vs unit B, a practitioner vs another) by list, id,
 * export and file, permissions (staff without the codes), the review records, operation log
 * and messages of each step, the overdue flag after the deadline and the reminder job (sent
 * once), on a test clock.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedResult, Page } from '@common/schemas/common';
import type { StoredFile } from '@common/schemas/files';
import {
  INSPECTION_MESSAGES as M,
  type InspectionDetail,
  type InspectionRecord,
  type InspectionYearRecord,
} from '@common/schemas/inspections';
import { insertRole } from '../../server/security/roles';
import { beijingDay } from '@common/calendar';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { remindInspectionDeadlines, reminderKey } from '../../server/modules/inspections/reminders';
import { addOneYear } from '../../server/modules/inspections/service';
import { reviewHandlerOf } from '../../server/workflow/reviewHandlers';
import { addAccount, pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const DAY_MINUTES = 24 * 60;
const YEAR = 2031;
const LATE_YEAR = 2032;
const UNIT_1 = 'demo-unit-1';
const UNIT_2 = 'demo-unit-2';
const SELF = 'demo-practitioner-1';

const dayPlus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(dialects)('annual inspections on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let unit: string;
  let otherUnit: string;
  let self: string;
  let viewer: string;
  let reviewer: string;
  let reviewerId: string;
  let loginCounter = 0;

  const db = () => t.db.kysely;

  async function addStaff(login: string, codes: string[]): Promise<{ token: string; id: string }> {
    const roleId = await insertRole(db(), { code: `role-${login}`, name: login, permissions: codes }, new Date().toISOString());
    await addAccount(t, login, 1, null);
    const account = await db().selectFrom('accounts').select('id').where('login_account', '=', login).executeTakeFirstOrThrow();
    await db().insertInto('account_roles').values({ account_id: account.id, role_id: roleId }).execute();
    return { token: await t.login(login, 'Other@2026x', 1), id: account.id };
  }

  /** Logs everyone in again (after the clock moved past the idle time-out). */
  async function relogin(): Promise<void> {
    loginCounter += 1;
    admin = await t.adminToken();
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    self = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    otherUnit = await t.login('insp_other_unit', 'Other@2026x', 2);
    viewer = await t.login('insp_viewer', 'Other@2026x', 1);
    reviewer = await t.login('insp_reviewer', 'Other@2026x', 1);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    self = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    otherUnit = await addAccount(t, 'insp_other_unit', 2, UNIT_2);
    viewer = (await addStaff('insp_viewer', ['inspection:view'])).token;
    const r = await addStaff('insp_reviewer', ['inspection:view', 'inspection:review']);
    reviewer = r.token;
    reviewerId = r.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const today = () => beijingDay(t.clock.now());
  const list = async (token: string, query = '') => {
    const res = await t.call<Page<InspectionRecord>>('GET', `annual-inspections?pageSize=100${query}`, { token });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data;
  };
  const years = async (token: string) => {
    const res = await t.call<InspectionYearRecord[]>('GET', 'annual-inspection-years', { token });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data;
  };
  const detail = async (token: string, id: string) => t.call<InspectionDetail>('GET', `annual-inspections/${id}`, { token });
  const rowOf = async (year: number, subjectType: 'unit' | 'practitioner', subjectId: string) =>
    db().selectFrom('annual_inspections').selectAll().where('year', '=', year).where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).executeTakeFirstOrThrow();
  const submitBody = (version: number, over: Record<string, unknown> = {}) => ({
    version,
    selfReport: '本年度完成稳评项目若干，按时参加协会培训。',
    projectsDone: 7,
    trainingHours: 48,
    fileIds: [] as string[],
    ...over,
  });
  const submit = (token: string, id: string, version: number, over: Record<string, unknown> = {}) =>
    t.call('POST', `annual-inspections/${id}/submit`, { token, body: submitBody(version, over) });
  const decide = (token: string, id: string, action: 'approve' | 'reject' | 'return', body: Record<string, unknown>) =>
    t.call<{ status: string; validUntil: string | null }>('POST', `annual-inspections/${id}/${action}`, { token, body });
  const reviews = (id: string) =>
    db().selectFrom('reviews').select(['status', 'comment', 'submitted_by_name']).where('subject_type', '=', 'annual_inspection').where('subject_id', '=', id).orderBy('created_at').execute();
  const logs = (id: string) => db().selectFrom('operation_logs').select(['action', 'summary']).where('entity', '=', 'annual-inspection').where('entity_id', '=', id).execute();
  const messagesOf = async (accountLogin: string, subjectId?: string) => {
    let q = db()
      .selectFrom('messages')
      .innerJoin('accounts', 'accounts.id', 'messages.account_id')
      .select(['messages.kind', 'messages.title', 'messages.body', 'messages.link', 'messages.dedupe_key'])
      .where('accounts.login_account', '=', accountLogin);
    if (subjectId) q = q.where('messages.subject_id', '=', subjectId);
    return q.execute();
  };
  const approvedCount = async () => {
    const units = await db().selectFrom('member_units').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'approved').executeTakeFirstOrThrow();
    const people = await db().selectFrom('practitioners').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'approved').executeTakeFirstOrThrow();
    return { units: Number(units.n), practitioners: Number(people.n) };
  };

  describe('opening a year', () => {
    it('needs inspection:manage, opens once with every approved unit and practitioner not submitted', async () => {
      const body = { year: YEAR, deadline: dayPlus(today(), 10) };
      expect((await t.call('POST', 'annual-inspection-years', { token: viewer, body })).statusCode).toBe(403);
      expect((await t.call('POST', 'annual-inspection-years', { token: unit, body })).statusCode).toBe(403);
      const past = await t.call('POST', 'annual-inspection-years', { token: admin, body: { ...body, deadline: dayPlus(today(), -1) } });
      expect(past.body).toMatchObject({ status: 10, message: M.deadlineBeforeToday });

      const opened = await t.call<CreatedResult>('POST', 'annual-inspection-years', { token: admin, body });
      expect(opened.body.status, opened.body.message).toBe(1);
      const { units, practitioners } = await approvedCount();
      expect(opened.body.message).toContain(`共 ${units + practitioners} 个年检对象`);
      const rows = await db().selectFrom('annual_inspections').select(['status', 'subject_type']).where('year', '=', YEAR).execute();
      expect(rows.filter((r) => r.subject_type === 'unit')).toHaveLength(units);
      expect(rows.filter((r) => r.subject_type === 'practitioner')).toHaveLength(practitioners);
      expect(rows.every((r) => r.status === 'not_submitted')).toBe(true);
      const log = await db().selectFrom('operation_logs').select('summary').where('entity', '=', 'annual-inspection-year').where('entity_id', '=', opened.body.data.id).execute();
      expect(log[0].summary).toContain(`开启${YEAR}年度年检`);

      const again = await t.call('POST', 'annual-inspection-years', { token: admin, body });
      expect(again.body).toMatchObject({ status: 10, message: M.yearExists(YEAR) });
      expect(again.statusCode).toBe(400);

      const listed = (await years(admin)).find((y) => y.year === YEAR);
      expect(listed).toMatchObject({ status: 'open', deadline: body.deadline, pastDeadline: false });
      expect(listed?.counts).toMatchObject({ total: units + practitioners, notSubmitted: units + practitioners, submitted: 0, overdue: 0 });
    });

    it('a practitioner approved after the year opened becomes a subject, and the counts follow', async () => {
      const before = (await years(admin)).find((y) => y.year === YEAR)?.counts.total ?? 0;
      const pending = await db().selectFrom('practitioners').select(['id', 'name', 'version', 'unit_id']).where('status', '=', 'pending').executeTakeFirstOrThrow();
      const approved = await t.call('POST', `practitioners/${pending.id}/approve`, { token: admin, body: { version: pending.version } });
      expect(approved.body.status, approved.body.message).toBe(1);
      const found = await list(admin, `&year=${YEAR}&subjectType=practitioner&keyword=${encodeURIComponent(pending.name)}`);
      expect(found.list.map((r) => r.subjectId)).toContain(pending.id);
      expect(found.list.find((r) => r.subjectId === pending.id)).toMatchObject({ status: 'not_submitted', unitId: pending.unit_id });
      expect((await years(admin)).find((y) => y.year === YEAR)?.counts.total).toBe(before + 1);
    });
  });

  describe('who sees what', () => {
    it('staff see all; a unit its own and its practitioners; a practitioner only their own', async () => {
      const all = await list(admin, `&year=${YEAR}`);
      expect(new Set(all.list.map((r) => r.unitId)).size).toBeGreaterThan(1);

      const mine = await list(unit, `&year=${YEAR}`);
      expect(mine.total).toBeGreaterThan(1);
      expect(mine.list.every((r) => r.unitId === UNIT_1)).toBe(true);
      expect(mine.list.some((r) => r.subjectType === 'unit' && r.subjectId === UNIT_1)).toBe(true);
      expect(mine.list.some((r) => r.subjectType === 'practitioner')).toBe(true);
      // Naming another unit shows nothing of it.
      expect((await list(unit, `&year=${YEAR}&unitId=${UNIT_2}`)).total).toBe(0);

      const own = await list(self, `&year=${YEAR}`);
      expect(own.list).toHaveLength(1);
      expect(own.list[0]).toMatchObject({ subjectType: 'practitioner', subjectId: SELF, actions: ['submit'] });

      const theirs = await list(otherUnit, `&year=${YEAR}`);
      expect(theirs.list.every((r) => r.unitId === UNIT_2)).toBe(true);

      // Counts are the caller's too.
      const unitYear = (await years(unit)).find((y) => y.year === YEAR);
      expect(unitYear?.counts.total).toBe(mine.total);
    });

    it('refuses another unit or practitioner by id; staff without inspection:view get nothing', async () => {
      const unitRow = await rowOf(YEAR, 'unit', UNIT_1);
      expect((await detail(otherUnit, unitRow.id)).statusCode).toBe(403);
      expect((await detail(self, unitRow.id)).statusCode).toBe(403);
      expect((await detail(unit, unitRow.id)).body.status).toBe(1);
      const other = await rowOf(YEAR, 'practitioner', 'demo-practitioner-2');
      expect((await detail(self, other.id)).statusCode).toBe(403);
      expect((await detail(admin, 'no-such-id')).statusCode).toBe(404);
      const content = await t.login('demo_staff', DEMO_PASSWORD, 1);
      expect((await t.call('GET', `annual-inspections?year=${YEAR}`, { token: content })).statusCode).toBe(403);
      expect((await t.call('GET', 'annual-inspection-years', { token: content })).statusCode).toBe(403);
    });
  });

  describe('the workflow', () => {
    let unitRowId: string;
    let fileId: string;

    it('a unit submits for itself (with a file): review opened, logged, reviewers told', async () => {
      const row = await rowOf(YEAR, 'unit', UNIT_1);
      unitRowId = row.id;
      const uploaded = await upload<StoredFile>(t, unit, pngBytes(2048), { name: '年检自查报告.png' });
      expect(uploaded.body.status, uploaded.body.message).toBe(1);
      fileId = uploaded.body.data.fileId;

      // Staff cannot submit; a missing self report is refused with its field.
      expect((await submit(admin, row.id, row.version)).statusCode).toBe(403);
      const blank = await submit(unit, row.id, row.version, { selfReport: '   ' });
      expect(blank.body).toMatchObject({ status: 10, message: M.selfReportRequired });

      const res = await submit(unit, row.id, row.version, { fileIds: [fileId] });
      expect(res.body.status, res.body.message).toBe(1);
      expect(res.body.message).toBe('年检已提交，等待协会审核');
      const after = await rowOf(YEAR, 'unit', UNIT_1);
      expect(after).toMatchObject({ status: 'submitted', projects_done: 7, training_hours: 48 });
      expect(await reviews(row.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
      expect((await logs(row.id)).map((l) => l.action)).toEqual(['submit']);
      const told = await messagesOf('insp_reviewer', row.id);
      expect(told).toEqual([expect.objectContaining({ kind: 'submission', link: `/Manage/annual-inspection-record?id=${row.id}` })]);
      // Staff without inspection:review are not told.
      expect(await messagesOf('insp_viewer', row.id)).toHaveLength(0);

      const seen = await detail(unit, row.id);
      expect(seen.body.data.files.map((f) => f.fileId)).toEqual([fileId]);
      expect(seen.body.data.reviewHistory).toHaveLength(1);
      expect(seen.body.data.actions).toEqual([]);
    });

    it('refuses a second submission, and a decision without the code or on a not-submitted record', async () => {
      const row = await rowOf(YEAR, 'unit', UNIT_1);
      const twice = await submit(unit, row.id, row.version);
      expect(twice.body).toMatchObject({ status: 10, message: M.alreadySubmitted });

      expect((await decide(viewer, row.id, 'approve', { version: row.version })).statusCode).toBe(403);
      expect((await decide(unit, row.id, 'approve', { version: row.version })).statusCode).toBe(403);

      const untouched = await rowOf(YEAR, 'unit', UNIT_2);
      const early = await decide(admin, untouched.id, 'approve', { version: untouched.version });
      expect(early.body).toMatchObject({ status: 10, message: M.notPending('未提交') });

      const stale = await decide(admin, row.id, 'approve', { version: row.version - 1 });
      expect(stale.statusCode).toBe(409);
      const noReason = await decide(admin, row.id, 'return', { version: row.version, reason: '  ' });
      expect(noReason.body).toMatchObject({ status: 10, message: M.reasonRequired('退回') });
    });

    it('ownership of files: the other unit cannot read it, nor attach it to its own submission', async () => {
      const mine = await t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: { token: unit } });
      expect(mine.statusCode).toBe(200);
      const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: { token: otherUnit } });
      expect(theirs.statusCode).toBe(403);
      const staff = await t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: { token: admin } });
      expect(staff.statusCode).toBe(200);
      const other = await rowOf(YEAR, 'unit', UNIT_2);
      const borrowed = await submit(otherUnit, other.id, other.version, { fileIds: [fileId] });
      expect(borrowed.body).toMatchObject({ status: 10, message: M.filesMissing });
    });

    it('staff return it with a reason; the unit is told, resubmits, and a pass extends the certificate by a year', async () => {
      const row = await rowOf(YEAR, 'unit', UNIT_1);
      const returned = await decide(reviewer, row.id, 'return', { version: row.version, reason: '缺少年度财务报表' });
      expect(returned.body.status, returned.body.message).toBe(1);
      const back = await rowOf(YEAR, 'unit', UNIT_1);
      expect(back).toMatchObject({ status: 'returned', review_comment: '缺少年度财务报表', reviewer_id: reviewerId });
      const told = await messagesOf('demo_unit', row.id);
      expect(told).toEqual([expect.objectContaining({ kind: 'decision', title: expect.stringContaining('退回修改'), link: `/Manage/annual-inspection-record?id=${row.id}` })]);
      expect(told[0].body).toContain('缺少年度财务报表');

      const seen = (await list(unit, `&year=${YEAR}&subjectType=unit`)).list[0];
      expect(seen).toMatchObject({ status: 'returned', reviewComment: '缺少年度财务报表', reviewerName: 'insp_reviewer', actions: ['submit'] });

      const again = await submit(unit, row.id, back.version, { projectsDone: 8, fileIds: [fileId] });
      expect(again.body.message).toBe('年检已重新提交，等待协会审核');
      const resubmitted = await rowOf(YEAR, 'unit', UNIT_1);
      expect(resubmitted.status).toBe('resubmitted');
      // status=submitted finds the resubmitted ones too.
      expect((await list(admin, `&year=${YEAR}&status=submitted`)).list.map((r) => r.id)).toContain(row.id);

      const certBefore = await db().selectFrom('certificates').select('valid_until').where('holder_type', '=', 'unit').where('holder_id', '=', UNIT_1).where('status', '!=', 'revoked').executeTakeFirstOrThrow();
      const passed = await decide(reviewer, row.id, 'approve', { version: resubmitted.version, comment: '材料齐全' });
      expect(passed.body.status, passed.body.message).toBe(1);
      const expected = addOneYear(certBefore.valid_until);
      expect(passed.body.data).toEqual({ status: 'passed', validUntil: expected });
      const certAfter = await db().selectFrom('certificates').select('valid_until').where('holder_type', '=', 'unit').where('holder_id', '=', UNIT_1).where('status', '!=', 'revoked').executeTakeFirstOrThrow();
      expect(certAfter.valid_until).toBe(expected);
      expect(Number(expected.slice(0, 4))).toBe(Number(certBefore.valid_until.slice(0, 4)) + 1);
      const unitRow = await db().selectFrom('member_units').select('valid_until').where('id', '=', UNIT_1).executeTakeFirstOrThrow();
      expect(unitRow.valid_until).toBe(expected);

      expect((await reviews(row.id)).map((r) => r.status)).toEqual(['returned', 'approved']);
      expect((await logs(row.id)).map((l) => l.action)).toEqual(['submit', 'return', 'resubmit', 'approve']);
      expect((await messagesOf('demo_unit', row.id)).map((m) => m.title)).toEqual([expect.stringContaining('退回修改'), expect.stringContaining('通过')]);
      const history = (await detail(admin, row.id)).body.data.reviewHistory;
      expect(history.map((h) => h.status)).toEqual(['returned', 'approved']);

      // After a pass: no more submissions, no second decision.
      const after = await rowOf(YEAR, 'unit', UNIT_1);
      expect((await submit(unit, row.id, after.version)).body).toMatchObject({ status: 10, message: M.alreadyDecided('已通过') });
      expect((await decide(admin, row.id, 'reject', { version: after.version, reason: '不合格' })).body).toMatchObject({ status: 10, message: M.notPending('已通过') });
      expect(unitRowId).toBe(row.id);
    });

    it('a unit submits for its practitioner, never for another unit’s; staff fail it and both are told', async () => {
      const ownPeople = await db().selectFrom('practitioners').select('id').where('unit_id', '=', UNIT_1).where('status', '=', 'approved').where('id', '!=', SELF).execute();
      const target = await rowOf(YEAR, 'practitioner', ownPeople[0].id);
      // The other unit may not submit it (nor see it).
      const foreign = await submit(otherUnit, target.id, target.version);
      expect(foreign.statusCode).toBe(403);
      // demo_practitioner may not submit a colleague's.
      expect((await submit(self, target.id, target.version)).statusCode).toBe(403);

      const res = await submit(unit, target.id, target.version);
      expect(res.body.status, res.body.message).toBe(1);
      const submitted = await rowOf(YEAR, 'practitioner', ownPeople[0].id);
      const failed = await decide(admin, target.id, 'reject', { version: submitted.version, reason: '培训学时不足' });
      expect(failed.body.data.status).toBe('failed');
      expect((await rowOf(YEAR, 'practitioner', ownPeople[0].id)).status).toBe('failed');
      expect((await messagesOf('demo_unit', target.id)).map((m) => m.title)).toEqual([expect.stringContaining('不通过')]);
      // The certificate did not move.
      expect((await reviews(target.id)).map((r) => r.status)).toEqual(['rejected']);
    });

    it('a practitioner submits their own, not the unit’s; a pass extends their certificate and tells them', async () => {
      const unitRow = await rowOf(YEAR, 'unit', UNIT_2);
      expect((await submit(self, unitRow.id, unitRow.version)).statusCode).toBe(403);
      const row = await rowOf(YEAR, 'practitioner', SELF);
      const res = await submit(self, row.id, row.version, { trainingHours: 60 });
      expect(res.body.status, res.body.message).toBe(1);
      const review = await reviews(row.id);
      expect(review[0].submitted_by_name).toBe((await db().selectFrom('practitioners').select('name').where('id', '=', SELF).executeTakeFirstOrThrow()).name);

      const before = await db().selectFrom('practitioners').select('certificate_valid_until').where('id', '=', SELF).executeTakeFirstOrThrow();
      const certBefore = await db().selectFrom('certificates').select('valid_until').where('holder_type', '=', 'practitioner').where('holder_id', '=', SELF).where('status', '!=', 'revoked').executeTakeFirstOrThrow();
      const submitted = await rowOf(YEAR, 'practitioner', SELF);
      const passed = await decide(admin, row.id, 'approve', { version: submitted.version });
      expect(passed.body.data.validUntil).toBe(addOneYear(certBefore.valid_until));
      const after = await db().selectFrom('practitioners').select('certificate_valid_until').where('id', '=', SELF).executeTakeFirstOrThrow();
      expect(after.certificate_valid_until).toBe(addOneYear(certBefore.valid_until));
      expect(before.certificate_valid_until).not.toBe(after.certificate_valid_until);
      expect((await messagesOf('demo_practitioner', row.id)).map((m) => m.kind)).toEqual(['decision']);
      expect((await messagesOf('demo_unit', row.id)).map((m) => m.kind)).toEqual(['decision']);
      const own = (await list(self, `&year=${YEAR}`)).list[0];
      expect(own).toMatchObject({ status: 'passed', certificateValidUntil: addOneYear(certBefore.valid_until), actions: [] });
    });

    it('the business-audit queue decides through the same handler', () => {
      const handler = reviewHandlerOf('annual_inspection');
      expect(handler).toMatchObject({ kind: 'annual_inspection', permission: 'inspection:review', actions: ['approve', 'reject', 'return'] });
      expect(handler?.link({ subject_id: 'abc' } as Parameters<NonNullable<typeof handler>['link']>[0])).toBe('/Manage/annual-inspection-record?id=abc');
    });
  });

  describe('export', () => {
    async function exported(token: string, query: string) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/annual-inspections/export?${query}`, headers: { token } });
      return res;
    }
    async function sheetRows(payload: Buffer): Promise<string[][]> {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(payload as unknown as ArrayBuffer);
      const rows: string[][] = [];
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      return rows;
    }

    it('staff export a year; a unit only its own; practitioners and staff without the code cannot', async () => {
      const all = await exported(admin, `year=${YEAR}`);
      expect(all.statusCode).toBe(200);
      const rows = await sheetRows(all.rawPayload);
      expect(rows[0]).toEqual(expect.arrayContaining(['年度', '名称', '所属单位', '状态', '是否逾期']));
      const total = (await list(admin, `&year=${YEAR}`)).total;
      expect(rows.length - 1).toBe(total);
      expect(rows.some((r) => r.includes('已通过'))).toBe(true);

      const unitName = (await db().selectFrom('member_units').select('name').where('id', '=', UNIT_1).executeTakeFirstOrThrow()).name;
      const own = await exported(unit, `year=${YEAR}`);
      expect(own.statusCode).toBe(200);
      const ownRows = (await sheetRows(own.rawPayload)).slice(1);
      expect(ownRows.length).toBe((await list(unit, `&year=${YEAR}`)).total);
      expect(ownRows.every((r) => r[3] === unitName)).toBe(true);
      // A unit naming another unit exports nothing of it.
      expect((await sheetRows((await exported(unit, `year=${YEAR}&unitId=${UNIT_2}`)).rawPayload)).length).toBe(1);

      expect((await exported(self, `year=${YEAR}`)).statusCode).toBe(403);
      expect((await exported(viewer, `year=${YEAR}`)).statusCode).toBe(403);
      expect((await exported(admin, '')).json()).toMatchObject({ status: 10, message: M.yearRequiredForExport });
      const logged = await db().selectFrom('operation_logs').select('summary').where('entity', '=', 'annual-inspection').where('action', '=', 'export').execute();
      expect(logged.length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('deadline: reminders and the overdue flag (test clock)', () => {
    it('reminds units with unsubmitted subjects once, from three days before the deadline', async () => {
      const deadline = dayPlus(today(), 5);
      const opened = await t.call('POST', 'annual-inspection-years', { token: admin, body: { year: LATE_YEAR, deadline } });
      expect(opened.body.status, opened.body.message).toBe(1);
      const keyOf = (unitId: string) => reminderKey(LATE_YEAR, unitId);
      const reminders = async () =>
        db().selectFrom('messages').select(['account_id', 'dedupe_key', 'kind']).where('dedupe_key', 'like', `inspection-deadline:${LATE_YEAR}:%`).execute();

      // Five days before: nothing yet.
      await remindInspectionDeadlines(db(), t.clock.now());
      expect(await reminders()).toHaveLength(0);

      t.clock.advanceMinutes(2 * DAY_MINUTES);
      await relogin();
      const sent = await remindInspectionDeadlines(db(), t.clock.now());
      expect(sent).toBeGreaterThan(0);
      const first = await reminders();
      expect(first.every((m) => m.kind === 'reminder')).toBe(true);
      expect(first.map((m) => m.dedupe_key)).toContain(keyOf(UNIT_1));
      const unitAccount = await db().selectFrom('accounts').select('id').where('login_account', '=', 'demo_unit').executeTakeFirstOrThrow();
      expect(first.filter((m) => m.account_id === unitAccount.id)).toHaveLength(1);
      // Practitioners are not reminded by this job (their unit is).
      const selfAccount = await db().selectFrom('accounts').select('id').where('login_account', '=', 'demo_practitioner').executeTakeFirstOrThrow();
      expect(first.some((m) => m.account_id === selfAccount.id)).toBe(false);

      // Again the same day and the next: no repeats.
      expect(await remindInspectionDeadlines(db(), t.clock.now())).toBe(0);
      t.clock.advanceMinutes(DAY_MINUTES);
      await remindInspectionDeadlines(db(), t.clock.now());
      expect(await reminders()).toHaveLength(first.length);
      expect(loginCounter).toBeGreaterThan(0);
    });

    it('flags the subjects that have not submitted once the deadline has passed', async () => {
      // Before the deadline: nobody is overdue.
      await relogin();
      expect((await list(admin, `&year=${LATE_YEAR}&overdue=true`)).total).toBe(0);
      const mine = await rowOf(LATE_YEAR, 'unit', UNIT_1);
      expect((await submit(unit, mine.id, mine.version)).body.status).toBe(1);

      t.clock.advanceMinutes(3 * DAY_MINUTES);
      await relogin();
      const year = (await years(admin)).find((y) => y.year === LATE_YEAR);
      expect(year?.pastDeadline).toBe(true);
      const overdue = await list(admin, `&year=${LATE_YEAR}&overdue=true`);
      expect(overdue.total).toBe(year?.counts.overdue);
      expect(overdue.total).toBe((year?.counts.notSubmitted ?? 0) + (year?.counts.returned ?? 0));
      expect(overdue.list.every((r) => r.overdue && (r.status === 'not_submitted' || r.status === 'returned'))).toBe(true);
      expect(overdue.list.map((r) => r.id)).not.toContain(mine.id);
      const onTime = await list(admin, `&year=${LATE_YEAR}&overdue=false`);
      expect(onTime.list.map((r) => r.id)).toContain(mine.id);
      expect(onTime.list.every((r) => !r.overdue)).toBe(true);
      // A late submission is still taken (and is no longer overdue).
      const late = await rowOf(LATE_YEAR, 'practitioner', SELF);
      expect((await submit(self, late.id, late.version)).body.status).toBe(1);
      expect((await list(self, `&year=${LATE_YEAR}`)).list[0].overdue).toBe(false);
      // Past the deadline no reminder goes out.
      expect(await remindInspectionDeadlines(db(), t.clock.now())).toBe(0);
    });

    it('a closed year takes no submissions; it closes only when nothing waits for review', async () => {
      const y = (await years(admin)).find((r) => r.year === LATE_YEAR);
      expect((await t.call('POST', `annual-inspection-years/${LATE_YEAR}/close`, { token: viewer, body: { version: y?.version } })).statusCode).toBe(403);
      const refused = await t.call('POST', `annual-inspection-years/${LATE_YEAR}/close`, { token: admin, body: { version: y?.version } });
      expect(refused.body.status).toBe(10);
      expect(refused.body.message).toContain('等待审核');
      for (const r of (await list(admin, `&year=${LATE_YEAR}&status=submitted`)).list) {
        expect((await decide(admin, r.id, 'approve', { version: r.version })).body.status).toBe(1);
      }
      const closed = await t.call('POST', `annual-inspection-years/${LATE_YEAR}/close`, { token: admin, body: { version: y?.version } });
      expect(closed.body.status, closed.body.message).toBe(1);
      const open = await rowOf(LATE_YEAR, 'unit', UNIT_2);
      expect((await submit(otherUnit, open.id, open.version)).body).toMatchObject({ status: 10, message: M.yearClosed(LATE_YEAR) });
      expect((await list(otherUnit, `&year=${LATE_YEAR}`)).list.every((r) => r.actions.length === 0)).toBe(true);
    });
  });
});
