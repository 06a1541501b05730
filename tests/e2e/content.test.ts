/**
 * The content journey (README.md, "The public site and content publishing") in real Chromium
 * against the built app and the real server: a staff member writes an article with an image in its
 * text, a cover and an attachment and publishes it; a visitor finds it on the home page, in its
 * list and by search, opens it and downloads the attachment under its original name; the staff
 * member takes it offline and it leaves all three; a phone-sized window shows the home page without
 * horizontal scrolling.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from './accounts';
import { answerTo } from './actions';
import { launchBrowser, loginThroughApi, openPage } from './browser';
import { png } from './images';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function searchFor(page: Page, words: string): Promise<void> {
  await page.goto(`/FrontPage/search?q=${encodeURIComponent(words)}`);
  // Answered: with hits (共找到 N 条结果) or without (没有找到).
  await page.getByText('条结果').or(page.getByText('没有找到与')).first().waitFor();
}

describe('publishing an article and reading it', () => {
  it('goes from the editor to the home page, the list, the search and a download, and leaves them when taken offline', async () => {
    const title = `端到端稳评年检测试文章${Date.now() % 100000}`;
    const staff = await openPage(browser, { width: 1440, height: 900 });
    const visitor = await openPage(browser, { width: 1440, height: 900 });
    try {
      const { page } = staff;
      await loginThroughApi(page, DEMO_STAFF);
      await page.goto('/Manage/association-news');
      await page.getByRole('button', { name: /新建文章/ }).click();
      const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
      // The form is settled once its lazily loaded editor is there: fill it from then on.
      const editable = drawer.locator('.w-e-text-container [contenteditable="true"]').first();
      await editable.waitFor();
      const titleInput = drawer.getByPlaceholder('请输入文章标题');
      await titleInput.fill(title);
      await drawer.locator('.ant-form-item', { hasText: '栏目' }).locator('.ant-select').first().click();
      await page.locator('.ant-select-item-option', { hasText: '协会工作' }).first().click();

      // The text, with an image inserted through the editor's own upload (MD5, then upload).
      await editable.click();
      await page.keyboard.type('这是一篇端到端测试文章，介绍稳评与年检工作。');
      await drawer.locator('[data-menu-key="group-image"]').first().click();
      // The editor enables its menus once it has taken the selection back (a moment after the
      // group opens; a click before lands on a disabled item): wait for that.
      const uploadImage = page.locator('[data-menu-key="uploadImage"]').first();
      await expect.poll(async () => (await uploadImage.getAttribute('class')) ?? '').not.toContain('disabled');
      const chooser = page.waitForEvent('filechooser');
      await uploadImage.click();
      await (await chooser).setFiles({ name: '正文配图.png', mimeType: 'image/png', buffer: png(7) });
      await editable.locator('img').first().waitFor();

      const cover = drawer.locator('.ant-form-item', { hasText: '封面图片' });
      await cover.locator('input[type=file]').setInputFiles({ name: '封面.png', mimeType: 'image/png', buffer: png(99) });
      await cover.getByText('下载').waitFor();
      const attachments = drawer.locator('.ant-form-item', { hasText: '附件' }).last();
      await attachments.locator('input[type=file]').setInputFiles({ name: '2026年度年检报名表.pdf', mimeType: 'application/pdf', buffer: pdf });
      await attachments.getByText('下载').waitFor();

      expect(await titleInput.inputValue()).toBe(title);
      await drawer.getByRole('button', { name: '发 布' }).or(drawer.getByRole('button', { name: '发布' })).first().click();
      // 发布 asks first, naming the article (src/components/ListPage/publishing.tsx publishQuestion).
      const ask = page.locator('.ant-modal-confirm').filter({ hasText: `确定发布文章「${title}」吗？` });
      await ask.waitFor().catch(async (err: unknown) => {
        const shown = await page.locator('.ant-form-item-explain-error, .ant-message, .ant-alert').allInnerTexts();
        throw new Error(`发布之前没有先问一句；页面提示：${shown.join(' | ') || '无'}`, { cause: err });
      });
      await answerTo(
        page,
        { method: 'POST', path: '/api/v1/articles' },
        () => ask.getByRole('button', { name: /^发\s?布$/ }).click(),
        `发布「${title}」`,
      );
      // The result, not the 2-second toast: the drawer closes and the list shows the article.
      const row = page.locator('tr', { hasText: title });
      await row.waitFor().catch(async (err: unknown) => {
        const shown = await page.locator('.ant-form-item-explain-error, .ant-message, .ant-alert').allInnerTexts();
        throw new Error(`发布后列表中没有这篇文章；页面提示：${shown.join(' | ') || '无'}`, { cause: err });
      });
      await drawer.waitFor({ state: 'hidden' });

      // A visitor: the home page, the list, the search.
      const v = visitor.page;
      await v.goto('/');
      await v.getByRole('link', { name: title }).first().waitFor();
      await v.goto('/FrontPage/association-work');
      await v.getByRole('link', { name: title }).first().waitFor();
      await searchFor(v, '稳评 年检测试');
      await v.getByRole('link', { name: new RegExp(title.slice(-6)) }).first().waitFor();

      // The article itself: its text, the inline image (public now), and the attachment.
      await v.getByRole('link', { name: new RegExp(title.slice(-6)) }).first().click();
      await v.getByRole('heading', { name: title }).waitFor();
      await v.getByText('这是一篇端到端测试文章').first().waitFor();
      // The image in the text, and the cover above the text: both loaded.
      const loaded = (img: Element) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0;
      await expect.poll(() => v.getByRole('region', { name: '正文' }).locator('img').first().evaluate(loaded)).toBe(true);
      await expect.poll(() => v.getByRole('img', { name: `封面图片：${title}` }).evaluate(loaded)).toBe(true);
      const download = v.waitForEvent('download');
      await v.getByRole('link', { name: /下载\s*2026年度年检报名表\.pdf/ }).first().click();
      expect((await download).suggestedFilename()).toBe('2026年度年检报名表.pdf');
      const detailUrl = v.url();

      // Offline from the back office: gone from the home page, the list and the search.
      await row.getByText('下线').click();
      await answerTo(
        page,
        { method: 'POST', path: /^\/api\/v1\/articles\/[^/]+\/offline$/ },
        // The question that names this article (ResourceTable's Popconfirm), not another popup
        // still fading out.
        () =>
          page
            .locator('.ant-popconfirm')
            .filter({ hasText: `确定下线「${title}」吗？` })
            .getByRole('button', { name: /确\s?定/ })
            .click(),
        `下线「${title}」`,
      );
      // The row's state column, not the toast that says so.
      await row.filter({ hasText: '已下线' }).waitFor();

      // Each check first waits for the page's own content (a demo article), so that "not
      // there" means gone, not "not loaded yet".
      const demoArticle = '协会召开2026年度会员代表大会暨三届二次理事会';
      await v.goto('/');
      await v.getByRole('link', { name: demoArticle }).first().waitFor();
      expect(await v.getByRole('link', { name: title }).count()).toBe(0);
      await v.goto('/FrontPage/association-work');
      await v.getByRole('link', { name: demoArticle }).first().waitFor();
      expect(await v.getByRole('link', { name: title }).count()).toBe(0);
      await searchFor(v, '稳评 年检测试');
      await v.getByText(/没有找到|未找到|0 条/).first().waitFor();
      expect(await v.getByRole('link', { name: new RegExp(title.slice(-6)) }).count()).toBe(0);
      await v.goto(detailUrl);
      await v.getByText('内容不存在或已下线').first().waitFor();

      expect(staff.errors).toEqual([]);
      expect(visitor.errors.filter((e) => !/404|Failed to load resource/.test(e))).toEqual([]);
    } finally {
      await staff.context.close();
      await visitor.context.close();
    }
  });

  it('shows the home page on a phone without horizontal scrolling', async () => {
    const { page, context, errors } = await openPage(browser, { width: 375, height: 812 });
    try {
      await page.goto('/');
      await page.getByRole('link', { name: '更多' }).first().waitFor();
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.view);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
