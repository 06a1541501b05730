/**
 * The notifications journey (README.md, section "Notifications") in real Chromium against the
 * built app and the real server, whose e-mail goes to a real SMTP server in this run
 * (./mailbox.ts, started by ./globalSetup.ts with NOTICE_SCAN_MINUTES=1): staff open an
 * inspection year whose deadline is 3 days away and press 通知设置's 立即检查; the rule 年检截止前
 * 3 天提醒 e-mails every approved unit owing records, 正衡 (demo_unit) among them, exactly once
 * (a second 立即检查 and the timer's scans queue nothing more); 通知记录 shows it
 * 已发送, found by the whole address. The SMTP server refuses 之江's first message (550): its
 * record shows 失败待重试; staff resend it from the list (after its question), the sender
 * delivers it at once, and it arrives once; 正衡 still has the one message after the scans that
 * ran meanwhile.
 *
 * The year: the demo has the current year open and the supervision journey opens one three years
 * ahead, so this one opens the year after next (2028 when written), its deadline three Beijing
 * days from today.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './accounts';
import { answerTo, openInspectionYear } from './actions';
import { launchBrowser, loginThroughApi, openPage } from './browser';
import { receivedMail, refuseOnce } from './mailbox';

/**
 * A send round comes every 10 s (server/notifications/service.ts), a batch one message after
 * another: the mailbox and the record's page are asked once a second, not twenty times.
 */
const EVERY_SECOND = { interval: 1_000 };

const YEAR = new Date().getFullYear() + 2;
const DAY_MS = 86_400_000;
/** Beijing's calendar day `days` from today (the server counts days in Beijing time). */
const beijingDay = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);
const DEADLINE = beijingDay(3);
const SUBJECT = `${YEAR}年度年检将于 ${DEADLINE} 截止`;

const UNIT_EMAIL = 'office@zhengheng-demo.cn';
const REFUSED_EMAIL = 'contact@zhijiang-risk-demo.cn';

/** The messages with the year's subject that reached `address`. */
async function deadlineMailTo(address: string): Promise<number> {
  return (await receivedMail()).filter((m) => m.to.includes(address) && m.subject === SUBJECT).length;
}

/** 通知记录 filtered to one whole address and channel; the row of this year's notice. */
async function recordRow(page: Page, address: string, channel: 'email' | 'sms'): Promise<Locator> {
  await page.goto(`/Manage/notice-records?recipient=${encodeURIComponent(address)}&channel=${channel}`);
  const row = page.locator('tr.ant-table-row', { hasText: SUBJECT });
  await row.first().waitFor();
  return row;
}

async function journey(browser: Browser): Promise<void> {
  const { page: s, errors } = await openPage(browser, { width: 1440, height: 900 });
  await loginThroughApi(s, E2E_ADMIN);
  await refuseOnce(REFUSED_EMAIL);

  // 1. Staff open the year, its deadline 3 days away.
  await s.goto('/Manage/annual-inspection-record');
  await openInspectionYear(s, YEAR, DEADLINE);

  // 2. 通知设置's 立即检查 queues the reminder now (instead of at the next scan); the unit's
  // contact receives it. A second 立即检查 queues nothing more. The server's own timed scan
  // may have queued it between the year's opening and the click (then the first answer counts
  // 0): what must hold either way is one message, and nothing more from the second press.
  // tests/server/notifications-routes.test.ts counts what the button queues, with no timer.
  await s.goto('/Manage/notice-settings');
  const scan = s.getByRole('button', { name: /立即检查/ });
  await answerTo<{ notices: number }>(s, { method: 'POST', path: '/api/v1/notice-rules/scan' }, () => scan.click(), '立即检查');
  await expect.poll(() => deadlineMailTo(UNIT_EMAIL), EVERY_SECOND).toBe(1);
  const again = await answerTo<{ notices: number }>(s, { method: 'POST', path: '/api/v1/notice-rules/scan' }, () => scan.click(), '再次立即检查');
  expect(again.data.notices).toBe(0);

  // 3. 通知记录 shows it sent, found by the whole address, the address masked.
  const sent = await recordRow(s, UNIT_EMAIL, 'email');
  await expect.poll(() => sent.count()).toBe(1);
  await sent.getByText('已发送', { exact: true }).waitFor();
  expect(await sent.innerText()).toContain('o***@zhengheng-demo.cn');

  // 4. 之江's first message was refused: 失败待重试. Staff resend it from the list (confirmed
  // first), which sends it at once instead of after the back-off; it arrives once.
  // The page is read again until the sender reached it (a batch sends one row after another).
  const stateOf = async () => (await (await recordRow(s, REFUSED_EMAIL, 'email')).innerText()).match(/待发送|失败待重试|已发送/)?.[0];
  await expect.poll(stateOf, EVERY_SECOND).toBe('失败待重试');
  const refused = await recordRow(s, REFUSED_EMAIL, 'email');
  await refused.getByRole('button', { name: '重新发送' }).click();
  const question = s.locator('.ant-popover:visible').last();
  await question.getByText('将重新开始尝试发送').waitFor();
  await answerTo(s, { method: 'POST', path: /\/notice-deliveries\/[^/]+\/resend$/ }, () => question.getByRole('button', { name: /确\s*定/ }).click(), '重新发送之江的通知');
  await expect.poll(() => deadlineMailTo(REFUSED_EMAIL), EVERY_SECOND).toBe(1);
  const delivered = await recordRow(s, REFUSED_EMAIL, 'email');
  await delivered.getByText('已发送', { exact: true }).waitFor();
  // Resent: its attempts start over, so the delivered one is the first of the new count.
  expect(await delivered.locator('td').allInnerTexts()).toContain('1');

  // Once: scans kept running through the retry's minute, and 正衡 still has one message.
  expect(await deadlineMailTo(UNIT_EMAIL)).toBe(1);
  expect(errors).toEqual([]);
}

describe('the notifications journey', () => {
  it(
    'e-mails a deadline 3 days away once, records it sent, and delivers a refused one resent from 通知记录',
    async () => {
      const browser = await launchBrowser();
      try {
        await journey(browser);
      } finally {
        await browser.close();
      }
    },
  );
});
