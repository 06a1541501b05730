/**
 * Accessibility of the public site in real Chromium (WCAG 2.1 AA, as China's GB/T 37668 asks of
 * public-service sites: axe-core with no serious or critical violation): every public page, an
 * article, a member unit, the search results, the login page, and the home page in 长者模式 (where
 * AAA contrast applies). axe-core is injected from node_modules; nothing leaves the machine.
 */
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '@common/menu';
import { launchBrowser, openPage } from './browser';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function violations(page: Page, extraTags: string[] = []): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations;
  }, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...extraTags]);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

const PAGES = [
  ...PUBLIC_PAGES.filter((p) => p.path !== '/FrontPage/detail' && p.path !== '/FrontPage/search').map((p) => p.path),
  '/FrontPage/detail/demo-article-1',
  '/FrontPage/detail?page=privacy',
  '/FrontPage/search?q=%E7%A8%B3%E8%AF%84',
  '/FrontPage/member-unit/demo-unit-1',
  '/login?authType=1',
  '/register-guide',
  '/certificate-view?no=WPDW2024001',
  '/register',
];

describe('axe-core on the public pages', () => {
  it.each(PAGES)('%s has no serious or critical violation', async (path) => {
    const { page, context } = await openPage(browser, { width: 1280, height: 900 }, { bypassCSP: true });
    try {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      // Content arrives after the frame: wait until requests settle.
      await page.waitForLoadState('networkidle');
      const found = await violations(page);
      expect(found, found.join('\n')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    } finally {
      await context.close();
    }
  });

  it('the home page in 长者模式 passes AAA contrast as well', async () => {
    const { page, context } = await openPage(browser, { width: 1280, height: 900 }, { bypassCSP: true });
    try {
      await page.goto('/');
      await page.getByRole('button', { name: /长者模式/ }).first().click();
      await page.waitForLoadState('networkidle');
      const found = await violations(page, ['wcag2aaa']);
      expect(found, found.join('\n')).toEqual([]);
      const size = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('main') ?? document.body).fontSize));
      expect(size).toBeGreaterThanOrEqual(18);
    } finally {
      await context.close();
    }
  });
});
