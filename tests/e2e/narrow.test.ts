/**
 * The back office on a phone (375 × 812), against the real server and the built front end: the
 * practitioners list does not make the page scroll sideways (only the table's own scroll area
 * may), and a row's buttons sit within the screen's width, so that nobody has to scroll to
 * reach them (src/components/ListPage/ResourceTable.tsx puts them first on a phone).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNIT, E2E_ADMIN } from './accounts';
import { launchBrowser, loginThroughApi, openPage } from './browser';

const PHONE = { width: 375, height: 812 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['staff', E2E_ADMIN],
  ['a member unit', DEMO_UNIT],
] as const)('从业人员管理 at 375 px, as %s', (_label, account) => {
  it('has no sideways scroll, and a row’s buttons are within the screen', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    try {
      await loginThroughApi(page, account);
      await page.goto('/Manage/employee-management');
      const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
      await firstRow.waitFor();

      const overflow = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);

      const buttons = firstRow.locator('td').first().locator('button');
      expect(await buttons.count()).toBeGreaterThan(0);
      for (const button of await buttons.all()) {
        const box = await button.boundingBox();
        if (!box) throw new Error(`按钮「${await button.innerText()}」没有显示`);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
