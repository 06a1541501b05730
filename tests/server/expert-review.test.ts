/**
 * Quality review, the draw: opening a task for a filed project (and what is refused), each 回避
 * rule surfacing with its reason through the draw's record, a pool too small refused with the
 * counts and nothing recorded, the early-draw warning, a repeat as a new round with a reason,
 * verification (matches; fails when the stored seed, pool or log row is changed), no route that
 * changes or deletes a draw, and sealing: the panel's names by list, id, export, messages and the
 * draw's routes, before and after closing. SQLite and PostgreSQL.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCLUSION_REASONS } from '@common/expertReview';
import type { DrawVerification, ExpertDrawRecord, ReviewTaskDetail } from '@common/schemas/reviewTasks';
import { routeAccessList } from '../../server/security/guard';
import { createTestApp, dialects, type TestContext } from './helpers';
import {
  addExperts,
  categoriseLibrary,
  dayFrom,
  insertPastReview,
  PROJECT_A,
  PROJECT_B,
  reviewCallers,
  reviewCalls,
  UNIT_A,
  type Callers,
} from './expert-review.helpers';

describe.each(dialects)('expert review draw on %s', (dialect) => {
  let t: TestContext;
  let c: Callers;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    c = await reviewCallers(t, 'er');
    await categoriseLibrary(t);
    await addExperts(t, 'ex', 12);
  });
  afterAll(async () => {
    await t?.close();
  });

  const calls = reviewCalls(() => t);
  const drawRecord = (token: string, id: string) => t.call<ExpertDrawRecord>('GET', `expert-draws/${id}`, { token });
  const verify = (token: string, id: string) => t.call<DrawVerification>('GET', `expert-draws/${id}/verify`, { token });
  const expertNames = async (ids: readonly string[]) =>
    (await t.db.kysely.selectFrom('experts').select('name').where('id', 'in', [...ids]).execute()).map((r) => r.name);

  describe('opening a task', () => {
    it('opens one for a filed project only, checks the panel rules, and refuses a second open one', async () => {
      const draft = await calls.create(c.officer, { projectId: 'demo-project-4', reason: 'application', reviewOn: dayFrom(t, 1), supervisor: '王监督' });
      expect(draft.body).toMatchObject({ status: 10, message: '只能对已备案的项目发起评审' });
      const even = await calls.create(c.officer, { projectId: PROJECT_B, reason: 'application', reviewOn: dayFrom(t, 1), supervisor: '王监督', panelSize: 4 });
      expect(even.statusCode).toBe(400);
      expect(even.body.message).toContain('奇数');
      const past = await calls.create(c.officer, { projectId: PROJECT_B, reason: 'application', reviewOn: dayFrom(t, -1), supervisor: '王监督' });
      expect(past.body.message).toBe('评审日期不能早于今天');
      const badCategory = await calls.create(c.officer, { projectId: PROJECT_B, reason: 'application', reviewOn: dayFrom(t, 1), supervisor: '王监督', requiredCategories: ['astrology'] });
      expect(badCategory.body.message).toBe('专家类别不在字典中：astrology');
      const badReason = await calls.create(c.officer, { projectId: PROJECT_B, reason: 'whim', reviewOn: dayFrom(t, 1), supervisor: '王监督' });
      expect(badReason.body.message).toBe('评审原因不正确，请从列表中选择');

      const id = await calls.open(c.officer, { projectId: PROJECT_B });
      const row = await t.db.kysely.selectFrom('review_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'awaiting_draw', panel_size: 5, backup_count: 2, unit_id: 'demo-unit-2' });
      expect(JSON.parse(row.rubric)).toEqual([
        { criterion: 'procedure', label: '评估程序合法合规', max: 20 },
        { criterion: 'investigation', label: '风险调查与识别全面', max: 25 },
        { criterion: 'estimation', label: '风险估计与等级判定科学', max: 20 },
        { criterion: 'measures', label: '防范化解措施可行', max: 20 },
        { criterion: 'report', label: '报告规范与结论明确', max: 15 },
      ]);
      const log = await t.db.kysely.selectFrom('operation_logs').select(['action', 'summary']).where('entity_id', '=', id).execute();
      expect(log).toEqual([expect.objectContaining({ action: 'create' })]);
      const again = await calls.create(c.officer, { projectId: PROJECT_B, reason: 'application', reviewOn: dayFrom(t, 1), supervisor: '王监督' });
      expect(again.body.message).toBe('该项目已有进行中的评审任务，请在该任务中继续');
      // The unit was told, staff who draw too; the unit's row carries the task's actions.
      const unitList = await calls.list(c.unitB);
      expect(unitList.body.data.list.map((r) => r.id)).toContain(id);
      expect(unitList.body.data.list.find((r) => r.id === id)?.actions).toEqual([]);
      const cancelled = await calls.step(c.officer, id, 'cancel', { reason: '测试结束' });
      expect(cancelled.body.status).toBe(1);
    });

    it('refuses a stale version (409) and the rules once drawn', async () => {
      const id = await calls.open(c.officer, { projectId: PROJECT_B, panelSize: 3 });
      const stale = await t.call('PUT', `review-tasks/${id}`, { token: c.officer, body: { version: (await calls.version(id)) + 1, reviewOn: dayFrom(t, 2), supervisor: '李监督' } });
      expect(stale.statusCode).toBe(409);
      const edited = await t.call('PUT', `review-tasks/${id}`, { token: c.officer, body: { version: await calls.version(id), reviewOn: dayFrom(t, 2), supervisor: '李监督', place: '协会三楼会议室' } });
      expect(edited.body.status).toBe(1);
      expect((await calls.draw(c.officer, id)).body.status).toBe(1);
      const rules = await t.call('PUT', `review-tasks/${id}`, { token: c.officer, body: { version: await calls.version(id), reviewOn: dayFrom(t, 2), supervisor: '李监督', panelSize: 5 } });
      expect(rules.body.message).toContain('已抽取专家，不能再修改评审专家人数');
      const staleDraw = await t.call('POST', `review-tasks/${id}/draw`, { token: c.officer, body: { version: 0, reason: '再抽' } });
      expect(staleDraw.statusCode).toBe(409);
      await calls.step(c.officer, id, 'cancel', { reason: '测试结束' });
    });
  });

  describe('回避: each rule with its reason', () => {
    let taskId: string;
    let record: ExpertDrawRecord;

    beforeAll(async () => {
      const db = t.db.kysely;
      const reviewOn = dayFrom(t, 1);
      // ex-01 works at the assessing unit (written with a full-width space and brackets evened out).
      await db.updateTable('experts').set({ work_unit: ' 正衡社会稳定风险评估咨询有限公司　' }).where('id', '=', 'ex-expert-01').execute();
      // ex-02 is a practitioner of the assessing unit.
      await db.updateTable('experts').set({ practitioner_id: 'demo-practitioner-3' }).where('id', '=', 'ex-expert-02').execute();
      // ex-03 declared advising the client two years ago (through the route).
      const declared = await t.call('POST', 'experts/ex-expert-03/conflicts', {
        token: c.admin,
        body: { unitName: '城东新城建设管理委员会', kind: 'advised', from: dayFrom(t, -800), to: dayFrom(t, -400) },
      });
      expect(declared.body, declared.body.message).toMatchObject({ status: 1 });
      // ex-04 worked on the report from another unit (demo-practitioner-7 is of demo-unit-2).
      await db.insertInto('project_members').values({ project_id: PROJECT_A, practitioner_id: 'demo-practitioner-7', role: '外聘', sort: 9 }).execute();
      await db.updateTable('experts').set({ practitioner_id: 'demo-practitioner-7' }).where('id', '=', 'ex-expert-04').execute();
      // ex-05 has ten reviews this year, ex-06 nine (the cap is ten).
      for (let i = 0; i < 10; i += 1) {
        await insertPastReview(t, { projectId: 'demo-project-9', unitId: 'demo-unit-3', reviewOn: `${reviewOn.slice(0, 4)}-01-1${i % 10}`, expertIds: i < 9 ? ['ex-expert-05', 'ex-expert-06'] : ['ex-expert-05'] });
      }
      // ex-07 reviewed another project of the same unit 30 days before.
      await insertPastReview(t, { projectId: 'demo-project-2', unitId: UNIT_A, reviewOn: dayFrom(t, -29), expertIds: ['ex-expert-07'] });

      taskId = await calls.open(c.officer, { projectId: PROJECT_A, panelSize: 3, backupCount: 2, reviewOn });
      const drawn = await calls.draw(c.officer, taskId);
      expect(drawn.body, drawn.body.message).toMatchObject({ status: 1, data: { round: 1, panelCount: 3, backupCount: 2, warning: null } });
      const res = await drawRecord(c.officer, drawn.body.data.drawId);
      expect(res.body.status).toBe(1);
      record = res.body.data;
    });

    it.each([
      ['demo-expert-15', 'inactive'],
      ['ex-expert-01', 'own_or_client_unit'],
      ['ex-expert-02', 'recent_employment'],
      ['ex-expert-03', 'declared_conflict'],
      ['ex-expert-04', 'took_part_in_report'],
      ['ex-expert-05', 'yearly_cap_reached'],
      ['ex-expert-07', 'recently_reviewed_unit'],
    ] as const)('%s is out: %s, with its reason', (expertId, rule) => {
      expect(record.excluded).toContainEqual({ expertId, rule, reason: EXCLUSION_REASONS[rule] });
      expect(record.eligible.map((e) => e.expertId)).not.toContain(expertId);
    });

    it('the annual cap: nine reviews this year keep an expert in; the list shows the count against the cap', async () => {
      expect(record.eligible.map((e) => e.expertId)).toContain('ex-expert-06');
      const experts = await t.call<{ list: { id: string; reviewsThisYear: number; yearlyCap: number }[] }>('GET', `experts?pageSize=100&keyword=ex`, { token: c.admin });
      const of = (id: string) => experts.body.data.list.find((e) => e.id === id);
      expect(of('ex-expert-05')).toMatchObject({ reviewsThisYear: 10, yearlyCap: 10 });
      // Nine before this task, ten if this draw has just asked them too.
      const askedHere = (await calls.seats(taskId)).some((x) => x.expert_id === 'ex-expert-06' && ['invited', 'confirmed'].includes(x.status));
      expect(of('ex-expert-06')).toMatchObject({ reviewsThisYear: askedHere ? 10 : 9, yearlyCap: 10 });
    });

    it('records the whole pool, the counts per reason, seed, version, supervisor and operator', async () => {
      const library = await t.db.kysely.selectFrom('experts').select('id').execute();
      expect(record.eligible.length + record.excluded.length).toBe(library.length);
      expect(record.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(record.algorithmVersion).toBeTruthy();
      expect(record.supervisor).toBe('王监督');
      expect(record.operatorName).toBe('er_officer');
      expect(record.exclusionCounts.find((x) => x.rule === 'yearly_cap_reached')?.count).toBe(1);
      expect(record.result.panel).toHaveLength(3);
      expect(record.result.backups).toHaveLength(2);
      expect(record.names.map((n) => n.expertId)).toEqual([...record.result.panel, ...record.result.backups]);
      // The task lists the round with the counts kept beside the record.
      expect((await calls.detail(c.officer, taskId)).body.data.draws[0]).toMatchObject({
        id: record.id,
        eligibleCount: record.eligible.length,
        excludedCount: record.excluded.length,
        panelCount: 3,
        backupCount: 2,
        digest: (await t.db.kysely.selectFrom('expert_draws').select('digest').where('id', '=', record.id).executeTakeFirstOrThrow()).digest,
      });
      const seats = await calls.seats(taskId);
      expect(seats.filter((s) => s.status === 'invited').map((s) => s.seat_no)).toEqual([1, 2, 3]);
      expect(seats.filter((s) => s.status === 'standby').map((s) => s.backup_rank)).toEqual([1, 2]);
    });

    it('the record verifies; a changed seed, pool or log row does not', async () => {
      const ok = await verify(c.officer, record.id);
      expect(ok.body.data).toMatchObject({ matches: true, resultMatches: true, digestMatches: true, auditMatches: true });
      expect(ok.body.data.recomputed).toEqual([...record.result.panel, ...record.result.backups]);

      const db = t.db.kysely;
      const stored = await db.selectFrom('expert_draws').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow();
      const otherSeed = `${stored.seed.slice(0, 63)}${stored.seed.endsWith('0') ? '1' : '0'}`;
      await db.updateTable('expert_draws').set({ seed: otherSeed }).where('id', '=', record.id).execute();
      const seedChanged = await verify(c.officer, record.id);
      expect(seedChanged.body.data).toMatchObject({ matches: false, digestMatches: false });
      expect(seedChanged.body.message).toContain('复核不一致');

      // Whatever the pool's format (server/quality/records.ts), one eligible expert fewer.
      const pool = JSON.parse(stored.pool) as { eligible: unknown[] };
      await db.updateTable('expert_draws').set({ seed: stored.seed, pool: JSON.stringify({ ...pool, eligible: pool.eligible.slice(1) }) }).where('id', '=', record.id).execute();
      expect((await verify(c.officer, record.id)).body.data).toMatchObject({ matches: false, digestMatches: false });

      await db.updateTable('expert_draws').set({ pool: stored.pool }).where('id', '=', record.id).execute();
      expect((await verify(c.officer, record.id)).body.data.matches).toBe(true);
      const logRow = await db.selectFrom('operation_logs').select(['id', 'summary']).where('entity_id', '=', record.id).executeTakeFirstOrThrow();
      await db.updateTable('operation_logs').set({ summary: logRow.summary.replace(/SHA-256:[0-9a-f]{4}/, 'SHA-256:ffff') }).where('id', '=', logRow.id).execute();
      expect((await verify(c.officer, record.id)).body.data).toMatchObject({ matches: false, resultMatches: true, digestMatches: true, auditMatches: false });
      await db.updateTable('operation_logs').set({ summary: logRow.summary }).where('id', '=', logRow.id).execute();
      expect((await verify(c.officer, record.id)).body.data.matches).toBe(true);
    });

    it('a repeat needs a reason, is a new round, voids the earlier seats, and verifies too', async () => {
      const noReason = await calls.draw(c.officer, taskId);
      expect(noReason.body.message).toBe('已抽取过专家；重新抽取须填写原因（将作废上一轮的抽取结果）');
      const longReason = `监督人要求在现场重新抽取${'。'.repeat(480)}`;
      const again = await calls.draw(c.officer, taskId, { reason: longReason });
      expect(again.body, again.body.message).toMatchObject({ status: 1, data: { round: 2 } });
      const seats = await calls.seats(taskId);
      expect(seats.filter((s) => Number(s.round) === 1).every((s) => s.status === 'void')).toBe(true);
      expect(seats.filter((s) => Number(s.round) === 2 && s.status === 'invited')).toHaveLength(3);
      const draws = await t.db.kysely.selectFrom('expert_draws').select(['round', 'kind', 'reason']).where('task_id', '=', taskId).orderBy('round').execute();
      expect(draws).toEqual([
        { round: 1, kind: 'initial', reason: null },
        { round: 2, kind: 'redraw', reason: longReason },
      ]);
      // The reason fills the log row's summary, which keeps the digest all the same.
      expect((await verify(c.officer, again.body.data.drawId)).body.data).toMatchObject({ matches: true, auditMatches: true });
    });
  });

  it('a pool too small is refused with how many are eligible and why the others are out; nothing is recorded', async () => {
    const db = t.db.kysely;
    const id = await calls.open(c.officer, { projectId: 'demo-project-10', panelSize: 9, backupCount: 9 });
    const before = {
      draws: (await db.selectFrom('expert_draws').select('id').execute()).length,
      seats: (await db.selectFrom('review_seats').select('id').execute()).length,
      logs: (await db.selectFrom('operation_logs').select('id').where('entity', '=', 'expert-draw').execute()).length,
      version: await calls.version(id),
    };
    // The demo library out of service for this draw: the pool is the twelve added experts, less those the rules exclude.
    const demoActive = (await db.selectFrom('experts').select('id').where('active', '=', 1).where('id', 'like', 'demo-expert-%').execute()).map((e) => e.id);
    await db.updateTable('experts').set({ active: 0 }).where('id', 'in', demoActive).execute();
    const active = await db.selectFrom('experts').select('id').where('active', '=', 1).execute();
    const res = await calls.draw(c.officer, id);
    await db.updateTable('experts').set({ active: 1 }).where('id', 'in', demoActive).execute();
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe(10);
    const library = await db.selectFrom('experts').select('id').execute();
    expect(res.body.message).toContain('无法抽取');
    expect(res.body.message).toContain(`专家库共 ${library.length} 人`);
    expect(res.body.message).toMatch(/符合条件的专家 \d+ 人，抽取 9 名评审专家和 9 名备选专家共需 18 人/);
    expect(res.body.message).toContain(`停用 ${library.length - active.length} 人`);
    // ex-expert-05 at least (ex-expert-06 too if the draws above reached its tenth review).
    expect(res.body.message).toMatch(/本年度评审已达上限 [12] 人/);
    expect({
      draws: (await db.selectFrom('expert_draws').select('id').execute()).length,
      seats: (await db.selectFrom('review_seats').select('id').execute()).length,
      logs: (await db.selectFrom('operation_logs').select('id').where('entity', '=', 'expert-draw').execute()).length,
      version: await calls.version(id),
    }).toEqual(before);
    await calls.step(c.officer, id, 'cancel', { reason: '测试结束' });
  });

  it('a draw more than two days before the review is recorded with a warning', async () => {
    const id = await calls.open(c.officer, { projectId: 'demo-project-9', panelSize: 3, reviewOn: dayFrom(t, 10) });
    const res = await calls.draw(c.officer, id);
    expect(res.body.status).toBe(1);
    expect(res.body.data.warning).toContain('超过 2 天');
    expect(res.body.message).toContain('注意');
    const stored = await t.db.kysely.selectFrom('expert_draws').select('warning').where('id', '=', res.body.data.drawId).executeTakeFirstOrThrow();
    expect(stored.warning).toBe(res.body.data.warning);
    await calls.step(c.officer, id, 'cancel', { reason: '测试结束' });
  });

  it('no route changes or deletes a draw: the draw routes are reads, and every write route leaves the records as they were', async () => {
    const draws = routeAccessList(t.app).filter((r) => r.url.includes('/expert-draws') || r.url.includes('/quality-samples'));
    expect(draws.filter((r) => !['GET', 'HEAD'].includes(r.method) && !(r.method === 'POST' && r.url === '/api/v1/quality-samples'))).toEqual([]);

    const db = t.db.kysely;
    const snapshot = async () => ({
      draws: await db.selectFrom('expert_draws').selectAll().orderBy('id').execute(),
      samplings: await db.selectFrom('review_samplings').selectAll().orderBy('id').execute(),
    });
    const drawId = (await db.selectFrom('expert_draws').select('id').where('algorithm_version', '!=', 'history').executeTakeFirstOrThrow()).id;
    const before = await snapshot();
    // The caller's own logout and consent withdrawal touch nothing but the caller's session.
    const ownSession = ['/api/v1/user/consents/sensitive-pi/withdraw', '/api/v1/user/auth/logout'];
    const writes = routeAccessList(t.app).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !ownSession.includes(r.url));
    expect(writes.length).toBeGreaterThan(50);
    for (const route of writes) {
      const url = route.url.replace(/:(\w+)/g, () => encodeURIComponent(drawId));
      await t.app.inject({ method: route.method as 'POST', url, headers: { token: c.admin, 'content-type': 'application/json' }, payload: JSON.stringify({ version: 0, reason: '改动', seed: '0'.repeat(64) }) });
    }
    expect(await snapshot()).toEqual(before);
  });

  describe('sealing', () => {
    let id: string;
    let drawn: string[];
    let names: string[];

    beforeAll(async () => {
      id = await calls.open(c.officer, { projectId: 'demo-project-2', panelSize: 3, backupCount: 2, reviewOn: dayFrom(t, 1) });
      const res = await calls.draw(c.officer, id);
      expect(res.body.status).toBe(1);
      const record = (await drawRecord(c.officer, res.body.data.drawId)).body.data;
      drawn = [...record.result.panel, ...record.result.backups];
      names = await expertNames(drawn);
      expect(names).toHaveLength(5);
    });

    const mentionsPanel = (value: unknown) => {
      const text = JSON.stringify(value);
      return [...drawn, ...names].filter((x) => text.includes(x));
    };

    it('only review:draw:view names the panel before closing; the unit and sealed staff see seats without names', async () => {
      const officer = (await calls.detail(c.officer, id)).body.data;
      expect(officer.sealed).toBe(false);
      expect(officer.seats.map((s) => s.expertId)).toEqual(drawn);

      const sealedStaff = (await calls.detail(c.sealed, id)).body.data;
      expect(sealedStaff.sealed).toBe(true);
      expect(sealedStaff.seats).toHaveLength(5);
      expect(sealedStaff.seats.map((s) => s.label)).toEqual(['专家1', '专家2', '专家3', '备选1', '备选2']);
      expect(mentionsPanel(sealedStaff)).toEqual([]);
      // They still record answers by seat: the seat's actions say so.
      expect(sealedStaff.seats[0].actions).toEqual(['confirm', 'decline']);

      const unit = await calls.detail(c.unitA, id);
      expect(unit.body.status).toBe(1);
      expect(unit.body.data).toMatchObject({ sealed: true, seats: [], sheets: [], rounds: 1, panelSize: 3 });
      expect(unit.body.data.drawnAt).toBeTruthy();
      expect(mentionsPanel(unit.body.data)).toEqual([]);
      expect(mentionsPanel((await calls.list(c.unitA)).body.data)).toEqual([]);
      expect(mentionsPanel((await calls.list(c.sealed)).body.data)).toEqual([]);
    });

    it('the draw record is for review:draw:view only; verification answers everyone entitled, without ids when sealed', async () => {
      const drawId = (await t.db.kysely.selectFrom('expert_draws').select('id').where('task_id', '=', id).executeTakeFirstOrThrow()).id;
      expect((await drawRecord(c.sealed, drawId)).statusCode).toBe(403);
      expect((await drawRecord(c.unitA, drawId)).statusCode).toBe(403);
      expect((await drawRecord(c.viewer, drawId)).statusCode).toBe(403);
      const unitVerify = await verify(c.unitA, drawId);
      expect(unitVerify.body.data).toMatchObject({ matches: true, recomputed: [], stored: [] });
      expect(mentionsPanel(unitVerify.body)).toEqual([]);
      expect((await verify(c.sealed, drawId)).body.data).toMatchObject({ matches: true, recomputed: [] });
      expect((await verify(c.unitB, drawId)).statusCode).toBe(403);
      expect((await verify(c.practitioner, drawId)).statusCode).toBe(403);
      expect((await verify(c.outsider, drawId)).statusCode).toBe(403);
    });

    it('no export and no message names the panel', async () => {
      for (const token of [c.unitA, c.officer]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/review-tasks/export', headers: { token } });
        expect(res.statusCode).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const cells: string[] = [];
        book.worksheets[0].eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
        expect(cells).toContain('市第二垃圾焚烧发电厂扩建工程社会稳定风险评估');
        expect(mentionsPanel(cells)).toEqual([]);
      }
      const messages = await t.db.kysely.selectFrom('messages').select(['title', 'body', 'link']).where('subject_id', '=', id).execute();
      expect(messages.length).toBeGreaterThan(0);
      expect(mentionsPanel(messages)).toEqual([]);
      const events = await t.db.kysely.selectFrom('review_events').select('summary').where('task_id', '=', id).execute();
      const logs = await t.db.kysely.selectFrom('operation_logs').select('summary').where('entity_id', '=', id).execute();
      expect(mentionsPanel([...events, ...logs])).toEqual([]);
    });

    it('another unit, a practitioner and staff without the code read nothing of it', async () => {
      expect((await calls.detail(c.unitB, id)).statusCode).toBe(403);
      expect((await calls.list(c.unitB)).body.data.list.map((r) => r.id)).not.toContain(id);
      expect((await calls.detail(c.practitioner, id)).statusCode).toBe(403);
      expect((await calls.detail(c.outsider, id)).statusCode).toBe(403);
      expect((await t.call('GET', 'review-tasks', { token: c.outsider })).statusCode).toBe(403);
      expect((await t.call('GET', `review-tasks/${id}`)).statusCode).toBe(401);
    });

    it('after closing: the unit sees the sheets as 专家1…专家3 without names; staff see the names', async () => {
      for (const seat of (await calls.seats(id)).filter((s) => s.status === 'invited')) {
        expect((await calls.step(c.officer, id, 'responses', { seatId: seat.id, answer: 'confirmed' })).body.status).toBe(1);
      }
      const rubric = (await calls.detail(c.officer, id)).body.data.rubric;
      for (const seat of (await calls.seats(id)).filter((s) => s.status === 'confirmed')) {
        const res = await calls.step(c.officer, id, 'sheets', { seatId: seat.id, scores: rubric.map((r) => ({ criterion: r.criterion, points: r.max - 2 })), comments: '风险识别基本全面。', conclusion: 'pass' });
        expect(res.body, res.body.message).toMatchObject({ status: 1 });
      }
      expect((await calls.step(c.officer, id, 'close')).body.status).toBe(1);

      const unit: ReviewTaskDetail = (await calls.detail(c.unitA, id)).body.data;
      expect(unit.status).toBe('closed');
      expect(unit.sheets.map((s) => s.label)).toEqual(['专家1', '专家2', '专家3']);
      expect(unit.seats.map((s) => s.label)).toEqual(['专家1', '专家2', '专家3']);
      expect(unit.result).toMatchObject({ score: 90, conclusion: 'pass' });
      expect(mentionsPanel(unit)).toEqual([]);
      const sealedStaff = (await calls.detail(c.sealed, id)).body.data;
      expect(sealedStaff.sealed).toBe(false);
      expect(sealedStaff.seats.filter((s) => s.expertName).length).toBe(5);
      const unitMessages = await t.db.kysely
        .selectFrom('messages as m')
        .innerJoin('accounts as a', 'a.id', 'm.account_id')
        .select(['m.title', 'm.body'])
        .where('a.unit_id', '=', 'demo-unit-1')
        .where('m.subject_id', '=', id)
        .execute();
      expect(unitMessages.map((m) => m.title)).toContain('项目「市第二垃圾焚烧发电厂扩建工程社会稳定风险评估」的评审已结束：通过');
      expect(mentionsPanel(unitMessages)).toEqual([]);
    });
  });
});
