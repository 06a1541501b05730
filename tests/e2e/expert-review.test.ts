/**
 * The quality-review journey (README.md, section 评审管理) in real Chromium against the built app
 * and the real server with the demo data: staff open a review for a filed project of the demo
 * unit (正衡…, demo_unit) that has none, draw the panel, record one decline (the first backup
 * moves up into the seat), record the other answers, enter the five score sheets and close the
 * review; the unit then sees the result with the sheets as 专家1…专家5 and not one of the
 * drawn names; the verification of the draw says it matches, for staff and for the unit.
 *
 * The project: 市第二垃圾焚烧发电厂扩建工程 (demo-project-2, filed, no review in the demo data;
 * server/db/seed/demoSupervision.ts). The demo's closed review of the same unit was a year ago,
 * so its panel is not out for the 90-day rule, and the library leaves well over the seven
 * experts a panel of five with two backups needs. The review day is tomorrow: within two
 * days, so the draw carries no early-draw warning.
 *
 * Accounts log in through the API (set-up, not the journey): staff as the e2e admin (every code,
 * review:draw:view among them, so the names show), the unit as demo_unit.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNIT, E2E_ADMIN } from './accounts';
import { answerTo } from './actions';
import { launchBrowser, loginThroughApi, openPage, type WatchedPage } from './browser';

const PROJECT = '市第二垃圾焚烧发电厂扩建工程社会稳定风险评估';
const PAGE = '/Manage/expert-review';
const TASK_PATH = /^\/api\/v1\/review-tasks\/[^/]+$/;
const step = (name: string) => new RegExp(`^/api/v1/review-tasks/[^/]+/${name}$`);

/** Tomorrow, Beijing time, as YYYY-MM-DD. */
function tomorrow(): string {
  const beijing = new Date(Date.now() + 8 * 3_600_000 + 86_400_000);
  return beijing.toISOString().slice(0, 10);
}

/** Each sheet: the points per criterion of the demo rubric (20, 25, 20, 20, 15) and the conclusion. */
const SHEETS: { points: number[]; conclusion: '通过' | '修改后通过' }[] = [
  { points: [18, 23, 18, 18, 13], conclusion: '通过' }, // 90
  { points: [17, 22, 17, 17, 12], conclusion: '通过' }, // 85
  { points: [16, 21, 16, 15, 12], conclusion: '修改后通过' }, // 80
  { points: [15, 20, 15, 14, 11], conclusion: '修改后通过' }, // 75
  { points: [14, 18, 14, 14, 10], conclusion: '通过' }, // 70
];
/** Five sheets: the highest (90) and the lowest (70) dropped, the mean of 85, 80, 75; three of five say 通过. */
const EXPECTED_SCORE = '80 分';
const EXPECTED_CONCLUSION = '通过';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A button whose two Chinese characters antd may space ("保 存"). */
const button = (scope: Page | Locator, label: string) => scope.getByRole('button', { name: new RegExp(`^${label.split('').join('\\s?')}$`) });

