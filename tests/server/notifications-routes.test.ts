/**
 * The notifications API (server/modules/notification-rules, notification-deliveries), SQLite and
 * PostgreSQL: every permission enforced (a viewer, staff without the codes, a unit, a
 * practitioner) and each row's actions; rules edited with their version and held to what their
 * kind allows, further dated rules, templates refusing unknown placeholders and sanitising HTML;
 * 通知记录 masking addresses, filtering (state, channel, kind, recipient by name or whole address,
 * reference, dates), revealing one address (audited) and exporting (masked, audited); the one-off
 * notice to units with unsubmitted inspections; the person's own settings.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type {
  NoticeDeliveryRecord,
  NoticeDeliveryStatus,
  NoticePreferences,
  NoticeRuleRecord,
  NoticeTemplateRecord,
  OneOffPreview,
  OneOffSendResult,
  NoticeScanResult,
} from '@common/schemas/notifications';
import { enqueueNotice } from '../../server/notifications/enqueue';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addCertificate, addPractitioner, addUnit, daysFrom, deliveriesOf, serviceOf, smtpEnv, startSmtp, today, type TestSmtp } from './notifications.helpers';

describe.each(dialects)('the notifications API (%s)', (dialect) => {
  let t: TestContext;
  let smtp: TestSmtp;
  let admin = '';
  let viewer = '';
  let nobody = '';

  async function staffWith(login: string, permissions: string[]): Promise<string> {
    const now = new Date().toISOString();
    const roleId = await insertRole(t.db.kysely, { code: `role-${login}`, name: `角色${login}`, permissions }, now);
    await insertAccount(t.db.kysely, { loginAccount: login, passwordHash: await hashPassword('Staff@2026x'), authType: 1, name: login, roleIds: [roleId] }, now);
    return t.login(login, 'Staff@2026x', 1);
  }

  const rules = async (token = admin) => (await t.call<Page<NoticeRuleRecord>>('GET', 'notice-rules?pageSize=100', { token })).body.data.list;
  const ruleByCode = async (code: string) => {
    const rule = (await rules()).find((r) => r.code === code);
    if (!rule) throw new Error(`no rule ${code}`);
    return rule;
  };
  const editBody = (r: NoticeRuleRecord) => ({
    name: r.name,
    description: r.description,
    days: r.days,
    audiences: r.audiences,
    channels: r.channels,
    templateId: r.templateId,
    mandatory: r.mandatory,
    enabled: r.enabled,
    graceDays: r.graceDays,
    catchUpDays: r.catchUpDays,
    version: r.version,
  });
  const logsOf = (action: string) =>
    t.db.kysely.selectFrom('operation_logs').select(['entity', 'entity_id', 'summary']).where('action', '=', action).where('entity', 'like', 'notice-%').execute();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(dialect, { env: smtpEnv(smtp.url) });
    admin = await t.adminToken();
    viewer = await staffWith('notice_viewer', ['notice:view']);
    nobody = await staffWith('notice_nobody', ['workbench:view']);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('holds every route to its code: a viewer reads, staff without codes, units and practitioners are refused', async () => {
    const unit = await addUnit(t);
    const unitToken = await unit.token();
    const person = await addPractitioner(t, unit.id);
    const personToken = await person.token();
    const rule = await ruleByCode('certificate_expiry_60');
    const reads = ['notice-rules', `notice-rules/${rule.id}`, 'notice-templates', 'notice-deliveries', 'notice-deliveries/status'];
    for (const path of reads) {
      expect((await t.call('GET', path, { token: viewer })).body.status, path).toBe(1);
      for (const token of [nobody, unitToken, personToken]) expect((await t.call('GET', path, { token })).statusCode, path).toBe(403);
    }
    // The viewer's rows carry no actions, and every change is refused.
    expect((await rules(viewer)).every((r) => r.actions.length === 0)).toBe(true);
    expect((await rules(admin)).find((r) => r.id === rule.id)?.actions).toEqual(['edit', 'disable']);
    const changes: [string, string, unknown][] = [
      ['PUT', `notice-rules/${rule.id}`, editBody(rule)],
      ['POST', `notice-rules/${rule.id}/disable`, undefined],
      ['POST', 'notice-rules', { ...editBody(rule), version: undefined, kind: 'certificate_expiry', days: 90 }],
      ['POST', `notice-deliveries/${rule.id}/resend`, undefined],
      ['POST', `notice-deliveries/${rule.id}/reveal`, undefined],
      ['POST', 'notice-deliveries/one-off/preview', { audience: 'unit' }],
      ['GET', 'notice-deliveries/export', undefined],
      ['POST', 'notice-rules/scan', undefined],
    ];
    for (const [method, path, body] of changes) {
      expect((await t.call(method, path, { token: viewer, body })).statusCode, `${method} ${path}`).toBe(403);
      expect((await t.call(method, path, { token: unitToken, body })).statusCode, `${method} ${path}`).toBe(403);
    }
    // Everyone has their own settings.
    for (const token of [unitToken, personToken, viewer]) expect((await t.call('GET', 'user/notice-preferences', { token })).body.status).toBe(1);
  });

  it('rules: edited with the version read, held to what their kind allows; further dated rules; enable and disable', async () => {
    const drawn = await ruleByCode('expert_drawn');
    expect(drawn).toMatchObject({ kind: 'expert_drawn', timing: 'event', days: null, allowedChannels: ['email', 'sms'], allowedAudiences: ['expert'], kindAllowsMore: false });
    const refuse = async (body: unknown, words: string) => {
      const res = await t.call('PUT', `notice-rules/${drawn.id}`, { token: admin, body });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toContain(words);
    };
    await refuse({ ...editBody(drawn), channels: ['site', 'email'] }, '不能通过站内消息发送');
    await refuse({ ...editBody(drawn), audiences: ['unit'] }, '不能发送给会员单位');
    await refuse({ ...editBody(drawn), days: 3 }, '不设天数');
    const certificate = await t.db.kysely.selectFrom('notification_templates').select('id').where('code', '=', 'certificate_expiry').executeTakeFirstOrThrow();
    await refuse({ ...editBody(drawn), templateId: certificate.id }, '不适用');

    const saved = await t.call('PUT', `notice-rules/${drawn.id}`, { token: admin, body: { ...editBody(drawn), channels: ['email'], mandatory: true } });
    expect(saved.body.status, saved.body.message).toBe(1);
    const stale = await t.call('PUT', `notice-rules/${drawn.id}`, { token: admin, body: editBody(drawn) });
    expect(stale.statusCode).toBe(409);
    expect((await ruleByCode('expert_drawn')).channels).toEqual(['email']);

    const cert60 = await ruleByCode('certificate_expiry_60');
    const created = await t.call<{ id: string }>('POST', 'notice-rules', { token: admin, body: { ...editBody(cert60), version: undefined, kind: 'certificate_expiry', name: '证书到期前 90 天提醒', days: 90 } });
    expect(created.body.status, created.body.message).toBe(1);
    const again = await t.call('POST', 'notice-rules', { token: admin, body: { ...editBody(cert60), version: undefined, kind: 'certificate_expiry', name: '再一条 90 天', days: 90 } });
    expect(again.body.status).toBe(1);
    const codes = (await rules()).map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['certificate_expiry_90', 'certificate_expiry_90_2']));
    const event = await t.call('POST', 'notice-rules', { token: admin, body: { ...editBody(drawn), version: undefined, kind: 'expert_drawn' } });
    expect(event.statusCode).toBe(400);

    const off = await t.call('POST', `notice-rules/${created.body.data.id}/disable`, { token: admin });
    expect(off.body.message).toContain('已停用');
    const ninety = (await rules()).find((r) => r.id === created.body.data.id);
    expect(ninety).toMatchObject({ enabled: false, actions: ['edit', 'enable'] });
    expect((await logsOf('disable')).some((l) => l.entity_id === created.body.data.id)).toBe(true);
    expect((await logsOf('create')).some((l) => l.summary.includes('证书到期前 90 天提醒'))).toBe(true);
  });

  it('立即检查 queues what is due now, once however often it runs, and is logged', async () => {
    const unit = await addUnit(t, { name: '立即检查测试单位' });
    const certId = await addCertificate(t, { type: 'unit', id: unit.id, name: unit.name, unitId: unit.id }, daysFrom(today(t), 30));
    const first = await t.call<NoticeScanResult>('POST', 'notice-rules/scan', { token: admin });
    expect(first.body.status, first.body.message).toBe(1);
    expect(first.body.data.notices).toBeGreaterThanOrEqual(1);
    expect(first.body.message).toContain(`新排入 ${first.body.data.notices} 条通知`);
    const queued = (await deliveriesOf(t.db)).filter((d) => d.reference.includes(certId));
    expect(queued.length).toBeGreaterThanOrEqual(1);
    expect(queued.every((d) => d.kind === 'certificate_expiry')).toBe(true);

    // Again: nothing new, nothing written twice.
    const second = await t.call<NoticeScanResult>('POST', 'notice-rules/scan', { token: admin });
    expect(second.body.data.notices).toBe(0);
    expect(second.body.message).toContain('没有新的到期通知');
    expect((await deliveriesOf(t.db)).filter((d) => d.reference.includes(certId))).toHaveLength(queued.length);
    const logged = await logsOf('scan');
    expect(logged.map((l) => l.summary)).toEqual(expect.arrayContaining([expect.stringContaining(`新排入 ${first.body.data.notices} 条通知`)]));
  });

  it('templates: unknown placeholders refused, HTML sanitised, placeholders listed', async () => {
    const list = (await t.call<Page<NoticeTemplateRecord>>('GET', 'notice-templates?pageSize=100', { token: admin })).body.data.list;
    const template = list.find((x) => x.code === 'certificate_expiry');
    if (!template) throw new Error('no certificate_expiry template');
    expect(template.usedBy).toEqual(expect.arrayContaining(['证书到期前 60 天提醒', '证书到期前 30 天提醒', '证书到期前 7 天提醒']));
    expect(template.placeholders.map((p) => p.name)).toEqual(expect.arrayContaining(['recipientName', 'certificateNo', 'daysLeft']));
    const body = { name: template.name, subject: template.subject, textBody: template.textBody, htmlBody: template.htmlBody, smsTemplateCode: null, smsParams: [], version: template.version };
    const unknown = await t.call('PUT', `notice-templates/${template.id}`, { token: admin, body: { ...body, textBody: '{{projectName}} 到期' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.message).toContain('{{projectName}}');
    const saved = await t.call('PUT', `notice-templates/${template.id}`, { token: admin, body: { ...body, htmlBody: '<p>{{holderName}}</p><script>alert(1)</script><img src=x onerror=alert(1)>' } });
    expect(saved.body.status, saved.body.message).toBe(1);
    const stored = await t.db.kysely.selectFrom('notification_templates').select(['html_body', 'version']).where('id', '=', template.id).executeTakeFirstOrThrow();
    expect(stored.html_body).toContain('<p>{{holderName}}</p>');
    expect(stored.html_body).not.toMatch(/script|onerror/);
    expect((await t.call('PUT', `notice-templates/${template.id}`, { token: admin, body })).statusCode).toBe(409);
  });

  it('通知记录: addresses masked, filters, the audited reveal, resend only when it failed, the masked export', async () => {
    const unit = await addUnit(t, { name: '掩码测试单位', email: 'zhang.wei@mask.example.cn', phone: '13812345678' });
    await t.db.kysely.transaction().execute((trx) =>
      enqueueNotice(trx, { rule: 'one_off', reference: 'test:mask', recipients: [{ type: 'unit', id: unit.id }], params: { title: '掩码测试', body: '正文' }, channels: ['site', 'email', 'sms'] }, { now: t.clock.now() }),
    );
    await serviceOf(t.app).sendNow();
    const list = async (query: string, token = admin) => (await t.call<Page<NoticeDeliveryRecord>>('GET', `notice-deliveries?${query}`, { token })).body.data;
    const mine = await list('reference=test%3Amask');
    expect(mine.list.map((r) => [r.channel, r.state]).sort()).toEqual([
      ['email', 'sent'],
      ['site', 'sent'],
      ['sms', 'unconfigured'],
    ]);
    const email = mine.list.find((r) => r.channel === 'email');
    expect(email?.address).toBe('z***@mask.example.cn');
    expect(JSON.stringify(mine)).not.toContain('zhang.wei@');
    expect(JSON.stringify(mine)).not.toContain('13812345678');
    expect(email?.actions).toEqual(['reveal']);
    expect(mine.list.find((r) => r.channel === 'sms')?.actions).toEqual(['resend']);

    // Filters: the whole address (through its keyed hash), a name, state, channel, kind, dates.
    expect((await list('recipient=zhang.wei%40mask.example.cn')).list.map((r) => r.id)).toEqual([email?.id]);
    expect((await list(`recipient=${encodeURIComponent('掩码测试')}&channel=email`)).list.map((r) => r.id)).toEqual([email?.id]);
    expect((await list('reference=test%3Amask&state=unconfigured')).list.map((r) => r.channel)).toEqual(['sms']);
    expect((await list('reference=test%3Amask&kind=certificate_expiry')).total).toBe(0);
    const day = today(t);
    expect((await list(`reference=test%3Amask&fromDay=${day}&toDay=${day}`)).total).toBe(3);
    expect((await list(`reference=test%3Amask&fromDay=${daysFrom(day, 1)}`)).total).toBe(0);
    expect((await t.call('GET', `notice-deliveries?fromDay=${day}&toDay=${daysFrom(day, -1)}`, { token: admin })).statusCode).toBe(400);

    // The viewer sees the row, masked, without the reveal.
    const seen = (await list('reference=test%3Amask&channel=email', viewer)).list[0];
    expect(seen?.address).toBe('z***@mask.example.cn');
    expect(seen?.actions).toEqual([]);

    const revealed = await t.call<{ value: string }>('POST', `notice-deliveries/${email?.id}/reveal`, { token: admin });
    expect(revealed.body.data.value).toBe('zhang.wei@mask.example.cn');
    const reveals = await logsOf('reveal');
    expect(reveals.filter((l) => l.entity === 'notice-delivery' && l.entity_id === email?.id)).toHaveLength(1);
    expect(reveals.every((l) => !l.summary.includes('zhang.wei'))).toBe(true);

    const notFailed = await t.call('POST', `notice-deliveries/${email?.id}/resend`, { token: admin });
    expect(notFailed.statusCode).toBe(400);
    expect(notFailed.body.message).toContain('已发送');

    const status = await t.call<NoticeDeliveryStatus>('GET', 'notice-deliveries/status', { token: admin });
    expect(status.body.data.email).toEqual({ configured: true, from: 'notice@assoc.example.cn' });
    expect(status.body.data.sms).toEqual({ configured: false, provider: null });
    expect(status.body.data.counts.sentToday).toBeGreaterThanOrEqual(2);

    const exported = await t.app.inject({ method: 'GET', url: '/api/v1/notice-deliveries/export?reference=test%3Amask', headers: { token: admin } });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(exported.rawPayload).buffer);
    const sheet = book.worksheets[0];
    const cells: string[] = [];
    sheet?.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells).toContain('z***@mask.example.cn');
    expect(cells.join(' ')).not.toContain('zhang.wei@');
    expect((await logsOf('export')).some((l) => l.summary.includes('关联记录 test:mask'))).toBe(true);
  });

  it('the one-off notice reaches the units still owing an inspection year, by the channels chosen', async () => {
    const owing = await addUnit(t, { email: 'oneoff-a@example.cn' });
    const alsoOwing = await addUnit(t, { email: null });
    const done = await addUnit(t, { email: 'oneoff-c@example.cn' });
    const year = 2099 - (dialect === 'postgres' ? 1 : 0);
    const opened = await t.call('POST', 'annual-inspection-years', { token: admin, body: { year, deadline: daysFrom(today(t), 20) } });
    expect(opened.body.status, opened.body.message).toBe(1);
    await t.db.kysely.updateTable('annual_inspections').set({ status: 'submitted' }).where('year', '=', year).where('unit_id', '=', done.id).execute();
    const filter = { audience: 'unit', unitIds: [owing.id, alsoOwing.id, done.id], unsubmittedInspectionYear: year };

    const preview = await t.call<OneOffPreview>('POST', 'notice-deliveries/one-off/preview', { token: admin, body: filter });
    expect(preview.body.data).toMatchObject({ count: 2, withEmail: 1 });
    expect(preview.body.data.names.sort()).toEqual([owing.name, alsoOwing.name].sort());

    const sent = await t.call<OneOffSendResult>('POST', 'notice-deliveries/one-off', {
      token: admin,
      body: { ...filter, title: `${year}年度年检材料请尽快提交`, body: '请于截止日期前登录系统提交。\n逾期将影响会员资格。', channels: ['site', 'email'], mandatory: true },
    });
    expect(sent.body.status, sent.body.message).toBe(1);
    // Two units in-site, one of them also by e-mail (the other has no address).
    expect(sent.body.data).toMatchObject({ recipients: 2, deliveries: 3 });
    await serviceOf(t.app).sendNow();
    const mails = smtp.received.filter((m) => m.to.includes('oneoff-a@example.cn'));
    expect(mails.map((m) => m.subject)).toEqual([`${year}年度年检材料请尽快提交`]);
    expect(mails[0]?.text).toContain('逾期将影响会员资格。');
    expect(mails[0]?.text).toContain('必要通知');
    expect(smtp.received.some((m) => m.to.includes('oneoff-c@example.cn'))).toBe(false);
    const inSite = await t.db.kysely.selectFrom('messages').select('account_id').where('title', '=', `${year}年度年检材料请尽快提交`).execute();
    expect(inSite.map((m) => m.account_id).sort()).toEqual([owing.accountId, alsoOwing.accountId].sort());
    const records = (await t.call<Page<NoticeDeliveryRecord>>('GET', `notice-deliveries?reference=${encodeURIComponent(sent.body.data.reference)}`, { token: admin })).body.data;
    expect(records.total).toBe(3);
    expect((await logsOf('send')).some((l) => l.summary.includes('2 个会员单位'))).toBe(true);

    const nothing = await t.call('POST', 'notice-deliveries/one-off', { token: admin, body: { ...filter, unitIds: [done.id], title: '无', body: '无', channels: ['email'], mandatory: false } });
    expect(nothing.statusCode).toBe(400);
  });

  it("the person's own settings: the opt-out of optional e-mails, and which notices are mandatory", async () => {
    const unit = await addUnit(t, { email: 'prefs@example.cn' });
    const person = await addPractitioner(t, unit.id, { email: 'person@example.cn' });
    const token = await person.token();
    const read = await t.call<NoticePreferences>('GET', 'user/notice-preferences', { token });
    expect(read.body.data).toMatchObject({ optionalEmails: true, email: 'p***@example.cn' });
    const kinds = new Set(read.body.data.rules.map((r) => r.kind));
    expect(kinds.has('certificate_expiry')).toBe(true);
    expect(kinds.has('daily_recap')).toBe(false);
    expect(kinds.has('expert_drawn')).toBe(false);
    const off = await t.call<NoticePreferences>('PUT', 'user/notice-preferences', { token, body: { optionalEmails: false } });
    expect(off.body.data.optionalEmails).toBe(false);
    expect(off.body.message).toContain('必要通知仍会发送');
    const stored = await t.db.kysely.selectFrom('notification_opt_outs').select(['recipient_key', 'channel']).where('recipient_key', '=', `practitioner:${person.id}`).execute();
    expect(stored).toEqual([{ recipient_key: `practitioner:${person.id}`, channel: 'email' }]);
    // The unit's own setting is apart from its practitioner's.
    expect((await t.call<NoticePreferences>('GET', 'user/notice-preferences', { token: await unit.token() })).body.data.optionalEmails).toBe(true);
    // Staff holding notice:manage see the daily recap among theirs; a viewer does not.
    expect((await t.call<NoticePreferences>('GET', 'user/notice-preferences', { token: admin })).body.data.rules.some((r) => r.kind === 'daily_recap')).toBe(true);
    expect((await t.call<NoticePreferences>('GET', 'user/notice-preferences', { token: viewer })).body.data.rules.some((r) => r.kind === 'daily_recap')).toBe(false);
    expect((await t.call('PUT', 'user/notice-preferences', { token, body: { optionalEmails: true } })).body.data).toMatchObject({ optionalEmails: true });
  });
});
