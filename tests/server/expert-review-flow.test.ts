/**
 * Quality review, after the draw: answers (a decline moves the next backup up, no answer only
 * after the deadline, backups used up leave the seat vacant and call for 补抽), the supplementary
 * round (only vacant seats, nobody drawn before, verifiable), score sheets on the rubric, the
 * panel's result with five and with three experts, closing and what it locks, the expert's link
 * (valid, wrong, replaced, after closing, rate-limited), ratings and the flag, the unit's comment
 * and revised report, 质量抽查 (reproducible, verifiable, a task each), and every step refused
 * to the wrong role and to another unit. SQLite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawVerification, ExpertDrawRecord, ExpertLinkView, QualitySampleAnswer, QualitySampleDetail, ReviewLinkAnswer, RubricCriterion } from '@common/schemas/reviewTasks';
import { sampleIds } from '../../server/quality/draw';
import { pdfBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addExperts, categoriseLibrary, dayFrom, reviewCallers, reviewCalls, UNIT_A, type Callers } from './expert-review.helpers';

/** Points for each criterion adding up to `total`: each criterion in turn takes what it can. */
function pointsFor(rubric: readonly RubricCriterion[], total: number): { criterion: string; points: number }[] {
  let left = total;
  return rubric.map((c) => {
    const points = Math.min(c.max, left);
    left -= points;
    return { criterion: c.criterion, points };
  });
}

