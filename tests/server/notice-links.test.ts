/**
 * Values from outside never become links in a notice (server/notifications/render.ts
 * `messageParams`): a unit's project name carrying addresses goes into the drawn experts'
 * invitation (e-mail subject, text, HTML; SMS) disarmed, while the site's own address stays a
 * link. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailChannel } from '../../server/notifications/channels/email';
import type { SmsMessage, SmsProvider } from '../../server/notifications/channels/smsTypes';
import { noticeExpertsInvited } from '../../server/notifications/expertDrawn';
import { disarmLinks } from '../../server/notifications/render';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addExpert, serviceOf } from './notifications.helpers';

/** What a mail client or an SMS app would make a link of. */
const LINKISH = [/https?:\/\//i, /www\./i, /[a-z0-9-]\.(?:com|cn|net|org)\b/i, /\d+\.\d+\.\d+\.\d+/, /<a\b/i];
const PLANTED = '旧城改造项目 请速登录 https://evil.example.com/login 或 www.phish.cn 或 回复 a@evil.cn 或 http://10.1.2.3/x 或 例子.中国';

describe('disarmLinks', () => {
  it('leaves plain text, dates and decimals alone and disarms every address form', () => {
    expect(disarmLinks('城东新城片区旧城改造项目社会稳定风险评估（一期）')).toBe('城东新城片区旧城改造项目社会稳定风险评估（一期）');
    expect(disarmLinks('2026-12-01 09:30，84.5 分')).toBe('2026-12-01 09:30，84.5 分');
    expect(disarmLinks('https://evil.example.com/a')).toBe('https[:]//evil[.]example[.]com/a');
    expect(disarmLinks('www.phish.cn')).toBe('www[.]phish[.]cn');
    expect(disarmLinks('a@evil.cn')).toBe('a@evil[.]cn');
    expect(disarmLinks('http://10.1.2.3/x')).toBe('http[:]//10[.]1[.]2[.]3/x');
    expect(disarmLinks('例子.中国')).toBe('例子[.]中国');
    for (const pattern of LINKISH) expect(disarmLinks(PLANTED)).not.toMatch(pattern);
  });
});

describe.each(dialects)('a planted link in a project name (%s)', (dialect) => {
  let t: TestContext;
  const mails: { subject: string; text: string; html: string }[] = [];
  const sms: SmsMessage[] = [];
  const email: EmailChannel = {
    from: 'notice@assoc.example.cn',
    send: async (m) => {
      mails.push({ subject: m.subject, text: m.text, html: m.html });
      return { messageId: `m${mails.length}`, response: '250 ok' };
    },
    close: () => undefined,
  };
  const smsProvider: SmsProvider = {
    name: 'aliyun',
    send: async (m) => {
      sms.push(m);
      return { ok: true, messageId: `s${sms.length}` };
    },
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PUBLIC_URL: 'https://www.assoc.example.org' } });
    // The invitation's SMS carries the project name, and its e-mail the site's address.
    const template = await t.db.kysely.selectFrom('notification_templates').select(['id', 'text_body']).where('code', '=', 'expert_drawn').executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('notification_templates')
      .set({ sms_template_code: 'SMS_1', sms_params: JSON.stringify(['projectName', 'reviewOn']), text_body: `${template.text_body}\n{{siteUrl}}` })
      .where('id', '=', template.id)
      .execute();
  });
  afterAll(async () => t?.close());

  it('goes out disarmed in the e-mail and the SMS; the site address stays', async () => {
    const expertId = await addExpert(t, { email: 'zhang@experts.example.cn', phone: '13900139001' });
    const created = await t.db.kysely.transaction().execute((trx) =>
      noticeExpertsInvited(
        trx,
        { task: { id: 'task-links', projectName: PLANTED, reviewOn: '2026-12-01' }, seats: [{ id: 'seat-links', expertId, answerDeadline: null }], contact: '请致电协会' },
        { now: t.clock.now(), pii: t.app.pii },
      ),
    );
    expect(created).toBe(2);
    await serviceOf(t.app, { email, sms: smsProvider }).sendNow();
    expect(mails).toHaveLength(1);
    expect(sms).toHaveLength(1);
    const [mail] = mails;
    expect(mail.text).toContain('旧城改造项目');
    expect(mail.text).toContain('https://www.assoc.example.org');
    const withoutSite = (text: string) => text.replaceAll('https://www.assoc.example.org', '');
    for (const pattern of LINKISH) {
      expect(withoutSite(mail.subject)).not.toMatch(pattern);
      expect(withoutSite(mail.text)).not.toMatch(pattern);
      expect(withoutSite(mail.html)).not.toMatch(pattern);
      for (const p of sms[0].params) expect(p.value).not.toMatch(pattern);
    }
    expect(sms[0].params.find((p) => p.name === 'projectName')?.value).toContain('evil[.]example[.]com');
    // The record's title (what 通知记录 shows) is disarmed too.
    const rows = await t.db.kysely.selectFrom('notification_deliveries').select('title').where('reference', '=', 'review_seat:seat-links').execute();
    for (const row of rows) for (const pattern of LINKISH) expect(row.title).not.toMatch(pattern);
  });
});
