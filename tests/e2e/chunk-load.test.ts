/**
 * Pages load on demand: a page file that cannot be loaded shows the load-error view, never a blank
 * screen, and its 重新加载 button really loads the page again once the file is reachable.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a page chunk that fails to load', () => {
  it('shows the load-error view, and its retry loads the page once the file is back', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto('/');
      await page.getByText('首页').first().waitFor();

      // The network loses the 协会简介 page's files.
      let blocked = true;
      await page.route(/src__pages__FrontPage__aboutUs__index\./, (route) =>
        blocked ? route.abort('failed') : route.continue(),
      );
      await page.locator('header').getByText('协会简介').first().click();

      // One guarded automatic reload happens first; the second failure shows the view.
      await page.getByText('页面加载失败').waitFor();
      expect(new URL(page.url()).pathname).toBe('/FrontPage/aboutUs');
      const retry = page.getByRole('button', { name: /重新加载/ });
      expect(await retry.isVisible()).toBe(true);

      blocked = false;
      await retry.click();
      await page.waitForFunction(() => document.title.startsWith('协会简介'));
      await page.locator('main').getByText('协会简介').first().waitFor();
      expect(await page.getByText('页面加载失败').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
