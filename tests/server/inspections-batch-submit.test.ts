/**
 * 年检, what helps a unit submit (POST /annual-inspections/batch-submit and the training hours on
 * record): several records at once, each submitted alone as 提交 does it (its review, log and
 * message) while the refused ones say why (already submitted, a stale version, a duplicate, a
 * missing record, another unit's record, which is not even named); the same permission as the
 * single submit (staff refused, a practitioner only their own); and `knownTrainingHours`, a
 * practitioner's registered hours or a unit's approved practitioners' sum.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE, notFoundMessage, STALE_VERSION_MESSAGE } from '@common/messages';
import type { Page } from '@common/schemas/common';
import {
  INSPECTION_BATCH_MAX,
  INSPECTION_MESSAGES as M,
  type InspectionBatchSubmitResult,
  type InspectionDetail,
  type InspectionRecord,
} from '@common/schemas/inspections';
import { beijingDay } from '@common/calendar';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { addAccount } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const YEAR = 2034;
const UNIT_1 = 'demo-unit-1';
const UNIT_2 = 'demo-unit-2';
const SELF = 'demo-practitioner-1';

const dayPlus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(dialects)('annual inspections: batch submit and known training hours on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let unit: string;
  let otherUnit: string;
  let self: string;

  const db = () => t.db.kysely;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    self = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    otherUnit = await addAccount(t, 'batch_other_unit', 2, UNIT_2);
    const opened = await t.call('POST', 'annual-inspection-years', { token: admin, body: { year: YEAR, deadline: dayPlus(beijingDay(t.clock.now()), 10) } });
    expect(opened.body.status, opened.body.message).toBe(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (token: string, query = '') => {
    const res = await t.call<Page<InspectionRecord>>('GET', `annual-inspections?pageSize=100&year=${YEAR}${query}`, { token });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data.list;
  };
  const row = (subjectType: 'unit' | 'practitioner', subjectId: string) =>
    db().selectFrom('annual_inspections').selectAll().where('year', '=', YEAR).where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).executeTakeFirstOrThrow();
  const batch = (token: string, items: { id: string; version: number; projectsDone?: number; trainingHours?: number }[], over: Record<string, unknown> = {}) =>
    t.call<InspectionBatchSubmitResult>('POST', 'annual-inspections/batch-submit', {
      token,
      body: {
        selfReport: '本单位从业人员本年度均按要求参加培训并开展稳评业务。',
        fileIds: [],
        items: items.map((i) => ({ projectsDone: 3, trainingHours: 40, ...i })),
        ...over,
      },
    });
  const unitPractitioners = () =>
    db().selectFrom('practitioners').select(['id', 'name', 'training_hours']).where('unit_id', '=', UNIT_1).where('status', '=', 'approved').orderBy('id').execute();

  it('knownTrainingHours: a practitioner’s registered hours; for a unit, its approved practitioners’ sum', async () => {
    const people = await unitPractitioners();
    expect(people.length).toBeGreaterThan(2);
    const listed = await list(unit);
    for (const p of people) {
      expect(listed.find((r) => r.subjectType === 'practitioner' && r.subjectId === p.id)?.knownTrainingHours).toBe(Number(p.training_hours));
    }
    const sum = people.reduce((total, p) => total + Number(p.training_hours), 0);
    expect(sum).toBeGreaterThan(0);
    const unitRecord = listed.find((r) => r.subjectType === 'unit' && r.subjectId === UNIT_1);
    expect(unitRecord?.knownTrainingHours).toBe(sum);
    // Nothing submitted yet: the record's own figure is empty, the known one is what the form fills in.
    expect(unitRecord?.trainingHours).toBeNull();
    const detail = await t.call<InspectionDetail>('GET', `annual-inspections/${unitRecord?.id}`, { token: unit });
    expect(detail.body.data.knownTrainingHours).toBe(sum);
    // A registered change is what the next read knows.
    await db().updateTable('practitioners').set({ training_hours: Number(people[0].training_hours) + 12 }).where('id', '=', people[0].id).execute();
    expect((await list(unit, '&subjectType=unit')).find((r) => r.subjectId === UNIT_1)?.knownTrainingHours).toBe(sum + 12);
  });

  it('a unit submits several at once: the allowed ones each as one submission, the others refused with the reason', async () => {
    // The practitioner who logs in themselves is left for the next test.
    const people = (await unitPractitioners()).filter((p) => p.id !== SELF);
    const [p1, p2, p3] = await Promise.all(people.slice(0, 3).map((p) => row('practitioner', p.id)));
    const own = await row('unit', UNIT_1);
    const theirs = await row('unit', UNIT_2);
    // p3 was submitted alone before.
    const single = await t.call('POST', `annual-inspections/${p3.id}/submit`, {
      token: unit,
      body: { version: p3.version, selfReport: '单独提交', projectsDone: 1, trainingHours: 8, fileIds: [] },
    });
    expect(single.body.status, single.body.message).toBe(1);

    const res = await batch(unit, [
      { id: p1.id, version: p1.version, projectsDone: 5, trainingHours: 44 },
      { id: own.id, version: own.version, projectsDone: 12, trainingHours: 300 },
      { id: p2.id, version: p2.version + 1 },
      { id: p3.id, version: p3.version },
      { id: theirs.id, version: theirs.version },
      { id: 'no-such-inspection', version: 0 },
      { id: p1.id, version: p1.version },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body.status, res.body.message).toBe(1);
    expect(res.body.message).toBe(M.batchSubmitted(2, 5));
    expect(res.body.data.submitted).toEqual([
      { id: p1.id, subjectName: p1.subject_name, status: 'submitted' },
      { id: own.id, subjectName: own.subject_name, status: 'submitted' },
    ]);
    expect(res.body.data.refused).toEqual([
      { id: p2.id, subjectName: p2.subject_name, reason: STALE_VERSION_MESSAGE },
      { id: p3.id, subjectName: p3.subject_name, reason: M.alreadySubmitted },
      // Another unit's record: refused as the single submit refuses it, and not named.
      { id: theirs.id, subjectName: null, reason: FORBIDDEN_MESSAGE },
      { id: 'no-such-inspection', subjectName: null, reason: notFoundMessage('年检记录') },
      { id: p1.id, subjectName: p1.subject_name, reason: M.batchDuplicate },
    ]);

    // Each submitted record as 提交 leaves it: its figures, the shared report, a pending review, a log line.
    expect(await row('practitioner', p1.subject_id)).toMatchObject({ status: 'submitted', projects_done: 5, training_hours: 44, self_report: '本单位从业人员本年度均按要求参加培训并开展稳评业务。' });
    expect(await row('unit', UNIT_1)).toMatchObject({ status: 'submitted', projects_done: 12, training_hours: 300 });
    for (const id of [p1.id, own.id]) {
      const reviews = await db().selectFrom('reviews').select('status').where('subject_type', '=', 'annual_inspection').where('subject_id', '=', id).execute();
      expect(reviews).toEqual([{ status: 'pending' }]);
      const logs = await db().selectFrom('operation_logs').select('action').where('entity', '=', 'annual-inspection').where('entity_id', '=', id).execute();
      expect(logs).toEqual([{ action: 'submit' }]);
    }
    // The refused ones did not change.
    expect(await row('practitioner', p2.subject_id)).toMatchObject({ status: 'not_submitted', version: p2.version });
    expect(await row('practitioner', p3.subject_id)).toMatchObject({ status: 'submitted', self_report: '单独提交' });
    expect(await row('unit', UNIT_2)).toMatchObject({ status: theirs.status, version: theirs.version });
    // And the rows say so: nothing more to submit on the submitted ones.
    const after = await list(unit);
    expect(after.find((r) => r.id === p1.id)?.actions).toEqual([]);
    expect(after.find((r) => r.id === p2.id)?.actions).toEqual(['submit']);
  });

  it('is permission-checked like the single submit: staff and strangers refused, a practitioner only for themselves', async () => {
    const mine = await row('practitioner', SELF);
    const colleague = (await unitPractitioners()).find((p) => p.id !== SELF && p.id !== mine.subject_id);
    expect(colleague).toBeDefined();
    const theirs = await row('practitioner', colleague?.id ?? '');

    expect((await batch(admin, [{ id: mine.id, version: mine.version }])).statusCode).toBe(403);
    expect((await t.call('POST', 'annual-inspections/batch-submit', { body: { selfReport: 'x', fileIds: [], items: [{ id: mine.id, version: 0, projectsDone: 1, trainingHours: 1 }] } })).statusCode).toBe(401);
    // Another unit cannot submit this unit's record by batch either.
    const stranger = await batch(otherUnit, [{ id: theirs.id, version: theirs.version }]);
    expect(stranger.body.data).toEqual({ submitted: [], refused: [{ id: theirs.id, subjectName: null, reason: FORBIDDEN_MESSAGE }] });

    const res = await batch(self, [
      { id: mine.id, version: mine.version, trainingHours: 36 },
      { id: theirs.id, version: theirs.version },
    ]);
    expect(res.body.status, res.body.message).toBe(1);
    expect(res.body.data.submitted.map((s) => s.id)).toEqual([mine.id]);
    expect(res.body.data.refused).toEqual([{ id: theirs.id, subjectName: null, reason: FORBIDDEN_MESSAGE }]);
    expect(await row('practitioner', SELF)).toMatchObject({ status: 'submitted', training_hours: 36 });
    expect((await row('practitioner', theirs.subject_id)).status).toBe(theirs.status);
  });

  it('the body is the schema’s: one item at least, at most the batch limit, figures required, nothing unknown', async () => {
    const own = await row('unit', UNIT_1);
    const item = { id: own.id, version: own.version, projectsDone: 1, trainingHours: 1 };
    const send = (body: unknown) => t.call('POST', 'annual-inspections/batch-submit', { token: unit, body });
    expect((await send({ selfReport: 'x', fileIds: [], items: [] })).statusCode).toBe(400);
    expect((await send({ selfReport: 'x', fileIds: [], items: Array.from({ length: INSPECTION_BATCH_MAX + 1 }, (_v, i) => ({ ...item, id: `id-${i}` })) })).statusCode).toBe(400);
    expect((await send({ selfReport: 'x', fileIds: [], items: [{ id: own.id, version: own.version }] })).statusCode).toBe(400);
    expect((await send({ selfReport: 'x', fileIds: [], items: [item], extra: true })).statusCode).toBe(400);
    expect((await send({ selfReport: '', fileIds: [], items: [item] })).statusCode).toBe(400);
    // What all records share is checked first: a blank report refuses the whole batch.
    const blank = await send({ selfReport: '   ', fileIds: [], items: [item] });
    expect(blank.body).toMatchObject({ status: 10, message: M.selfReportRequired });
    expect(await row('unit', UNIT_1)).toMatchObject({ version: own.version });
  });
});
