/**
 * Files in real Chromium against the built app: a member unit uploads a ~6 MB qualification
 * file on /Manage/memberInfo (MD5 in the Web Worker with '校验中 N%' shown, then the upload),
 * sees it listed, downloads it back byte for byte through the signed link, and a second copy
 * of the same content goes through as 秒传.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNIT } from './accounts';
import { launchBrowser, loginThroughApi, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A PDF header and 6 MB of random bytes: several 2 MB hash chunks, and a type the server allows. */
function samplePdf(): Buffer {
  const content = randomBytes(6 * 1024 * 1024 + 123);
  Buffer.from('%PDF-1.7\n').copy(content, 0);
  return content;
}

/** Records every '校验中 N%' / '上传中 N%' the page shows, however briefly (hashing 6 MB is quick). */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    new MutationObserver(() => {
      for (const m of document.body.innerText.match(/(校验中|上传中) \d+%/g) ?? []) if (!seen.includes(m)) seen.push(m);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);

describe('qualification files on /Manage/memberInfo', () => {
  it('uploads a 6 MB file with MD5 progress, lists it and downloads it byte for byte; the same content again is 秒传', async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      await loginThroughApi(page, DEMO_UNIT);
      await page.goto('/Manage/memberInfo');
      const card = page.locator('.qualification-files');
      await card.getByText('资质文件').first().waitFor();
      await watchProgress(page);

      const content = samplePdf();
      await card.locator('input[type=file]').setInputFiles({ name: '资质证书.pdf', mimeType: 'application/pdf', buffer: content });
      await card.getByRole('link', { name: '资质证书.pdf' }).waitFor();
      expect((await progressSeen(page)).some((t) => /^校验中 \d+%$/.test(t))).toBe(true);
      // The hash ran in the worker chunk that `max build` emitted.
      const workerLoaded = await page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /md5-worker(\.[0-9a-f]+)?\.async\.js/.test(e.name)),
      );
      expect(workerLoaded).toBe(true);

      const href = await card.locator('a[download]').first().getAttribute('href');
      expect(href).toMatch(/^\/api\/v1\/file\/download\/[0-9a-f-]{36}\?exp=\d+&sig=/);
      const res = await page.request.get(href ?? '');
      expect(res.status()).toBe(200);
      const body = await res.body();
      expect(body.length).toBe(content.length);
      expect(createHash('md5').update(body).digest('hex')).toBe(createHash('md5').update(content).digest('hex'));
      expect(res.headers()['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('资质证书.pdf')}`);

      // The same bytes under another name: found by MD5, nothing uploaded again.
      await card.locator('input[type=file]').setInputFiles({ name: '副本.pdf', mimeType: 'application/pdf', buffer: content });
      await card.getByText('秒传').waitFor();
      await card.getByRole('link', { name: '副本.pdf' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
