/**
 * Quality review around the tasks: the expert library's additions (category, the practitioner
 * link, declared conflicts with their versions, an expert ever drawn cannot be deleted), a
 * project's detail listing its reviews without the panel, and the workbench's counts (a draw,
 * answers, sheets for staff who read reviews; a revised report owed for the unit). SQLite and
 * PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpertRecord } from '@common/schemas/experts';
import type { ProjectDetail } from '@common/schemas/projects';
import type { DrawVerification, ExpertConflict, ExpertDrawRecord } from '@common/schemas/reviewTasks';
import { seedDemo } from '../../server/db/seed/demo';
import type { Workbench } from '@common/schemas/workbench';
import { migrateTo, migrateToLatest } from '../../server/db/migrations/index';
import { createTestApp, dialects, openTestDatabase, type TestContext } from './helpers';
import { addExperts, categoriseLibrary, reviewCallers, reviewCalls, type Callers } from './expert-review.helpers';

describe.each(dialects)('expert review and the library on %s', (dialect) => {
  let t: TestContext;
  let c: Callers;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    c = await reviewCallers(t, 'rl');
    await categoriseLibrary(t);
    await addExperts(t, 'lx', 10);
  });
  afterAll(async () => {
    await t?.close();
  });

  const calls = reviewCalls(() => t);

  describe('the demo data', () => {
    it('holds a closed review whose draw verifies, an open task ready for a draw, and conflicts on the library', async () => {
      const closed = (await calls.detail(c.officer, 'demo-review-task-1')).body.data;
      expect(closed).toMatchObject({ status: 'closed', resultConclusion: 'revise', revisionStatus: 'awaiting', sheetCount: 5, rounds: 1 });
      expect(closed.result?.score).toBe(78.3);
      expect(closed.seats.filter((s) => s.status === 'confirmed')).toHaveLength(5);
      const verified = await t.call<DrawVerification>('GET', `expert-draws/${closed.draws[0].id}/verify`, { token: c.unitA });
      expect(verified.body.data).toMatchObject({ matches: true, resultMatches: true, digestMatches: true, auditMatches: true });
      const unit = (await calls.detail(c.unitA, 'demo-review-task-1')).body.data;
      expect(unit.sheets.map((x) => x.label)).toEqual(['专家1', '专家2', '专家3', '专家4', '专家5']);
      const names = closed.seats.flatMap((x) => [x.expertName ?? '', x.expertId ?? '']).filter(Boolean);
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((n) => JSON.stringify(unit).includes(n))).toEqual([]);
      const open = (await calls.detail(c.officer, 'demo-review-task-2')).body.data;
      expect(open).toMatchObject({ status: 'awaiting_draw', projectId: 'demo-project-7' });
      expect(open.actions).toContain('draw');
      const record = (await t.call<ExpertDrawRecord>('GET', `expert-draws/${closed.draws[0].id}`, { token: c.officer })).body.data;
      expect(record.excluded).toEqual(expect.arrayContaining([
        { expertId: 'demo-expert-9', rule: 'declared_conflict', reason: '申报的利害关系' },
        { expertId: 'demo-expert-2', rule: 'declared_conflict', reason: '申报的利害关系' },
        { expertId: 'demo-expert-15', rule: 'inactive', reason: '停用' },
      ]));
      const conflicts = (await t.call<ExpertConflict[]>('GET', 'experts/demo-expert-9/conflicts', { token: c.admin })).body.data;
      expect(conflicts.map((x) => x.unitName)).toEqual(['正衡社会稳定风险评估咨询有限公司']);
    });

    it('seeding again changes nothing', async () => {
      const snapshot = async () => ({
        tasks: await t.db.kysely.selectFrom('review_tasks').selectAll().where('id', 'like', 'demo-%').orderBy('id').execute(),
        draws: await t.db.kysely.selectFrom('expert_draws').selectAll().where('id', 'like', 'demo-%').execute(),
        events: (await t.db.kysely.selectFrom('review_events').select('id').execute()).length,
        logs: (await t.db.kysely.selectFrom('operation_logs').select('id').where('entity', '=', 'expert-draw').execute()).length,
        conflicts: (await t.db.kysely.selectFrom('expert_conflicts').select('id').execute()).length,
      });
      const before = await snapshot();
      await seedDemo(t.db.kysely, new Date(), { pii: t.app.pii, audit: { key: t.app.auditKey, dialect: t.dialect } });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('the expert library', () => {
    it('keeps a category from the dictionary and an existing practitioner link', async () => {
      const read = async () => (await t.call<ExpertRecord>('GET', 'experts/lx-expert-01', { token: c.admin })).body.data;
      const body = (extra: object) => ({ name: 'lx专家1', workUnit: 'lx研究所1', specialties: ['law'], version: 0, ...extra });
      const wrong = await t.call('PUT', 'experts/lx-expert-01', { token: c.admin, body: { ...body({ category: 'astrology' }), version: (await read()).version } });
      expect(wrong.body.message).toBe('专家类别不在字典中：astrology');
      const nobody = await t.call('PUT', 'experts/lx-expert-01', { token: c.admin, body: { ...body({ practitionerId: 'no-such-practitioner' }), version: (await read()).version } });
      expect(nobody.body.message).toBe('关联的从业人员不存在');
      const saved = await t.call('PUT', 'experts/lx-expert-01', { token: c.admin, body: { ...body({ category: 'engineering', practitionerId: 'demo-practitioner-9' }), version: (await read()).version } });
      expect(saved.body.status).toBe(1);
      expect(await read()).toMatchObject({ category: 'engineering', practitionerId: 'demo-practitioner-9' });
      expect((await read()).practitionerName).toBeTruthy();
      const filtered = await t.call<{ list: { id: string }[] }>('GET', 'experts?pageSize=100&category=engineering&keyword=lx', { token: c.admin });
      expect(filtered.body.data.list.map((e) => e.id)).toContain('lx-expert-01');
    });

    it('declared conflicts: add, edit with the version read, remove; a relative needs the relation', async () => {
      const list = async () => (await t.call<ExpertConflict[]>('GET', 'experts/lx-expert-02/conflicts', { token: c.outsider })).body.data;
      const relative = await t.call('POST', 'experts/lx-expert-02/conflicts', { token: c.admin, body: { unitName: '安和工程咨询有限公司', kind: 'relative', from: '2024-01-01' } });
      expect(relative.body.message).toBe('近亲属任职请填写亲属关系（如配偶、子女）');
      const reversed = await t.call('POST', 'experts/lx-expert-02/conflicts', { token: c.admin, body: { unitName: '安和工程咨询有限公司', kind: 'shares', from: '2025-01-01', to: '2024-01-01' } });
      expect(reversed.statusCode).toBe(400);
      const added = await t.call<{ id: string }>('POST', 'experts/lx-expert-02/conflicts', { token: c.admin, body: { unitName: '安和工程咨询有限公司', kind: 'relative', relation: '配偶', from: '2024-01-01' } });
      expect(added.body.status).toBe(1);
      expect(await list()).toMatchObject([{ unitName: '安和工程咨询有限公司', kind: 'relative', relation: '配偶', from: '2024-01-01', to: null, version: 0 }]);
      expect((await t.call('POST', 'experts/lx-expert-02/conflicts', { token: c.outsider, body: { unitName: 'x', kind: 'worked', from: '2024-01-01' } })).statusCode).toBe(403);
      const id = added.body.data.id;
      const stale = await t.call('PUT', `expert-conflicts/${id}`, { token: c.admin, body: { unitName: '安和工程咨询有限公司', kind: 'shares', from: '2024-01-01', version: 5 } });
      expect(stale.statusCode).toBe(409);
      expect((await t.call('PUT', `expert-conflicts/${id}`, { token: c.admin, body: { unitName: '安和 工程咨询有限公司', kind: 'shares', from: '2024-01-01', to: '2025-06-30', version: 0 } })).body.status).toBe(1);
      const stored = await t.db.kysely.selectFrom('expert_conflicts').select(['unit_key', 'kind', 'to_on']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ unit_key: '安和 工程咨询有限公司', kind: 'shares', to_on: '2025-06-30' });
      expect((await t.call('DELETE', `expert-conflicts/${id}`, { token: c.admin })).body.status).toBe(1);
      expect(await list()).toEqual([]);
      const logs = await t.db.kysely.selectFrom('operation_logs').select('action').where('entity_id', '=', 'lx-expert-02').execute();
      expect(logs.map((l) => l.action)).toEqual(['conflict-add', 'conflict-update', 'conflict-remove']);
    });

    it('an expert a draw holds stays (disable instead); the refusal never tells who a sealed draw drew', async () => {
      const newcomer = async (name: string) => {
        const res = await t.call<{ id: string }>('POST', 'experts', { token: c.admin, body: { name, workUnit: `${name}研究所`, specialties: ['law'], category: 'engineering' } });
        expect(res.body, res.body.message).toMatchObject({ status: 1 });
        return res.body.data.id;
      };
      const before = await newcomer('删除测试专家甲');
      const id = await calls.open(c.officer, { projectId: 'demo-project-9', panelSize: 3 });
      expect((await calls.draw(c.officer, id)).body.status).toBe(1);
      const seats = await calls.seats(id);
      const drawnIds = new Set(seats.map((s) => s.expert_id));
      const refusal = async (expertId: string) => (await t.call('DELETE', `experts/${expertId}`, { token: c.admin })).body;
      const closedPanels = new Set(
        (await t.db.kysely.selectFrom('review_seats as s').innerJoin('review_tasks as r', 'r.id', 's.task_id').select('s.expert_id').where('r.status', '=', 'closed').execute()).map((r) => r.expert_id),
      );
      const drawnOnlyHere = seats.find((s) => !closedPanels.has(s.expert_id))?.expert_id ?? '';
      const notDrawn = (await t.db.kysely.selectFrom('experts').select('id').execute()).map((e) => e.id).find((e) => !drawnIds.has(e) && !closedPanels.has(e) && e !== before) ?? '';
      expect(drawnOnlyHere && notDrawn).toBeTruthy();
      // The answer with the name left out: the same for a drawn expert and one the draw passed over.
      const shape = (message: string) => message.replace(/「[^」]*」/, '「」');
      // While the review is open, a drawn expert and one never drawn get the same answer.
      const drawnAnswer = await refusal(drawnOnlyHere);
      expect(drawnAnswer.status).not.toBe(1);
      expect(drawnAnswer.message).toContain('在尚未结束或已取消的评审的抽取记录中');
      expect(drawnAnswer.message).not.toContain('已被抽取');
      for (const expertId of [before, notDrawn]) {
        const answer = await refusal(expertId);
        expect(answer.status).not.toBe(1);
        expect(shape(answer.message)).toBe(shape(drawnAnswer.message));
      }
      await calls.step(c.officer, id, 'cancel', { reason: '测试结束' });
      // Cancelled: the panel stays sealed, and so the answer stays the same for all.
      expect(shape((await refusal(drawnOnlyHere)).message)).toBe(shape((await refusal(notDrawn)).message));
      // A closed review's panel is named; an expert added after every draw goes.
      const closedSeat = await t.db.kysely
        .selectFrom('review_seats as s')
        .innerJoin('review_tasks as r', 'r.id', 's.task_id')
        .select('s.expert_id')
        .where('r.status', '=', 'closed')
        .executeTakeFirstOrThrow();
      expect((await refusal(closedSeat.expert_id)).message).toContain('在已结束评审的抽取结果中');
      const late = await newcomer('删除测试专家丙');
      expect((await t.call('DELETE', `experts/${late}`, { token: c.admin })).body.status).toBe(1);
    });
  });

  describe('the workbench and the project', () => {
    it('counts the reviews waiting for a draw, answers and sheets for staff who read reviews', async () => {
      const figures = async (token: string) => (await t.call<Workbench>('GET', 'workbench', { token })).body.data.staff?.reviews;
      const before = await figures(c.officer);
      if (!before) throw new Error('reviews expected');
      const waiting = await calls.open(c.officer, { projectId: 'demo-project-10', panelSize: 3 });
      const answering = await calls.open(c.officer, { projectId: 'demo-project-5', panelSize: 3 });
      expect((await calls.draw(c.officer, answering)).body.status).toBe(1);
      const scoring = await calls.open(c.officer, { projectId: 'demo-project-1', panelSize: 3 });
      expect((await calls.draw(c.officer, scoring)).body.status).toBe(1);
      for (const seat of (await calls.seats(scoring)).filter((s) => s.status === 'invited')) {
        expect((await calls.step(c.officer, scoring, 'responses', { seatId: seat.id, answer: 'confirmed' })).body.status).toBe(1);
      }
      // The workbench's figures are cached for a moment; a write clears the cache.
      const after = await figures(c.officer);
      expect(after).toMatchObject({
        awaitingDraw: before.awaitingDraw + 1,
        awaitingAnswers: before.awaitingAnswers + 1,
        awaitingSheets: before.awaitingSheets + 1,
        links: { awaitingDraw: '/Manage/expert-review?status=awaiting_draw' },
      });
      expect(await figures(c.outsider)).toBeNull();
      for (const id of [waiting, answering, scoring]) await calls.step(c.officer, id, 'cancel', { reason: '测试结束' });
    });

    it("a project's detail lists its reviews, without the panel; the unit owes a revised report on its workbench", async () => {
      const id = await calls.open(c.officer, { projectId: 'demo-project-2', panelSize: 3 });
      expect((await calls.draw(c.officer, id)).body.status).toBe(1);
      for (const seat of (await calls.seats(id)).filter((s) => s.status === 'invited')) {
        await calls.step(c.officer, id, 'responses', { seatId: seat.id, answer: 'confirmed' });
      }
      const rubric = (await calls.detail(c.officer, id)).body.data.rubric;
      for (const seat of (await calls.seats(id)).filter((s) => s.status === 'confirmed')) {
        const scores = rubric.map((r) => ({ criterion: r.criterion, points: r.max - 3 }));
        expect((await calls.step(c.officer, id, 'sheets', { seatId: seat.id, scores, conclusion: 'revise' })).body.status).toBe(1);
      }
      expect((await calls.step(c.officer, id, 'close')).body.status).toBe(1);

      const project = (await t.call<ProjectDetail>('GET', 'projects/demo-project-2', { token: c.unitA })).body.data;
      expect(project.expertReviews).toEqual([
        expect.objectContaining({ id, status: 'closed', panelSize: 3, resultScore: 85, resultConclusion: 'revise', revisionStatus: 'awaiting', reason: 'application' }),
      ]);
      const names = (await t.db.kysely.selectFrom('review_seats as s').innerJoin('experts as e', 'e.id', 's.expert_id').select(['e.name', 'e.id']).where('s.task_id', '=', id).execute()).flatMap((r) => [r.name, r.id]);
      const text = JSON.stringify(project);
      expect(names.filter((n) => text.includes(n))).toEqual([]);

      const owed = await t.db.kysely.selectFrom('review_tasks').select('id').where('unit_id', '=', 'demo-unit-1').where('revision_status', '=', 'awaiting').execute();
      expect(owed.map((r) => r.id)).toContain(id);
      const own = (await t.call<Workbench>('GET', 'workbench', { token: c.unitA })).body.data.own;
      expect(own?.todos.find((x) => x.key === 'review-revision')).toMatchObject({
        count: owed.length,
        link: owed.length === 1 ? `/Manage/expert-review?id=${id}` : '/Manage/expert-review?status=closed',
      });
    });
  });
});

describe.each(dialects)('migration 0013 on %s', (dialect) => {
  it("counts the draws recorded before it from their JSON", async () => {
    const { db, dispose } = await openTestDatabase(dialect);
    try {
      await migrateTo(db, '0011_quality_review');
      const at = new Date().toISOString();
      // The schema as 0011 left it: written with plain SQL (the table types are the latest schema's).
      await sql`insert into member_units (id, name, credit_code, legal_representative, contact_person, contact_phone, version, created_at, updated_at)
        values ('u1', '甲单位', '91330106MA2CJ7K1XX', '甲', '乙', '13800000000', 0, ${at}, ${at})`.execute(db.kysely);
      await sql`insert into projects (id, name, unit_id, status, version, created_at, updated_at) values ('p1', '甲项目', 'u1', 'filed', 0, ${at}, ${at})`.execute(db.kysely);
      await sql`insert into review_tasks (id, project_id, unit_id, reason, review_on, panel_size, backup_count, supervisor, rubric, version, created_at, updated_at)
        values ('t1', 'p1', 'u1', 'application', '2026-12-01', 3, 2, '丙', '[]', 0, ${at}, ${at})`.execute(db.kysely);
      const pool = JSON.stringify({ eligible: [1, 2, 3, 4, 5, 6].map((n) => ({ expertId: `e${n}`, category: null, specialties: [] })), excluded: [{ expertId: 'e7', rule: 'inactive', reason: '停用' }] });
      const result = JSON.stringify({ order: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'], panel: ['e1', 'e2', 'e3'], backups: ['e4', 'e5'] });
      await db.kysely
        .insertInto('expert_draws')
        .values({ id: 'd1', task_id: 't1', round: 1, kind: 'initial', reason: null, seed: '0'.repeat(64), algorithm_version: 'v', rules: '{}', pool, result, digest: 'x', warning: null, supervisor: '丙', operator_id: null, operator_name: null, drawn_at: at })
        .execute();
      await migrateToLatest(db);
      const row = await db.kysely.selectFrom('expert_draws').select(['eligible_count', 'excluded_count', 'panel_count', 'backup_count']).where('id', '=', 'd1').executeTakeFirstOrThrow();
      expect(Object.values(row).map(Number)).toEqual([6, 1, 3, 2]);
    } finally {
      await dispose();
    }
  });
});
