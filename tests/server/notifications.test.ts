/**
 * Notices that reach people, delivered exactly once (server/notifications), on SQLite and
 * PostgreSQL, against a real SMTP server started in-process (./notifications.helpers.ts) whose
 * received messages are what is asserted:
 * - each dated rule fires on its day, once however often the scanner runs (certificate expiry
 *   60/30/7 days before, inspection deadline 7/3 days before and overdue the day after, only to
 *   units that still owe records), the daily recap to staff; a notice whose day passed while the
 *   server was down goes out late, once, marked late; one beyond the catch-up does not;
 * - a restart, a sender that died mid-batch, and two instances on one database send nothing twice;
 * - an SMTP server that refuses (5xx) or drops the connection: retries after 1, 5, 30 minutes,
 *   2 and 12 hours, then given up (and on the workbench), and a resend delivers it;
 * - e-mail and SMS off record 未配置邮件通道 / 未配置短信通道; the opt-out stops optional e-mails
 *   only; a workflow decision's message and a drawn expert's invitation go out by e-mail;
 * - stopping the service waits for the batch in hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_UNCONFIGURED, NOTICE_BACKOFF_MINUTES, NOTICE_MAX_ATTEMPTS, SMS_UNCONFIGURED } from '@common/schemas/notifications';
import type { StaffWorkbench } from '@common/schemas/workbench';
import { enqueueNotice } from '../../server/notifications/enqueue';
import { noticeExpertsInvited } from '../../server/notifications/expertDrawn';
import { claimDue } from '../../server/notifications/sender';
import { notifyUnit } from '../../server/notify';
import { createTestApp, dialects, type TestContext } from './helpers';
import {
  addCertificate,
  addExpert,
  addUnit,
  advanceDays,
  anotherInstance,
  daysFrom,
  deliveriesOf,
  scanAndSend,
  serviceOf,
  smtpEnv,
  startDroppingServer,
  startSmtp,
  today,
  type TestSmtp,
  type TestUnit,
} from './notifications.helpers';
import { until } from '../waits';

describe.each(dialects)('notices by e-mail, exactly once (%s)', (dialect) => {
  let t: TestContext;
  let smtp: TestSmtp;
  /** A fresh staff session: the test clock moves past the staff sessions' idle limit. */
  const admin = () => t.adminToken();

  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  /** Every delivery row of a kind sent at most once: no two messages carry one delivery's id. */
  const expectNoRepeats = () => {
    const ids = smtp.received.map((m) => m.deliveryId);
    expect(new Set(ids).size).toBe(ids.length);
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    // The clock runs for months here: staff passwords must not expire meanwhile.
    t = await createTestApp(dialect, { env: { ...smtpEnv(smtp.url), PASSWORD_MAX_AGE_DAYS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('certificate expiry: 60, 30 and 7 days before, each on its day and once, to the unit by mail and in-site', async () => {
    const unit = await addUnit(t, { email: 'cert-unit@example.cn' });
    const validUntil = daysFrom(today(t), 61);
    const certId = await addCertificate(t, { type: 'unit', id: unit.id, name: unit.name, unitId: unit.id }, validUntil);
    const reference = `certificate:${certId}@${validUntil}`;
    const notices = serviceOf(t.app);

    await scanAndSend(notices);
    expect(mailsTo('cert-unit@example.cn')).toHaveLength(0);

    advanceDays(t, 1);
    await scanAndSend(notices);
    await scanAndSend(notices);
    let mails = mailsTo('cert-unit@example.cn');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`会员单位证书将于 ${validUntil} 到期`);
    expect(mails[0]?.text).toContain('还有 60 天');
    expect(mails[0]?.text).toContain('可选通知');
    expect(mails[0]?.messageId).toContain(mails[0]?.deliveryId);
    const inSite = await t.db.kysely.selectFrom('messages').select(['title', 'kind']).where('account_id', '=', unit.accountId).execute();
    expect(inSite).toEqual([{ title: mails[0]?.subject, kind: 'reminder' }]);

    advanceDays(t, 29);
    await scanAndSend(notices);
    expect(mailsTo('cert-unit@example.cn')).toHaveLength(1);
    advanceDays(t, 1);
    await scanAndSend(notices);
    await scanAndSend(notices);
    expect(mailsTo('cert-unit@example.cn')).toHaveLength(2);

    advanceDays(t, 23);
    await scanAndSend(notices);
    await scanAndSend(notices);
    mails = mailsTo('cert-unit@example.cn');
    expect(mails).toHaveLength(3);
    expect(mails[2]?.text).toContain('还有 7 天');
    expect(mails[2]?.text).toContain('必要通知');

    advanceDays(t, 3);
    await scanAndSend(notices);
    expect(mailsTo('cert-unit@example.cn')).toHaveLength(3);
    expectNoRepeats();

    const rows = await deliveriesOf(t.db, { reference });
    const byRule = new Map<string, string[]>();
    const rules = await t.db.kysely.selectFrom('notification_rules').select(['id', 'code']).execute();
    for (const row of rows) {
      const code = rules.find((r) => r.id === row.rule_id)?.code ?? '';
      byRule.set(code, [...(byRule.get(code) ?? []), `${row.channel}:${row.state}`]);
    }
    expect(Object.fromEntries(byRule)).toEqual({
      certificate_expiry_60: ['email:sent', 'site:sent'],
      certificate_expiry_30: ['email:sent', 'site:sent'],
      // SMS is off in this app: recorded, not pretended. The unit's phone is a landline: no SMS row.
      certificate_expiry_7: ['email:sent', 'site:sent'],
    });
    expect(rows.every((r) => r.late === 0)).toBe(true);
    expect(await t.db.kysely.selectFrom('messages').select('id').where('account_id', '=', unit.accountId).execute()).toHaveLength(3);
  });

  it('inspection deadline: 7 and 3 days before and overdue the day after, only to units that still owe records', async () => {
    const owing = await addUnit(t, { email: 'owing@example.cn', phone: '13700137000' });
    const done = await addUnit(t, { email: 'done@example.cn' });
    const year = 2100 - (dialect === 'postgres' ? 1 : 0);
    const deadline = daysFrom(today(t), 7);
    const opened = await t.call('POST', 'annual-inspection-years', { token: await admin(), body: { year, deadline } });
    expect(opened.body.status, opened.body.message).toBe(1);
    await t.db.kysely.updateTable('annual_inspections').set({ status: 'submitted' }).where('year', '=', year).where('unit_id', '=', done.id).execute();
    const notices = serviceOf(t.app);

    await scanAndSend(notices);
    await scanAndSend(notices);
    expect(mailsTo('owing@example.cn').map((m) => m.subject)).toEqual([`${year}年度年检将于 ${deadline} 截止`]);
    expect(mailsTo('owing@example.cn')[0]?.text).toContain('还有 7 天');

    advanceDays(t, 4);
    await scanAndSend(notices);
    await scanAndSend(notices);
    expect(mailsTo('owing@example.cn')).toHaveLength(2);
    expect(mailsTo('owing@example.cn')[1]?.text).toContain('还有 3 天');
    // The 3-day rule names SMS too; SMS is not configured here, and the record says so.
    const sms = (await deliveriesOf(t.db, { recipientKey: `unit:${owing.id}` })).filter((r) => r.channel === 'sms');
    expect(sms.map((r) => [r.state, r.last_error])).toEqual([['unconfigured', SMS_UNCONFIGURED]]);

    advanceDays(t, 3);
    await scanAndSend(notices);
    expect(mailsTo('owing@example.cn')).toHaveLength(2);
    advanceDays(t, 1);
    await scanAndSend(notices);
    await scanAndSend(notices);
    expect(mailsTo('owing@example.cn').map((m) => m.subject)).toEqual([
      `${year}年度年检将于 ${deadline} 截止`,
      `${year}年度年检将于 ${deadline} 截止`,
      `${year}年度年检已于 ${deadline} 截止，尚未提交`,
    ]);
    expect(mailsTo('done@example.cn')).toHaveLength(0);
    expectNoRepeats();
  });

  it('the daily recap reaches staff holding notice:manage once a day, in-site', async () => {
    const notices = serviceOf(t.app);
    advanceDays(t, 1);
    await scanAndSend(notices);
    await scanAndSend(notices);
    const adminId = (await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', 'admin').executeTakeFirstOrThrow()).id;
    const yesterday = daysFrom(today(t), -1);
    const recaps = await t.db.kysely.selectFrom('messages').select('title').where('account_id', '=', adminId).where('title', 'like', `通知发送日报（${yesterday}）%`).execute();
    expect(recaps).toHaveLength(1);
  });

  it('a notice whose day passed while the server was down goes out once, late; one beyond the catch-up does not', async () => {
    // Long enough since the rules started that their catch-up window is the limit.
    advanceDays(t, 40);
    const unit = await addUnit(t, { email: 'late@example.cn' });
    const soon = daysFrom(today(t), 65);
    const lateCert = await addCertificate(t, { type: 'unit', id: unit.id, name: unit.name, unitId: unit.id }, soon);
    // Its 60-day notice was due 35 days ago: beyond the 30 days a rule catches up.
    const old = await addUnit(t, { email: 'too-old@example.cn' });
    const oldValid = daysFrom(today(t), 25);
    await addCertificate(t, { type: 'unit', id: old.id, name: old.name, unitId: old.id }, oldValid);

    advanceDays(t, 8);
    const notices = serviceOf(t.app);
    await scanAndSend(notices);
    await scanAndSend(notices);
    expect(mailsTo('late@example.cn')).toHaveLength(1);
    const rows = await deliveriesOf(t.db, { reference: `certificate:${lateCert}@${soon}` });
    expect(rows.map((r) => [r.channel, r.state, r.late, r.due_on])).toEqual([
      ['email', 'sent', 1, daysFrom(soon, -60)],
      ['site', 'sent', 1, daysFrom(soon, -60)],
    ]);
    // The old certificate: its 30-day notice was due 13 days ago (late, within the catch-up); its 60-day one never.
    const oldMails = mailsTo('too-old@example.cn');
    expect(oldMails).toHaveLength(1);
    expect(oldMails[0]?.text).toContain(`还有 ${25 - 8} 天`);
  });

  it('a restart, or a sender that died holding rows, sends nothing twice and loses nothing', async () => {
    const unit = await addUnit(t, { email: 'restart@example.cn' });
    const validUntil = daysFrom(today(t), 30);
    await addCertificate(t, { type: 'unit', id: unit.id, name: unit.name, unitId: unit.id }, validUntil);
    const first = serviceOf(t.app);
    await first.scanNow();
    // The first instance takes the due rows and dies before sending (its lease stays on them).
    const held = await claimDue({ db: t.db.kysely, dialect: t.dialect, clock: t.clock.now, owner: 'died-mid-batch' }, 100);
    const mine = held.filter((r) => r.recipient_key === `unit:${unit.id}` && r.channel === 'email');
    expect(mine.length).toBeGreaterThanOrEqual(1);

    const second = await anotherInstance(t, smtpEnv(smtp.url));
    try {
      const notices = serviceOf(second.app);
      await scanAndSend(notices);
      expect(mailsTo('restart@example.cn')).toHaveLength(0);
      // The lease ends: the rows are due again, and go out once.
      t.clock.advanceMinutes(6);
      await scanAndSend(notices);
      await scanAndSend(notices);
      expect(mailsTo('restart@example.cn')).toHaveLength(mine.length);
      expect(new Set(mailsTo('restart@example.cn').map((m) => m.deliveryId))).toEqual(new Set(mine.map((r) => r.id)));
    } finally {
      await second.close();
    }
    const third = await anotherInstance(t, smtpEnv(smtp.url));
    try {
      await scanAndSend(serviceOf(third.app));
      expect(mailsTo('restart@example.cn')).toHaveLength(mine.length);
    } finally {
      await third.close();
    }
    expectNoRepeats();
  });

  // Several instances need PostgreSQL (server/config.ts refuses WORKERS > 1 on SQLite, the one-process embedded database).
  it.runIf(dialect === 'postgres')('two instances on one PostgreSQL database, scanning and sending at once, send each notice once', async () => {
    smtp.behave({ kind: 'accept', delayMs: 30 });
    const units: TestUnit[] = [];
    for (let i = 0; i < 25; i += 1) units.push(await addUnit(t, { email: `twin${i}@example.cn` }));
    const validUntil = daysFrom(today(t), 30);
    for (const u of units) await addCertificate(t, { type: 'unit', id: u.id, name: u.name, unitId: u.id }, validUntil);
    const a = await anotherInstance(t, smtpEnv(smtp.url));
    const b = await anotherInstance(t, smtpEnv(smtp.url));
    try {
      const [na, nb] = [serviceOf(a.app), serviceOf(b.app)];
      await Promise.all([na.scanNow(), nb.scanNow(), na.scanNow(), nb.scanNow()]);
      const [ra, rb] = await Promise.all([na.sendNow(), nb.sendNow()]);
      expect(ra.lost + rb.lost).toBe(0);
      // Each twin's notices (the 30-day one, and the 60-day one late when the clock has run long enough): each once.
      for (const [i, u] of units.entries()) {
        const sent = (await deliveriesOf(t.db, { recipientKey: `unit:${u.id}` })).filter((r) => r.channel === 'email' && r.state === 'sent');
        expect(sent.length, `twin${i}`).toBeGreaterThanOrEqual(1);
        expect(mailsTo(`twin${i}@example.cn`).map((m) => m.deliveryId).sort(), `twin${i}`).toEqual(sent.map((r) => r.id).sort());
      }
      // Both took part: the rows were shared out, not sent by both.
      expect(ra.sent).toBeGreaterThan(0);
      expect(rb.sent).toBeGreaterThan(0);
      expectNoRepeats();
    } finally {
      smtp.behave({ kind: 'accept' });
      await a.close();
      await b.close();
    }
  });

  it('an SMTP server that refuses (5xx): retries after 1, 5, 30 minutes, 2 and 12 hours, then gives up; a resend delivers it', async () => {
    const unit = await addUnit(t, { email: 'refused@example.cn' });
    await t.db.kysely.transaction().execute((trx) =>
      enqueueNotice(trx, { rule: 'one_off', reference: 'test:refused', recipients: [{ type: 'unit', id: unit.id }], params: { title: '退信测试', body: '正文' }, channels: ['email'] }, { now: t.clock.now() }),
    );
    smtp.behave({ kind: 'refuse', code: 550, message: 'Mailbox refused@example.cn unavailable' });
    const notices = serviceOf(t.app);
    const row = async () => (await deliveriesOf(t.db, { reference: 'test:refused' }))[0];
    const before = smtp.attempts;
    try {
      await notices.sendNow();
      for (const [i, wait] of NOTICE_BACKOFF_MINUTES.entries()) {
        const r = await row();
        expect(r?.state).toBe('retrying');
        expect(r?.attempts).toBe(i + 1);
        expect(Date.parse(r?.next_attempt_at ?? '') - t.clock.now().getTime()).toBe(wait * 60_000);
        // The error is kept, with the address masked.
        expect(r?.last_error).toContain('SMTP 550');
        expect(r?.last_error).not.toContain('refused@example.cn');
        // Not due yet: nothing is tried.
        t.clock.advanceMinutes(wait - 0.5);
        await notices.sendNow();
        expect((await row())?.attempts).toBe(i + 1);
        t.clock.advanceMinutes(0.5);
        await notices.sendNow();
      }
      const givenUp = await row();
      expect(givenUp?.state).toBe('given_up');
      expect(givenUp?.attempts).toBe(NOTICE_MAX_ATTEMPTS);
      expect(smtp.attempts - before).toBe(NOTICE_MAX_ATTEMPTS);
      expect(mailsTo('refused@example.cn')).toHaveLength(0);
      const bench = await t.call<{ staff: StaffWorkbench | null }>('GET', 'workbench', { token: await admin() });
      expect(bench.body.data.staff?.notices?.givenUp).toBeGreaterThanOrEqual(1);
      expect(bench.body.data.staff?.notices?.link).toBe('/Manage/notice-records?state=given_up');
    } finally {
      smtp.behave({ kind: 'accept' });
    }
    const id = (await row())?.id ?? '';
    const token = await admin();
    const resent = await t.call('POST', `notice-deliveries/${id}/resend`, { token });
    expect(resent.body.status, resent.body.message).toBe(1);
    await notices.sendNow();
    expect(mailsTo('refused@example.cn')).toHaveLength(1);
    expect(await row()).toMatchObject({ state: 'sent', attempts: 1, resent_count: 1 });
    // Sent once: a second resend is refused.
    expect((await t.call('POST', `notice-deliveries/${id}/resend`, { token })).statusCode).toBe(400);
  });

  it('重新发送 on one waiting for its retry sends it at once, but never one a sender holds under its lease', async () => {
    const unit = await addUnit(t, { email: 'retry-now@example.cn' });
    await t.db.kysely.transaction().execute((trx) =>
      enqueueNotice(trx, { rule: 'one_off', reference: 'test:retry-now', recipients: [{ type: 'unit', id: unit.id }], params: { title: '立即重试', body: '正文' }, channels: ['email'] }, { now: t.clock.now() }),
    );
    const notices = serviceOf(t.app);
    const row = async () => (await deliveriesOf(t.db, { reference: 'test:retry-now' }))[0];
    smtp.behave({ kind: 'refuse', code: 550, message: 'Mailbox unavailable' });
    try {
      await notices.sendNow();
    } finally {
      smtp.behave({ kind: 'accept' });
    }
    const waiting = await row();
    expect(waiting).toMatchObject({ state: 'retrying', attempts: 1 });
    const token = await admin();
    // A sender holds it (its lease runs): the resend is refused and the row left as it is.
    const leaseUntil = new Date(t.clock.now().getTime() + 60_000).toISOString();
    await t.db.kysely.updateTable('notification_deliveries').set({ lease_owner: 'another-sender', lease_until: leaseUntil }).where('id', '=', waiting?.id ?? '').execute();
    expect((await t.call('POST', `notice-deliveries/${waiting?.id}/resend`, { token })).statusCode).toBe(409);
    expect(await row()).toMatchObject({ state: 'retrying', lease_owner: 'another-sender' });
    // The lease ran out (that sender died): staff send it now, before its back-off is over.
    await t.db.kysely.updateTable('notification_deliveries').set({ lease_until: new Date(t.clock.now().getTime() - 1_000).toISOString() }).where('id', '=', waiting?.id ?? '').execute();
    const resent = await t.call('POST', `notice-deliveries/${waiting?.id}/resend`, { token });
    expect(resent.body.status, resent.body.message).toBe(1);
    await notices.sendNow();
    expect(mailsTo('retry-now@example.cn')).toHaveLength(1);
    expect(await row()).toMatchObject({ state: 'sent', resent_count: 1 });
  });

  it('a server that drops the connection: retried with the back-off, then given up', async () => {
    const dropping = await startDroppingServer();
    const unit = await addUnit(t, { email: 'dropped@example.cn' });
    await t.db.kysely.transaction().execute((trx) =>
      enqueueNotice(trx, { rule: 'one_off', reference: 'test:dropped', recipients: [{ type: 'unit', id: unit.id }], params: { title: '断线测试', body: '正文' }, channels: ['email'] }, { now: t.clock.now() }),
    );
    const other = await anotherInstance(t, smtpEnv(dropping.url));
    try {
      const notices = serviceOf(other.app);
      await notices.sendNow();
      let r = (await deliveriesOf(t.db, { reference: 'test:dropped' }))[0];
      expect(r?.state).toBe('retrying');
      expect(r?.last_error).toBeTruthy();
      for (const wait of NOTICE_BACKOFF_MINUTES) {
        t.clock.advanceMinutes(wait);
        await notices.sendNow();
      }
      r = (await deliveriesOf(t.db, { reference: 'test:dropped' }))[0];
      expect(r?.state).toBe('given_up');
      expect(r?.attempts).toBe(NOTICE_MAX_ATTEMPTS);
      expect(dropping.connections).toBeGreaterThanOrEqual(NOTICE_MAX_ATTEMPTS);
    } finally {
      await other.close();
      await dropping.close();
    }
  });

  it('e-mail and SMS off: each record says 未配置 instead of pretending to send', async () => {
    const unit = await addUnit(t, { email: 'off@example.cn', phone: '13600136000' });
    await t.db.kysely.transaction().execute((trx) =>
      enqueueNotice(trx, { rule: 'one_off', reference: 'test:off', recipients: [{ type: 'unit', id: unit.id }], params: { title: '通道关闭', body: '正文' }, channels: ['email', 'sms'] }, { now: t.clock.now() }),
    );
    const off = await anotherInstance(t, {});
    try {
      await serviceOf(off.app).sendNow();
      const rows = await deliveriesOf(t.db, { reference: 'test:off' });
      expect(rows.map((r) => [r.channel, r.state, r.last_error])).toEqual([
        ['email', 'unconfigured', EMAIL_UNCONFIGURED],
        ['sms', 'unconfigured', SMS_UNCONFIGURED],
      ]);
      expect(mailsTo('off@example.cn')).toHaveLength(0);
    } finally {
      await off.close();
    }
  });

  it('the opt-out stops optional e-mails only; mandatory ones still go, and say so', async () => {
    const unit = await addUnit(t, { email: 'optout@example.cn' });
    const token = await unit.token();
    const set = await t.call<{ optionalEmails: boolean; rules: { name: string; mandatory: boolean }[] }>('PUT', 'user/notice-preferences', { token, body: { optionalEmails: false } });
    expect(set.body.status, set.body.message).toBe(1);
    expect(set.body.data.optionalEmails).toBe(false);
    expect(set.body.data.rules).toEqual(
      expect.arrayContaining([
        { name: '证书到期前 60 天提醒', kind: 'certificate_expiry', channels: ['site', 'email'], mandatory: false },
        { name: '证书到期前 7 天提醒', kind: 'certificate_expiry', channels: ['site', 'email', 'sms'], mandatory: true },
      ]),
    );
    const validUntil = daysFrom(today(t), 60);
    const certId = await addCertificate(t, { type: 'unit', id: unit.id, name: unit.name, unitId: unit.id }, validUntil);
    const notices = serviceOf(t.app);
    await scanAndSend(notices);
    advanceDays(t, 30);
    await scanAndSend(notices);
    advanceDays(t, 23);
    await scanAndSend(notices);
    const mails = mailsTo('optout@example.cn');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('还有 7 天');
    expect(mails[0]?.text).toContain('这是一条必要通知，不能退订');
    const emailRows = (await deliveriesOf(t.db, { reference: `certificate:${certId}@${validUntil}` })).filter((r) => r.channel === 'email');
    expect(emailRows.map((r) => r.state).sort()).toEqual(['opted_out', 'opted_out', 'sent']);
    // The in-site messages are not e-mails: all three arrived.
    expect(await t.db.kysely.selectFrom('messages').select('id').where('account_id', '=', unit.accountId).execute()).toHaveLength(3);
  });

  it("a workflow decision's in-site message also goes out by e-mail (rule 审核结果通知), a submission's does not", async () => {
    const unit = await addUnit(t, { email: 'decision@example.cn' });
    await t.db.kysely.transaction().execute(async (trx) => {
      await notifyUnit(trx, unit.id, { kind: 'decision', title: '入会申请已审核通过', body: '会员编号 HY2100001。', subjectType: 'unit', subjectId: unit.id }, t.clock.now());
      await notifyUnit(trx, unit.id, { kind: 'submission', title: '不是审核结果', subjectType: 'unit', subjectId: unit.id }, t.clock.now());
    });
    await serviceOf(t.app).sendNow();
    const mails = mailsTo('decision@example.cn');
    expect(mails.map((m) => m.subject)).toEqual(['入会申请已审核通过']);
    expect(mails[0]?.text).toContain('会员编号 HY2100001。');
    // Turned off in 通知设置: the next decision stays in-site only.
    const rule = await t.db.kysely.selectFrom('notification_rules').select('id').where('code', '=', 'workflow_decision').executeTakeFirstOrThrow();
    const token = await admin();
    expect((await t.call('POST', `notice-rules/${rule.id}/disable`, { token })).body.status).toBe(1);
    await t.db.kysely.transaction().execute((trx) =>
      notifyUnit(trx, unit.id, { kind: 'decision', title: '单位信息变更已审核通过', subjectType: 'unit', subjectId: unit.id }, t.clock.now()),
    );
    await serviceOf(t.app).sendNow();
    expect(mailsTo('decision@example.cn')).toHaveLength(1);
    expect((await t.call('POST', `notice-rules/${rule.id}/enable`, { token })).body.status).toBe(1);
  });

  it('a drawn expert gets the invitation (time, place, how to confirm) once per seat, as the review module calls it', async () => {
    const expertId = await addExpert(t, { name: '周专家', email: 'drawn@example.cn', phone: '13500135000' });
    const invite = () =>
      t.db.kysely.transaction().execute((trx) =>
        noticeExpertsInvited(
          trx,
          {
            task: { id: 'task-1', projectName: '某区旧城改造项目', reviewOn: '2100-03-15', reviewTime: '09:30', place: '协会三楼会议室' },
            seats: [{ id: 'seat-1', expertId, answerDeadline: '2100-03-10T09:00:00.000Z' }],
          },
          { now: t.clock.now(), pii: t.app.pii },
        ),
      );
    expect(await invite()).toBe(2);
    expect(await invite()).toBe(0);
    await serviceOf(t.app).sendNow();
    const mails = mailsTo('drawn@example.cn');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('评审邀请：某区旧城改造项目（2100-03-15）');
    expect(mails[0]?.text).toContain('评审时间：2100-03-15 09:30');
    expect(mails[0]?.text).toContain('评审地点：协会三楼会议室');
    expect(mails[0]?.text).toContain('请于 2100-03-10 17:00 前答复是否参加');
    const rows = await deliveriesOf(t.db, { reference: 'review_seat:seat-1' });
    expect(rows.map((r) => [r.channel, r.state])).toEqual([
      ['email', 'sent'],
      ['sms', 'unconfigured'],
    ]);
  });

  it('stopping the service waits for the batch in hand and sends nothing afterwards', async () => {
    smtp.behave({ kind: 'accept', delayMs: 150 });
    const units: TestUnit[] = [];
    for (let i = 0; i < 4; i += 1) units.push(await addUnit(t, { email: `stop${i}@example.cn` }));
    await t.db.kysely.transaction().execute((trx) =>
      enqueueNotice(trx, { rule: 'one_off', reference: 'test:stop', recipients: units.map((u) => ({ type: 'unit' as const, id: u.id })), params: { title: '停止测试', body: '正文' }, channels: ['email'] }, { now: t.clock.now() }),
    );
    const notices = serviceOf(t.app);
    const before = smtp.attempts;
    try {
      notices.start();
      await until(() => smtp.attempts > before, 'the sender reaching the SMTP server');
      expect(smtp.attempts).toBeGreaterThan(before);
      await notices.stop();
      const rows = await deliveriesOf(t.db, { reference: 'test:stop' });
      expect(rows.filter((r) => r.lease_owner !== null)).toEqual([]);
      const sent = rows.filter((r) => r.state === 'sent').length;
      const received = units.filter((_, i) => mailsTo(`stop${i}@example.cn`).length === 1).length;
      expect(received).toBe(sent);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received.filter((m) => m.to.some((a) => a.startsWith('stop'))).length).toBe(sent);
    } finally {
      smtp.behave({ kind: 'accept' });
    }
  });
});
