/**
 * One journey per role in real Chromium, at the widths people use (1440 and 375 px): each
 * walks the ways in and the safeguards that were added for that role, and fails if one of them
 * goes: a way in, the review drawer's record, the question before losing typed changes or
 * before a step that cannot be undone, a row's action out of reach on a phone.
 *
 * - a visitor on a phone: the 栏目 drawer's 会员服务 and 通知公告, the home page's 会员服务
 *   tiles and 证书查询 (the header's service bar and the footer at both widths are
 *   tests/e2e/public-ways-in.test.ts's);
 * - a member unit (demo_unit): in through the header's 会员登录; on a phone its lists' row
 *   buttons are on the screen and nothing scrolls sideways; Esc in a form with typing asks
 *   first; 提交 of an inspection asks first;
 * - a practitioner (demo_practitioner): a login without 入会指南, their name in the header,
 *   their own record's heading saying so;
 * - the super administrator: the system's pages grouped apart in the side menu, 证书预览 in
 *   a new tab; 业务审核's drawer shows a practitioner's submitted fields and files, approving
 *   one without a required document asks once more, and a decision moves the drawer on;
 * - the content editor (demo_staff): leaving a new article with typing asks first, its draft
 *   is offered back after a reload, 发布 asks first, 预览 shows when it will be published.
 *
 * Independent of the other files' order: what a journey needs it makes through the API with a
 * tag of this run (practitioners to review) or finds through the API (an inspection still to
 * submit); nothing public is published.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrySubtitle, entryTitle, findPage } from '@common/menu';
import { AUTH_TYPE_TITLES, AuthType } from '@common/permissions';
import { DEMO_ACCOUNT_NAMES } from '../../server/db/seed/demoAccounts';
import { DEMO_PRACTITIONER, DEMO_STAFF, DEMO_UNIT, E2E_ADMIN } from './accounts';
import { answerTo, pageMessages, type Answer } from './actions';
import { launchBrowser, loginThroughApi, openPage } from './browser';
import { LICENCE_PDF, newIdCardNo, newMobile, runTag } from './membershipData';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

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

const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll, `${where}：页面宽 ${widths.scroll} px，窗口 ${widths.view} px`).toBeLessThanOrEqual(widths.view);
}

/** Each of `targets` lies within the window's width (whole, not cut at the edge). */
async function expectOnScreen(page: Page, targets: Locator, where: string): Promise<number> {
  const width = page.viewportSize()?.width ?? 0;
  const boxes = await targets.evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: (e.textContent ?? '').trim(), left: r.left, right: r.right };
    }),
  );
  for (const box of boxes) {
    expect(box.left, `${where}：「${box.text}」的左边在窗口外`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${where}：「${box.text}」的右边在窗口外（${Math.round(box.right)} > ${width}）`).toBeLessThanOrEqual(width);
  }
  return boxes.length;
}

/**
 * The row buttons of a list (ResourceTable's 操作 column, found by its header): each on the
 * screen. Other cells' buttons (查看 of a masked number) may scroll with the table.
 */
async function expectRowActionsOnScreen(page: Page, where: string): Promise<number> {
  const column = await page.locator('thead th').evaluateAll((ths) => ths.findIndex((th) => (th.textContent ?? '').trim() === '操作'));
  expect(column, `${where}：没有「操作」列`).toBeGreaterThanOrEqual(0);
  return expectOnScreen(page, page.locator(`tr.ant-table-row > td:nth-child(${column + 1}) button`), where);
}

/** Records the requests matching `test` from now on (to show that nothing was sent before a question was answered). */
function watchRequests(page: Page, test: (request: Request) => boolean): { sent: string[]; stop: () => void } {
  const sent: string[] = [];
  const listener = (request: Request) => {
    if (test(request)) sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
  };
  page.on('request', listener);
  return { sent, stop: () => page.off('request', listener) };
}

/** The question useUnsavedChanges asks (src/hooks/useUnsavedChanges.ts): a confirmation dialog. */
const unsavedQuestion = (page: Page) => page.locator('.ant-modal-confirm').filter({ hasText: '放弃未保存的修改？' });

/** The API as one of the demo accounts (set-up, not the journey). */
async function apiSession(page: Page, account: { loginAccount: string; password: string; authType: number }) {
  const login = await page.request.post('/api/v1/user/auth/login', { data: account });
  const body = (await login.json()) as Answer<{ token: string }>;
  if (body.status !== 1) throw new Error(`登录失败：${body.message}`);
  const headers = { token: body.data.token };
  const call = async <T>(method: 'GET' | 'POST', path: string, data?: object): Promise<T> => {
    const res = method === 'GET' ? await page.request.get(`/api/v1${path}`, { headers }) : await page.request.post(`/api/v1${path}`, { headers, data });
    const answer = (await res.json()) as Answer<T>;
    if (answer.status !== 1) throw new Error(`${method} ${path}：${answer.message}`);
    return answer.data;
  };
  const upload = async (name: string, buffer: Buffer): Promise<string> => {
    const fileId = randomUUID();
    const res = await page.request.post('/api/v1/file/upload', {
      headers,
      multipart: { fileId, md5: createHash('md5').update(buffer).digest('hex'), file: { name, mimeType: 'application/pdf', buffer } },
    });
    const answer = (await res.json()) as Answer;
    if (answer.status !== 1) throw new Error(`上传 ${name}：${answer.message}`);
    return fileId;
  };
  return { call, upload };
}

describe('a visitor on a phone', () => {
  it('finds the ways in and 通知公告 in the 栏目 drawer, the home page’s 会员服务 and 证书查询, without sideways scrolling', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    try {
      await page.goto('/');
      const box = page.getByRole('search', { name: '证书查询' });
      await box.waitFor();
      await expectNoSidewaysScroll(page, '首页');

      // The home page's 会员服务 tiles: the guide, the application, the login.
      const main = page.getByRole('main');
      for (const [name, path] of [
        ['入会指南', '/register-guide'],
        ['入会申请', '/register'],
        ['会员登录', '/login?authType=2'],
      ] as const) {
        expect(await main.getByRole('link', { name: new RegExp(`^${name}`) }).first().getAttribute('href'), `首页会员服务：${name}`).toBe(path);
      }

      // The 栏目 drawer: the columns (通知公告 among them) and the ways in under 会员服务.
      const open = page.getByRole('button', { name: '打开栏目菜单' });
      await open.click();
      const columns = page.getByRole('navigation', { name: '网站栏目（菜单）' });
      await columns.waitFor();
      // The panel slides in from the right: measure where it comes to rest.
      await page.getByRole('dialog').evaluate((panel) => Promise.all(panel.getAnimations({ subtree: true }).map((a) => a.finished)));
      // The drawer's own 会员服务 (titled by its heading; the header's bar has the same name).
      const services = page.getByRole('navigation', { name: '会员服务' }).filter({ has: page.getByRole('heading', { name: '会员服务' }) });
      for (const [name, path] of [
        ['会员登录', '/login?authType=2'],
        ['入会指南', '/register-guide'],
        ['入会申请', '/register'],
        ['证书查验', '/certificate-view'],
      ] as const) {
        const link = services.getByRole('link', { name, exact: true });
        expect(await link.getAttribute('href'), `栏目菜单的会员服务：${name}`).toBe(path);
      }
      await expectOnScreen(page, services.getByRole('link'), '栏目菜单的会员服务');
      await services.getByRole('link', { name: '入会指南', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: findPage('/register-guide')?.title }).first().waitFor();
      expect(here(page)).toBe('/register-guide');
      await expectNoSidewaysScroll(page, '入会指南');

      // 通知公告 through the drawer (入会指南 stands alone, without the site's header), then one notice.
      await page.goto('/');
      await open.click();
      await columns.getByRole('link', { name: /^通知公告/ }).click();
      await page.getByRole('heading', { level: 1, name: '通知公告' }).first().waitFor();
      expect(here(page)).toBe('/FrontPage/notice');
      await expectNoSidewaysScroll(page, '通知公告');
      const notice = page.getByRole('main').locator('a[href^="/FrontPage/detail/"]').first();
      await notice.waitFor();
      // The link's last line is the title (a 置顶 tag may come first).
      const noticeTitle = (await notice.innerText()).trim().split('\n').pop()?.trim() ?? '';
      await notice.click();
      await page.getByRole('heading', { level: 1, name: noticeTitle }).waitFor();
      expect((await page.getByRole('navigation', { name: '当前位置' }).innerText()).replace(/\s+/g, '')).toContain('通知公告');
      await expectNoSidewaysScroll(page, '公告正文');

      // Back home: 证书查询 opens the certificate, on the screen's width.
      await page.goto('/');
      await box.getByLabel('证书编号').fill('WPDW2024001');
      await box.getByRole('button', { name: '查询' }).click();
      await page.getByRole('article', { name: '会员证书 WPDW2024001' }).waitFor();
      expect(here(page)).toBe('/certificate-view?no=WPDW2024001');
      await expectNoSidewaysScroll(page, '证书查验');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a member unit', () => {
  it('logs in through the header’s 会员登录, reaches its row buttons on a phone, is asked before losing typing and before 提交', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    try {
      // In through the header's service bar, as a member does.
      await page.goto('/');
      const bar = page.getByRole('banner').getByRole('navigation', { name: '会员服务' });
      await bar.getByRole('link', { name: '会员登录', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: AUTH_TYPE_TITLES[AuthType.MemberUnit] }).waitFor();
      expect(here(page)).toBe('/login?authType=2');
      await page.locator('#loginAccount').fill(DEMO_UNIT.loginAccount);
      await page.locator('#password').fill(DEMO_UNIT.password);
      await page.locator('button[type=submit]').click();
      await page.waitForURL((url) => url.pathname.startsWith('/Manage/')).catch(async (err: unknown) => {
        throw new Error(`会员登录没有成功；页面提示：${await pageMessages(page)}`, { cause: err });
      });

      // The practitioners' list on a phone: every row's buttons on the screen, no sideways scroll.
      await page.goto('/Manage/employee-management');
      const rows = page.locator('tr.ant-table-row');
      await rows.first().waitFor();
      expect(await expectRowActionsOnScreen(page, '从业人员列表的行操作')).toBeGreaterThan(0);
      await expectNoSidewaysScroll(page, '从业人员列表');

      // A form with typing: Esc asks first; 继续编辑 keeps what was typed; 放弃修改 closes.
      await page.getByRole('button', { name: /新增从业人员/ }).click();
      const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
      const name = drawer.getByLabel('姓名');
      await name.waitFor();
      await name.fill('未保存的姓名');
      await page.keyboard.press('Escape');
      const question = unsavedQuestion(page);
      await question.waitFor();
      await button(question, '继续编辑').click();
      await question.waitFor({ state: 'detached' });
      expect(await drawer.isVisible()).toBe(true);
      expect(await name.inputValue()).toBe('未保存的姓名');
      await page.keyboard.press('Escape');
      await button(unsavedQuestion(page), '放弃修改').click();
      await drawer.waitFor({ state: 'detached' });

      // An inspection still to submit (found through the API: the demo year's, or a later one's).
      const api = await apiSession(page, DEMO_UNIT);
      const years = await api.call<{ year: number; status: string }[]>('GET', '/annual-inspection-years');
      let target: { year: number; id: string; subjectName: string } | undefined;
      for (const { year } of years.filter((y) => y.status === 'open').sort((a, b) => a.year - b.year)) {
        const list = await api.call<{ list: { id: string; subjectName: string; actions: string[] }[] }>('GET', `/annual-inspections?year=${year}&pageSize=100`);
        const row = list.list.find((r) => r.actions.includes('submit'));
        if (row) {
          target = { year, id: row.id, subjectName: row.subjectName };
          break;
        }
      }
      if (!target) throw new Error('演示单位没有可提交的年检（各开放年度的年检都已提交）');
      await page.goto(`/Manage/annual-inspection-record?year=${target.year}&keyword=${encodeURIComponent(target.subjectName)}`);
      const row = page.locator('tr.ant-table-row').filter({ has: page.locator('td').getByText(target.subjectName, { exact: true }) }).first();
      await row.waitFor();
      const submit = button(row, '提交');
      expect(await expectOnScreen(page, submit, '年检列表的「提交」')).toBe(1);
      await expectRowActionsOnScreen(page, '年检列表的行操作');
      await expectNoSidewaysScroll(page, '年检列表');
      await submit.click();
      const dialog = page.getByRole('dialog', { name: `提交${target.year}年度年检：${target.subjectName}` });
      await dialog.getByLabel('年度自查报告').fill('端到端旅程：本年度参与稳评项目并参加协会培训。');
      await dialog.getByLabel('本年度完成项目数').fill('3');
      await dialog.getByLabel('本年度培训学时').fill('24');
      // 提交 asks first: nothing is sent before the answer.
      const submits = watchRequests(page, (r) => r.method() === 'POST' && /\/annual-inspections\/[^/]+\/submit$/.test(new URL(r.url()).pathname));
      await button(dialog, '提交').click();
      const ask = page.locator('.ant-popover:visible').filter({ hasText: '提交协会审核吗' });
      await ask.waitFor().catch(async (err: unknown) => {
        throw new Error(`提交年检之前没有先问一句；页面提示：${await pageMessages(page)}`, { cause: err });
      });
      expect(await ask.innerText()).toContain(target.subjectName);
      expect(submits.sent).toEqual([]);
      submits.stop();
      await answerTo(page, { method: 'POST', path: `/api/v1/annual-inspections/${target.id}/submit` }, () => button(ask, '提交').click(), '提交年检');
      await dialog.waitFor({ state: 'detached' });
      await row.locator('.ant-tag', { hasText: /^已提交$/ }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a practitioner', () => {
  it('logs in where no 入会指南 is offered, sees their name in the header and their own record said to be theirs', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    try {
      await page.goto('/login?authType=3');
      await page.getByRole('heading', { level: 1, name: AUTH_TYPE_TITLES[AuthType.Practitioner] }).waitFor();
      expect(await page.getByRole('link', { name: /入会指南/ }).count()).toBe(0);
      await page.locator('#loginAccount').fill(DEMO_PRACTITIONER.loginAccount);
      await page.locator('#password').fill(DEMO_PRACTITIONER.password);
      await page.locator('button[type=submit]').click();
      await page.waitForURL((url) => url.pathname.startsWith('/Manage/')).catch(async (err: unknown) => {
        throw new Error(`从业人员登录没有成功；页面提示：${await pageMessages(page)}`, { cause: err });
      });

      // The header names the person, not the account.
      const account = page.getByRole('button', { name: '账号菜单' });
      await account.waitFor();
      expect((await account.innerText()).trim()).toBe(DEMO_ACCOUNT_NAMES.practitioner);

      // Their own record: the heading says so (the page's subtitle for a practitioner).
      const entry = findPage('/Manage/employee-management');
      const subtitle = entry && entrySubtitle(entry, AuthType.Practitioner);
      expect(subtitle).toMatch(/本人/);
      await page.goto('/Manage/employee-management');
      const heading = page.locator('.ant-page-header-heading');
      await heading.getByText(subtitle ?? '', { exact: true }).waitFor();
      expect(await heading.innerText()).toContain(entry ? entryTitle(entry, AuthType.Practitioner) : '');
      const basics = page.locator('.ant-card', { has: page.getByText('基本信息', { exact: true }) });
      await basics.waitFor();
      expect(await basics.innerText()).toContain(DEMO_ACCOUNT_NAMES.practitioner);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the super administrator', () => {
  it('sees the system’s pages grouped apart and 证书预览 in a new tab', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    try {
      await loginThroughApi(page, E2E_ADMIN);
      await page.goto('/Manage/staging');
      const sider = page.locator('.ant-pro-sider');
      const group = sider.locator('li.ant-menu-submenu').filter({ has: page.locator('.ant-menu-submenu-title', { hasText: '系统管理' }) });
      await group.waitFor();
      // The system's pages are not on the menu's first level; inside the group once it opens.
      const firstLevel = (await sider.locator('ul.ant-menu-root > li.ant-menu-item').allInnerTexts()).map((t) => t.trim());
      for (const title of ['用户管理', '权限管理', '审计日志', '在线用户']) expect(firstLevel).not.toContain(title);
      expect(firstLevel).toContain('业务审核管理');
      await group.locator('.ant-menu-submenu-title').click();
      for (const title of ['用户管理', '权限管理', '审计日志', '在线用户']) {
        await group.getByRole('menuitem', { name: title }).waitFor();
      }

      // 证书预览 opens the standalone page in a new tab; the back office stays.
      const preview = sider.getByRole('link', { name: /证书预览/ });
      expect(await preview.getAttribute('target')).toBe('_blank');
      const opened = context.waitForEvent('page');
      await preview.click();
      const tab = await opened;
      await tab.waitForURL((url) => url.pathname === '/certificate-view');
      await tab.close();
      expect(new URL(page.url()).pathname).toBe('/Manage/staging');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reviews practitioners in 业务审核: the submitted fields and files in the drawer, a question for a missing document, then the next item', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    try {
      // Two practitioners of the demo unit, this run's own: one with a diploma, one without.
      const tag = runTag();
      const withDiploma = `旅程甲${tag}`;
      const without = `旅程乙${tag}`;
      const unit = await apiSession(page, DEMO_UNIT);
      const diploma = await unit.upload(`学历证书${tag}.pdf`, LICENCE_PDF);
      const person = (name: string, diplomaFileIds: string[]) => ({
        name,
        idCardNo: newIdCardNo(),
        phone: newMobile(),
        position: '评估师',
        major: '社会学',
        diplomaFileIds,
      });
      await unit.call('POST', '/practitioners', person(withDiploma, [diploma]));
      await unit.call('POST', '/practitioners', person(without, []));

      await loginThroughApi(page, E2E_ADMIN);
      await page.goto(`/Manage/business-audit?kind=practitioner&keyword=${encodeURIComponent(tag)}`);
      const open = (name: string) => page.locator('tr.ant-table-row').getByRole('button', { name, exact: true });
      await open(withDiploma).waitFor();
      await open(without).waitFor();

      // The one without a diploma: the drawer says what is missing and shows the record.
      await open(without).click();
      const drawer = page.locator('.ant-drawer-open');
      const title = drawer.locator('.ant-drawer-title');
      await title.getByText(new RegExp(`：${without}$`)).waitFor();
      await drawer.locator('.ant-alert').filter({ hasText: '缺少必需材料：学历证书' }).waitFor();
      const basics = drawer.locator('.ant-card', { has: page.getByText('基本信息', { exact: true }) });
      await basics.waitFor();
      expect(await basics.innerText()).toContain(without);
      expect(await basics.innerText()).toContain('社会学');

      // 通过: the decision names what is missing, and asks once more before anything is sent.
      const decides = watchRequests(page, (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/business-audit/decide');
      await button(drawer.locator('.ant-drawer-footer'), '通过').click();
      const decision = page.getByRole('dialog', { name: `通过：「${without}」` });
      await decision.getByText(/必需材料不全/).waitFor();
      await button(decision, '确认通过').click();
      const again = page.locator('.ant-modal-confirm').filter({ hasText: '材料不全，仍要通过吗？' });
      await again.waitFor();
      expect(await again.innerText()).toContain(without);
      expect(decides.sent).toEqual([]);
      decides.stop();
      await answerTo(page, { method: 'POST', path: '/api/v1/business-audit/decide' }, () => button(again, '仍要通过').click(), `通过「${without}」`);

      // The drawer goes on to the next item: the other one, with its fields and its diploma.
      await title.getByText(new RegExp(`：${withDiploma}$`)).waitFor().catch(async (err: unknown) => {
        throw new Error(`决定之后审核抽屉没有转到下一条；抽屉标题：${await title.allInnerTexts()}`, { cause: err });
      });
      const nextBasics = drawer.locator('.ant-card', { has: page.getByText('基本信息', { exact: true }) });
      await nextBasics.getByText(withDiploma, { exact: true }).waitFor();
      const files = drawer.locator('.ant-card', { has: page.getByText('材料', { exact: true }) });
      await files.getByText(`学历证书${tag}.pdf`).first().waitFor();
      expect(await drawer.locator('.ant-alert').filter({ hasText: '缺少必需材料' }).count()).toBe(0);
      // The decided one left the queue.
      await open(without).waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the content editor', () => {
  it('is asked before leaving a new article, gets its draft back after a reload, is asked before 发布 and previews the publication time', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    const title = `端到端旅程草稿${runTag()}`;
    try {
      await loginThroughApi(page, DEMO_STAFF);
      // To the list through the side menu, so that Back is a move inside the app.
      await page.goto('/Manage/staging');
      const news = findPage('/Manage/association-news');
      await page.locator('.ant-pro-sider').getByRole('link', { name: news ? entryTitle(news, AuthType.Staff) : '/Manage/association-news' }).click();
      await page.waitForURL((url) => url.pathname === '/Manage/association-news');
      const create = page.getByRole('button', { name: /新建文章/ });
      await create.click();
      const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
      const editable = drawer.locator('.w-e-text-container [contenteditable="true"]').first();
      await editable.waitFor();
      const titleInput = drawer.getByPlaceholder('请输入文章标题');
      await titleInput.fill(title);
      await editable.click();
      await page.keyboard.type('旅程测试的正文，尚未保存。');

      // Leaving the page (Back, a move inside the app) asks first; 继续编辑 stays with the typing.
      await page.evaluate(() => window.history.back());
      const question = unsavedQuestion(page);
      await question.waitFor();
      await button(question, '继续编辑').click();
      await question.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/Manage/association-news');
      expect(await titleInput.inputValue()).toBe(title);

      // Leaving the site (a reload) gets the browser's own question; the typing stays as a draft.
      const beforeUnload = new Promise<string>((resolve) => {
        page.once('dialog', (dialog) => {
          resolve(dialog.type());
          void dialog.accept();
        });
      });
      await page.reload();
      expect(await beforeUnload).toBe('beforeunload');
      await create.click();
      const offered = drawer.locator('.ant-alert').filter({ hasText: '发现未保存的草稿' });
      await offered.waitFor();
      await button(offered, '恢复').click();
      await expect.poll(() => titleInput.inputValue()).toBe(title);
      await expect.poll(() => editable.innerText()).toContain('旅程测试的正文');

      // 预览 says when it becomes public and the date the site will show; 手机 shows it 375 px wide.
      await drawer.getByRole('button', { name: /预\s?览/ }).click();
      const preview = page.getByRole('dialog', { name: '预览' });
      await preview.getByRole('heading', { name: title }).waitFor();
      const when = preview.locator('.ant-alert').filter({ hasText: '发布后，这篇文章' });
      await when.waitFor();
      expect(await when.innerText()).toMatch(/立即对访客公开.*发布日期 \d{4}-\d{2}-\d{2}/);
      expect(await preview.innerText()).toMatch(/发布日期：\d{4}-\d{2}-\d{2}/);
      await preview.getByText(/^手机/).click();
      const frame = preview.getByTestId('phone-frame');
      await frame.getByRole('heading', { name: title }).waitFor();
      expect(await frame.evaluate((e) => e.clientWidth)).toBe(375);
      await preview.getByRole('button', { name: /关闭|Close/ }).first().click();
      await preview.waitFor({ state: 'detached' });

      // 发布 asks first; 取消 sends nothing and keeps the form.
      await drawer.locator('.ant-form-item', { hasText: '栏目' }).locator('.ant-select').first().click();
      await page.locator('.ant-select-item-option', { hasText: '协会工作' }).first().click();
      const saves = watchRequests(page, (r) => ['POST', 'PUT'].includes(r.method()) && /^\/api\/v1\/articles(\/[^/]+)?$/.test(new URL(r.url()).pathname));
      await button(drawer, '发布').click();
      const ask = page.locator('.ant-modal-confirm').filter({ hasText: `确定发布文章「${title}」吗？` });
      await ask.waitFor().catch(async (err: unknown) => {
        throw new Error(`发布之前没有先问一句；页面提示：${await pageMessages(page)}`, { cause: err });
      });
      expect(saves.sent).toEqual([]);
      await button(ask, '取消').click();
      await ask.waitFor({ state: 'detached' });
      expect(saves.sent).toEqual([]);
      saves.stop();
      expect(await titleInput.inputValue()).toBe(title);

      // Thrown away on purpose: the question once more, then the draft is gone too.
      await page.keyboard.press('Escape');
      await button(unsavedQuestion(page), '放弃修改').click();
      await drawer.waitFor({ state: 'detached' });
      await create.click();
      await editable.waitFor();
      expect(await drawer.locator('.ant-alert').filter({ hasText: '发现未保存的草稿' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
