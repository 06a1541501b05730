/**
 * Every route of common/menu.ts renders its title in real Chromium without console errors;
 * the back office without a session goes to the login page; an unknown path is not found.
 *
 * One tab per account (and one without a session): its first route is loaded from the server
 * (a deep link), the others are reached inside the app, as a visitor moving through the menu
 * does (history.pushState + popstate, which the router follows). A full load of every route
 * took three minutes of CI on this machine (2–3 s per load); the server's history fallback for
 * every path is covered by tests/server/spa.test.ts and the unknown paths below, and every
 * public page is loaded from the server by a11y.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORBIDDEN_TITLE,
  MANAGE_PAGES,
  NOT_FOUND_TITLE,
  PUBLIC_PAGES,
  STANDALONE_PAGES,
  entryTitle,
} from '@common/menu';
import { ASSOCIATION_NAME as APP_NAME } from '@common/association';
import { DEMO_UNIT, E2E_ADMIN } from './accounts';
import { launchBrowser, loginThroughApi, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const tab of tabs.values()) await (await tab).page.context().close();
  await browser?.close();
});

type Account = { loginAccount: string; password: string; authType: number };

interface Tab {
  page: Page;
  errors: string[];
  /** Whether the app has been loaded with the tab's session (the first visit is a full load). */
  loaded: boolean;
}

const tabs = new Map<string, Promise<Tab>>();
function tabFor(account?: Account): Promise<Tab> {
  const key = account?.loginAccount ?? '(no session)';
  let tab = tabs.get(key);
  if (!tab) {
    tab = (async () => {
      const { page, errors } = await openPage(browser);
      if (account) await loginThroughApi(page, account);
      return { page, errors, loaded: false };
    })();
    tabs.set(key, tab);
  }
  return tab;
}

/** Opens `path` in the account's tab; returns how many errors the tab had before. */
async function visit(path: string, account?: Account): Promise<{ tab: Tab; errorsBefore: number }> {
  const tab = await tabFor(account);
  const errorsBefore = tab.errors.length;
  if (!tab.loaded) {
    await tab.page.goto(path);
    tab.loaded = true;
  } else {
    await tab.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
  }
  return { tab, errorsBefore };
}

async function expectTitle(path: string, title: string, login?: Account) {
  const { tab, errorsBefore } = await visit(path, login);
  const { page } = tab;
  await page.waitForFunction((t) => document.title.startsWith(t), title);
  expect(await page.title()).toBe(`${title} - ${APP_NAME}`);
  // The tab title is set by the layout at once; the page's own heading comes with its chunk.
  await page.getByText(title, { exact: true }).first().waitFor({ state: 'visible' });
  expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
  expect(tab.errors.slice(errorsBefore)).toEqual([]);
}

describe('public and standalone pages', () => {
  const pages = [...PUBLIC_PAGES, ...STANDALONE_PAGES].map((p) => [p.path, p.title] as const);
  it.each(pages)('%s shows %s', async (path, title) => {
    await expectTitle(path, title);
  });
});

describe('back office', () => {
  const children = MANAGE_PAGES.filter((c) => c.path.startsWith('/Manage/'));

  it('has twenty-six back-office pages: twenty-two management pages and four more', () => {
    // The four: 审计日志, 在线用户 (account security), 个人中心, 消息中心 (header only). The
    // twenty-two include 评审管理 (quality review), 通知设置, 通知记录 (notifications), 投诉举报,
    // 信用记录 and 信用评价 (credit).
    expect(children).toHaveLength(26);
    expect(children.map((c) => c.title)).toEqual(expect.arrayContaining(['评审管理', '通知设置', '通知记录', '投诉举报', '信用记录', '信用评价']));
  });

  // Each page as seen by an account that may open it: staff pages by the super-administrator,
  // member-unit-only pages (单位信息管理) by the demo member unit.
  const viewers = children.map((c) => {
    const account = c.authTypes?.includes(1) ? E2E_ADMIN : DEMO_UNIT;
    return [c.path, entryTitle(c, account.authType), account.loginAccount, account] as const;
  });
  it.each(viewers)('%s shows %s to %s', async (path, title, _login, account) => {
    await expectTitle(path, title, account);
  });

  it('a staff account is refused a member-unit page with the 403 page', async () => {
    const { page, context } = await openPage(browser);
    try {
      await loginThroughApi(page, E2E_ADMIN);
      await page.goto('/Manage/memberInfo');
      await page.getByText(FORBIDDEN_TITLE).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it.each(children.map((c) => [c.path] as const))('%s without a session goes to /login?authType=1', async (path) => {
    const { tab } = await visit(path);
    await tab.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(tab.page.url()).searchParams.get('authType')).toBe('1');
  });
});

describe('unknown paths', () => {
  it.each([['/no-such-page'], ['/FrontPage/no-such-page'], ['/a/b/c']])('%s shows the not-found page', async (path) => {
    const { page, context, errors } = await openPage(browser);
    try {
      await page.goto(path);
      await page.getByText(NOT_FOUND_TITLE).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