describe.each(dialects)('expert review workflow on %s', (dialect) => {
  let t: TestContext;
  let c: Callers;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    c = await reviewCallers(t, 'rf');
    await categoriseLibrary(t);
    await addExperts(t, 'fx', 20);
  });
  afterAll(async () => {
    await t?.close();
  });

  const calls = reviewCalls(() => t);
  const seatsByStatus = async (id: string, status: string) => (await calls.seats(id)).filter((s) => s.status === status);
  const rubricOf = async (id: string) => (await calls.detail(c.officer, id)).body.data.rubric;
  const confirmAll = async (id: string) => {
    for (const seat of await seatsByStatus(id, 'invited')) {
      const res = await calls.step(c.officer, id, 'responses', { seatId: seat.id, answer: 'confirmed' });
      expect(res.body, res.body.message).toMatchObject({ status: 1 });
    }
  };
  const sheet = async (id: string, seatId: string, total: number, conclusion: string, token = c.officer) =>
    calls.step(token, id, 'sheets', { seatId, scores: pointsFor(await rubricOf(id), total), comments: `总分 ${total}`, conclusion });
  const staffMessages = (id: string, title: string) =>
    t.db.kysely
      .selectFrom('messages as m')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select(['a.login_account'])
      .where('m.subject_id', '=', id)
      .where('m.title', 'like', `${title}%`)
      .execute();

  it('pointsFor spreads a total over the rubric', async () => {
    const rubric = [
      { criterion: 'a', label: 'a', max: 20 },
      { criterion: 'b', label: 'b', max: 25 },
      { criterion: 'c', label: 'c', max: 20 },
      { criterion: 'd', label: 'd', max: 20 },
      { criterion: 'e', label: 'e', max: 15 },
    ];
    for (const total of [0, 37, 60, 80, 100]) expect(pointsFor(rubric, total).reduce((a, s) => a + s.points, 0)).toBe(total);
  });

  describe('answers, backups and 补抽', () => {
    let id: string;
    let firstRound: string[];

    beforeAll(async () => {
      id = await calls.open(c.officer, { projectId: 'demo-project-1', panelSize: 3, backupCount: 2 });
      const drawn = await calls.draw(c.officer, id);
      expect(drawn.body.status).toBe(1);
      firstRound = (await calls.seats(id)).map((s) => s.expert_id);
    });

    it('a decline needs a reason and moves the first backup up to the seat', async () => {
      const [seat1] = await seatsByStatus(id, 'invited');
      const noReason = await calls.step(c.officer, id, 'responses', { seatId: seat1.id, answer: 'declined' });
      expect(noReason.body.message).toBe('请填写婉拒原因');
      const res = await calls.step(c.officer, id, 'responses', { seatId: seat1.id, answer: 'declined', reason: '时间冲突' });
      expect(res.body).toMatchObject({ status: 1, message: '已记录；备选1递补为专家1，请联系确认' });
      const seats = await calls.seats(id);
      expect(seats.find((s) => s.id === seat1.id)).toMatchObject({ status: 'declined', answer_reason: '时间冲突', seat_no: 1 });
      const moved = seats.find((s) => s.backup_rank === 1);
      expect(moved).toMatchObject({ status: 'invited', seat_no: 1 });
      expect(moved?.answer_deadline).toBeTruthy();
      const events = (await calls.detail(c.officer, id)).body.data.events.map((e) => e.summary);
      expect(events).toEqual(expect.arrayContaining(['专家1婉拒：时间冲突', '备选1递补为专家1']));
    });

    it('no answer is recorded only after the deadline; the next backup moves up', async () => {
      const seat2 = (await seatsByStatus(id, 'invited')).find((s) => s.seat_no === 2);
      if (!seat2) throw new Error('seat 2');
      const early = await calls.step(c.officer, id, 'responses', { seatId: seat2.id, answer: 'no_answer' });
      expect(early.body.message).toMatch(/^答复期限（\d{4}-\d{2}-\d{2} \d{2}:\d{2}）未到，不能记为未答复$/);
      // The deadline passes.
      await t.db.kysely.updateTable('review_seats').set({ answer_deadline: new Date(t.clock.now().getTime() - 60_000).toISOString() }).where('id', '=', seat2.id).execute();
      expect((await calls.detail(c.officer, id)).body.data.seats.find((s) => s.id === seat2.id)?.actions).toEqual(['confirm', 'decline', 'noAnswer']);
      const res = await calls.step(c.officer, id, 'responses', { seatId: seat2.id, answer: 'no_answer' });
      expect(res.body.message).toBe('已记录；备选2递补为专家2，请联系确认');
      expect((await calls.seats(id)).find((s) => s.backup_rank === 2)).toMatchObject({ status: 'invited', seat_no: 2 });
    });

    it('with the backups used up a decline leaves the seat vacant and calls for 补抽', async () => {
      const seat3 = (await seatsByStatus(id, 'invited')).find((s) => s.seat_no === 3);
      if (!seat3) throw new Error('seat 3');
      const res = await calls.step(c.officer, id, 'responses', { seatId: seat3.id, answer: 'declined', reason: '身体原因' });
      expect(res.body.message).toBe('已记录；备选专家已用完，专家3席位空缺，需要补抽');
      const detail = (await calls.detail(c.officer, id)).body.data;
      expect(detail).toMatchObject({ status: 'confirming', vacantSeats: 1, standbyBackups: 0 });
      expect(detail.actions).toContain('supplement');
      expect((await staffMessages(id, '备选专家已用完')).map((m) => m.login_account)).toEqual(expect.arrayContaining(['admin', 'rf_officer', 'rf_sealed']));
      const plain = await calls.draw(c.officer, id);
      expect(plain.body.message).toBe('已抽取过专家；重新抽取须填写原因（将作废上一轮的抽取结果）');
    });

    it('补抽 is a new round for the vacant seat, leaving out everyone drawn before, and verifies', async () => {
      const res = await calls.step<{ drawId: string; round: number; panelCount: number; backupCount: number }>(c.officer, id, 'supplementary-draw');
      expect(res.body, res.body.message).toMatchObject({ status: 1, data: { round: 2, panelCount: 1, backupCount: 2 } });
      const record = (await t.call<ExpertDrawRecord>('GET', `expert-draws/${res.body.data.drawId}`, { token: c.officer })).body.data;
      expect(record.kind).toBe('supplementary');
      expect(record.rules).toMatchObject({ panelSize: 1, seatNumbers: [3], alreadyAsked: [...firstRound].sort() });
      const fresh = [...record.result.panel, ...record.result.backups];
      expect(fresh.filter((e) => firstRound.includes(e))).toEqual([]);
      expect(record.eligible.map((e) => e.expertId).filter((e) => firstRound.includes(e))).toEqual([]);
      const seats = await calls.seats(id);
      expect(seats.filter((s) => Number(s.round) === 2).map((s) => [s.status, s.seat_no, s.backup_rank])).toEqual([
        ['invited', 3, null],
        ['standby', null, 1],
        ['standby', null, 2],
      ]);
      const verified = await t.call<DrawVerification>('GET', `expert-draws/${record.id}/verify`, { token: c.officer });
      expect(verified.body.data.matches).toBe(true);
      const none = await calls.step(c.officer, id, 'supplementary-draw');
      expect(none.body.message).toBe('评审专家席位没有空缺，不需要补抽');
    });

    it('every seat confirmed: scoring, and the staff who score are told', async () => {
      await confirmAll(id);
      expect((await calls.detail(c.officer, id)).body.data).toMatchObject({ status: 'scoring', confirmedCount: 3 });
      expect((await staffMessages(id, '评审专家已全部确认')).map((m) => m.login_account)).toContain('rf_officer');
      await calls.step(c.officer, id, 'cancel', { reason: '测试结束' });
    });
  });

  describe('sheets and the panel result', () => {
    it('five experts: the highest and lowest are left out, a tie of conclusions goes to the stricter; closing locks the task', async () => {
      const id = await calls.open(c.officer, { projectId: 'demo-project-2', panelSize: 5, backupCount: 2 });
      expect((await calls.draw(c.officer, id)).body.status).toBe(1);
      const invited = await seatsByStatus(id, 'invited');
      expect((await sheet(id, invited[0].id, 80, 'pass')).body.message).toBe('专家尚未全部确认，不能录入评分表');
      await confirmAll(id);
      const seats = (await seatsByStatus(id, 'confirmed')).sort((a, b) => Number(a.seat_no) - Number(b.seat_no));
      const rubric = await rubricOf(id);
      const over = await calls.step(c.officer, id, 'sheets', { seatId: seats[0].id, scores: rubric.map((r) => ({ criterion: r.criterion, points: r.max + 1 })), conclusion: 'pass' });
      expect(over.body.message).toBe('评分项「评估程序合法合规」的得分不能超过 20 分');
      const missing = await calls.step(c.officer, id, 'sheets', { seatId: seats[0].id, scores: [{ criterion: 'procedure', points: 10 }], conclusion: 'pass' });
      expect(missing.body.message).toBe('请为以下评分项打分：风险调查与识别全面、风险估计与等级判定科学、防范化解措施可行、报告规范与结论明确');
      const unknown = await calls.step(c.officer, id, 'sheets', { seatId: seats[0].id, scores: [...pointsFor(rubric, 50), { criterion: 'charm', points: 1 }], conclusion: 'pass' });
      expect(unknown.body.message).toBe('评分项「charm」不在本次评审的评分细则中');

      const plan: [number, string][] = [
        [95, 'pass'],
        [88, 'pass'],
        [80, 'revise'],
        [72, 'revise'],
        [60, 'fail'],
      ];
      for (const [i, [total, conclusion]] of plan.entries()) {
        expect((await sheet(id, seats[i].id, total, conclusion)).body.status).toBe(1);
        if (i === 3) expect((await calls.step(c.officer, id, 'close')).body.message).toBe('还有 1 位评审专家的评分表未录入，不能结束评审');
      }
      // A seat's sheet is entered once; entering it again replaces it only with a reason (expert-review-sheets.test.ts).
      expect((await sheet(id, seats[4].id, 61, 'fail')).body.message).toBe('该席位已有评分表：替换须填写原因（原评分表完整保留，并通知专家本人）');
      const again = (total: number) => calls.step(c.officer, id, 'sheets', { seatId: seats[4].id, scores: pointsFor(rubric, total), comments: `总分 ${total}`, conclusion: 'fail', reason: '录入有误，按纸质评分表更正' });
      expect((await again(61)).body.status).toBe(1);
      expect((await again(60)).body.status).toBe(1);
      expect((await t.db.kysely.selectFrom('review_sheets').select('id').where('task_id', '=', id).execute()).length).toBe(5);
      expect((await t.db.kysely.selectFrom('review_sheet_replacements').select('total').where('task_id', '=', id).execute()).map((r) => Number(r.total)).sort()).toEqual([60, 61]);

      const closed = await calls.step(c.officer, id, 'close');
      expect(closed.body).toMatchObject({ status: 1, message: '评审已结束：80 分，修改后通过' });
      expect((await calls.detail(c.officer, id)).body.data.result?.replacedByStaff).toBe(1);
      const detail = (await calls.detail(c.officer, id)).body.data;
      expect(detail).toMatchObject({ status: 'closed', resultScore: 80, resultConclusion: 'revise', revisionStatus: 'awaiting' });
      expect(detail.result).toMatchObject({ score: 80, conclusion: 'revise', sheetCount: 5, trimmed: true });
      expect(detail.actions).toEqual(expect.arrayContaining(['rate', 'verify']));
      expect(detail.actions).not.toContain('sheet');
      expect((await sheet(id, seats[0].id, 90, 'pass')).body.message).toBe('评审已结束，不能再修改');
      expect((await calls.step(c.officer, id, 'cancel', { reason: 'x' })).body.message).toBe('评审已结束，不能再修改');
      expect((await calls.draw(c.officer, id, { reason: 'x' })).body.message).toBe('评审已结束，不能再修改');
    });

    it('three experts: the plain mean (one decimal), and 通过 / 修改后通过 / 不通过 once each goes to 不通过', async () => {
      const id = await calls.open(c.officer, { projectId: 'demo-project-5', panelSize: 3, backupCount: 2 });
      expect((await calls.draw(c.officer, id)).body.status).toBe(1);
      await confirmAll(id);
      const seats = (await seatsByStatus(id, 'confirmed')).sort((a, b) => Number(a.seat_no) - Number(b.seat_no));
      for (const [i, [total, conclusion]] of ([
        [90, 'pass'],
        [81, 'revise'],
        [70, 'fail'],
      ] as const).entries()) {
        expect((await sheet(id, seats[i].id, total, conclusion)).body.status).toBe(1);
      }
      const closed = await calls.step(c.officer, id, 'close');
      expect(closed.body.message).toBe('评审已结束：80.3 分，不通过');
      expect((await calls.detail(c.unitB, id)).body.data.result).toMatchObject({ score: 80.3, conclusion: 'fail', trimmed: false });
      expect((await t.db.kysely.selectFrom('review_tasks').select('revision_status').where('id', '=', id).executeTakeFirstOrThrow()).revision_status).toBeNull();
    });
  });

  describe("the expert's link", () => {
    let id: string;
    let seatId: string;
    let link: ReviewLinkAnswer;
    const view = (token: string, ip = '127.0.0.1') => t.call<ExpertLinkView>('POST', 'public/review-links/view', { body: { token }, ip });

    beforeAll(async () => {
      const report = await upload<{ fileId: string }>(t, c.unitA, pdfBytes(), { name: '评估报告.pdf' });
      await t.db.kysely
        .insertInto('file_attachments')
        .values({ id: randomUUID(), owner_type: 'project', owner_id: 'demo-project-1', slot: 'report', file_id: report.body.data.fileId, sort: 0, created_at: new Date().toISOString(), created_by: null })
        .execute();
      id = await calls.open(c.officer, { projectId: 'demo-project-1', panelSize: 3, backupCount: 2 });
      expect((await calls.draw(c.officer, id)).body.status).toBe(1);
      const early = await calls.step(c.officer, id, 'links', { seatId: (await seatsByStatus(id, 'invited'))[0].id });
      expect(early.body.message).toBe('专家尚未全部确认，不能录入评分表');
      await confirmAll(id);
      seatId = (await seatsByStatus(id, 'confirmed')).find((s) => s.seat_no === 2)?.id ?? '';
      const res = await calls.step<ReviewLinkAnswer>(c.officer, id, 'links', { seatId });
      expect(res.body.status).toBe(1);
      link = res.body.data;
    });

    it('is shown once and only its hash is kept', async () => {
      expect(link.path).toBe(`/expert-review-sheet#${link.token}`);
      expect(link.token.length).toBeGreaterThanOrEqual(40);
      const stored = await t.db.kysely.selectFrom('review_links').selectAll().where('seat_id', '=', seatId).execute();
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(link.token);
    });

    it('opens the task and the rubric to the expert, who submits their own sheet', async () => {
      const seen = await view(link.token);
      expect(seen.body, seen.body.message).toMatchObject({ status: 1, data: { label: '专家2', canSubmit: true, sheet: null, project: { name: '城东新城片区旧城改造项目社会稳定风险评估' } } });
      const expert = await t.db.kysely.selectFrom('review_seats as s').innerJoin('experts as e', 'e.id', 's.expert_id').select('e.name').where('s.id', '=', seatId).executeTakeFirstOrThrow();
      expect(seen.body.data.expertName).toBe(expert.name);
      expect(seen.body.data.rubric).toHaveLength(5);
      expect(seen.body.data.reports).toHaveLength(1);
      const file = await t.app.inject({ method: 'GET', url: seen.body.data.reports[0].url });
      expect(file.statusCode).toBe(200);

      const sent = await t.call('POST', 'public/review-links/sheet', { body: { token: link.token, scores: pointsFor(seen.body.data.rubric, 77), comments: '措施可行性论证不足。', conclusion: 'revise' } });
      expect(sent.body).toMatchObject({ status: 1, message: '评分表已提交，谢谢' });
      const sheet = await t.db.kysely.selectFrom('review_sheets').selectAll().where('seat_id', '=', seatId).executeTakeFirstOrThrow();
      expect(sheet).toMatchObject({ total: 77, source: 'expert', conclusion: 'revise' });
      expect((await view(link.token)).body.data.sheet).toMatchObject({ total: 77, conclusion: 'revise' });
      expect((await staffMessages(id, '专家2已通过评分链接提交评分表')).length).toBeGreaterThan(0);
    });

    it('a wrong token and a replaced link are refused alike', async () => {
      const wrong = await view(`${link.token.slice(0, -2)}xx`);
      expect(wrong.statusCode).toBe(404);
      expect(wrong.body.message).toBe('链接无效或已失效，请联系协会工作人员');
      const again = await calls.step<ReviewLinkAnswer>(c.officer, id, 'links', { seatId });
      expect((await view(link.token)).body.message).toBe('链接无效或已失效，请联系协会工作人员');
      link = again.body.data;
      expect((await view(link.token)).body.status).toBe(1);
    });

    it('is limited per address', async () => {
      let last = 0;
      for (let i = 0; i < 31; i += 1) last = (await view(link.token, '10.77.0.1')).statusCode;
      expect(last).toBe(429);
    });

    it('stops working when the review closes', async () => {
      const seats = await seatsByStatus(id, 'confirmed');
      for (const seat of seats.filter((s) => s.id !== seatId)) expect((await sheet(id, seat.id, 85, 'pass')).body.status).toBe(1);
      expect((await calls.step(c.officer, id, 'close')).body.status).toBe(1);
      const after = await view(link.token);
      expect(after.statusCode).toBe(404);
      expect(after.body.message).toBe('链接无效或已失效，请联系协会工作人员');
    });

    it('after closing: ratings (one low rating flags the expert), the unit comments, sends a revision, staff return and confirm it', async () => {
      const seats = await seatsByStatus(id, 'confirmed');
      // The one rated low: an expert rated for the first time, if the panel has one (the demo review rated five).
      const rated = new Set((await t.db.kysely.selectFrom('expert_ratings').select('expert_id').execute()).map((r) => r.expert_id));
      const low = seats.find((s) => !rated.has(s.expert_id)) ?? seats[0];
      const rating = await calls.step(c.officer, id, 'ratings', { ratings: seats.map((s) => ({ seatId: s.id, rating: s.id === low.id ? 1 : 5, comment: '按时参加' })) });
      expect(rating.body, rating.body.message).toMatchObject({ status: 1 });
      const experts = await t.call<{ list: { id: string; averageRating: number | null; flagged: boolean; lastReviewOn: string | null }[] }>('GET', 'experts?pageSize=100&flagged=true', { token: c.admin });
      expect(experts.body.data.list.map((e) => e.id).filter((e) => e === low.expert_id || seats.some((s) => s.expert_id === e))).toEqual([low.expert_id]);
      // Their earlier ratings count too (the demo review's, if they sat on it): the average of the last five.
      const ratings = (await t.db.kysely.selectFrom('expert_ratings').select('rating').where('expert_id', '=', low.expert_id).orderBy('rated_at', 'desc').limit(5).execute()).map((r) => Number(r.rating));
      expect(ratings).toContain(1);
      const average = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100;
      expect(average).toBeLessThan(3);
      expect(experts.body.data.list.find((e) => e.id === low.expert_id)).toMatchObject({ averageRating: average, flagged: true });
      const foreign = await calls.step(c.officer, id, 'ratings', { ratings: [{ seatId: randomUUID(), rating: 3 }] });
      expect(foreign.body.message).toBe('只能评价参加本次评审并提交了评分表的专家');

      const closed = (await calls.detail(c.unitA, id)).body.data;
      // 2 × 85 + 77: (85 + 85 + 77) / 3 = 82.3, 通过 2 : 修改后通过 1.
      expect(closed.result).toMatchObject({ score: 82.3, conclusion: 'pass' });
      expect(closed.actions).toEqual(['comment', 'verify']);
      expect((await calls.step(c.unitB, id, 'comment', { comment: '他人的意见' })).statusCode).toBe(403);
      expect((await calls.step(c.officer, id, 'comment', { comment: '工作人员' })).statusCode).toBe(403);
      expect((await calls.step(c.unitA, id, 'comment', { comment: '对专家1的意见有异议。' })).body.status).toBe(1);
      expect((await calls.detail(c.officer, id)).body.data.unitComment).toBe('对专家1的意见有异议。');
      const noRevision = await calls.step(c.unitA, id, 'revision', { reportFileIds: [randomUUID()] });
      expect(noRevision.body.message).toBe('当前不需要提交修改稿（只有结论为修改后通过的评审需要）');
    });
  });

  it('a revised report after 修改后通过: sent by the unit, returned, sent again, confirmed; read by its readers only', async () => {
    const id = (await t.db.kysely.selectFrom('review_tasks').select('id').where('project_id', '=', 'demo-project-2').where('status', '=', 'closed').executeTakeFirstOrThrow()).id;
    const file = await upload<{ fileId: string }>(t, c.unitA, pdfBytes(3000), { name: '评估报告（修改稿）.pdf' });
    const fileId = file.body.data.fileId;
    expect((await calls.step(c.officer, id, 'revision/confirm')).body.message).toBe('没有待确认的修改稿');
    const sent = await calls.step(c.unitA, id, 'revision', { reportFileIds: [fileId], note: '已补充调查样本。' });
    expect(sent.body, sent.body.message).toMatchObject({ status: 1 });
    const download = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: { token } });
    expect((await download(c.viewer)).statusCode).toBe(200);
    expect((await download(c.unitB)).statusCode).toBe(403);
    expect((await download(c.outsider)).statusCode).toBe(200); // project:view reads the project's files
    expect((await calls.step(c.unitA, id, 'revision/confirm')).statusCode).toBe(403);
    expect((await calls.step(c.officer, id, 'revision/return')).statusCode).toBe(400);
    expect((await calls.step(c.officer, id, 'revision/return', { reason: '缺少样本统计表' })).body.status).toBe(1);
    expect((await calls.detail(c.unitA, id)).body.data).toMatchObject({ revisionStatus: 'returned', revision: { comment: '缺少样本统计表' } });
    expect((await calls.detail(c.unitA, id)).body.data.actions).toContain('revise');
    expect((await calls.step(c.unitA, id, 'revision', { reportFileIds: [fileId] })).body.status).toBe(1);
    expect((await calls.step(c.officer, id, 'revision/confirm', { comment: '同意' })).body.status).toBe(1);
    const done = (await calls.detail(c.unitA, id)).body.data;
    expect(done.revision).toMatchObject({ status: 'confirmed', comment: '同意' });
    expect(done.revision.files.map((f) => f.fileId)).toEqual([fileId]);
    // Another unit's file cannot be attached.
    const foreign = await upload<{ fileId: string }>(t, c.unitB, pdfBytes(1000), { name: '他人文件.pdf' });
    await t.db.kysely.updateTable('review_tasks').set({ revision_status: 'awaiting' }).where('id', '=', id).execute();
    expect((await calls.step(c.unitA, id, 'revision', { reportFileIds: [foreign.body.data.fileId] })).body.message).toBe('修改后的评估报告不存在，请重新上传');
  });

  describe('质量抽查', () => {
    const from = '2025-01-01';
    const to = '2026-12-31';

    it('asks for a share or a number, not both', async () => {
      const both = await t.call('POST', 'quality-samples', { token: c.officer, body: { from, to, sharePercent: 10, count: 2, reviewOn: dayFrom(t, 5), supervisor: '抽查监督' } });
      expect(both.body.message).toBe('请填写抽查比例或抽查数量（二者选一）');
      const neither = await t.call('POST', 'quality-samples', { token: c.officer, body: { from, to, reviewOn: dayFrom(t, 5), supervisor: '抽查监督' } });
      expect(neither.body.message).toBe('请填写抽查比例或抽查数量（二者选一）');
      const empty = await t.call('POST', 'quality-samples', { token: c.officer, body: { from: '2020-01-01', to: '2020-12-31', count: 1, reviewOn: dayFrom(t, 5), supervisor: '抽查监督' } });
      expect(empty.body.message).toContain('期间没有可抽查的已备案项目');
    });

    it('samples the filed projects not under review, reproducibly, and opens a task for each', async () => {
      const underReview = (await t.db.kysely.selectFrom('review_tasks').select('project_id').where('status', 'in', ['awaiting_draw', 'confirming', 'scoring']).execute()).map((r) => r.project_id);
      const res = await t.call<QualitySampleAnswer>('POST', 'quality-samples', { token: c.officer, body: { from, to, sharePercent: 50, reviewOn: dayFrom(t, 5), supervisor: '抽查监督', panelSize: 3 } });
      expect(res.body, res.body.message).toMatchObject({ status: 1 });
      const detail = (await t.call<QualitySampleDetail>('GET', `quality-samples/${res.body.data.id}`, { token: c.officer })).body.data;
      const filed = (await t.db.kysely.selectFrom('projects').select('id').where('status', '=', 'filed').execute()).map((r) => r.id);
      const reviewedInPeriod = (await t.db.kysely.selectFrom('review_tasks').select('project_id').where('status', '=', 'closed').where('review_on', '>=', from).where('review_on', '<=', to).where('sampling_id', 'is', null).execute()).map((r) => r.project_id);
      const expected = filed.filter((p) => !underReview.includes(p) && !reviewedInPeriod.includes(p)).sort();
      expect(detail.candidates).toEqual(expected);
      expect(detail.sampleSize).toBe(Math.ceil(expected.length / 2));
      expect(detail.sampled.map((s) => s.projectId)).toEqual(sampleIds(detail.candidates, detail.sampleSize, detail.seed));
      expect(detail.sampled.every((s) => s.taskId)).toBe(true);
      const tasks = await t.db.kysely.selectFrom('review_tasks').select(['reason', 'sampling_id', 'status', 'panel_size']).where('sampling_id', '=', res.body.data.id).execute();
      expect(tasks).toHaveLength(detail.sampleSize);
      expect(tasks.every((x) => x.reason === 'sampling' && x.status === 'awaiting_draw' && Number(x.panel_size) === 3)).toBe(true);
      const list = await t.call<{ list: { id: string }[] }>('GET', 'quality-samples', { token: c.officer });
      expect(list.body.data.list.map((r) => r.id)).toContain(res.body.data.id);

      const verify = () => t.call<DrawVerification>('GET', `quality-samples/${res.body.data.id}/verify`, { token: c.officer });
      expect((await verify()).body.data).toMatchObject({ matches: true, resultMatches: true, digestMatches: true, auditMatches: true });
      const seed = detail.seed;
      await t.db.kysely.updateTable('review_samplings').set({ seed: `${seed.slice(0, 60)}${seed.slice(60) === 'aaaa' ? 'bbbb' : 'aaaa'}` }).where('id', '=', detail.id).execute();
      expect((await verify()).body.data).toMatchObject({ matches: false, digestMatches: false });
      await t.db.kysely.updateTable('review_samplings').set({ seed }).where('id', '=', detail.id).execute();
      expect((await verify()).body.data.matches).toBe(true);
      // Sampled projects are under review now: another sampling leaves them out.
      const again = await t.call<QualitySampleAnswer>('POST', 'quality-samples', { token: c.officer, body: { from, to, count: 100, reviewOn: dayFrom(t, 5), supervisor: '抽查监督' } });
      if (again.body.status === 1) {
        const second = (await t.call<QualitySampleDetail>('GET', `quality-samples/${again.body.data.id}`, { token: c.officer })).body.data;
        expect(second.candidates.filter((p) => detail.sampled.some((s) => s.projectId === p))).toEqual([]);
      } else {
        expect(again.body.message).toContain('期间没有可抽查的已备案项目');
      }
    });
  });

  describe('every step refused to the wrong caller', () => {
    let id: string;

    beforeAll(async () => {
      // A task still waiting for its draw (the sampling above opened some).
      const waiting = await t.db.kysely.selectFrom('review_tasks').select('id').where('status', '=', 'awaiting_draw').executeTakeFirst();
      id = waiting?.id ?? (await calls.open(c.officer, { projectId: 'demo-project-10', panelSize: 3 }));
    });

    it.each([
      ['draw', { reason: 'x' }],
      ['supplementary-draw', {}],
      ['responses', { seatId: randomUUID(), answer: 'confirmed' }],
      ['sheets', { seatId: randomUUID(), scores: [{ criterion: 'procedure', points: 1 }], conclusion: 'pass' }],
      ['links', { seatId: randomUUID() }],
      ['close', {}],
      ['ratings', { ratings: [{ seatId: randomUUID(), rating: 3 }] }],
      ['cancel', { reason: 'x' }],
      ['revision/confirm', {}],
      ['revision/return', { reason: 'x' }],
    ])('POST …/%s: staff without the code, units and the practitioner are refused', async (action, body) => {
      for (const token of [c.viewer, c.outsider, c.unitA, c.unitB, c.practitioner]) {
        const res = await calls.step(token, id, action, body);
        expect(res.statusCode, `${action}`).toBe(403);
      }
    });

    it('opening, editing, sampling and the draw record need their codes; the unit steps need the unit itself', async () => {
      const body = { projectId: 'demo-project-10', reason: 'application', reviewOn: dayFrom(t, 1), supervisor: '王' };
      for (const token of [c.viewer, c.unitA, c.practitioner]) {
        expect((await t.call('POST', 'review-tasks', { token, body })).statusCode).toBe(403);
        expect((await t.call('PUT', `review-tasks/${id}`, { token, body: { version: 0, reviewOn: dayFrom(t, 1), supervisor: '王' } })).statusCode).toBe(403);
        expect((await t.call('POST', 'quality-samples', { token, body: { from: '2025-01-01', to: '2025-12-31', count: 1, reviewOn: dayFrom(t, 1), supervisor: '王' } })).statusCode).toBe(403);
        expect((await t.call('GET', 'quality-samples', { token })).statusCode).toBe(403);
      }
      expect((await t.call('GET', 'review-tasks/export', { token: c.viewer })).statusCode).toBe(403);
      // A unit-A task: unit B may neither read, comment on nor revise it.
      const unitATask = (await t.db.kysely.selectFrom('review_tasks').select('id').where('unit_id', '=', UNIT_A).where('status', '=', 'closed').executeTakeFirstOrThrow()).id;
      expect((await calls.detail(c.unitB, unitATask)).statusCode).toBe(403);
      expect((await calls.step(c.unitB, unitATask, 'comment', { comment: 'x' })).statusCode).toBe(403);
      expect((await calls.step(c.unitB, unitATask, 'revision', { reportFileIds: [randomUUID()] })).statusCode).toBe(403);
      expect((await calls.step(c.practitioner, unitATask, 'comment', { comment: 'x' })).statusCode).toBe(403);
      // Stale versions are refused.
      const stale = await t.call('POST', `review-tasks/${id}/cancel`, { token: c.officer, body: { version: (await calls.version(id)) + 3, reason: '过期' } });
      expect(stale.statusCode).toBe(409);
    });
  });
});
