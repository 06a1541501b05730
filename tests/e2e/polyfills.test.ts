/**
 * src/polyfills.ts loads only where it is needed (src/app.tsx `render`, src/browserSupport.ts): a
 * current browser renders without it; one that lacks part of the standard library (here Chromium
 * with the ES2024 additions taken away, as in the Chromium 88 cores of 360, QQ and Sogou
 * browsers) loads it first and then shows the page, with the missing parts filled in.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The polyfill chunk's requests (webpackChunkName "polyfills"). */
function polyfillRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/polyfills\.[0-9a-f]+\.async\.js$/.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

describe('polyfills', () => {
  it('a current browser renders the home page without loading them', async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      const seen = polyfillRequests(page);
      await page.goto('/');
      await page.getByRole('heading', { name: '协会工作' }).waitFor();
      expect(seen).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an older one loads them first, then renders the home page with the gaps filled', async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      await context.addInitScript(() => {
        Reflect.deleteProperty(Promise, 'withResolvers');
        Reflect.deleteProperty(Object, 'groupBy');
      });
      const seen = polyfillRequests(page);
      await page.goto('/');
      await page.getByRole('heading', { name: '协会工作' }).waitFor();
      expect(seen).toHaveLength(1);
      expect(await page.evaluate(() => 'withResolvers' in Promise && 'groupBy' in Object)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
