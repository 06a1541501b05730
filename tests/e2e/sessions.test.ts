/**
 * Sessions against the real server: each authType logs in through the login page and sees
 * its own menu; a revoked token sends the user back to the login page with "请重新登录".
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_PAGES, MANAGE_ROOT, canOpenEntry, entryTitle, type PageEntry } from '@common/menu';
import { AUTH_TYPE_TITLES } from '@common/permissions';
import { DEMO_PRACTITIONER, DEMO_STAFF, DEMO_UNIT, E2E_ADMIN } from './accounts';
import { recordToasts, toastsSeen } from './actions';
import { launchBrowser, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Account = typeof E2E_ADMIN | typeof DEMO_STAFF | typeof DEMO_UNIT | typeof DEMO_PRACTITIONER;

async function loginThroughForm(page: Page, account: Account) {
  await page.goto(`/login?authType=${account.authType}`);
  await page.getByText(AUTH_TYPE_TITLES[account.authType]).first().waitFor();
  await page.locator('#loginAccount').fill(account.loginAccount);
  await page.locator('#password').fill(account.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.pathname.startsWith('/Manage/'));
}

/** The side menu's first level (pages and the titles of groups such as 系统管理), in order. */
async function sideMenuTitles(page: Page): Promise<string[]> {
  const items = page.locator(
    '.ant-pro-sider ul.ant-menu-root > li.ant-menu-item, .ant-pro-sider ul.ant-menu-root > li.ant-menu-submenu > .ant-menu-submenu-title',
  );
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

describe.each([
  ['super-administrator', E2E_ADMIN],
  ['staff with a limited role', DEMO_STAFF],
  ['member unit', DEMO_UNIT],
  ['practitioner', DEMO_PRACTITIONER],
] as const)('%s', (_label, account) => {
  it('logs in through the login page and sees exactly its menu', async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      await loginThroughForm(page, account);
      const current = await page.request.get('/api/v1/user/current', {
        headers: { token: (await page.evaluate(() => localStorage.getItem('token'))) ?? '' },
      });
      const user = ((await current.json()) as { data: { authType: number; permissions: string[] } }).data;
      expect(user.authType).toBe(account.authType);
      // The side menu: every entry the user may open, but those reached from the header; a
      // group (系统管理) when the user may open one of its pages.
      const shown = (entry: PageEntry): boolean =>
        entry.menuGroup ? (entry.children ?? []).some(shown) : !entry.hideInMenu && canOpenEntry(user, entry);
      const expected = (MANAGE_ROOT.children ?? []).filter(shown).map((entry) => entryTitle(entry, user.authType));
      expect(expected.length).toBeGreaterThan(0);
      expect(await sideMenuTitles(page)).toEqual(expected);
      // The first page the menu offers is where the login lands.
      const first = MANAGE_PAGES.find((entry) => !entry.hideInMenu && canOpenEntry(user, entry));
      expect(new URL(page.url()).pathname).toBe(first?.path);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a revoked session', () => {
  it('is sent to /login?authType=1 with 请重新登录', async () => {
    const { page, context } = await openPage(browser);
    try {
      await loginThroughForm(page, E2E_ADMIN);
      const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
      expect(token).not.toBe('');
      // Another tab logs out: the server revokes the token.
      const res = await page.request.post('/api/v1/user/auth/logout', { headers: { token } });
      expect(((await res.json()) as { status: number }).status).toBe(1);
      // The reason is said on the login page, above the form, until the person logs in: a
      // toast of 2 s was gone before a loaded machine had drawn the page.
      await recordToasts(page);
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('authType')).toBe('1');
      await page.getByRole('status').filter({ hasText: '请重新登录' }).waitFor();
      // …and no toast meanwhile: the login page carries no antd.
      expect(await toastsSeen(page)).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('a wrong password shows the server message and stays on the login page', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto('/login?authType=1');
      await page.locator('#loginAccount').fill(E2E_ADMIN.loginAccount);
      await page.locator('#password').fill('wrong-password-1');
      await page.locator('button[type=submit]').click();
      await page.getByText('账号或密码错误', { exact: false }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });
});
