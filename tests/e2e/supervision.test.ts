/**
 * The supervision journey (README.md, section "Supervision") in real Chromium against the built app
 * and the real server with the demo data: staff open an inspection year; the demo unit (正衡…,
 * demo_unit) submits its own inspection and one of its practitioners' (王浩然); staff return the
 * practitioner's and pass the unit's from the business-audit queue (业务审核管理, filtered to
 * 年检); the unit sees the messages in the header bell, follows the return's link to the record,
 * corrects and resubmits it; staff pass it on the annual inspection page; both certificates'
 * validity moved on a year; the workbenches' counts follow each step.
 *
 * The year: the demo data already has 2026 open, and the product opens any year once with a
 * deadline not before today (server/modules/inspections/service.ts openInspectionYear), so the
 * journey opens a later year through the page's 开启年度 form with a deadline at the end of that
 * year and runs on it, its subjects all fresh (未提交). It is three years ahead (2029 when
 * written): the workbench shows the newest open year, and the notifications journey opens the
 * year after next; vitest runs the journeys in an order of its own (once it ran that one first,
 * and this workbench showed the other year). The years then stay open; the counts compared here
 * are differences, so the 2026 demo rows waiting for review do not matter.
 *
 * Accounts log in through the API (set-up, not the journey): staff as the e2e admin, the unit
 * as demo_unit, whose password is not a generated one (no forced change, no consent step: that
 * gate is for practitioners).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNIT, E2E_ADMIN } from './accounts';
import { answerTo, openInspectionYear, pageMessages } from './actions';
import { launchBrowser, loginThroughApi, openPage, type WatchedPage } from './browser';
import { LICENCE_PDF } from './membershipData';

/** The calls the journey's actions make (services/inspections.ts). */
const SUBMIT_PATH = /^\/api\/v1\/annual-inspections\/[^/]+\/submit$/;
const APPROVE_PATH = /^\/api\/v1\/annual-inspections\/[^/]+\/approve$/;
const DECIDE_PATH = '/api/v1/business-audit/decide';

/** The demo unit (demo_unit's) and one of its approved practitioners, with their seeded validity. */
const UNIT_NAME = '正衡社会稳定风险评估咨询有限公司';
const UNIT_VALID_BEFORE = '2027-04-30';
const UNIT_VALID_AFTER = '2028-04-30';
const PERSON_NAME = '王浩然';
const PERSON_VALID_BEFORE = '2027-12-31';
const PERSON_VALID_AFTER = '2028-12-31';

/** Three years ahead (2029 when written): fresh subjects, a deadline still ahead, the newest open year. */
const YEAR = new Date().getFullYear() + 3;
const DEADLINE = `${YEAR}-12-31`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A button whose two Chinese characters antd may space ("通 过"). */
const button = (scope: Page | Locator, label: string) =>
  scope.getByRole('button', { name: new RegExp(`^${label.split('').join('\\s?')}$`) });

/** The list's first cell after the selection's checkbox (a unit may select rows for 批量提交). */
const NAME_CELL = 'td:first-child:not(.ant-table-selection-column), td.ant-table-selection-column + td';

/**
 * The annual inspection list's row of `name`: its 名称 cell (the first but the checkbox) says so, since the
 * staff's 所属单位 column repeats the unit's name on its practitioners' rows.
 */
const inspectionRows = (page: Page, name: string) =>
  page.locator('tr.ant-table-row').filter({ has: page.locator(NAME_CELL).getByText(name, { exact: true }) });

async function rowOf(page: Page, name: string): Promise<Locator> {
  const row = inspectionRows(page, name);
  await row.waitFor();
  return row;
}

/** Waits for the row of `name` to show `status` (the list reloads after an action). */
async function expectRowStatus(page: Page, name: string, status: string): Promise<Locator> {
  const row = inspectionRows(page, name).filter({ has: page.locator('.ant-tag', { hasText: new RegExp(`^${status}$`) }) });
  await row.waitFor();
  return row;
}

/** The review queue's row of one item (its 审核对象 is a button that opens the detail). */
const queueRows = (page: Page, item: string) =>
  page.locator('tr.ant-table-row').filter({ has: page.getByRole('button', { name: item, exact: true }) });

