/**
 * 投诉举报 (server/modules/complaints; docs/domain.md, "Complaints") on every database: the
 * public submission (named and anonymous, its checks, its attachments, the rate limits), the
 * tracking by number and query code (the same answer for every miss, rate-limited), every step
 * and every illegal move of staff and the unit (a stale version, a second acceptance, a decline
 * without a reason, concluding too early, answering late or twice, another unit's complaint or a
 * pending one), what the unit may never see (who complained), the phone encrypted at rest, masked
 * and revealed only with the permission and audited, the credit event of an upheld conclusion
 * made exactly once, the complainant's notices, the files' readers, the workbench's figures and
 * the retention of the complainant's data.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptDueOn, addDays } from '@common/complaintDeadlines';
import { FORBIDDEN_MESSAGE, notFoundMessage, STALE_VERSION_MESSAGE } from '@common/messages';
import type { PermissionCode } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import {
  COMPLAINT_MESSAGES as M,
  type ComplaintDetail,
  type ComplaintListItem,
  type ComplaintOption,
  type ComplaintProgress,
  type ComplaintRevealResult,
  type ComplaintSubmitBody,
  type ComplaintSubmitResult,
} from '@common/schemas/complaints';
import type { Workbench } from '@common/schemas/workbench';
import { beijingDay } from '@common/calendar';
import { DEMO_PASSWORD, DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { DEMO_COMPLAINT_CODES, DEMO_HANDLED_COMPLAINT, DEMO_HANDLED_COMPLAINT_NO } from '../../server/db/seed/demoComplaints';
import { keyIdOf, PII_PREFIX } from '../../server/pii/cipher';
import { loadFieldCipher } from '../../server/pii/keys';
import { rotateKey } from '../../server/pii/rotate';
import { eraseExpiredComplainants } from '../../server/pii/retention';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import { addAccount, md5, multipart, pdfBytes, pngBytes, upload, zipBytes } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const UNIT_B = 'demo-unit-2';
const PHONE = '13905719876';
const EMAIL = 'wang.complainant@example.org';
const NAME = '王小投';

describe.each(dialects)('complaints on %s', (dialect) => {
  let t: TestContext;
  let admin = '';
  let unitA = '';
  let unitB = '';
  let practitioner = '';
  /** complaint:view and complaint:handle, no reveal, no export. */
  let handler = '';
  /** complaint:view only. */
  let viewer = '';
  /** Staff without any complaint code. */
  let outsider = '';
  let seq = 0;
  let address = 0;
  /** The staff logins made here, to log in again after the clock moved past the sessions' idle time. */
  const staffLogins: Record<'handler' | 'viewer' | 'outsider', string> = { handler: '', viewer: '', outsider: '' };

  const db = () => t.db.kysely;
  /** A client address not used before: every submission counts against its address. */
  const nextIp = () => {
    address += 1;
    return `10.60.${Math.floor(address / 250)}.${address % 250}`;
  };
  const today = () => beijingDay(t.clock.now());

  async function staffWith(codes: readonly PermissionCode[], as?: keyof typeof staffLogins): Promise<string> {
    const now = new Date().toISOString();
    const name = `cp_${dialect}_${++seq}`;
    const roleId = await insertRole(t.db.kysely, { code: name, name, permissions: codes }, now);
    await insertAccount(t.db.kysely, { loginAccount: name, passwordHash: await hashPassword('Other@2026x'), authType: 1, name, roleIds: [roleId] }, now);
    if (as) staffLogins[as] = name;
    return t.login(name, 'Other@2026x', 1);
  }

  /** Moves the clock by whole days; the sessions idle that long are over, so everyone logs in again. */
  async function daysPass(days: number): Promise<void> {
    t.clock.advanceMinutes(days * 24 * 60);
    admin = await t.adminToken();
    unitA = await t.login('demo_unit', DEMO_PASSWORD, 2);
    unitB = await t.login(`cp_unit_b_${dialect}`, 'Other@2026x', 2);
    handler = await t.login(staffLogins.handler, 'Other@2026x', 1);
    viewer = await t.login(staffLogins.viewer, 'Other@2026x', 1);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true, env: { COMPLAINT_RATE_LIMIT: '3', COMPLAINT_RATE_WINDOW_MINUTES: '60' } });
    admin = await t.adminToken();
    unitA = await t.login('demo_unit', DEMO_PASSWORD, 2);
    practitioner = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    unitB = await addAccount(t, `cp_unit_b_${dialect}`, 2, UNIT_B);
    handler = await staffWith(['complaint:view', 'complaint:handle'], 'handler');
    viewer = await staffWith(['complaint:view'], 'viewer');
    outsider = await staffWith(['workbench:view', 'case:view'], 'outsider');
  });
  afterAll(async () => t?.close());

  // ---- helpers -------------------------------------------------------------------------------

  /** An attachment through the public upload (no account); its file id. */
  async function publicFile(content: Buffer = pngBytes(2048), name = '现场照片.png', ip = nextIp()): Promise<string> {
    const fileId = randomUUID();
    const { payload, headers } = multipart([
      { name: 'fileId', value: fileId },
      { name: 'md5', value: md5(content) },
      { name: 'file', filename: name, content },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/public/complaints/files', payload, headers, remoteAddress: ip });
    expect(res.json<{ status: number; message: string }>().status, res.body).toBe(1);
    return fileId;
  }

  const named = (over: Partial<ComplaintSubmitBody> = {}): ComplaintSubmitBody => ({
    kind: 'complaint',
    anonymous: false,
    name: NAME,
    phone: PHONE,
    email: EMAIL,
    unitId: DEMO_UNIT_ID,
    practitionerId: 'demo-practitioner-1',
    projectId: 'demo-project-1',
    title: '评估调查未入户',
    content: '评估人员没有入户调查，报告中的支持率与实际不符。',
    fileIds: [],
    consent: true,
    ...over,
  });

  const submit = (body: ComplaintSubmitBody | Record<string, unknown>, ip = nextIp()) => t.call<ComplaintSubmitResult>('POST', 'public/complaints', { body, ip });

  async function submitted(over: Partial<ComplaintSubmitBody> = {}): Promise<{ id: string; no: string; code: string }> {
    const res = await submit(named(over));
    expect(res.body.status, res.body.message).toBe(1);
    const row = await db().selectFrom('complaints').select('id').where('complaint_no', '=', res.body.data.complaintNo).executeTakeFirstOrThrow();
    return { id: row.id, no: res.body.data.complaintNo, code: res.body.data.queryCode };
  }

  const detail = (id: string, token = admin) => t.call<ComplaintDetail>('GET', `complaints/${id}`, { token });
  const version = async (id: string) => Number((await db().selectFrom('complaints').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);
  const step = async (id: string, action: string, body: Record<string, unknown> = {}, token = admin) =>
    t.call('POST', `complaints/${id}/${action}`, { token, body: { version: await version(id), ...body } });
  const track = (complaintNo: string, queryCode: string, ip = nextIp()) => t.call<ComplaintProgress>('POST', 'public/complaints/track', { body: { complaintNo, queryCode }, ip });
  const list = async (token: string, query = '') => {
    const res = await t.call<Page<ComplaintListItem>>('GET', `complaints?pageSize=100${query}`, { token });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data;
  };
  const deliveries = (id: string) =>
    db().selectFrom('notification_deliveries').select(['reference', 'channel', 'recipient_key', 'recipient_type', 'address_enc', 'address_masked', 'state', 'params']).where('about_id', '=', id).orderBy('reference').orderBy('channel').execute();
  const download = (fileId: string, token?: string) => t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: token ? { token } : {} });
  const creditEvents = (id: string) => db().selectFrom('credit_events').select(['kind', 'points', 'unit_id', 'source_type', 'auto_key', 'practitioner_id']).where('source_id', '=', id).execute();

  // ---- the public submission -------------------------------------------------------------------

  it('a named complaint: stored pending, phone and e-mail encrypted, numbered, the code shown once and kept hashed, staff told, the log naming nobody', async () => {
    const fileId = await publicFile();
    const res = await submit(named({ fileIds: [fileId] }));
    expect(res.statusCode).toBe(200);
    expect(res.body.status, res.body.message).toBe(1);
    expect(res.body.message).toBe(M.submitted);
    // The code is in this answer: nothing on the way may keep it.
    expect(res.headers['cache-control']).toBe('no-store');
    const { complaintNo, queryCode, acceptDueOn: due } = res.body.data;
    expect(complaintNo).toMatch(/^TS\d{10}$/);
    expect(queryCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(due).toBe(acceptDueOn(today()));

    const row = await db().selectFrom('complaints').selectAll().where('complaint_no', '=', complaintNo).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', kind: 'complaint', complainant_name: NAME, unit_id: DEMO_UNIT_ID, practitioner_id: 'demo-practitioner-1', project_id: 'demo-project-1' });
    expect(Number(row.anonymous)).toBe(0);
    expect(row.complainant_phone_enc?.startsWith(PII_PREFIX)).toBe(true);
    expect(row.complainant_phone_enc).not.toContain(PHONE);
    expect(row.complainant_email_enc?.startsWith(PII_PREFIX)).toBe(true);
    expect(row.complainant_email_enc).not.toContain('example.org');
    expect(row.query_code_hash).not.toContain(queryCode);
    expect(row.query_code_hash.startsWith('scrypt$')).toBe(true);
    const attached = await db().selectFrom('file_attachments').select(['file_id', 'slot']).where('owner_type', '=', 'complaint').where('owner_id', '=', row.id).execute();
    expect(attached).toEqual([{ file_id: fileId, slot: 'attachment' }]);
    const steps = await db().selectFrom('complaint_steps').select(['step', 'public_note']).where('complaint_id', '=', row.id).execute();
    expect(steps).toEqual([{ step: 'submitted', public_note: `已收到您的投诉，协会将于 ${due} 前决定是否受理。` }]);

    const adminAccount = await db().selectFrom('accounts').select('id').where('login_account', '=', 'admin').executeTakeFirstOrThrow();
    const told = await db().selectFrom('messages').select(['title', 'kind', 'link']).where('account_id', '=', adminAccount.id).where('subject_id', '=', row.id).execute();
    expect(told).toEqual([{ title: `新的投诉待受理：${complaintNo}`, kind: 'submission', link: `/Manage/complaint?id=${row.id}` }]);
    const unitTold = await db().selectFrom('messages').select('id').where('subject_id', '=', row.id).where('account_id', 'in', db().selectFrom('accounts').select('id').where('unit_id', '=', DEMO_UNIT_ID)).execute();
    expect(unitTold).toEqual([]);

    const logs = await db().selectFrom('operation_logs').select(['action', 'summary', 'actor_name', 'entity']).where('entity_id', '=', row.id).execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ entity: 'complaint', action: 'submit', actor_name: '投诉人' });
    expect(logs[0].summary).toContain(complaintNo);
    for (const secret of [NAME, PHONE, EMAIL, queryCode]) expect(JSON.stringify(logs)).not.toContain(secret);
    // Nobody is told the code again: it is in no list, detail or delivery.
    expect(JSON.stringify((await detail(row.id)).body)).not.toContain(queryCode);
  });

  it('an anonymous 举报 needs no name or phone; a 投诉 must be named, and each missing or wrong field is said', async () => {
    const anonymous = await submit({ ...named(), kind: 'report', anonymous: true, name: null, phone: null, email: null });
    expect(anonymous.body.status, anonymous.body.message).toBe(1);
    const row = await db().selectFrom('complaints').selectAll().where('complaint_no', '=', anonymous.body.data.complaintNo).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'report', complainant_name: null, complainant_phone_enc: null, complainant_email_enc: null });
    expect(Number(row.anonymous)).toBe(1);

    const refusals: [Record<string, unknown>, string][] = [
      [{ ...named(), anonymous: true, name: null, phone: null, email: null }, M.anonymousComplaint],
      [{ ...named(), kind: 'report', anonymous: true }, M.anonymousWithContact],
      [{ ...named(), name: '  ' }, M.nameRequired],
      [{ ...named(), phone: null }, M.phoneRequired],
      [{ ...named(), phone: '12345' }, '联系电话：请输入正确的手机号码或固定电话（如 13800000000 或 0571-88888888）'],
      [{ ...named(), email: 'not-an-address' }, '电子邮箱格式不正确，如 name@example.com'],
      [{ ...named(), consent: false }, M.consentMissing],
      [{ ...named(), content: '   ' }, '请填写投诉举报内容'],
      [{ ...named(), unitId: 'no-such-unit' }, M.unitInvalid],
      [{ ...named(), practitionerId: 'demo-practitioner-7' }, M.practitionerInvalid],
      [{ ...named(), projectId: 'no-such-project' }, M.projectInvalid],
    ];
    const before = await db().selectFrom('complaints').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [body, message] of refusals) {
      const res = await submit(body);
      expect([res.statusCode, res.body.status, res.body.message], JSON.stringify(body).slice(0, 120)).toEqual([400, 10, message]);
    }
    // A unit that is not (or no longer) a member.
    const notMember = await db().selectFrom('member_units').select('id').where('status', '!=', 'approved').executeTakeFirstOrThrow();
    expect((await submit(named({ unitId: notMember.id, practitionerId: null, projectId: null }))).body.message).toBe(M.unitInvalid);
    // Unknown fields are refused by the schema.
    expect((await submit({ ...named(), status: 'concluded' })).statusCode).toBe(400);
    const after = await db().selectFrom('complaints').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('attachments: images and PDF through the public upload; an account’s file, another kind or a file already used is refused like a missing one', async () => {
    const pdf = await publicFile(pdfBytes(), '证据.pdf');
    expect((await submit(named({ fileIds: [pdf] }))).body.status).toBe(1);
    // Used once: a second complaint cannot claim it.
    expect((await submit(named({ fileIds: [pdf] }))).body.message).toBe('附件不存在，请重新上传');
    const accountFile = randomUUID();
    expect((await upload(t, unitB, pngBytes(2048), { fileId: accountFile, name: '单位文件.png' })).body.status).toBe(1);
    expect((await submit(named({ fileIds: [accountFile] }))).body.message).toBe('附件不存在，请重新上传');
    expect((await submit(named({ fileIds: [randomUUID()] }))).body.message).toBe('附件不存在，请重新上传');
    // The public upload takes images and PDF only.
    const zip = zipBytes();
    const { payload, headers } = multipart([
      { name: 'fileId', value: randomUUID() },
      { name: 'md5', value: md5(zip) },
      { name: 'file', filename: '材料.docx', content: zip },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/public/complaints/files', payload, headers, remoteAddress: nextIp() });
    expect(res.json<{ message: string }>().message).toBe(M.fileKind);
  });

  it('rate limits: submissions and uploads per address answer 429 beyond the limit and store nothing', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await submit(named(), ip)).body.status).toBe(1);
    const count = async () => Number((await db().selectFrom('complaints').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const refused = await submit(named(), ip);
    expect([refused.statusCode, refused.body.message]).toEqual([429, M.tooMany]);
    // Even an invalid body counts and is refused before validation.
    expect((await submit({}, ip)).statusCode).toBe(429);
    expect(await count()).toBe(before);
    // Another address is not affected.
    expect((await submit(named())).body.status).toBe(1);

    // Uploads: COMPLAINT_RATE_LIMIT × 18 per window; the window is full for this address.
    const uploadIp = nextIp();
    const at = t.clock.now().toISOString();
    await db()
      .insertInto('rate_limit_events')
      .values(Array.from({ length: 3 * 18 }, () => ({ bucket: 'complaint-upload', key: uploadIp, at })))
      .execute();
    const content = pngBytes(1024);
    const form = multipart([
      { name: 'fileId', value: randomUUID() },
      { name: 'md5', value: md5(content) },
      { name: 'file', filename: 'x.png', content },
    ]);
    const up = await t.app.inject({ method: 'POST', url: '/api/v1/public/complaints/files', payload: form.payload, headers: form.headers, remoteAddress: uploadIp });
    expect([up.statusCode, up.json<{ message: string }>().message]).toEqual([429, M.uploadsTooMany]);
  });

  // ---- tracking --------------------------------------------------------------------------------

  it('tracking: the right code shows the steps and nothing else; a wrong code, an unknown or malformed number all get one answer; tries are limited', async () => {
    const c = await submitted();
    const ok = await track(c.no, c.code);
    expect(ok.body.status, ok.body.message).toBe(1);
    expect(Object.keys(ok.body.data).sort()).toEqual(['complaintNo', 'kind', 'outcome', 'status', 'steps', 'submittedOn', 'unitName'].sort());
    expect(ok.body.data).toMatchObject({ complaintNo: c.no, kind: 'complaint', status: 'pending', submittedOn: today(), outcome: null });
    expect(ok.body.data.steps.map((s) => s.step)).toEqual(['submitted']);
    for (const secret of [NAME, PHONE, EMAIL, '评估人员没有入户调查', c.id]) expect(JSON.stringify(ok.body)).not.toContain(secret);
    // Typed in lower case with spaces: still found.
    const typed = await track(` ${c.no.toLowerCase()} `, `${c.code.slice(0, 5).toLowerCase()} ${c.code.slice(5)}`);
    expect(typed.body.status, typed.body.message).toBe(1);

    const misses = [await track(c.no, 'ABCDEFGHJK'), await track('TS2099999999', c.code), await track('nonsense', 'x')];
    for (const miss of misses) expect([miss.statusCode, miss.body]).toEqual([404, { status: 10, success: false, message: M.trackFailed, data: null }]);

    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await track(c.no, 'WRONGCODE2', ip)).body.message).toBe(M.trackFailed);
    const limited = await track(c.no, c.code, ip);
    expect([limited.statusCode, limited.body.message]).toEqual([429, M.trackTooMany]);

    // The demo's handled complaint, with its outcome.
    const demo = await track(DEMO_HANDLED_COMPLAINT_NO, DEMO_COMPLAINT_CODES[DEMO_HANDLED_COMPLAINT]);
    expect(demo.body.data.status).toBe('concluded');
    expect(demo.body.data.outcome).toMatchObject({ conclusion: 'partly', concludedOn: '2026-10-08' });
    expect(demo.body.data.steps.map((s) => s.step)).toEqual(['submitted', 'accepted', 'answered', 'concluded']);
  });

  it('the public look-ups: approved units; a unit’s practitioners and projects only by two characters of a name', async () => {
    const units = await t.call<ComplaintOption[]>('GET', 'public/complaints/units?keyword=正衡');
    expect(units.body.data.map((u) => u.id)).toContain(DEMO_UNIT_ID);
    const all = await t.call<ComplaintOption[]>('GET', 'public/complaints/units');
    const statuses = await db().selectFrom('member_units').select(['id', 'status']).where('id', 'in', all.body.data.map((u) => u.id)).execute();
    expect(statuses.every((s) => s.status === 'approved')).toBe(true);
    expect(Object.keys(all.body.data[0]).sort()).toEqual(['id', 'name']);

    const people = await t.call<ComplaintOption[]>('GET', `public/complaints/units/${DEMO_UNIT_ID}/practitioners?keyword=${encodeURIComponent('张明')}`, { ip: nextIp() });
    expect(people.body.data).toEqual([{ id: 'demo-practitioner-1', name: '张明远' }]);
    const short = await t.call('GET', `public/complaints/units/${DEMO_UNIT_ID}/practitioners?keyword=${encodeURIComponent('张')}`, { ip: nextIp() });
    expect(short.statusCode).toBe(400);
    const projects = await t.call<ComplaintOption[]>('GET', `public/complaints/units/${DEMO_UNIT_ID}/projects?keyword=${encodeURIComponent('垃圾焚烧')}`, { ip: nextIp() });
    expect(projects.body.data.map((p) => p.id)).toEqual(['demo-project-2']);
    // Another unit's people are not found under this unit; an unknown unit answers nothing.
    const other = await t.call<ComplaintOption[]>('GET', `public/complaints/units/${DEMO_UNIT_ID}/practitioners?keyword=${encodeURIComponent('周立伟')}`, { ip: nextIp() });
    expect(other.body.data).toEqual([]);
    const unknown = await t.call<ComplaintOption[]>('GET', `public/complaints/units/no-such-unit/practitioners?keyword=${encodeURIComponent('张明')}`, { ip: nextIp() });
    expect(unknown.body.data).toEqual([]);
  });

  // ---- staff's steps ---------------------------------------------------------------------------

  it('accept: with the version read, once; the deadlines set; the unit told; the complainant’s notices queued; decline after it refused', async () => {
    const c = await submitted();
    const stale = await t.call('POST', `complaints/${c.id}/accept`, { token: handler, body: { version: (await version(c.id)) + 1 } });
    expect([stale.statusCode, stale.body.message]).toEqual([409, STALE_VERSION_MESSAGE]);
    expect((await step(c.id, 'accept', {}, outsider)).statusCode).toBe(403);
    expect((await step(c.id, 'accept', {}, viewer)).statusCode).toBe(403);
    expect((await step(c.id, 'accept', {}, unitA)).statusCode).toBe(403);

    const accepted = await step(c.id, 'accept', { note: '已转交调查组' }, handler);
    expect(accepted.body.status, accepted.body.message).toBe(1);
    const row = await db().selectFrom('complaints').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'accepted', answer_due_on: addDays(today(), 10), conclude_due_on: addDays(today(), 30), decision_reason: '已转交调查组' });
    expect((await step(c.id, 'accept', {}, handler)).body.message).toBe(M.notPending);
    expect((await step(c.id, 'decline', { reason: '重复' }, handler)).body.message).toBe(M.notPending);

    const unitMessages = await db()
      .selectFrom('messages')
      .select(['title', 'kind'])
      .where('subject_id', '=', c.id)
      .where('account_id', 'in', db().selectFrom('accounts').select('id').where('unit_id', '=', DEMO_UNIT_ID))
      .execute();
    expect(unitMessages).toEqual([{ title: `收到投诉（${c.no}），请于 ${addDays(today(), 10)} 前书面申辩`, kind: 'decision' }]);
    for (const m of unitMessages) expect(JSON.stringify(m)).not.toContain(NAME);

    const queued = await deliveries(c.id);
    const progress = queued.filter((d) => d.reference === `complaint:${c.id}:accepted`);
    expect(progress.map((d) => d.channel).sort()).toEqual(['email', 'sms']);
    for (const d of progress) {
      expect(d).toMatchObject({ recipient_key: `person:complaint:${c.id}`, recipient_type: 'person', state: 'queued' });
      expect(d.address_enc?.startsWith(PII_PREFIX)).toBe(true);
      expect(d.address_masked).not.toContain(PHONE);
    }
    expect(JSON.parse(progress[0].params)).toMatchObject({ complaintNo: c.no, step: '已受理' });

    const seen = await track(c.no, c.code);
    expect(seen.body.data.steps.map((s) => [s.step, s.note])).toEqual([
      ['submitted', `已收到您的投诉，协会将于 ${acceptDueOn(today())} 前决定是否受理。`],
      ['accepted', '已转交调查组'],
    ]);
  });

  it('decline: a reason required; the complainant told with it; the unit never sees the complaint', async () => {
    const c = await submitted();
    expect((await t.call('POST', `complaints/${c.id}/decline`, { token: handler, body: { version: await version(c.id) } })).statusCode).toBe(400);
    expect((await step(c.id, 'decline', { reason: '   ' }, handler)).body.message).toBe(M.declineReasonRequired);
    const declined = await step(c.id, 'decline', { reason: '不属于本协会管辖范围' }, handler);
    expect(declined.body.status, declined.body.message).toBe(1);
    expect((await db().selectFrom('complaints').select('status').where('id', '=', c.id).executeTakeFirstOrThrow()).status).toBe('declined');
    expect((await step(c.id, 'conclude', { conclusion: 'rejected', handling: 'x' }, handler)).body.message).toBe(M.notConcludable);
    const queued = await deliveries(c.id);
    expect(queued.filter((d) => d.reference === `complaint:${c.id}:declined`).map((d) => d.channel).sort()).toEqual(['email', 'sms']);
    expect((await track(c.no, c.code)).body.data.steps.at(-1)).toMatchObject({ step: 'declined', note: '不予受理。理由：不属于本协会管辖范围' });
    expect((await list(unitA)).list.map((r) => r.id)).not.toContain(c.id);
    const asUnit = await detail(c.id, unitA);
    expect([asUnit.statusCode, asUnit.body.message]).toEqual([404, notFoundMessage('投诉举报')]);
    expect(await db().selectFrom('messages').select('id').where('subject_id', '=', c.id).where('account_id', 'in', db().selectFrom('accounts').select('id').where('unit_id', '=', DEMO_UNIT_ID)).execute()).toEqual([]);
  });

  // ---- the unit ---------------------------------------------------------------------------------

  it('the unit reads its accepted complaints without the complainant, never a pending one or another unit’s; a practitioner none', async () => {
    const fileId = await publicFile();
    const pending = await submitted();
    const c = await submitted({ fileIds: [fileId] });
    expect((await step(c.id, 'accept', {}, handler)).body.status).toBe(1);

    const own = await list(unitA);
    const ids = own.list.map((r) => r.id);
    expect(ids).toContain(c.id);
    expect(ids).not.toContain(pending.id);
    expect(own.list.every((r) => r.unitId === DEMO_UNIT_ID && ['accepted', 'answered', 'concluded'].includes(r.status))).toBe(true);
    const item = own.list.find((r) => r.id === c.id);
    expect(item).toMatchObject({ complainantName: null, complainantPhone: null, anonymous: null, actions: ['reply'], deadline: { step: 'answer', dueOn: addDays(today(), 10), daysLeft: 10 } });

    const read = await detail(c.id, unitA);
    expect(read.body.status, read.body.message).toBe(1);
    expect(read.body.data).toMatchObject({ complainantName: null, complainantPhone: null, complainantEmail: null, erasedAt: null, content: '评估人员没有入户调查，报告中的支持率与实际不符。' });
    expect(read.body.data.files.map((f) => f.fileId)).toEqual([fileId]);
    expect(read.body.data.steps.every((s) => s.actorName === null)).toBe(true);
    const text = JSON.stringify(read.body);
    for (const secret of [NAME, PHONE, '139****9876', EMAIL, 'w***@example.org']) expect(text).not.toContain(secret);
    // The keyword does not reach the complainant's name for a unit.
    expect((await list(unitA, `&keyword=${encodeURIComponent(NAME)}`)).total).toBe(0);

    const pendingAsUnit = await detail(pending.id, unitA);
    expect(pendingAsUnit.statusCode).toBe(404);
    const other = await detail(c.id, unitB);
    expect([other.statusCode, other.body.message]).toEqual([403, FORBIDDEN_MESSAGE]);
    expect((await list(unitB)).list.map((r) => r.id)).not.toContain(c.id);
    expect((await step(c.id, 'reply', { answer: '不是我们' }, unitB)).statusCode).toBe(403);
    expect((await t.call('GET', 'complaints', { token: practitioner })).statusCode).toBe(403);
    expect((await step(pending.id, 'reply', { answer: '抢先申辩' }, unitA)).statusCode).toBe(404);
  });

  it('the unit answers once with its own files by the deadline; staff conclude only after the answer or the deadline', async () => {
    const c = await submitted();
    expect((await step(c.id, 'accept', {}, handler)).body.status).toBe(1);
    const early = await step(c.id, 'conclude', { conclusion: 'upheld', handling: '查实' }, handler);
    expect(early.body.message).toBe(M.concludeWaiting);
    expect((await detail(c.id, handler)).body.data.actions).not.toContain('conclude');

    // A file of another unit is refused like a missing one.
    const foreign = randomUUID();
    expect((await upload(t, unitB, pngBytes(2048), { fileId: foreign, name: '他人文件.png' })).body.status).toBe(1);
    expect((await step(c.id, 'reply', { answer: '情况说明', fileIds: [foreign] }, unitA)).body.message).toBe('申辩材料不存在，请重新上传');
    expect((await step(c.id, 'reply', { answer: '   ' }, unitA)).body.message).toBe(M.answerRequired);
    const staleReply = await t.call('POST', `complaints/${c.id}/reply`, { token: unitA, body: { version: (await version(c.id)) - 1, answer: '情况说明' } });
    expect(staleReply.statusCode).toBe(409);

    const own = randomUUID();
    expect((await upload(t, unitA, pdfBytes(), { fileId: own, name: '调查记录.pdf' })).body.status).toBe(1);
    const replied = await step(c.id, 'reply', { answer: '我单位已按规定开展入户调查，附调查记录。', fileIds: [own] }, unitA);
    expect(replied.body.status, replied.body.message).toBe(1);
    const after = await detail(c.id, handler);
    expect(after.body.data).toMatchObject({ status: 'answered', unitAnswer: '我单位已按规定开展入户调查，附调查记录。' });
    expect(after.body.data.answerFiles.map((f) => f.fileId)).toEqual([own]);
    expect(after.body.data.actions).toContain('conclude');
    expect((await step(c.id, 'reply', { answer: '补充' }, unitA)).body.message).toBe('本单位已提交书面申辩，不能重复提交');
    const staffTold = await db().selectFrom('messages').select('title').where('subject_id', '=', c.id).where('kind', '=', 'submission').execute();
    expect(staffTold.map((m) => m.title)).toContain(`被投诉单位已书面申辩，待办结：${c.no}`);
    // The complainant reads that the unit answered, not what it said.
    const seen = await track(c.no, c.code);
    expect(seen.body.data.steps.map((s) => s.step)).toEqual(['submitted', 'accepted', 'answered']);
    expect(JSON.stringify(seen.body)).not.toContain('入户调查，附调查记录');
  });

  // ---- files --------------------------------------------------------------------------------

  it('files: staff with complaint:view read them; the unit only once accepted; nobody else', async () => {
    const fileId = await publicFile();
    const c = await submitted({ fileIds: [fileId] });
    expect((await download(fileId, viewer)).statusCode).toBe(200);
    expect((await download(fileId, admin)).statusCode).toBe(200);
    expect((await download(fileId, outsider)).statusCode).toBe(403);
    expect((await download(fileId, unitA)).statusCode).toBe(403);
    expect((await download(fileId)).statusCode).toBe(401);
    expect((await step(c.id, 'accept', {}, handler)).body.status).toBe(1);
    expect((await download(fileId, unitA)).statusCode).toBe(200);
    expect((await download(fileId, unitB)).statusCode).toBe(403);
    expect((await download(fileId, practitioner)).statusCode).toBe(403);
    expect((await download(fileId)).statusCode).toBe(401);
  });

  // ---- conclusion and credit ---------------------------------------------------------------------

  it('conclude: 属实 records the unit’s credit event once, 部分属实 its own, 不属实 none; the unit and the complainant told; the outcome tracked', async () => {
    const answer = async (id: string) => {
      expect((await step(id, 'accept', {}, handler)).body.status).toBe(1);
      expect((await step(id, 'reply', { answer: '说明' }, unitA)).body.status).toBe(1);
    };
    const upheld = await submitted();
    await answer(upheld.id);
    expect((await step(upheld.id, 'conclude', { conclusion: 'upheld', handling: '   ' }, handler)).body.message).toBe(M.handlingRequired);
    const stale = await t.call('POST', `complaints/${upheld.id}/conclude`, { token: handler, body: { version: 0, conclusion: 'upheld', handling: '查实' } });
    expect(stale.statusCode).toBe(409);
    const done = await step(upheld.id, 'conclude', { conclusion: 'upheld', handling: '责令整改，通报批评' }, handler);
    expect(done.body.status, done.body.message).toBe(1);
    expect(await creditEvents(upheld.id)).toEqual([
      { kind: 'complaint_upheld', points: -10, unit_id: DEMO_UNIT_ID, source_type: 'complaint', auto_key: `complaint_upheld:${upheld.id}`, practitioner_id: null },
    ]);
    expect((await step(upheld.id, 'conclude', { conclusion: 'upheld', handling: '再来一次' }, handler)).body.message).toBe(M.notConcludable);
    expect(await creditEvents(upheld.id)).toHaveLength(1);
    const row = await db().selectFrom('complaints').selectAll().where('id', '=', upheld.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'concluded', conclusion: 'upheld', handling: '责令整改，通报批评' });
    const tracked = await track(upheld.no, upheld.code);
    expect(tracked.body.data.outcome).toEqual({ conclusion: 'upheld', handling: '责令整改，通报批评', concludedOn: today() });
    expect((await deliveries(upheld.id)).filter((d) => d.reference === `complaint:${upheld.id}:concluded`).map((d) => d.channel).sort()).toEqual(['email', 'sms']);
    const unitTold = await db()
      .selectFrom('messages')
      .select('title')
      .where('subject_id', '=', upheld.id)
      .where('kind', '=', 'decision')
      .where('account_id', 'in', db().selectFrom('accounts').select('id').where('unit_id', '=', DEMO_UNIT_ID))
      .execute();
    expect(unitTold.map((m) => m.title)).toContain(`投诉（${upheld.no}）已办结：属实`);
    const logs = await db().selectFrom('operation_logs').select(['entity', 'action']).where('entity_id', '=', upheld.id).execute();
    expect(logs.map((l) => `${l.entity}:${l.action}`)).toEqual(expect.arrayContaining(['complaint:submit', 'complaint:accept', 'complaint:reply', 'complaint:conclude']));

    const partly = await submitted();
    await answer(partly.id);
    expect((await step(partly.id, 'conclude', { conclusion: 'partly', handling: '部分查实，约谈提醒' }, handler)).body.status).toBe(1);
    expect((await creditEvents(partly.id)).map((e) => [e.kind, e.points])).toEqual([['complaint_partly', -5]]);

    const rejected = await submitted();
    await answer(rejected.id);
    expect((await step(rejected.id, 'conclude', { conclusion: 'rejected', handling: '经查不属实' }, handler)).body.status).toBe(1);
    expect(await creditEvents(rejected.id)).toEqual([]);
  });

  // ---- personal information ------------------------------------------------------------------

  it('the phone and e-mail are masked; reveal needs complaint:reveal, is audited and names nothing in the log', async () => {
    const c = await submitted();
    const seen = await detail(c.id, handler);
    expect(seen.body.data).toMatchObject({ complainantName: NAME, complainantPhone: '139****9876', complainantEmail: 'w***@example.org' });
    expect(seen.body.data.actions).not.toContain('reveal');
    expect(JSON.stringify(seen.body)).not.toContain(PHONE);
    const listed = (await list(handler, `&keyword=${c.no}`)).list[0];
    expect(listed.complainantPhone).toBe('139****9876');

    const refused = await t.call('POST', `complaints/${c.id}/reveal`, { token: handler, body: { field: 'phone' } });
    expect(refused.statusCode).toBe(403);
    expect((await detail(c.id, admin)).body.data.actions).toContain('reveal');
    const phone = await t.call<ComplaintRevealResult>('POST', `complaints/${c.id}/reveal`, { token: admin, body: { field: 'phone' } });
    expect(phone.body.data).toEqual({ field: 'phone', value: PHONE });
    const email = await t.call<ComplaintRevealResult>('POST', `complaints/${c.id}/reveal`, { token: admin, body: { field: 'email' } });
    expect(email.body.data).toEqual({ field: 'email', value: EMAIL });
    const audited = await db().selectFrom('operation_logs').select(['summary', 'actor_name']).where('entity_id', '=', c.id).where('action', '=', 'reveal').execute();
    expect(audited).toHaveLength(2);
    expect(audited[0].summary).toBe(`查看投诉 ${c.no}投诉人的完整手机号码`);
    expect(JSON.stringify(audited)).not.toContain(PHONE);

    const anonymous = await submit({ ...named(), kind: 'report', anonymous: true, name: null, phone: null, email: null });
    const anon = await db().selectFrom('complaints').select('id').where('complaint_no', '=', anonymous.body.data.complaintNo).executeTakeFirstOrThrow();
    expect((await t.call('POST', `complaints/${anon.id}/reveal`, { token: admin, body: { field: 'phone' } })).body.message).toBe(M.nothingToReveal);
    expect((await detail(anon.id, admin)).body.data.actions).not.toContain('reveal');
  });

  // ---- the list, export, workbench ---------------------------------------------------------------

  it('the list filters and sorts; the export needs complaint:export and is logged', async () => {
    const reports = await list(admin, '&kind=report');
    expect(reports.total).toBeGreaterThan(0);
    expect(reports.list.every((r) => r.kind === 'report')).toBe(true);
    const pending = await list(admin, '&status=pending&sort=submittedAt,asc');
    expect(pending.list.every((r) => r.status === 'pending' && r.actions.includes('accept') && r.deadline?.step === 'accept')).toBe(true);
    const times = pending.list.map((r) => r.submittedAt);
    expect([...times].sort()).toEqual(times);
    expect((await list(admin, `&unitId=${UNIT_B}`)).list.every((r) => r.unitId === UNIT_B)).toBe(true);
    expect((await list(admin, `&submittedFrom=${today()}&submittedTo=${today()}`)).list.every((r) => beijingDay(new Date(r.submittedAt)) === today())).toBe(true);
    expect((await t.call('GET', 'complaints?sort=content,asc', { token: admin })).body.message).toBe('不支持按 content 排序');
    // A viewer without complaint:handle gets no buttons.
    expect((await list(viewer, '&status=pending')).list.every((r) => r.actions.length === 0)).toBe(true);

    expect((await t.call('GET', 'complaints/export', { token: viewer })).statusCode).toBe(403);
    const file = await t.app.inject({ method: 'GET', url: '/api/v1/complaints/export?status=pending', headers: { token: admin } });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    const logged = await db().selectFrom('operation_logs').select('summary').where('entity', '=', 'complaint').where('action', '=', 'export').execute();
    expect(logged.map((l) => l.summary)).toContain('导出投诉举报，条件：status=pending');
  });

  it('the workbench: staff figures agree with the list they link to; a unit counts what waits for its answer', async () => {
    const figures = async () => {
      const res = await t.call<Workbench>('GET', 'workbench', { token: admin });
      expect(res.body.status, res.body.message).toBe(1);
      return res.body.data.staff?.complaints;
    };
    const before = await figures();
    expect(before).toBeTruthy();
    expect(before?.awaitingAcceptance).toBe((await list(admin, '&status=pending')).total);
    expect(before?.dueSoon).toBe((await list(admin, '&due=soon')).total);
    expect(before?.overdue).toBe((await list(admin, '&due=overdue')).total);
    const staffWithout = await t.call<Workbench>('GET', 'workbench', { token: await staffWith(['workbench:view']) });
    expect(staffWithout.body.data.staff?.complaints).toBeNull();

    const unitTodo = async () => {
      const res = await t.call<Workbench>('GET', 'workbench', { token: unitA });
      return res.body.data.own?.todos.find((todo) => todo.key === 'complaint-answer');
    };
    const owedBefore = (await unitTodo())?.count ?? -1;
    const c = await submitted();
    expect((await step(c.id, 'accept', {}, handler)).body.status).toBe(1);
    expect((await unitTodo())?.count).toBe(owedBefore + 1);
    expect((await unitTodo())?.link).toBe('/Manage/complaint?status=accepted');

    // Days later the pending ones run out, then pass their acceptance deadline; the unit's answer time passes.
    const pendingOne = await submitted();
    const due = (await db().selectFrom('complaints').select('accept_due_on').where('id', '=', pendingOne.id).executeTakeFirstOrThrow()).accept_due_on;
    await daysPass((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today()}T00:00:00Z`)) / 86_400_000);
    expect((await list(admin, '&due=soon')).list.map((r) => r.id)).toContain(pendingOne.id);
    expect((await figures())?.dueSoon).toBe((await list(admin, '&due=soon')).total);
    await daysPass(12);
    const overdue = await list(admin, '&due=overdue');
    expect(overdue.list.map((r) => r.id)).toContain(pendingOne.id);
    expect(overdue.list.find((r) => r.id === pendingOne.id)?.deadline?.daysLeft).toBeLessThan(0);
    expect((await figures())?.overdue).toBe(overdue.total);

    // The accepted one's answer is late now: refused; the unit's button is gone; staff may conclude.
    expect((await step(c.id, 'reply', { answer: '迟到的申辩' }, unitA)).body.message).toBe(M.answerLate);
    expect((await detail(c.id, unitA)).body.data.actions).toEqual([]);
    expect((await list(unitA, '&due=overdue')).list.map((r) => r.id)).toContain(c.id);
    expect((await detail(c.id, handler)).body.data.actions).toContain('conclude');
    // Every complaint accepted here was accepted on the first day: all their answer days have passed.
    expect((await unitTodo())?.count).toBe(0);
    expect((await step(c.id, 'conclude', { conclusion: 'rejected', handling: '单位未申辩，经查不属实' }, handler)).body.status).toBe(1);
  });

  it('retention: the complainant of a complaint closed longer ago than the period is erased, with the notices’ addresses; open ones keep theirs', async () => {
    const open = await submitted();
    const closed = await submitted();
    expect((await step(closed.id, 'decline', { reason: '重复投诉' }, handler)).body.status).toBe(1);
    const later = new Date(t.clock.now().getTime() + 1096 * 86_400_000);
    const erased = await eraseExpiredComplainants(t.db.kysely, { now: later, retentionDays: 1095, log: t.app });
    expect(erased).toBeGreaterThan(0);
    const row = await db().selectFrom('complaints').selectAll().where('id', '=', closed.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ complainant_name: null, complainant_phone_enc: null, complainant_email_enc: null, erased_at: later.toISOString(), status: 'declined' });
    const kept = await db().selectFrom('complaints').selectAll().where('id', '=', open.id).executeTakeFirstOrThrow();
    expect(kept.complainant_name).toBe(NAME);
    expect(kept.erased_at).toBeNull();
    for (const d of await deliveries(closed.id)) expect([d.address_enc, d.address_masked]).toEqual([null, null]);
    const audit = await db().selectFrom('operation_logs').select('summary').where('entity', '=', 'personal-data').where('action', '=', 'anonymise').execute();
    expect(audit.some((a) => a.summary.includes('投诉举报的投诉人姓名和联系方式'))).toBe(true);
    expect((await detail(closed.id, admin)).body.data).toMatchObject({ complainantName: null, complainantPhone: null, erasedAt: later.toISOString(), actions: [] });
    expect(await eraseExpiredComplainants(t.db.kysely, { now: later, retentionDays: 1095, log: t.app })).toBe(0);
  });

  // Last: the app's cipher keeps the old key, so nothing may read a complaint through the app afterwards.
  it('key rotation re-encrypts the complainants’ phones and e-mails, which read the same under the new key', async () => {
    const c = await submitted();
    const before = await db().selectFrom('complaints').select(['complainant_phone_enc', 'complainant_email_enc']).where('id', '=', c.id).executeTakeFirstOrThrow();
    const old = await loadFieldCipher(t.config, t.db.kysely);
    const result = await rotateKey(t.db, { ...t.config, dataKeyNew: null });
    expect(result.fromKeyId).toBe(old.keyId);
    const fresh = await loadFieldCipher(t.config, t.db.kysely);
    const rows = await db().selectFrom('complaints').select(['id', 'complainant_phone_enc', 'complainant_email_enc']).execute();
    for (const row of rows) {
      for (const stored of [row.complainant_phone_enc, row.complainant_email_enc]) if (stored) expect(keyIdOf(stored)).toBe(fresh.keyId);
    }
    const after = rows.find((r) => r.id === c.id);
    expect(after?.complainant_phone_enc).not.toBe(before.complainant_phone_enc);
    expect(fresh.decrypt(after?.complainant_phone_enc ?? '')).toBe(PHONE);
    expect(fresh.decrypt(after?.complainant_email_enc ?? '')).toBe(EMAIL);
  });
});
