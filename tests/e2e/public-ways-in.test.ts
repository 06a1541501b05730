/**
 * The public site's ways in, in real Chromium at 1440 and 375 px: the header's service bar leads
 * to the unit login, the joining guide, the application and the certificate page; the footer's
 * 办事服务 leads there, to 通知公告 and to 投诉举报; 通知公告 stays out of the top menu but the phone's 栏目
 * drawer has it; 行业动态 is reached from the menu; the home page's 证书查询 opens the certificate
 * with its number filled in. Then an industry article with a cover, published through the API,
 * shows the cover on its list row and its detail page, whose breadcrumb names 行业动态.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPage } from '@common/menu';
import { AUTH_TYPE_TITLES, AuthType } from '@common/permissions';
import { DEMO_STAFF } from './accounts';
import { launchBrowser, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

const titleOf = (path: string) => findPage(path)?.title ?? path;

/** Each way in: its link text, where it leads, and the heading the page there shows. */
const WAYS_IN = [
  { name: '会员登录', url: '/login?authType=2', heading: AUTH_TYPE_TITLES[AuthType.MemberUnit] },
  { name: '入会指南', url: '/register-guide', heading: titleOf('/register-guide') },
  { name: '入会申请', url: '/register', heading: titleOf('/register') },
  { name: '证书查验', url: '/certificate-view', heading: titleOf('/certificate-view') },
];
const NOTICES = { name: '通知公告', url: '/FrontPage/notice', heading: titleOf('/FrontPage/notice') };
const COMPLAINTS = { name: '投诉举报', url: '/FrontPage/complaint', heading: titleOf('/FrontPage/complaint') };
const INDUSTRY = { name: '行业动态', url: '/FrontPage/comprehensive-information/industry-news', heading: '行业动态' };

const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Clicks `link` and checks where it went: the address and the page's h1. */
async function follow(page: Page, link: ReturnType<Page['getByRole']>, way: { url: string; heading: string }) {
  expect(await link.isVisible()).toBe(true);
  await link.click();
  await page.getByRole('heading', { level: 1, name: way.heading }).first().waitFor();
  expect(here(page)).toBe(way.url);
}