/** The staff workbench: the 年检 card's count of 待审核 (0 when no card) and the total waiting. */
async function staffPending(page: Page): Promise<{ inspections: number; total: number }> {
  await page.goto('/Manage/staging');
  const heading = page.getByText(/^待我审核（共 \d+ 项）$/);
  await heading.waitFor();
  const total = Number(/\d+/.exec(await heading.innerText())?.[0]);
  const card = page.getByRole('link', { name: /^年检：\d+ 项待审核$/ });
  if ((await card.count()) === 0) return { inspections: 0, total };
  const label = (await card.getAttribute('aria-label')) ?? '';
  expect(await card.getAttribute('href')).toBe('/Manage/business-audit?kind=annual_inspection');
  return { inspections: Number(/：(\d+) 项/.exec(label)?.[1]), total };
}

interface UnitBoard {
  /** 我的待办: label → count (a to-do with nothing to do is not listed). */
  todos: Map<string, number>;
  /** 会员证书 → 有效期至. */
  validUntil: string;
  /** 年检 → 状态. */
  inspectionStatus: string;
}

/** The unit's own workbench. */
async function unitBoard(page: Page): Promise<UnitBoard> {
  await page.goto('/Manage/staging');
  const todoCard = page.locator('.ant-card').filter({ has: page.getByText('我的待办', { exact: true }) });
  await todoCard.waitFor();
  const todos = new Map<string, number>();
  for (const item of await todoCard.locator('.ant-list-item').all()) {
    const label = (await item.getByRole('link').innerText()).trim();
    todos.set(label, Number(await item.locator('.ant-badge-count').getAttribute('title')));
  }
  const certificate = page.locator('.ant-card').filter({ has: page.getByText('会员证书', { exact: true }) });
  const inspection = page.locator('.ant-card').filter({ has: page.getByText('年检', { exact: true }) });
  const field = (card: Locator, label: string) =>
    card.locator('.ant-descriptions-item').filter({ has: page.getByText(label, { exact: true }) }).locator('.ant-descriptions-item-content').innerText();
  return { todos, validUntil: (await field(certificate, '有效期至')).trim(), inspectionStatus: (await field(inspection, '状态')).trim() };
}

/** The header bell's unread count once the page has asked the server (the bell shows the answer). */
async function bellUnread(page: Page, path: string): Promise<number> {
  const summary = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/messages/summary' && r.request().method() === 'GET');
  await page.goto(path);
  const body = (await (await summary).json()) as { status: number; data: { unread: number } };
  expect(body.status).toBe(1);
  const unread = body.data.unread;
  await page.getByRole('button', { name: unread ? `消息，${unread} 条未读` : '消息', exact: true }).waitFor();
  return unread;
}

/**
 * 提交 / 重新提交 in the submit dialog: the question comes first (submitting locks the record,
 * src/pages/Manage/annual-inspection-record/components/SubmitModal.tsx), nothing is sent before
 * it is answered; then the call's answer.
 */
async function sendAfterQuestion(page: Page, dialog: Locator, name: string, label: '提交' | '重新提交'): Promise<void> {
  const sent: string[] = [];
  const onRequest = (request: { method: () => string; url: () => string }) => {
    if (request.method() === 'POST' && SUBMIT_PATH.test(new URL(request.url()).pathname)) sent.push(request.url());
  };
  page.on('request', onRequest);
  try {
    await button(dialog, label).click();
    const question = page.locator('.ant-popover:visible').filter({ hasText: new RegExp(`「${name}」的${YEAR}年度年检提交协会审核吗`) });
    await question.waitFor().catch(async (err: unknown) => {
      throw new Error(`${label}「${name}」的年检之前没有先问一句；页面提示：${await pageMessages(page)}`, { cause: err });
    });
    expect(sent, '回答之前不应发出提交请求').toEqual([]);
    await answerTo(page, { method: 'POST', path: SUBMIT_PATH }, () => button(question, label).click(), `${label}「${name}」的年检`);
  } finally {
    page.off('request', onRequest);
  }
}

/** The unit fills in and sends the submit dialog of one record. */
async function submitFromRow(
  page: Page,
  name: string,
  values: { report: string; projects: number; hours: number; file?: string },
): Promise<void> {
  const row = await rowOf(page, name);
  await button(row, '提交').click();
  const dialog = page.getByRole('dialog', { name: `提交${YEAR}年度年检：${name}` });
  await dialog.getByLabel('年度自查报告').fill(values.report);
  await dialog.getByLabel('本年度完成项目数').fill(String(values.projects));
  await dialog.getByLabel('本年度培训学时').fill(String(values.hours));
  if (values.file) {
    await dialog.locator('input[type=file]').setInputFiles({ name: values.file, mimeType: 'application/pdf', buffer: LICENCE_PDF });
    const uploaded = dialog.locator('li', { hasText: values.file });
    await uploaded.waitFor();
    await uploaded.locator('.anticon-loading').waitFor({ state: 'detached' });
    expect(await uploaded.innerText()).not.toContain('失败');
  }
  await sendAfterQuestion(page, dialog, name, '提交');
  await dialog.waitFor({ state: 'detached' });
}