const drawerOf = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-content-wrapper').last();
const dialogOf = (page: Page, title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
/** 验证 (its name begins with its icon's). */
const verifyButton = (scope: Locator) => scope.getByRole('button', { name: /验\s?证$/ }).first();

/** Clicks 验证 and returns whether the server's recomputation matched (the wait is set before the click). */
async function verifyIn(page: Page, scope: Locator): Promise<boolean> {
  const answer = page.waitForResponse((r) => /^\/api\/v1\/expert-draws\/[^/]+\/verify$/.test(new URL(r.url()).pathname));
  answer.catch(() => undefined);
  await verifyButton(scope).click();
  const body = (await (await answer).json()) as { status: number; data: { matches: boolean } };
  expect(body.status).toBe(1);
  return body.data.matches;
}

/** The Popconfirm on screen now. */
const popconfirm = (page: Page) => page.locator('.ant-popover:visible').last();

/** The seat list's items as their labels say: 专家2（钟志强） → { seat: '专家2', name: '钟志强' }. */
async function seatsIn(list: Locator): Promise<{ seat: string; name: string }[]> {
  const labels = await list.locator('> li').evaluateAll((items) => items.map((li) => li.getAttribute('aria-label') ?? ''));
  return labels.map((label) => {
    const m = /^(\S+?)（(.+)）$/.exec(label);
    return { seat: m?.[1] ?? label, name: m?.[2] ?? '' };
  });
}

async function openTask(page: Page, id: string): Promise<Locator> {
  await page.goto(`${PAGE}?id=${encodeURIComponent(id)}`);
  const drawer = drawerOf(page);
  await drawer.locator('.ant-drawer-title', { hasText: `评审：${PROJECT}` }).waitFor();
  return drawer;
}

describe('the quality-review journey', () => {
  it('opens, draws, records a decline, scores and closes a review; the unit sees the result sealed; the draw verifies', async () => {
    const staff = await openPage(browser, { width: 1440, height: 900 });
    const unit = await openPage(browser, { width: 1440, height: 900 });
    const all: [string, WatchedPage][] = [
      ['工作人员', staff],
      ['会员单位', unit],
    ];
    try {
      const s = staff.page;
      await loginThroughApi(s, E2E_ADMIN);
      await loginThroughApi(unit.page, DEMO_UNIT);

      // 1. 新建评审任务 for the filed project.
      await s.goto(PAGE);
      await s.locator('.ant-table-row').first().waitFor();
      // The button's name begins with its icon's ("plus").
      await s.getByRole('button', { name: /新建评审任务$/ }).click();
      const form = drawerOf(s);
      await form.locator('.ant-drawer-title', { hasText: '新建评审任务' }).waitFor();
      await form.getByLabel('评审项目').fill('垃圾焚烧');
      await s.locator('.ant-select-item-option', { hasText: PROJECT }).click();
      const day = form.locator('#reviewOn');
      await day.click();
      await day.fill(tomorrow());
      await day.press('Enter');
      await form.getByPlaceholder('如：协会三楼会议室').fill('协会三楼会议室');
      await form.getByPlaceholder('现场监督抽取的人员姓名').fill('赵明');
      const created = await answerTo<{ id: string }>(s, { method: 'POST', path: '/api/v1/review-tasks' }, () => button(form, '保存').click(), '新建评审任务');
      const taskId = created.data.id;
      expect(taskId).toBeTruthy();

      // 2. 抽取专家: five seats invited, two backups waiting, names shown to this account.
      let drawer = await openTask(s, taskId);
      await button(drawer, '抽取专家').click();
      const drawDialog = dialogOf(s, /^抽取专家：/);
      await drawDialog.waitFor();
      expect(await drawDialog.getByText(/距评审日还有/).count(), '评审日在两天内，不应有提前抽取的提醒').toBe(0);
      const drawn = await answerTo<{ panelCount: number; backupCount: number; warning: string | null }>(
        s,
        { method: 'POST', path: step('draw') },
        () => button(drawDialog, '抽取专家').click(),
        '抽取专家',
      );
      expect(drawn.data).toMatchObject({ panelCount: 5, backupCount: 2, warning: null });
      const panelList = drawer.locator('ul[aria-label="评审专家"]');
      const backupList = drawer.locator('ul[aria-label="备选专家"]');
      await expect.poll(async () => (await seatsIn(panelList)).length).toBe(5);
      const panel = await seatsIn(panelList);
      const backups = await seatsIn(backupList);
      expect(panel.map((p) => p.seat)).toEqual(['专家1', '专家2', '专家3', '专家4', '专家5']);
      expect(backups.map((b) => b.seat)).toEqual(['备选1', '备选2']);
      for (const p of [...panel, ...backups]) expect(p.name, '工作人员（review:draw:view）应看到专家姓名').not.toBe('');

      // 3. 专家2 declines: the first backup moves up into seat 2.
      const declining = panel[1];
      await button(panelList.locator(`li[aria-label="专家2（${declining.name}）"]`), '婉拒').click();
      const declineDialog = dialogOf(s, `记录专家2（${declining.name}）婉拒`);
      await declineDialog.waitFor();
      await declineDialog.locator('label', { hasText: '时间冲突' }).click();
      await declineDialog.getByPlaceholder(/当天已有其他评审安排/).fill('端到端测试：当天外地出差');
      await answerTo(s, { method: 'POST', path: step('responses') }, () => button(declineDialog, '记录婉拒').click(), `记录${declining.name}婉拒`);
      const movedUp = backups[0];
      await panelList.locator(`li[aria-label="专家2（${movedUp.name}）"]`).waitFor();
      await drawer.locator(`ul[aria-label="已结束的席位"] li`, { hasText: declining.name }).waitFor();
      const seated = [...panel.slice(0, 1), { seat: '专家2', name: movedUp.name }, ...panel.slice(2)];

      // 4. Every seat confirms.
      for (const seat of seated) {
        const item = panelList.locator(`li[aria-label="${seat.seat}（${seat.name}）"]`);
        await button(item, '确认参加').click();
        await answerTo(s, { method: 'POST', path: step('responses') }, () => button(popconfirm(s), '确认参加').click(), `记录${seat.name}确认参加`);
        await item.locator('.ant-tag', { hasText: '已确认' }).waitFor();
      }
      await drawer.locator('.ant-steps-item-active', { hasText: '评分中' }).waitFor();

      // 5. The five score sheets, entered from paper.
      for (const [i, seat] of seated.entries()) {
        const item = panelList.locator(`li[aria-label="${seat.seat}（${seat.name}）"]`);
        await button(item, '录入评分表').click();
        const sheet = dialogOf(s, `评分表：${seat.seat}（${seat.name}）`);
        await sheet.waitFor();
        const boxes = sheet.locator('input[role="spinbutton"]');
        for (const [j, points] of SHEETS[i].points.entries()) await boxes.nth(j).fill(String(points));
        const total = SHEETS[i].points.reduce((a, b) => a + b, 0);
        await expect.poll(() => sheet.getByTestId('sheet-total').innerText()).toBe(`${total} / 100 分`);
        await sheet.locator('label.ant-radio-wrapper').filter({ hasText: new RegExp(`^${SHEETS[i].conclusion}$`) }).click();
        await sheet.getByPlaceholder('主要问题与修改建议').fill(`端到端测试：${seat.seat}的意见`);
        await answerTo(s, { method: 'POST', path: step('sheets') }, () => button(sheet, '保存评分表').click(), `${seat.seat}的评分表`);
        await item.locator('.ant-tag', { hasText: '已交评分表' }).waitFor();
      }

      // 6. 结束评审 asks first; then the result.
      await button(drawer, '结束评审').click();
      const question = s.locator('.ant-modal-confirm');
      await question.getByText(/结束后按评分规则计算评审得分和结论/).waitFor();
      await answerTo(s, { method: 'POST', path: step('close') }, () => button(question, '结束评审').click(), '结束评审');
      const result = drawer.locator('.ant-card').filter({ has: s.locator('.ant-card-head-title', { hasText: /^评审结果$/ }) });
      await result.getByText(EXPECTED_SCORE, { exact: true }).waitFor();
      expect(await result.locator('.ant-tag', { hasText: new RegExp(`^${EXPECTED_CONCLUSION}$`) }).count()).toBe(1);
      expect(await result.getByText(/去掉一个最高分和一个最低分/).count()).toBe(1);

      // 7. Staff verify the draw: it matches.
      drawer = await openTask(s, taskId);
      expect(await verifyIn(s, drawer)).toBe(true);
      await drawer.getByText(/^验证一致/).waitFor();

      // 8. The unit: the result and the sheets as 专家1…专家5, not one name; its verification matches too.
      const u = unit.page;
      const unitDetail = u.waitForResponse((r) => TASK_PATH.test(new URL(r.url()).pathname) && r.request().method() === 'GET');
      unitDetail.catch(() => undefined);
      const unitDrawer = await openTask(u, taskId);
      const sealed = (await (await unitDetail).json()) as { data: { sealed: boolean; seats: { expertName: string | null; expertId: string | null }[] } };
      expect(sealed.data.sealed).toBe(true);
      expect(sealed.data.seats.every((seat) => seat.expertName === null && seat.expertId === null)).toBe(true);
      const unitResult = unitDrawer.locator('.ant-card').filter({ has: u.locator('.ant-card-head-title', { hasText: /^评审结果$/ }) });
      await unitResult.getByText(EXPECTED_SCORE, { exact: true }).waitFor();
      const unitSeats = await seatsIn(unitDrawer.locator('ul[aria-label="评审专家"]'));
      expect(unitSeats).toEqual(['专家1', '专家2', '专家3', '专家4', '专家5'].map((seat) => ({ seat, name: '' })));
      const shown = await unitDrawer.innerText();
      for (const p of [...panel, ...backups]) expect(shown, `单位不应看到「${p.name}」`).not.toContain(p.name);
      expect(await verifyIn(u, unitDrawer)).toBe(true);
      await unitDrawer.getByText(/^验证一致/).waitFor();
      // Read only: none of the staff's steps.
      for (const label of ['抽取专家', '重新抽取', '结束评审', '评价专家', '编辑安排']) expect(await button(unitDrawer, label).count(), label).toBe(0);

      for (const [who, watched] of all) expect(watched.errors, `${who}页面的错误`).toEqual([]);
    } finally {
      await staff.context.close();
      await unit.context.close();
    }
  });
});
