/**
 * Credit events (server/modules/credit-events, server/credit/events.ts): recording a bad-conduct
 * event or a commendation by hand (points and term from the rules version in force, evidence,
 * the message and the log), every refusal, withdrawing (never edited, never deleted), what a unit
 * may read (its own, never another unit's), the events the system records by itself exactly once
 * from each source (a failed inspection, an overdue one by the daily scan, a review scored low or
 * high, a practitioner's certificate revoked), and the draw's bad_conduct fact
 * (server/quality/pool.ts). SQLite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, DEFAULT_CREDIT_RULES } from '@common/credit';
import { FORBIDDEN_MESSAGE, STALE_VERSION_MESSAGE } from '@common/messages';
import type { Page } from '@common/schemas/common';
import { CREDIT_MESSAGES as M, type CreditEventCreated, type CreditEventDetail, type CreditEventRecord } from '@common/schemas/credit';
import type { RubricCriterion } from '@common/schemas/reviewTasks';
import { beijingDay } from '@common/calendar';
import { recordAutomaticEvent, termUntil } from '../../server/credit/events';
import { rulesInForce } from '../../server/credit/rules';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { OVERDUE_SCAN_FROM, recordOverdueInspections } from '../../server/modules/inspections/overdue';
import { loadPoolFacts } from '../../server/quality/pool';
import { insertRole } from '../../server/security/roles';
import { addAccount, pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addExperts, categoriseLibrary, reviewCalls } from './expert-review.helpers';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';

const UNIT_1 = 'demo-unit-1';
const UNIT_2 = 'demo-unit-2';
const DAY_MINUTES = 24 * 60;

describe.each(dialects)('credit events on %s', (dialect) => {
  let t: TestContext;
  let admin = '';
  let unit1 = '';
  let unit2 = '';
  let noCodes = '';
  let viewer = '';

  const db = () => t.db.kysely;
  const today = () => beijingDay(t.clock.now());
  const record = (body: Record<string, unknown>, token = admin) =>
    t.call<CreditEventCreated>('POST', 'credit-events', { token, body: { subjectType: 'unit', unitId: UNIT_2, kind: 'violation_other', occurredOn: today(), description: '测试事由', fileIds: [], ...body } });
  const eventRow = (id: string) => db().selectFrom('credit_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const eventsOf = (sourceId: string) => db().selectFrom('credit_events').selectAll().where('source_id', '=', sourceId).execute();

  async function staffWith(login: string, codes: Parameters<typeof insertRole>[1]['permissions']): Promise<string> {
    const now = new Date().toISOString();
    const roleId = await insertRole(db(), { code: login, name: login, permissions: codes }, now);
    await insertAccount(db(), { loginAccount: login, passwordHash: await hashPassword('Other@2026x'), authType: 1, name: login, roleIds: [roleId] }, now);
    return t.login(login, 'Other@2026x', 1);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    unit1 = await t.login('demo_unit', DEMO_PASSWORD, 2);
    unit2 = await addAccount(t, `ce_unit2_${dialect}`, 2, UNIT_2);
    noCodes = await addAccount(t, `ce_nocodes_${dialect}`, 1, null);
    viewer = await staffWith(`ce_viewer_${dialect}`, ['credit:view']);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('recording by hand', () => {
    let created: CreditEventCreated;
    let fileId = '';

    it('takes the points and term of the rules version in force, stores the evidence, logs and tells the unit', async () => {
      const file = await upload<{ fileId: string }>(t, admin, pngBytes(2048), { name: '证明.png' });
      expect(file.body.status, file.body.message).toBe(1);
      fileId = file.body.data.fileId;
      const res = await record({ description: '未按规定办理项目备案即出具评估报告', fileIds: [fileId] });
      expect(res.body, res.body.message).toMatchObject({ status: 1, data: { points: -10, termUntil: termUntil(today(), 12), ruleVersionNo: 1 } });
      created = res.body.data;
      const rules = await rulesInForce(db());
      expect(await eventRow(created.id)).toMatchObject({
        unit_id: UNIT_2,
        subject_type: 'unit',
        polarity: 'bad',
        kind: 'violation_other',
        points: -10,
        points_note: null,
        term_until: termUntil(today(), 12),
        source_type: 'manual',
        auto_key: null,
        rule_version_id: rules.id,
        status: 'active',
      });
      const logs = await db().selectFrom('operation_logs').select(['action', 'summary']).where('entity', '=', 'credit-event').where('entity_id', '=', created.id).execute();
      expect(logs).toEqual([{ action: 'create', summary: expect.stringContaining('登记不良行为') }]);
      const messages = await db()
        .selectFrom('messages as m')
        .innerJoin('accounts as a', 'a.id', 'm.account_id')
        .select(['a.login_account', 'm.title'])
        .where('m.subject_id', '=', created.id)
        .execute();
      expect(messages.map((m) => m.login_account)).toContain(`ce_unit2_${dialect}`);
      expect(messages.every((m) => m.title === '新增不良行为记录：其他违规行为')).toBe(true);
    });

    it('a unit reads its own events and their evidence; another unit neither finds nor reads them', async () => {
      const own = await t.call<Page<CreditEventRecord>>('GET', 'credit-events?pageSize=100', { token: unit2 });
      expect(own.body.status).toBe(1);
      expect(own.body.data.list.map((e) => e.id)).toContain(created.id);
      expect(own.body.data.list.every((e) => e.unitId === UNIT_2)).toBe(true);
      expect(own.body.data.list.find((e) => e.id === created.id)).toMatchObject({ inTerm: true, actions: [], kindLabel: '其他违规行为' });
      const detail = await t.call<CreditEventDetail>('GET', `credit-events/${created.id}`, { token: unit2 });
      expect(detail.body.data.files.map((f) => f.fileId)).toEqual([fileId]);
      const download = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: { token } });
      expect((await download(unit2)).statusCode).toBe(200);

      const other = await t.call<Page<CreditEventRecord>>('GET', `credit-events?pageSize=100&unitId=${UNIT_2}`, { token: unit1 });
      expect(other.body.data.list.filter((e) => e.unitId !== UNIT_1)).toEqual([]);
      const refused = await t.call('GET', `credit-events/${created.id}`, { token: unit1 });
      expect([refused.statusCode, refused.body.message]).toEqual([403, FORBIDDEN_MESSAGE]);
      expect((await download(unit1)).statusCode).toBe(403);
      // Staff: with credit:view, the row carries no withdraw without credit:event:edit; without any code, 403.
      const staff = await t.call<Page<CreditEventRecord>>('GET', 'credit-events?pageSize=100&polarity=bad&status=active&sourceType=manual&inTerm=true', { token: viewer });
      expect(staff.body.data.list.find((e) => e.id === created.id)?.actions).toEqual([]);
      expect((await t.call<Page<CreditEventRecord>>('GET', 'credit-events?pageSize=100', { token: admin })).body.data.list.find((e) => e.id === created.id)?.actions).toEqual(['withdraw']);
      expect((await t.call('GET', 'credit-events', { token: noCodes })).statusCode).toBe(403);
      expect((await download(viewer)).statusCode).toBe(200);
    });

    it('refuses what cannot be recorded, with the reason, and records nothing', async () => {
      const before = await db().selectFrom('credit_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      await db()
        .insertInto('dict_items')
        .values({ id: randomUUID(), type_code: 'credit_event_kind', label: '市级表彰', value: `city_award_${dialect}`, sort: 99, enabled: 1, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
        .execute();
      const pending = await db().selectFrom('member_units').select('id').where('status', '=', 'pending').executeTakeFirstOrThrow();
      const pendingPractitioner = await db().selectFrom('practitioners').select('id').where('status', '=', 'pending').executeTakeFirstOrThrow();
      const cases: [Record<string, unknown>, string][] = [
        [{ occurredOn: addCalendarDays(today(), 1) }, M.occurredInFuture],
        [{ kind: 'no_such_kind' }, M.kindUnknown],
        [{ kind: 'commendation', polarity: 'bad' }, M.polarityMismatch('表彰奖励', '表彰')],
        [{ kind: `city_award_${dialect}` }, M.polarityRequired],
        [{ points: -15 }, M.pointsNoteRequired],
        [{ points: 5, pointsNote: '加分' }, M.pointsDisagree('不良行为')],
        [{ kind: 'commendation', points: -5, pointsNote: '扣分' }, M.pointsDisagree('表彰')],
        [{ unitId: undefined }, M.unitRequired],
        [{ unitId: pending.id }, M.unitNotMember],
        [{ subjectType: 'practitioner', unitId: undefined }, M.practitionerRequired],
        [{ subjectType: 'practitioner', practitionerId: pendingPractitioner.id }, M.practitionerNotRegistered],
        [{ description: '   ' }, M.descriptionRequired],
        [{ fileIds: [randomUUID()] }, '证明材料不存在，请重新上传'],
      ];
      for (const [body, message] of cases) {
        const res = await record(body);
        expect([res.statusCode, res.body.message], JSON.stringify(body)).toEqual([400, message]);
      }
      // Out of bounds: the schema's own words.
      expect((await record({ points: -101, pointsNote: 'x' })).body.message).toMatch(/分值/);
      // Who may record: staff with credit:event:edit only.
      expect((await record({}, viewer)).statusCode).toBe(403);
      expect((await record({}, unit2)).statusCode).toBe(403);
      const after = await db().selectFrom('credit_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('a kind staff added takes the polarity they choose; points other than the rule need a note', async () => {
      const custom = await record({ kind: `city_award_${dialect}`, polarity: 'good', points: 3, pointsNote: '市级表彰，参照协会表彰计分' });
      expect(custom.body, custom.body.message).toMatchObject({ status: 1, data: { points: 3 } });
      expect(await eventRow(custom.body.data.id)).toMatchObject({ polarity: 'good', points: 3, points_note: '市级表彰，参照协会表彰计分', term_until: termUntil(today(), 12) });
      const bad = await record({ points: -20, pointsNote: '情节较重', occurredOn: addCalendarDays(today(), -40) });
      expect(await eventRow(bad.body.data.id)).toMatchObject({ points: -20, points_note: '情节较重', occurred_on: addCalendarDays(today(), -40) });
    });

    it('against a practitioner: counted against their unit, both told', async () => {
      const p = await db().selectFrom('practitioners').select(['id', 'unit_id', 'name']).where('unit_id', '=', UNIT_1).where('status', '=', 'approved').orderBy('id').executeTakeFirstOrThrow();
      const res = await record({ subjectType: 'practitioner', unitId: UNIT_2, practitionerId: p.id, kind: 'false_report', description: '虚假报告' });
      expect(res.body, res.body.message).toMatchObject({ status: 1, data: { points: -30, termUntil: termUntil(today(), 36) } });
      expect(await eventRow(res.body.data.id)).toMatchObject({ subject_type: 'practitioner', practitioner_id: p.id, unit_id: UNIT_1 });
      const detail = await t.call<CreditEventDetail>('GET', `credit-events/${res.body.data.id}`, { token: unit1 });
      expect(detail.body.data).toMatchObject({ practitionerName: p.name, unitId: UNIT_1, subjectType: 'practitioner' });
      const toPractitioner = await db()
        .selectFrom('messages as m')
        .innerJoin('accounts as a', 'a.id', 'm.account_id')
        .select('a.practitioner_id')
        .where('m.subject_id', '=', res.body.data.id)
        .where('a.auth_type', '=', 3)
        .execute();
      const hasAccount = await db().selectFrom('accounts').select('id').where('practitioner_id', '=', p.id).executeTakeFirst();
      if (hasAccount) expect(toPractitioner.map((m) => m.practitioner_id)).toEqual([p.id]);
    });

    it('withdraws with a reason and the version read, once; never edited, never deleted', async () => {
      const row = await eventRow(created.id);
      const empty = await t.call('POST', `credit-events/${created.id}/withdraw`, { token: admin, body: { version: row.version, reason: '  ' } });
      expect(empty.body.message).toBe(M.reasonRequired);
      const stale = await t.call('POST', `credit-events/${created.id}/withdraw`, { token: admin, body: { version: Number(row.version) + 1, reason: '核查有误' } });
      expect([stale.statusCode, stale.body.message]).toEqual([409, STALE_VERSION_MESSAGE]);
      expect((await t.call('POST', `credit-events/${created.id}/withdraw`, { token: viewer, body: { version: row.version, reason: '核查有误' } })).statusCode).toBe(403);
      const ok = await t.call('POST', `credit-events/${created.id}/withdraw`, { token: admin, body: { version: row.version, reason: '核查有误' } });
      expect(ok.body, ok.body.message).toMatchObject({ status: 1 });
      expect(await eventRow(created.id)).toMatchObject({ status: 'withdrawn', withdraw_reason: '核查有误', points: -10, description: '未按规定办理项目备案即出具评估报告' });
      const again = await t.call('POST', `credit-events/${created.id}/withdraw`, { token: admin, body: { version: Number(row.version) + 1, reason: '再次' } });
      expect(again.body.message).toBe(M.alreadyWithdrawn);
      const logs = await db().selectFrom('operation_logs').select('action').where('entity', '=', 'credit-event').where('entity_id', '=', created.id).orderBy('id').execute();
      expect(logs.map((l) => l.action)).toEqual(['create', 'withdraw']);
      // The unit still reads it, withdrawn, and it is no longer in term.
      const own = await t.call<CreditEventDetail>('GET', `credit-events/${created.id}`, { token: unit2 });
      expect(own.body.data).toMatchObject({ status: 'withdrawn', withdrawReason: '核查有误', inTerm: false, actions: [] });
      // No route edits or deletes an event.
      expect((await t.call('PUT', `credit-events/${created.id}`, { token: admin, body: {} })).statusCode).toBe(404);
      expect((await t.call('DELETE', `credit-events/${created.id}`, { token: admin })).statusCode).toBe(404);
    });

    it('exports the list for credit:export only', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/credit-events/export?polarity=bad', headers: { token: admin } });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toContain('spreadsheetml');
      expect((await t.call('GET', 'credit-events/export', { token: viewer })).statusCode).toBe(403);
    });
  });

  describe('the practitioner picker (GET /credit-events/practitioner-options)', () => {
    type Option = { id: string; name: string; unitName: string; certificateNo: string | null; left: boolean };
    const options = (token: string, query: Record<string, string> = {}) =>
      t.call<Option[]>('GET', `credit-events/practitioner-options?${new URLSearchParams(query).toString()}`, { token });
    const statusOf = async (ids: string[]) =>
      new Map((await db().selectFrom('practitioners').select(['id', 'status', 'unit_id']).where('id', 'in', ids).execute()).map((r) => [r.id, r]));

    it('offers staff holding credit:view alone (no 从业人员 code) the approved and left of every unit, names only', async () => {
      const res = await options(viewer);
      expect(res.body.status, res.body.message).toBe(1);
      const found = res.body.data;
      expect(found.length).toBeGreaterThan(0);
      const rows = await statusOf(found.map((o) => o.id));
      for (const o of found) {
        expect(['approved', 'left']).toContain(rows.get(o.id)?.status);
        expect(o.left).toBe(rows.get(o.id)?.status === 'left');
        expect(Object.keys(o).sort()).toEqual(['certificateNo', 'id', 'left', 'name', 'unitName']);
      }
      expect(new Set(found.map((o) => rows.get(o.id)?.unit_id)).size).toBeGreaterThan(1);
    });

    it('searches by name or certificate number and finds one by id; a pending practitioner is never offered', async () => {
      const one = await db().selectFrom('practitioners').select(['id', 'name', 'certificate_no']).where('status', '=', 'approved').where('certificate_no', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
      expect((await options(admin, { keyword: one.name })).body.data.map((o) => o.id)).toContain(one.id);
      expect((await options(admin, { keyword: one.certificate_no ?? '' })).body.data.map((o) => o.id)).toEqual([one.id]);
      expect((await options(admin, { id: one.id })).body.data.map((o) => o.id)).toEqual([one.id]);
      const pending = await db().selectFrom('practitioners').select('id').where('status', 'not in', ['approved', 'left']).executeTakeFirst();
      if (pending) expect((await options(admin, { id: pending.id })).body.data).toEqual([]);
    });

    it('gives a unit its own practitioners only, and refuses an account without credit:view', async () => {
      const mine = (await options(unit1)).body.data;
      expect(mine.length).toBeGreaterThan(0);
      const rows = await statusOf(mine.map((o) => o.id));
      for (const o of mine) expect(rows.get(o.id)?.unit_id).toBe(UNIT_1);
      const other = await db().selectFrom('practitioners').select('id').where('unit_id', '=', UNIT_2).where('status', '=', 'approved').executeTakeFirst();
      if (other) expect((await options(unit1, { id: other.id })).body.data).toEqual([]);
      const refused = await options(noCodes);
      expect(refused.statusCode).toBe(403);
      expect(refused.body.message).toBe(FORBIDDEN_MESSAGE);
    });
  });

  describe('recorded by the system, exactly once per source', () => {
    const YEAR = 2034;

    it('an inspection decided 不通过 (the failed outcome): inspection_failed against its subject', async () => {
      const opened = await t.call('POST', 'annual-inspection-years', { token: admin, body: { year: YEAR, deadline: addCalendarDays(today(), 10) } });
      expect(opened.body.status, opened.body.message).toBe(1);
      const p = await db().selectFrom('annual_inspections').selectAll().where('year', '=', YEAR).where('subject_type', '=', 'practitioner').where('unit_id', '=', UNIT_1).orderBy('subject_id').executeTakeFirstOrThrow();
      const submitted = await t.call('POST', `annual-inspections/${p.id}/submit`, { token: unit1, body: { version: p.version, selfReport: '自查', projectsDone: 1, trainingHours: 8, fileIds: [] } });
      expect(submitted.body.status, submitted.body.message).toBe(1);
      const failed = await t.call('POST', `annual-inspections/${p.id}/reject`, { token: admin, body: { reason: '培训学时不足' } });
      expect(failed.body.status, failed.body.message).toBe(1);
      const events = await eventsOf(p.id);
      expect(events).toEqual([
        expect.objectContaining({ kind: 'inspection_failed', polarity: 'bad', points: -20, unit_id: UNIT_1, practitioner_id: p.subject_id, subject_type: 'practitioner', auto_key: `inspection_failed:${p.id}`, source_type: 'annual_inspection', occurred_on: today() }),
      ]);
      // Its log row in the decision's transaction, and the unit told.
      expect(await db().selectFrom('operation_logs').select('action').where('entity', '=', 'credit-event').where('entity_id', '=', events[0].id).execute()).toEqual([{ action: 'create' }]);
      expect((await db().selectFrom('messages').select('id').where('subject_id', '=', events[0].id).execute()).length).toBeGreaterThan(0);
      // The same source again (a retry, another instance): nothing new.
      const again = await t.db.kysely.transaction().execute((trx) =>
        recordAutomaticEvent(trx, { kind: 'inspection_failed', sourceType: 'annual_inspection', sourceId: p.id, unitId: UNIT_1, occurredOn: today(), description: '重复' }),
      );
      expect(again).toEqual({ id: events[0].id, created: false });
      expect(await eventsOf(p.id)).toHaveLength(1);
      // A pass or a return makes none.
      const other = await db().selectFrom('annual_inspections').selectAll().where('year', '=', YEAR).where('subject_type', '=', 'unit').where('subject_id', '=', UNIT_1).executeTakeFirstOrThrow();
      await t.call('POST', `annual-inspections/${other.id}/submit`, { token: unit1, body: { version: other.version, selfReport: '自查', projectsDone: 1, trainingHours: 8, fileIds: [] } });
      expect((await t.call('POST', `annual-inspections/${other.id}/return`, { token: admin, body: { reason: '补充材料' } })).body.status).toBe(1);
      expect(await eventsOf(other.id)).toEqual([]);
    });

    it('an inspection not submitted by the deadline: inspection_overdue by the daily scan, once per record', async () => {
      const year = YEAR + 1;
      const deadline = addCalendarDays(today(), 2);
      expect((await t.call('POST', 'annual-inspection-years', { token: admin, body: { year, deadline } })).body.status).toBe(1);
      const rows = await db().selectFrom('annual_inspections').selectAll().where('year', '=', year).orderBy('id').execute();
      expect(rows.length).toBeGreaterThan(3);
      // One submitted in time; one returned in time and not resubmitted; one submitted in time and
      // returned after the deadline (the association held it then); the rest never submitted.
      const [done, returned, returnedLate] = rows.filter((r) => r.unit_id === UNIT_1);
      for (const r of [done, returned, returnedLate]) {
        const res = await t.call('POST', `annual-inspections/${r.id}/submit`, { token: unit1, body: { version: r.version, selfReport: '自查', projectsDone: 1, trainingHours: 8, fileIds: [] } });
        expect(res.body.status, res.body.message).toBe(1);
      }
      expect((await t.call('POST', `annual-inspections/${returned.id}/return`, { token: admin, body: { reason: '补充' } })).body.status).toBe(1);

      // Before the deadline has passed: nothing.
      expect(await recordOverdueInspections(db(), t.app, t.clock.now())).toBe(0);
      t.clock.advanceMinutes(3 * DAY_MINUTES);
      // Sessions end with the days that passed: log in again.
      admin = await t.adminToken();
      unit1 = await t.login('demo_unit', DEMO_PASSWORD, 2);
      expect((await t.call('POST', `annual-inspections/${returnedLate.id}/return`, { token: admin, body: { reason: '补充' } })).body.status).toBe(1);
      const made = await recordOverdueInspections(db(), t.app, t.clock.now());
      const overdue = rows.filter((r) => r.id !== done.id && r.id !== returnedLate.id);
      const events = await db().selectFrom('credit_events').selectAll().where('kind', '=', 'inspection_overdue').where('source_id', 'in', rows.map((r) => r.id)).execute();
      expect(made).toBeGreaterThanOrEqual(overdue.length);
      expect(events.map((e) => e.source_id).sort()).toEqual(overdue.map((r) => r.id).sort());
      expect(events.every((e) => e.occurred_on === addCalendarDays(deadline, 1) && e.points === -10 && e.created_by === null)).toBe(true);
      // Again, and again tomorrow: nothing more.
      expect(await recordOverdueInspections(db(), t.app, t.clock.now())).toBe(0);
      t.clock.advanceMinutes(DAY_MINUTES);
      expect(await recordOverdueInspections(db(), t.app, t.clock.now())).toBe(0);
      admin = await t.adminToken();
      unit1 = await t.login('demo_unit', DEMO_PASSWORD, 2);
      // Logged as the system's.
      const logs = await db().selectFrom('operation_logs').select(['actor_id', 'actor_name']).where('entity', '=', 'credit-event').where('entity_id', '=', events[0].id).execute();
      expect(logs).toEqual([{ actor_id: null, actor_name: '系统' }]);
    });

    it('an inspection deadline that passed before the first scan ran makes no event (not retroactive)', async () => {
      const year = YEAR + 2;
      const deadline = addCalendarDays(today(), 2);
      expect((await t.call('POST', 'annual-inspection-years', { token: admin, body: { year, deadline } })).body.status).toBe(1);
      const rows = await db().selectFrom('annual_inspections').select('id').where('year', '=', year).execute();
      expect(rows.length).toBeGreaterThan(0);
      t.clock.advanceMinutes(3 * DAY_MINUTES);
      admin = await t.adminToken();
      unit1 = await t.login('demo_unit', DEMO_PASSWORD, 2);
      // As if this version had been installed today, after that deadline: the first scan sets the day.
      await db().deleteFrom('app_meta').where('key', '=', OVERDUE_SCAN_FROM).execute();
      expect(await recordOverdueInspections(db(), t.app, t.clock.now())).toBe(0);
      const stored = await db().selectFrom('app_meta').select('value').where('key', '=', OVERDUE_SCAN_FROM).executeTakeFirstOrThrow();
      expect(stored.value).toBe(today());
      const events = await db().selectFrom('credit_events').select('id').where('kind', '=', 'inspection_overdue').where('source_id', 'in', rows.map((r) => r.id)).execute();
      expect(events).toEqual([]);
    });

    it('a review closed with a low or a high panel score: review_low / review_high of the assessing unit; in between, none', async () => {
      await categoriseLibrary(t);
      await addExperts(t, `cr${dialect}`, 20);
      const calls = reviewCalls(() => t);
      const pointsFor = (rubric: readonly RubricCriterion[], total: number) => {
        let left = total;
        return rubric.map((c) => {
          const points = Math.min(c.max, left);
          left -= points;
          return { criterion: c.criterion, points };
        });
      };
      const closeWith = async (projectId: string, totals: number[]) => {
        const id = await calls.open(admin, { projectId, panelSize: 3, backupCount: 2 });
        expect((await calls.draw(admin, id)).body.status).toBe(1);
        const seats = await calls.seats(id);
        for (const seat of seats.filter((s) => s.status === 'invited')) {
          expect((await calls.step(admin, id, 'responses', { seatId: seat.id, answer: 'confirmed' })).body.status).toBe(1);
        }
        const confirmed = (await calls.seats(id)).filter((s) => s.status === 'confirmed').sort((a, b) => Number(a.seat_no) - Number(b.seat_no));
        const rubric = (await calls.detail(admin, id)).body.data.rubric;
        for (const [i, total] of totals.entries()) {
          const res = await calls.step(admin, id, 'sheets', { seatId: confirmed[i].id, scores: pointsFor(rubric, total), conclusion: total >= 60 ? 'pass' : 'fail' });
          expect(res.body.status, res.body.message).toBe(1);
        }
        const closed = await calls.step(admin, id, 'close');
        expect(closed.body.status, closed.body.message).toBe(1);
        return id;
      };
      const project = async (unitId: string) =>
        (await db().selectFrom('projects').select(['id', 'unit_id']).where('status', '=', 'filed').where('unit_id', '=', unitId).orderBy('id').executeTakeFirstOrThrow()).id;

      const low = await closeWith(await project(UNIT_1), [50, 55, 60]);
      expect(await eventsOf(low)).toEqual([expect.objectContaining({ kind: 'review_low', polarity: 'bad', points: -10, unit_id: UNIT_1, practitioner_id: null, source_type: 'review_task' })]);
      const high = await closeWith(await project(UNIT_2), [90, 95, 88]);
      expect(await eventsOf(high)).toEqual([expect.objectContaining({ kind: 'review_high', polarity: 'good', points: 5, unit_id: UNIT_2, source_type: 'review_task' })]);
      const middle = await closeWith(await project(UNIT_1), [80, 70, 75]);
      expect(await eventsOf(middle)).toEqual([]);
      // Closing again is refused by the review itself; the key refuses a second event anyway.
      expect((await calls.step(admin, low, 'close')).body.status).not.toBe(1);
      const again = await t.db.kysely.transaction().execute((trx) =>
        recordAutomaticEvent(trx, { kind: 'review_low', sourceType: 'review_task', sourceId: low, unitId: UNIT_1, occurredOn: today(), description: '重复' }),
      );
      expect(again.created).toBe(false);
      expect(await eventsOf(low)).toHaveLength(1);
    });

    it("a practitioner's certificate revoked: certificate_revoked against them and their unit; a unit's certificate makes none", async () => {
      const cert = await db().selectFrom('certificates').selectAll().where('holder_type', '=', 'practitioner').where('status', '=', 'valid').orderBy('id').executeTakeFirstOrThrow();
      const res = await t.call('POST', `certificates/${cert.id}/revoke`, { token: admin, body: { reason: '出借证书' } });
      expect(res.body.status, res.body.message).toBe(1);
      expect(await eventsOf(cert.id)).toEqual([
        expect.objectContaining({ kind: 'certificate_revoked', subject_type: 'practitioner', practitioner_id: cert.holder_id, unit_id: cert.unit_id, points: -5, source_type: 'practitioner' }),
      ]);
      expect((await t.call('POST', `certificates/${cert.id}/revoke`, { token: admin, body: { reason: '再次' } })).body.status).not.toBe(1);
      expect(await eventsOf(cert.id)).toHaveLength(1);
      const unitCert = await db().selectFrom('certificates').selectAll().where('holder_type', '=', 'unit').where('status', '=', 'valid').orderBy('id').executeTakeFirstOrThrow();
      expect((await t.call('POST', `certificates/${unitCert.id}/revoke`, { token: admin, body: { reason: '注销' } })).body.status).toBe(1);
      expect(await eventsOf(unitCert.id)).toEqual([]);
    });
  });

  describe("the draw's bad_conduct rule: the facts loaded", () => {
    it('an expert whose practitioner record has active bad conduct in term on the review date is excluded; otherwise not', async () => {
      const [expertId] = await addExperts(t, `bc${dialect}`, 1);
      const p = await db().selectFrom('practitioners').select(['id', 'unit_id']).where('unit_id', '=', 'demo-unit-4').where('status', '=', 'approved').orderBy('id').executeTakeFirstOrThrow();
      await db().updateTable('experts').set({ practitioner_id: p.id }).where('id', '=', expertId).execute();
      // The scans above may have recorded some of theirs (an overdue inspection): start clean.
      await db().updateTable('credit_events').set({ status: 'withdrawn' }).where('practitioner_id', '=', p.id).execute();
      const reviewOn = addCalendarDays(today(), 5);
      const facts = async () =>
        (await loadPoolFacts(db(), { taskId: randomUUID(), projectId: 'demo-project-1', unitId: UNIT_1, unitName: '正衡', clientName: null, reviewOn })).find((f) => f.expertId === expertId);
      expect((await facts())?.badConductInTerm).toBe(false);

      const rules = await rulesInForce(db());
      const insert = async (fields: { polarity: 'bad' | 'good'; term_until: string; status: 'active' | 'withdrawn' }) => {
        const id = randomUUID();
        const at = new Date().toISOString();
        await db()
          .insertInto('credit_events')
          .values({
            id,
            subject_type: 'practitioner',
            unit_id: p.unit_id,
            practitioner_id: p.id,
            kind: fields.polarity === 'bad' ? 'violation_other' : 'commendation',
            occurred_on: addCalendarDays(today(), -30),
            points: fields.polarity === 'bad' ? -10 : 5,
            points_note: null,
            description: '抽取回避测试',
            source_type: 'manual',
            source_id: null,
            auto_key: null,
            rule_version_id: rules.id,
            withdraw_reason: null,
            withdrawn_at: null,
            withdrawn_by: null,
            version: 0,
            created_at: at,
            created_by: null,
            updated_at: at,
            updated_by: null,
            ...fields,
          })
          .execute();
        return id;
      };
      // Ended the day before the review, withdrawn, or a commendation: not excluded.
      const ended = await insert({ polarity: 'bad', term_until: addCalendarDays(reviewOn, -1), status: 'active' });
      await insert({ polarity: 'bad', term_until: addCalendarDays(reviewOn, 30), status: 'withdrawn' });
      await insert({ polarity: 'good', term_until: addCalendarDays(reviewOn, 30), status: 'active' });
      expect((await facts())?.badConductInTerm).toBe(false);
      // In term on the review day itself: excluded.
      await db().updateTable('credit_events').set({ term_until: reviewOn }).where('id', '=', ended).execute();
      expect((await facts())?.badConductInTerm).toBe(true);
      // An expert without a practitioner record is never excluded by it.
      const [plain] = await addExperts(t, `bp${dialect}`, 1);
      const all = await loadPoolFacts(db(), { taskId: randomUUID(), projectId: 'demo-project-1', unitId: UNIT_1, unitName: '正衡', clientName: null, reviewOn });
      expect(all.find((f) => f.expertId === plain)?.badConductInTerm).toBe(false);
      expect(DEFAULT_CREDIT_RULES.baseScore).toBe(100);
    });
  });
});