describe('the supervision journey', () => {
  it('takes an inspection year from opening to passed, returned, resubmitted and passed again', async () => {
    const returnReason = `端到端测试：培训学时证明缺失，请补充后重新提交${Date.now() % 100000}`;
    const staff = await openPage(browser);
    const unit = await openPage(browser);
    const all: [string, WatchedPage][] = [
      ['工作人员', staff],
      ['会员单位', unit],
    ];
    try {
      const s = staff.page;
      const u = unit.page;
      await loginThroughApi(s, E2E_ADMIN);
      await loginThroughApi(u, DEMO_UNIT);

      // 0. Where things stand: the staff's queue of 年检, the unit's certificate.
      const pending0 = await staffPending(s);
      const board0 = await unitBoard(u);
      expect(board0.validUntil).toBe(UNIT_VALID_BEFORE);

      // 1. Staff open 2027 through the page's form (2026 is the demo's open year).
      await s.goto('/Manage/annual-inspection-record');
      // The newest open year shows first: the demo's 2026, or one another journey opened.
      await s.getByText(/^\d{4}年度年检$/).first().waitFor();
      await openInspectionYear(s, YEAR, DEADLINE);
      await s.getByText(`截止日期 ${DEADLINE}`, { exact: true }).waitFor();
      expect(new URL(s.url()).searchParams.get('year')).toBe(String(YEAR));
      // Every approved subject is 未提交 in the new year, the unit and its practitioner among them.
      await s.goto(`/Manage/annual-inspection-record?year=${YEAR}&keyword=${encodeURIComponent(UNIT_NAME)}`);
      await expectRowStatus(s, UNIT_NAME, '未提交');
      await expectRowStatus(s, PERSON_NAME, '未提交');

      // The unit's workbench now asks for 2027: its own and its five practitioners'.
      const board1 = await unitBoard(u);
      const notSubmittedLabel = `${YEAR}年度年检未提交（本单位及从业人员）`;
      const notSubmitted1 = board1.todos.get(notSubmittedLabel) ?? 0;
      expect(notSubmitted1).toBeGreaterThanOrEqual(2);
      expect(board1.inspectionStatus).toBe('未提交');

      // 2. The unit submits its own inspection (with a file) and its practitioner's.
      await u.goto(`/Manage/annual-inspection-record?year=${YEAR}`);
      await u.getByText(`请在 ${DEADLINE} 前提交本单位及本单位从业人员的${YEAR}年度年检`, { exact: false }).waitFor();
      const unitRow = await rowOf(u, UNIT_NAME);
      expect(await unitRow.innerText()).toContain(UNIT_VALID_BEFORE);
      const personRow = await rowOf(u, PERSON_NAME);
      expect(await personRow.innerText()).toContain(PERSON_VALID_BEFORE);
      await submitFromRow(u, UNIT_NAME, {
        report: '本年度完成稳评项目18项，均按规定备案；组织内部培训5次；未发生投诉。',
        projects: 18,
        hours: 320,
        file: '2027年度财务报表.pdf',
      });
      await expectRowStatus(u, UNIT_NAME, '已提交');
      await submitFromRow(u, PERSON_NAME, { report: '参与稳评项目4项，参加协会培训。', projects: 4, hours: 20 });
      await expectRowStatus(u, PERSON_NAME, '已提交');

      const board2 = await unitBoard(u);
      expect(board2.todos.get(notSubmittedLabel) ?? 0).toBe(notSubmitted1 - 2);
      expect(board2.inspectionStatus).toBe('已提交，待审核');

      // The staff's queue of 年检 grew by two.
      const pending1 = await staffPending(s);
      expect(pending1.inspections).toBe(pending0.inspections + 2);
      expect(pending1.total).toBe(pending0.total + 2);

      // The unit's unread messages before the decisions.
      const unread0 = await bellUnread(u, '/Manage/staging');

      // 3. Staff open 业务审核管理, filter to 年检, return one and pass the other from the queue.
      await s.goto('/Manage/business-audit');
      await s.getByRole('tab', { name: /^年检（\d+）$/ }).click();
      await s.waitForURL((url) => url.searchParams.get('kind') === 'annual_inspection');
      await expect.poll(() => s.getByRole('tab', { name: /^年检（\d+）$/, selected: true }).innerText()).toBe(`年检（${pending1.inspections}）`);
      const personItem = `${YEAR}年度年检：${PERSON_NAME}`;
      const unitItem = `${YEAR}年度年检：${UNIT_NAME}`;
      const personQueueRow = queueRows(s, personItem);
      await personQueueRow.waitFor();
      // 所属单位 is an optional column below 1600 px (ResourceTable); the row names what it lacks.
      expect(await personQueueRow.innerText()).toContain('缺：证明材料');
      expect(await personQueueRow.innerText()).toContain('今天');
      await button(personQueueRow, '退回修改').click();
      const returning = s.getByRole('dialog', { name: `退回修改：「${personItem}」` });
      await returning.getByLabel('退回原因').fill(returnReason);
      await answerTo(s, { method: 'POST', path: DECIDE_PATH }, () => button(returning, '确认退回修改').click(), `退回「${personItem}」`);
      // The page's lasting result (an Alert until closed), not a toast.
      const returned = s.locator('.ant-alert').filter({ hasText: '退回修改：成功 1 条' });
      await returned.waitFor();
      expect(await returned.innerText()).toContain(personItem);
      await returning.waitFor({ state: 'detached' });
      await personQueueRow.waitFor({ state: 'detached' });

      const unitQueueRow = queueRows(s, unitItem);
      await unitQueueRow.waitFor();
      await button(unitQueueRow, '通过').click();
      const passing = s.getByRole('dialog', { name: `通过：「${unitItem}」` });
      await passing.getByLabel('审核意见').fill('材料齐全，年检合格。');
      await answerTo(s, { method: 'POST', path: DECIDE_PATH }, () => button(passing, '确认通过').click(), `通过「${unitItem}」`);
      const passedAlert = s.locator('.ant-alert').filter({ hasText: /^通过：成功 1 条/ });
      await passedAlert.waitFor();
      expect(await passedAlert.innerText()).toContain(unitItem);
      await unitQueueRow.waitFor({ state: 'detached' });

      // Both decisions left the queue.
      const pending2 = await staffPending(s);
      expect(pending2.inspections).toBe(pending0.inspections);
      expect(pending2.total).toBe(pending0.total);

      // 4. The unit: two new messages in the bell, its certificate already a year longer.
      const unread1 = await bellUnread(u, '/Manage/staging');
      expect(unread1).toBe(unread0 + 2);
      const board3 = await unitBoard(u);
      expect(board3.validUntil).toBe(UNIT_VALID_AFTER);
      expect(board3.inspectionStatus).toBe('已通过');
      expect(board3.todos.get('被退回待修改的年检') ?? 0).toBe((board2.todos.get('被退回待修改的年检') ?? 0) + 1);

      // The bell lists the return; its link opens the record, where the unit corrects and resubmits.
      await u.getByRole('button', { name: `消息，${unread1} 条未读`, exact: true }).click();
      const bellPanel = u.locator('.ant-popover:visible');
      await bellPanel.getByText(`年检通过：${UNIT_NAME}（${YEAR}年度）`).waitFor();
      await bellPanel.getByRole('button', { name: new RegExp(`年检退回修改：${PERSON_NAME}（${YEAR}年度）`) }).click();
      await u.waitForURL((url) => url.pathname === '/Manage/annual-inspection-record' && url.searchParams.has('id'));
      const drawer = u.locator('.ant-drawer-open .ant-drawer-section');
      await drawer.getByText(`${YEAR}年度年检：${PERSON_NAME}`).waitFor();
      await drawer.getByText(returnReason).first().waitFor();
      await u.getByRole('button', { name: `消息，${unread1 - 1} 条未读`, exact: true }).or(u.getByRole('button', { name: '消息', exact: true })).waitFor();
      await drawer.getByRole('button', { name: '修改并重新提交' }).click();
      const resubmit = u.getByRole('dialog', { name: `重新提交${YEAR}年度年检：${PERSON_NAME}` });
      await resubmit.getByText(returnReason).waitFor();
      // What was sent before is there to correct.
      expect(await resubmit.getByLabel('年度自查报告').inputValue()).toBe('参与稳评项目4项，参加协会培训。');
      await resubmit.getByLabel('年度自查报告').fill('参与稳评项目4项，参加协会培训40学时（已附培训合格证书）。');
      await resubmit.getByLabel('本年度培训学时').fill('40');
      await resubmit.locator('input[type=file]').setInputFiles({ name: '培训合格证书.pdf', mimeType: 'application/pdf', buffer: LICENCE_PDF });
      const certificateFile = resubmit.locator('li', { hasText: '培训合格证书.pdf' });
      await certificateFile.waitFor();
      await certificateFile.locator('.anticon-loading').waitFor({ state: 'detached' });
      await sendAfterQuestion(u, resubmit, PERSON_NAME, '重新提交');
      await resubmit.waitFor({ state: 'detached' });
      await drawer.locator('.ant-tag', { hasText: /^已重新提交$/ }).waitFor();

      const board4 = await unitBoard(u);
      expect(board4.todos.get('被退回待修改的年检') ?? 0).toBe(board2.todos.get('被退回待修改的年检') ?? 0);
      const pending3 = await staffPending(s);
      expect(pending3.inspections).toBe(pending0.inspections + 1);

      // 5. Staff pass it on the annual inspection page (a confirmation names the validity).
      await s.goto(`/Manage/annual-inspection-record?year=${YEAR}&keyword=${encodeURIComponent(PERSON_NAME)}`);
      const staffRow = await expectRowStatus(s, PERSON_NAME, '已重新提交');
      expect(await staffRow.innerText()).toContain('40');
      await button(staffRow, '通过').click();
      const approve = s.getByRole('dialog', { name: `年检通过：${PERSON_NAME}` });
      await approve.getByText(`通过后，证书有效期将由 ${PERSON_VALID_BEFORE} 延长一年。`).waitFor();
      await approve.getByLabel('审核意见').fill('已补充培训证明，年检合格。');
      await button(approve, '通过').click();
      const confirm = s.getByRole('dialog', { name: `确定通过从业人员「${PERSON_NAME}」的${YEAR}年度年检吗？` });
      // The answer names the new validity, the row shows it (the toast that says so lives 2 s).
      const decided = await answerTo<{ validUntil?: string }>(
        s,
        { method: 'POST', path: APPROVE_PATH },
        () => button(confirm, '确定通过').click(),
        `通过「${PERSON_NAME}」的年检`,
      );
      expect(decided.data.validUntil).toBe(PERSON_VALID_AFTER);
      const passedRow = await expectRowStatus(s, PERSON_NAME, '已通过');
      expect(await passedRow.innerText()).toContain(PERSON_VALID_AFTER);

      // 6. The validity moved on a year, as the unit's own page shows both.
      await u.goto(`/Manage/annual-inspection-record?year=${YEAR}`);
      const unitPassed = await expectRowStatus(u, UNIT_NAME, '已通过');
      expect(await unitPassed.innerText()).toContain(UNIT_VALID_AFTER);
      expect(await unitPassed.innerText()).not.toContain(UNIT_VALID_BEFORE);
      const personPassed = await expectRowStatus(u, PERSON_NAME, '已通过');
      expect(await personPassed.innerText()).toContain(PERSON_VALID_AFTER);
      expect(await personPassed.innerText()).not.toContain(PERSON_VALID_BEFORE);

      // 7. And the workbench is back where it started for staff, the unit told of the pass.
      const pending4 = await staffPending(s);
      expect(pending4.inspections).toBe(pending0.inspections);
      expect(pending4.total).toBe(pending0.total);
      const unread2 = await bellUnread(u, '/Manage/staging');
      // One read (the return, opened from the bell), one new (the pass).
      expect(unread2).toBe(unread1);
      await u.getByRole('button', { name: `消息，${unread2} 条未读`, exact: true }).click();
      await u.locator('.ant-popover:visible').getByText(`年检通过：${PERSON_NAME}（${YEAR}年度）`).waitFor();

      for (const [who, watched] of all) {
        expect(watched.errors, `${who}页面的控制台错误`).toEqual([]);
      }
    } finally {
      for (const [, watched] of all) await watched.context.close();
    }
    // A long journey of many steps, each waiting up to 30 s: the file's 90 s would cut it short
    // on a loaded machine (it takes 50–90 s there).
  });
});
