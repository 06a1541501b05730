/**
 * The drawn experts' invitations, on SQLite and PostgreSQL: a real draw through POST
 * /review-tasks/:id/draw queues them in its transaction (server/modules/expert-reviews/drawing.ts
 * → notices.ts noticeInvitedExperts → server/notifications/expertDrawn.ts), and so does a decline
 * that moves a backup up (service.ts recordResponse). Each invited expert with an address gets one
 * e-mail (the real SMTP server in-process), the backups none; a backup moved up gets theirs when
 * moved; queuing the same seats again (a retried step) sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTask } from '../../server/modules/expert-reviews/queries';
import { noticeExpertsInvited } from '../../server/notifications/expertDrawn';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addExperts, categoriseLibrary, PROJECT_A, reviewCallers, reviewCalls, type Callers } from './expert-review.helpers';
import { serviceOf, smtpEnv, startSmtp, type TestSmtp } from './notifications.helpers';

describe.each(dialects)("drawn experts' invitations (%s)", (dialect) => {
  let t: TestContext;
  let c: Callers;
  let smtp: TestSmtp;
  const calls = reviewCalls(() => t);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(dialect, { demo: true, env: smtpEnv(smtp.url) });
    c = await reviewCallers(t, 'nr');
    await categoriseLibrary(t);
    await addExperts(t, 'nx', 20);
    // Every expert reachable by e-mail, at an address that names them.
    const experts = await t.db.kysely.selectFrom('experts').select('id').execute();
    for (const e of experts) await t.db.kysely.updateTable('experts').set({ email: `${e.id}@experts.example.cn` }).where('id', '=', e.id).execute();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** The invitation call again, as a retried step would make it with the task row and the seats. */
  const inviteSeats = async (taskId: string, seatIds: readonly string[]) => {
    const task = await findTask(t.db.kysely, taskId);
    if (!task) throw new Error('no task');
    const seats = await t.db.kysely.selectFrom('review_seats').select(['id', 'expert_id', 'answer_deadline']).where('id', 'in', [...seatIds]).execute();
    return t.db.kysely.transaction().execute((trx) =>
      noticeExpertsInvited(
        trx,
        {
          task: { id: task.id, projectName: task.project_name, reviewOn: task.review_on, reviewTime: task.review_time, place: task.place, online: !!task.online },
          seats: seats.map((s) => ({ id: s.id, expertId: s.expert_id, answerDeadline: s.answer_deadline })),
        },
        { now: t.clock.now(), pii: t.app.pii },
      ),
    );
  };
  const mailsTo = (expertId: string) => smtp.received.filter((m) => m.to.includes(`${expertId}@experts.example.cn`));

  it('the invited panel gets one e-mail each with the time, place and answer deadline; the backups none; a backup moved up gets theirs', async () => {
    const id = await calls.open(c.officer, { projectId: PROJECT_A, panelSize: 3, backupCount: 2, reviewTime: '09:30', place: '协会三楼会议室' });
    const drawn = await calls.draw(c.officer, id);
    expect(drawn.body.status, drawn.body.message).toBe(1);
    const seats = await calls.seats(id);
    const invited = seats.filter((s) => s.status === 'invited');
    const standby = seats.filter((s) => s.status === 'standby');
    expect(invited).toHaveLength(3);
    expect(standby.length).toBeGreaterThanOrEqual(2);

    // Queued by the draw itself.
    const emailRows = await t.db.kysely
      .selectFrom('notification_deliveries')
      .select('recipient_id')
      .where('channel', '=', 'email')
      .where('reference', 'in', invited.map((s) => `review_seat:${s.id}`))
      .execute();
    expect(emailRows.map((r) => r.recipient_id).sort()).toEqual(invited.map((s) => s.expert_id).sort());
    await serviceOf(t.app).sendNow();
    const project = (await findTask(t.db.kysely, id))?.project_name ?? '';
    for (const seat of invited) {
      const mails = mailsTo(seat.expert_id);
      expect(mails, seat.expert_id).toHaveLength(1);
      expect(mails[0]?.subject).toContain(project);
      expect(mails[0]?.text).toContain('评审地点：协会三楼会议室');
      expect(mails[0]?.text).toContain('09:30');
      expect(mails[0]?.text).toContain('前答复是否参加');
    }
    for (const seat of standby) expect(mailsTo(seat.expert_id)).toHaveLength(0);

    // The first expert declines: the first backup moves up (service.ts recordResponse) and is invited.
    const declined = await calls.step(c.officer, id, 'responses', { seatId: invited[0]?.id, answer: 'declined', reason: '时间冲突' });
    expect(declined.body.status, declined.body.message).toBe(1);
    const promoted = (await calls.seats(id)).filter((s) => s.status === 'invited' && !invited.some((i) => i.id === s.id));
    expect(promoted).toHaveLength(1);
    // The same seats again (a retried step): nothing new.
    expect(await inviteSeats(id, [...invited, ...promoted].map((s) => s.id))).toBe(0);
    await serviceOf(t.app).sendNow();
    expect(mailsTo(promoted[0]?.expert_id ?? '')).toHaveLength(1);
    for (const seat of invited) expect(mailsTo(seat.expert_id)).toHaveLength(1);
  });
});
