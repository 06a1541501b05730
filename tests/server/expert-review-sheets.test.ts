/**
 * An expert's score sheet is theirs (server/modules/expert-reviews/service.ts enterSheet): staff
 * enter a sheet only for a seat without one; replacing one needs a reason, keeps the replaced
 * sheet whole (review_sheet_replacements), writes the history line with both sheets, tells the
 * expert by e-mail (rule review_sheet_replaced) and shows in the result the unit reads. A page
 * read before the expert sent their sheet cannot replace it unseen. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpertLinkView, ReviewLinkAnswer, ReviewTaskDetail } from '@common/schemas/reviewTasks';
import type { EmailChannel } from '../../server/notifications/channels/email';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addExperts, categoriseLibrary, PROJECT_A, reviewCallers, reviewCalls, type Callers } from './expert-review.helpers';
import { serviceOf } from './notifications.helpers';

describe.each(dialects)('replacing an expert’s score sheet (%s)', (dialect) => {
  let t: TestContext;
  let c: Callers;
  let id = '';
  let seatId = '';
  let expertId = '';
  const calls = reviewCalls(() => t);
  const mails: { to: string; subject: string; text: string }[] = [];
  const email: EmailChannel = {
    from: 'notice@assoc.example.cn',
    send: async (m) => {
      mails.push({ to: m.to, subject: m.subject, text: m.text });
      return { messageId: `m${mails.length}`, response: '250 ok' };
    },
    close: () => undefined,
  };
  const scoresFor = (rubric: ReviewTaskDetail['rubric'], total: number) => {
    let left = total;
    return rubric.map((r) => {
      const points = Math.min(r.max, left);
      left -= points;
      return { criterion: r.criterion, points };
    });
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    c = await reviewCallers(t, 'rs');
    await categoriseLibrary(t);
    await addExperts(t, 'rsx', 10);
    const experts = await t.db.kysely.selectFrom('experts').select('id').execute();
    for (const e of experts) await t.db.kysely.updateTable('experts').set({ email: `${e.id}@experts.example.cn` }).where('id', '=', e.id).execute();
    id = await calls.open(c.officer, { projectId: PROJECT_A, panelSize: 3, backupCount: 2 });
    expect((await calls.draw(c.officer, id)).body.status).toBe(1);
    for (const seat of (await calls.seats(id)).filter((s) => s.status === 'invited')) {
      expect((await calls.step(c.officer, id, 'responses', { seatId: seat.id, answer: 'confirmed' })).body.status).toBe(1);
    }
    const seat = (await calls.seats(id)).find((s) => s.status === 'confirmed' && s.seat_no === 1);
    seatId = seat?.id ?? '';
    expertId = seat?.expert_id ?? '';
  });
  afterAll(async () => t?.close());

  it('the expert’s own sheet is not replaced without a reason, nor from a page read before it came', async () => {
    const staleVersion = await calls.version(id);
    const link = await calls.step<ReviewLinkAnswer>(c.officer, id, 'links', { seatId });
    const view = await t.call<ExpertLinkView>('POST', 'public/review-links/view', { body: { token: link.body.data.token } });
    const rubric = view.body.data.rubric;
    const sent = await t.call('POST', 'public/review-links/sheet', { body: { token: link.body.data.token, scores: scoresFor(rubric, 25), comments: '风险识别严重缺漏，不同意通过。', conclusion: 'fail' } });
    expect(sent.body.status).toBe(1);

    const seats = (await calls.detail(c.officer, id)).body.data.seats;
    expect(seats.find((s) => s.id === seatId)?.actions).toContain('replaceSheet');
    expect(seats.find((s) => s.id === seatId)?.actions).not.toContain('sheet');
    expect(seats.find((s) => s.seatNo === 2)?.actions).toContain('sheet');

    const body = { seatId, scores: scoresFor(rubric, 100), comments: '同意', conclusion: 'pass' };
    const stale = await t.call('POST', `review-tasks/${id}/sheets`, { token: c.officer, body: { ...body, version: staleVersion, reason: '专家来电更正' } });
    expect(stale.statusCode).toBe(409);
    const bare = await calls.step(c.officer, id, 'sheets', body);
    expect(bare.statusCode).toBe(400);
    expect(bare.body.message).toBe('专家本人已通过评分链接提交评分表：替换须填写原因（原评分表完整保留，并通知专家本人）');
    const blank = await calls.step(c.officer, id, 'sheets', { ...body, reason: '   ' });
    expect(blank.statusCode).toBe(400);
    const stored = await t.db.kysely.selectFrom('review_sheets').selectAll().where('seat_id', '=', seatId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ total: 25, conclusion: 'fail', source: 'expert' });
    expect(await t.db.kysely.selectFrom('review_sheet_replacements').select('id').execute()).toEqual([]);
  });

  it('with a reason: the replaced sheet is kept whole, the history and the log say so, and the expert is told', async () => {
    const rubric = (await calls.detail(c.officer, id)).body.data.rubric;
    const before = await t.db.kysely.selectFrom('review_sheets').selectAll().where('seat_id', '=', seatId).executeTakeFirstOrThrow();
    const res = await calls.step(c.officer, id, 'sheets', { seatId, scores: scoresFor(rubric, 100), comments: '同意', conclusion: 'pass', reason: '专家本人来函更正评分' });
    expect(res.body, res.body.message).toMatchObject({ status: 1 });

    const kept = await t.db.kysely.selectFrom('review_sheet_replacements').selectAll().where('seat_id', '=', seatId).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      scores: before.scores,
      total: 25,
      comments: '风险识别严重缺漏，不同意通过。',
      conclusion: 'fail',
      source: 'expert',
      submitted_at: before.submitted_at,
      replaced_by_source: 'staff',
      reason: '专家本人来函更正评分',
    });
    const detail: ReviewTaskDetail = (await calls.detail(c.officer, id)).body.data;
    const sheet = detail.sheets.find((s) => s.seatId === seatId);
    expect(sheet).toMatchObject({ total: 100, conclusion: 'pass', source: 'staff' });
    expect(sheet?.replaced).toEqual([
      expect.objectContaining({ total: 25, conclusion: 'fail', source: 'expert', comments: '风险识别严重缺漏，不同意通过。', reason: '专家本人来函更正评分', replacedBySource: 'staff' }),
    ]);
    expect(sheet?.replaced[0].scores.reduce((a, s) => a + s.points, 0)).toBe(25);
    const event = detail.events.find((e) => e.kind === 'sheet_replaced');
    expect(event?.summary).toContain('原因：专家本人来函更正评分');
    expect(event?.summary).toContain('原评分表：总分 25，结论 不通过（专家本人提交');
    expect(event?.summary).toContain('替换后：总分 100，结论 通过');
    const log = await t.db.kysely.selectFrom('operation_logs').select('summary').where('entity_id', '=', id).where('action', '=', 'sheet-replace').executeTakeFirstOrThrow();
    expect(log.summary).toContain('专家本人来函更正评分');

    // The expert is told, at their own address.
    await serviceOf(t.app, { email, sms: null }).sendNow();
    const told = mails.filter((m) => m.to === `${expertId}@experts.example.cn` && m.subject.startsWith('您的评分表已被替换'));
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain('原评分表：总分 25，结论 不通过');
    expect(told[0].text).toContain('替换后：总分 100，结论 通过');
    expect(told[0].text).toContain('替换原因：专家本人来函更正评分');
  });

  it('a seat without a sheet is entered without a reason; the result the unit reads names the replacement', async () => {
    const rubric = (await calls.detail(c.officer, id)).body.data.rubric;
    for (const seat of (await calls.seats(id)).filter((s) => s.status === 'confirmed' && s.id !== seatId)) {
      const res = await calls.step(c.officer, id, 'sheets', { seatId: seat.id, scores: scoresFor(rubric, 80), comments: null, conclusion: 'pass' });
      expect(res.body, res.body.message).toMatchObject({ status: 1 });
    }
    expect((await calls.step(c.officer, id, 'close')).body.status).toBe(1);
    const unit: ReviewTaskDetail = (await calls.detail(c.unitA, id)).body.data;
    expect(unit.result).toMatchObject({ replacedByStaff: 1 });
    const replaced = unit.sheets.find((s) => s.label === '专家1')?.replaced ?? [];
    expect(replaced).toEqual([expect.objectContaining({ total: 25, reason: '专家本人来函更正评分', replacedByName: null })]);
    expect(unit.events.map((e) => e.kind)).toContain('sheet_replaced');
    const message = await t.db.kysely
      .selectFrom('messages as m')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select('m.body')
      .where('a.unit_id', '=', 'demo-unit-1')
      .where('m.subject_id', '=', id)
      .where('m.title', 'like', '%评审已结束%')
      .executeTakeFirstOrThrow();
    expect(message.body).toContain('其中 1 份评分表由协会工作人员替换');
  });
});