describe.each(WIDTHS)('at $width px', (viewport) => {
  it('the header and the footer lead to the ways in, to 通知公告 and to 投诉举报', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    try {
      await page.goto('/');
      const bar = page.getByRole('banner').getByRole('navigation', { name: '会员服务' });
      await bar.waitFor();
      for (const way of WAYS_IN) {
        await follow(page, bar.getByRole('link', { name: way.name, exact: true }), way);
        await page.goBack();
        await bar.waitFor();
      }

      const services = page.getByRole('contentinfo').getByRole('navigation', { name: '办事服务' });
      for (const way of [...WAYS_IN, NOTICES, COMPLAINTS]) {
        const link = services.getByRole('link', { name: way.name, exact: true });
        await link.scrollIntoViewIfNeeded();
        await follow(page, link, way);
        await page.goBack();
        await services.waitFor();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the menu leads to 行业动态; 通知公告 is in the phone’s drawer, never in the top menu', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    try {
      await page.goto('/FrontPage/aboutUs');
      // Hidden on a phone, so looked for among hidden elements too.
      const topMenu = page.getByRole('navigation', { name: '网站栏目', exact: true, includeHidden: true });
      await topMenu.waitFor({ state: 'attached' });
      if (viewport.width > 767) {
        await topMenu.getByRole('link', { name: '联系我们', exact: true }).waitFor();
        expect(await topMenu.getByRole('link', { name: NOTICES.name, includeHidden: true }).count()).toBe(0);
        await follow(page, topMenu.getByRole('link', { name: INDUSTRY.name, exact: true }), INDUSTRY);
      } else {
        // On a phone the top menu is folded into the 栏目 drawer.
        expect(await topMenu.isVisible()).toBe(false);
        const open = page.getByRole('button', { name: '打开栏目菜单' });
        await open.click();
        const drawer = page.getByRole('navigation', { name: '网站栏目（菜单）' });
        await drawer.waitFor();
        await follow(page, drawer.getByRole('link', { name: new RegExp(`^${NOTICES.name}`) }), NOTICES);
        await open.click();
        await drawer.waitFor();
        await follow(page, drawer.getByRole('link', { name: new RegExp(`^${INDUSTRY.name}`) }), INDUSTRY);
      }
      // The list's breadcrumb: 首页 / 行业动态.
      const crumbs = page.getByRole('navigation', { name: '当前位置' });
      expect((await crumbs.getByRole('listitem').allInnerTexts()).map((t) => t.trim())).toEqual(['首页', '行业动态']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the home page’s 证书查询 opens the certificate with its number filled in', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    try {
      await page.goto('/');
      const box = page.getByRole('search', { name: '证书查询' });
      await box.getByLabel('证书编号').fill('wpdw2024001');
      await box.getByRole('button', { name: '查询' }).click();
      await page.getByRole('article', { name: '会员证书 WPDW2024001' }).waitFor();
      expect(here(page)).toBe('/certificate-view?no=WPDW2024001');
      expect(await page.getByLabel('证书编号').inputValue()).toBe('WPDW2024001');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('logins', () => {
  it('a unit’s login offers 入会指南, a practitioner’s does not', async () => {
    const { page, context } = await openPage(browser, { width: 375, height: 812 });
    try {
      await page.goto('/login?authType=2');
      await page.getByRole('link', { name: /入会指南/ }).waitFor();
      await page.getByRole('link', { name: /从业人员登录/ }).click();
      await page.getByRole('heading', { level: 1, name: AUTH_TYPE_TITLES[AuthType.Practitioner] }).waitFor();
      expect(await page.getByRole('link', { name: /入会指南/ }).count()).toBe(0);
      await page.getByText(/从业人员账号由所在会员单位登记开通/).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('an industry article with a cover', () => {
  it('shows the cover on its list row and its page, whose breadcrumb names 行业动态', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 });
    const title = `端到端行业动态封面测试${Date.now() % 100000}`;
    try {
      // A real picture: a piece of the home page, 320 × 200.
      await page.goto('/');
      await page.getByRole('banner').waitFor();
      const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });

      const login = await page.request.post('/api/v1/user/auth/login', { data: DEMO_STAFF });
      const { token } = ((await login.json()) as { data: { token: string } }).data;
      const fileId = randomUUID();
      const uploaded = await page.request.post('/api/v1/file/upload', {
        headers: { token },
        multipart: {
          fileId,
          md5: createHash('md5').update(picture).digest('hex'),
          file: { name: '行业动态封面.png', mimeType: 'image/png', buffer: picture },
        },
      });
      expect(((await uploaded.json()) as { status: number }).status).toBe(1);
      const created = await page.request.post('/api/v1/articles', {
        headers: { token },
        data: { title, category: 'industry', content: '<p>行业动态封面测试的正文。</p>', coverFileId: fileId, saveAs: 'publish' },
      });
      const article = (await created.json()) as { status: number; message: string; data: { id: string } };
      expect(article.status, article.message).toBe(1);

      await page.goto(INDUSTRY.url);
      const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
      await row.waitFor();
      const thumb = row.getByRole('img', { name: `封面图片：${title}` });
      await thumb.waitFor();
      expect(await thumb.getAttribute('width')).toBe('160');
      expect(await thumb.getAttribute('height')).toBe('100');
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

      await row.getByRole('link', { name: title, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(here(page)).toBe(`/FrontPage/detail/${article.data.id}`);
      const crumbs = page.getByRole('navigation', { name: '当前位置' });
      expect((await crumbs.getByRole('listitem').allInnerTexts()).map((t) => t.trim())).toEqual(['首页', '行业动态', '正文']);
      expect(await crumbs.getByRole('link', { name: '行业动态' }).getAttribute('href')).toBe(INDUSTRY.url);
      const cover = page.getByRole('article').getByRole('img', { name: `封面图片：${title}` });
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
      // The box keeps its 16 : 9 shape whatever the picture's (320 × 200 here): nothing moves when it loads.
      const box = await cover.boundingBox();
      expect(box && Math.round((box.width / box.height) * 9)).toBe(16);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
