/**
 * 证书查看 in real Chromium: a visitor without a login opens a certificate by its number, sees
 * it valid today with a QR code, prints it as one A4 page; an unknown number says so.
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

describe('/certificate-view', () => {
  it('shows a demo member certificate as valid and prints it on one A4 page', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
    try {
      await page.goto('/certificate-view');
      await page.getByLabel('证书编号').fill('wpdw2024001');
      await page.getByRole('button', { name: /查\s?询/ }).click();
      const doc = page.getByRole('article', { name: '会员证书 WPDW2024001' });
      await doc.waitFor();
      expect(new URL(page.url()).search).toBe('?no=WPDW2024001');
      await expect(doc.innerText()).resolves.toContain('本证书有效');
      expect(await doc.locator('svg').count()).toBeGreaterThan(0);

      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
      expect(pages).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says 未查询到该证书 for a number that does not exist', async () => {
    const { page, context } = await openPage(browser, { width: 375, height: 812 });
    try {
      await page.goto('/certificate-view?no=NOPE-404');
      await page.getByText('未查询到该证书').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await context.close();
    }
  });
});
