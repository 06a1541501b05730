/**
 * Articles and notices: permissions (the publish code apart from edit), what the public may
 * see (drafts, offline, scheduled and expired items never), sanitising, paging and filters,
 * batches, view counting, public files, bad input that changes nothing, optimistic locking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { ArticleRecord, NoticeRecord } from '@common/schemas/content';
import type { StoredFile } from '@common/schemas/files';
import type { PublicArticle, PublicArticleItem, PublicNotice, PublicNoticeItem } from '@common/schemas/public';
import { insertRole } from '../../server/security/roles';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed/demo';
import { addAccount, pdfBytes, pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const HOUR = 3_600_000;
const GONE = '内容不存在或已下线';

describe.each(dialects)('articles and notices on %s', (dialect) => {
  let t: TestContext;
  let staff: string;
  let editorOnly: string;
  let noCodes: string;
  let unit: string;
  let imageId: string;
  let pdfId: string;

  beforeAll(async () => {
    // The tests move the clock by hours and days; sessions must outlive that.
    t = await createTestApp(dialect, { demo: true, env: { SESSION_IDLE_MINUTES: String(60 * 24 * 30), STAFF_SESSION_IDLE_MINUTES: String(60 * 24 * 30), SESSION_MAX_HOURS: '0' } });
    staff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    noCodes = await addAccount(t, 'no_codes_staff', 1, null);
    // A writer who may edit but not publish.
    const roleId = await insertRole(
      t.db.kysely,
      { code: 'writer', name: '撰稿', permissions: ['content:article:view', 'content:article:edit'] },
      new Date().toISOString(),
    );
    await addAccount(t, 'writer', 1, null);
    const writer = await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', 'writer').executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('account_roles').values({ account_id: writer.id, role_id: roleId }).execute();
    editorOnly = await t.login('writer', 'Other@2026x', 1);
    imageId = (await upload<StoredFile>(t, staff, pngBytes(2048), { name: '封面.png' })).body.data.fileId;
    pdfId = (await upload<StoredFile>(t, staff, pdfBytes(), { name: '2026年度培训报名表.pdf' })).body.data.fileId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.kysely;
  const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const countRows = async (table: 'articles' | 'notices') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const article = (over: Record<string, unknown> = {}) => ({
    title: '关于开展稳评业务年检工作的说明',
    category: 'work',
    summary: '年检安排',
    content: '<p>本年度稳评机构年检工作即将开始。</p>',
    saveAs: 'publish',
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, token = staff) => {
    const res = await t.call<{ id: string }>('POST', 'articles', { token, body: article(over) });
    expect(res.body).toMatchObject({ status: 1 });
    return res.body.data.id;
  };
  const publicList = async (category = 'work', query = '') =>
    (await t.call<Page<PublicArticleItem>>('GET', `public/articles?category=${category}${query}`)).body.data;
  const publicIds = async (category = 'work') => (await publicList(category, '&pageSize=50')).list.map((a) => a.id);
  const searchIds = async (q: string) =>
    (await t.call<{ list: { id: string }[] }>('GET', `public/search?q=${encodeURIComponent(q)}&pageSize=50`)).body.data.list.map((h) => h.id);

  describe('permissions', () => {
    it('refuses anonymous callers, other account kinds and staff without the code', async () => {
      expect((await t.call('GET', 'articles')).body.status).toBe(21);
      expect((await t.call('GET', 'articles', { token: unit })).body.status).toBe(30);
      expect((await t.call('GET', 'articles', { token: noCodes })).body.status).toBe(30);
      expect((await t.call('POST', 'notices', { token: noCodes, body: {} })).statusCode).toBe(403);
      expect((await t.call('GET', 'site-pages', { token: unit })).body.status).toBe(30);
    });

    it('lets a writer without the publish code save drafts only, and not touch a published article', async () => {
      const before = await countRows('articles');
      const refused = await t.call('POST', 'articles', { token: editorOnly, body: article() });
      expect(refused.body).toMatchObject({ status: 30, message: '没有发布权限，请保存为草稿' });
      expect(await countRows('articles')).toBe(before);
      const draftId = await create({ saveAs: 'draft' }, editorOnly);
      expect((await t.call('POST', `articles/${draftId}/publish`, { token: editorOnly, body: {} })).body.status).toBe(30);
      const live = await create();
      const rec = (await t.call<ArticleRecord>('GET', `articles/${live}`, { token: editorOnly })).body.data;
      const edit = await t.call('PUT', `articles/${live}`, { token: editorOnly, body: { ...article(), saveAs: 'publish', version: rec.version } });
      expect(edit.body.status).toBe(30);
    });
  });

  describe('publishing and what the public sees', () => {
    it('keeps drafts, scheduled, offline and deleted articles off the public site, the search and the sitemap', async () => {
      const draft = await create({ title: '稳评草稿不可见', saveAs: 'draft' });
      const scheduled = await create({ title: '稳评定时发布的文章', publishAt: iso(2 * HOUR) });
      const live = await create({ title: '稳评已发布的文章' });
      for (const id of [draft, scheduled]) {
        const res = await t.call('GET', `public/articles/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.body).toMatchObject({ status: 10, message: GONE });
      }
      const ids = await publicIds();
      expect(ids).toContain(live);
      expect(ids).not.toContain(draft);
      expect(ids).not.toContain(scheduled);
      expect(await searchIds('稳评')).toEqual(expect.arrayContaining([live]));
      expect(await searchIds('稳评')).not.toContain(draft);
      expect(await searchIds('稳评')).not.toContain(scheduled);
      const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.headers['content-type']).toContain('xml');
      expect(sitemap.body).toContain(`/FrontPage/detail/${live}`);
      expect(sitemap.body).not.toContain(draft);
      expect(sitemap.body).not.toContain(scheduled);

      // Scheduled publishing needs no timer: when the time has come, it is public.
      t.clock.advanceMinutes(3 * 60);
      expect(await publicIds()).toContain(scheduled);
      expect(await searchIds('定时发布')).toContain(scheduled);
      const states = (await t.call<Page<ArticleRecord>>('GET', 'articles?state=published&pageSize=100', { token: staff })).body.data.list.map((a) => a.id);
      expect(states).toContain(scheduled);

      expect((await t.call('POST', `articles/${live}/offline`, { token: staff })).body.status).toBe(1);
      expect((await t.call('GET', `public/articles/${live}`)).body.message).toBe(GONE);
      expect(await publicIds()).not.toContain(live);
      expect(await searchIds('已发布的文章')).not.toContain(live);
      expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(live);

      expect((await t.call('DELETE', `articles/${scheduled}`, { token: staff })).body.status).toBe(1);
      expect((await t.call('GET', `articles/${scheduled}`, { token: staff })).statusCode).toBe(404);
      expect(await searchIds('定时发布')).not.toContain(scheduled);
    });

    it('lists pinned first, then newest, ten to a page, with keyword search', async () => {
      const first = await create({ title: '最早的新闻', category: 'news', publishAt: iso(-5 * HOUR) });
      const pinned = await create({ title: '置顶的新闻', category: 'news', pinned: true, publishAt: iso(-10 * HOUR) });
      const newest = await create({ title: '最新的新闻', category: 'news', publishAt: iso(-1 * HOUR) });
      const page = await publicList('news', '&pageSize=50');
      const order = page.list.map((a) => a.id);
      expect(order.indexOf(pinned)).toBeLessThan(order.indexOf(newest));
      expect(order.indexOf(newest)).toBeLessThan(order.indexOf(first));
      expect(page.list.find((a) => a.id === pinned)?.pinned).toBe(true);
      const firstPage = await publicList('news');
      expect(firstPage.pageSize).toBe(10);
      expect(firstPage.list.length).toBeLessThanOrEqual(10);
      const found = await publicList('news', `&keyword=${encodeURIComponent('最早')}`);
      expect(found.list.map((a) => a.id)).toEqual([first]);

      // Previous / next follow the same order.
      const detail = (await t.call<PublicArticle>('GET', `public/articles/${newest}`)).body.data;
      expect(detail.previous?.id).toBe(order[order.indexOf(newest) - 1]);
      expect(detail.next?.id).toBe(order[order.indexOf(newest) + 1]);
    });

    it('publishes, takes offline and deletes in batches, all or nothing, with a log row each', async () => {
      const a = await create({ title: '批量一', saveAs: 'draft' });
      const b = await create({ title: '批量二', saveAs: 'draft' });
      const res = await t.call<{ count: number }>('POST', 'articles/batch-publish', { token: staff, body: { ids: [a, b] } });
      expect(res.body.data.count).toBe(2);
      expect(await publicIds()).toEqual(expect.arrayContaining([a, b]));
      const logs = await db().selectFrom('operation_logs').select(['entity_id', 'action']).where('entity', '=', 'article').where('action', '=', 'publish').execute();
      expect(logs.map((l) => l.entity_id)).toEqual(expect.arrayContaining([a, b]));

      const missing = await t.call('POST', 'articles/batch-offline', { token: staff, body: { ids: [a, 'no-such-article'] } });
      expect(missing.body.status).toBe(10);
      expect(await publicIds()).toContain(a); // nothing changed
      expect((await t.call<{ count: number }>('POST', 'articles/batch-offline', { token: staff, body: { ids: [a, b] } })).body.data.count).toBe(2);
      expect((await t.call<{ count: number }>('POST', 'articles/batch-delete', { token: staff, body: { ids: [a, b] } })).body.data.count).toBe(2);
      expect(await db().selectFrom('articles').select('id').where('id', 'in', [a, b]).execute()).toEqual([]);
    });
  });

  describe('content and files', () => {
    it('sanitises rich text on the server so that no script reaches a visitor', async () => {
      const id = await create({
        title: '带脚本的文章',
        content:
          '<p onclick="steal()">正文<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><a href="https://www.gov.cn" target="_blank">政府网</a></p><iframe src="https://evil.example"></iframe>',
      });
      const stored = await db().selectFrom('articles').select('content').where('id', '=', id).executeTakeFirstOrThrow();
      const shown = (await t.call<PublicArticle>('GET', `public/articles/${id}`)).body.data.content;
      for (const html of [stored.content, shown]) {
        expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
        expect(html).toContain('正文');
        expect(html).toContain('rel="noopener noreferrer"');
      }
      const preview = await t.call<{ content: string }>('POST', 'articles/sanitize', { token: staff, body: { content: '<p>a<script>x</script></p>' } });
      expect(preview.body.data.content).toBe('<p>a</p>');
    });

    it('serves the attachments and cover of a live article to anyone, with the original name, and stops when it goes offline', async () => {
      const id = await create({ title: '附件文章', coverFileId: imageId, attachmentFileIds: [pdfId] });
      const detail = (await t.call<PublicArticle>('GET', `public/articles/${id}`)).body.data;
      expect(detail.cover?.fileId).toBe(imageId);
      expect(detail.attachments).toEqual([expect.objectContaining({ fileId: pdfId, name: '2026年度培训报名表.pdf', contentType: 'application/pdf' })]);
      const download = await t.app.inject({ method: 'GET', url: detail.attachments[0].downloadUrl });
      expect(download.statusCode).toBe(200);
      expect(String(download.headers['content-disposition'])).toContain(encodeURIComponent('2026年度培训报名表.pdf'));
      expect((await t.app.inject({ method: 'GET', url: detail.cover?.url ?? '' })).statusCode).toBe(200);

      await t.call('POST', `articles/${id}/offline`, { token: staff });
      const after = await t.app.inject({ method: 'GET', url: detail.attachments[0].downloadUrl });
      expect(after.statusCode).toBe(401);
    });

    it('counts a view once per visitor and day', async () => {
      const id = await create({ title: '浏览计数' });
      const views = async (ua: string) =>
        (await t.call<PublicArticle>('GET', `public/articles/${id}`, { headers: { 'user-agent': ua }, ip: '203.0.113.7' })).body.data.viewCount;
      expect(await views('Browser A')).toBe(1);
      expect(await views('Browser A')).toBe(1);
      expect(await views('Browser B')).toBe(2);
      t.clock.advanceMinutes(24 * 60);
      expect(await views('Browser A')).toBe(3);
      // Written with the next flush (server/content/views.ts): the counts, and today's visitor only.
      await t.app.views.flush();
      const row = await db().selectFrom('articles').select('view_count').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Number(row.view_count)).toBe(3);
      const stored = await db().selectFrom('content_views').select('visitor').where('content_id', '=', id).execute();
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain('203.0.113.7');
      expect(await views('Browser A')).toBe(3);
    });
  });

  describe('bad input changes nothing', () => {
    it.each([
      ['a title of 10,000 characters', { title: '长'.repeat(10_000) }, '标题长度不能超过200个字符'],
      ['a category outside the dictionary', { category: 'sports' }, '栏目取值无效'],
      ['a publishAt that is not a date', { publishAt: '明天上午' }, '发布时间格式不正确'],
      ['an empty body', { content: '<p> </p>' }, '正文不能为空'],
      ['a cover that is not an image', { coverFileId: 'pdf' }, '封面图片必须是图片'],
      ['an attachment that does not exist', { attachmentFileIds: ['11111111-1111-4111-8111-111111111111'] }, '附件不存在'],
      ['an unknown field', { hits: 1 }, '不允许的字段：hits'],
    ] as [string, Record<string, unknown>, string][])('%s', async (_what, over, message) => {
      const before = await countRows('articles');
      const body = article(over.coverFileId === 'pdf' ? { coverFileId: pdfId } : over);
      const res = await t.call('POST', 'articles', { token: staff, body });
      expect(res.body.status).toBe(10);
      expect(res.body.message).toContain(message);
      expect(await countRows('articles')).toBe(before);
    });

    it('answers 404 for an article that does not exist, and 409 for a stale version', async () => {
      expect((await t.call('GET', 'articles/no-such-id', { token: staff })).body).toMatchObject({ status: 10, message: '文章不存在' });
      expect((await t.call('PUT', 'articles/no-such-id', { token: staff, body: { ...article(), version: 0 } })).statusCode).toBe(404);
      expect((await t.call('GET', 'public/articles/no-such-id')).body.message).toBe(GONE);
      const id = await create();
      const first = await t.call('PUT', `articles/${id}`, { token: staff, body: { ...article({ title: '第一次修改' }), version: 0 } });
      expect(first.body.status).toBe(1);
      const stale = await t.call('PUT', `articles/${id}`, { token: staff, body: { ...article({ title: '过期的修改' }), version: 0 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
      const row = await db().selectFrom('articles').select('title').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.title).toBe('第一次修改');
    });
  });

  describe('staff list', () => {
    it('filters by category, state and publication date, sorts, and pages', async () => {
      const old = await create({ title: '去年的行业动态', category: 'industry', publishAt: '2025-03-10T02:00:00.000Z' });
      await create({ title: '行业动态草稿', category: 'industry', saveAs: 'draft' });
      const list = (q: string) => t.call<Page<ArticleRecord>>('GET', `articles?${q}`, { token: staff }).then((r) => r.body.data);
      const drafts = await list('category=industry&state=draft');
      expect(drafts.list.every((a) => a.state === 'draft' && a.category === 'industry')).toBe(true);
      const inMarch = await list('publishFrom=2025-03-01&publishTo=2025-03-31');
      expect(inMarch.list.map((a) => a.id)).toEqual([old]);
      const byViews = await list('sort=viewCount,desc&pageSize=5');
      const counts = byViews.list.map((a) => a.viewCount);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
      expect(byViews.list).toHaveLength(5);
      expect(byViews.list[0].content).toBe('');
      expect((await t.call('GET', 'articles?sort=password,desc', { token: staff })).body.status).toBe(10);
    });
  });

  describe('notices', () => {
    const notice = (over: Record<string, unknown> = {}) => ({ title: '关于年检材料报送的通知', content: '<p>请按时报送。</p>', saveAs: 'publish', ...over });

    it('hides expired, draft and offline notices from the public, and refuses an expiry before publication', async () => {
      const live = (await t.call<{ id: string }>('POST', 'notices', { token: staff, body: notice({ attachmentFileIds: [pdfId] }) })).body.data.id;
      const expiring = (await t.call<{ id: string }>('POST', 'notices', { token: staff, body: notice({ title: '即将过期的通知', expireAt: iso(HOUR) }) })).body.data.id;
      const ids = async () => (await t.call<Page<PublicNoticeItem>>('GET', 'public/notices?pageSize=50')).body.data.list.map((n) => n.id);
      expect(await ids()).toEqual(expect.arrayContaining([live, expiring]));
      const detail = (await t.call<PublicNotice>('GET', `public/notices/${live}`)).body.data;
      expect(detail.attachments[0]?.name).toBe('2026年度培训报名表.pdf');

      t.clock.advanceMinutes(2 * 60);
      expect(await ids()).not.toContain(expiring);
      expect((await t.call('GET', `public/notices/${expiring}`)).body.message).toBe(GONE);
      const expired = (await t.call<Page<NoticeRecord>>('GET', 'notices?state=expired&pageSize=50', { token: staff })).body.data.list.map((n) => n.id);
      expect(expired).toContain(expiring);

      const before = await countRows('notices');
      const bad = await t.call('POST', 'notices', { token: staff, body: notice({ publishAt: iso(2 * HOUR), expireAt: iso(HOUR) }) });
      expect(bad.body).toMatchObject({ status: 10, message: '失效时间必须晚于发布时间' });
      expect(await countRows('notices')).toBe(before);

      await t.call('POST', `notices/${live}/offline`, { token: staff });
      expect(await ids()).not.toContain(live);
    });
  });

  describe('site pages and home', () => {
    it('saves a site page with its version, sanitised, and the public sees it', async () => {
      const page = (await t.call<{ version: number; data: Record<string, string> }>('GET', 'site-pages/contact', { token: staff })).body.data;
      const res = await t.call('PUT', 'site-pages/contact', {
        token: staff,
        body: { title: '联系我们', content: '<p>欢迎来访<script>x()</script></p>', data: { ...page.data, phone: '0571-12345678' }, version: page.version },
      });
      expect(res.body.status).toBe(1);
      const pub = (await t.call<{ content: string; data: { phone: string } }>('GET', 'public/site-pages/contact')).body.data;
      expect(pub.content).toBe('<p>欢迎来访</p>');
      expect(pub.data.phone).toBe('0571-12345678');
      const stale = await t.call('PUT', 'site-pages/contact', { token: staff, body: { title: '联系我们', content: '<p>x</p>', version: page.version } });
      expect(stale.statusCode).toBe(409);
      const list = (await t.call<{ key: string }[]>('GET', 'site-pages', { token: staff })).body.data.map((p) => p.key);
      expect(list).toEqual(['about', 'contact', 'footer', 'disclaimer', 'privacy', 'terms']);
    });

    it('gives the demo carousel pictures and the download area Word templates, once', async () => {
      const home = (await t.call<{ carousels: { image: { url: string } | null }[] }>('GET', 'public/home')).body.data;
      expect(home.carousels.every((c) => c.image)).toBe(true);
      const picture = await t.app.inject({ method: 'GET', url: home.carousels[0].image?.url ?? '' });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      const downloads = (await t.call<Page<PublicArticleItem>>('GET', 'public/articles?category=download')).body.data.list;
      const file = downloads.flatMap((a) => a.attachments)[0];
      expect(file).toMatchObject({ contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
      expect(file.name).toMatch(/\.docx$/);
      const res = await t.app.inject({ method: 'GET', url: file.downloadUrl });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
      const count = async () => Number((await db().selectFrom('stored_files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      await seedDemo(t.db.kysely, new Date(), { dataDir: t.config.dataDir, pii: t.app.pii });
      expect(await count()).toBe(before);
    });

    it('gives the home page every section in one call, from the demo data', async () => {
      const home = (await t.call<Record<string, unknown[]>>('GET', 'public/home')).body.data;
      for (const key of ['carousels', 'work', 'news', 'notices', 'members', 'links']) expect(home[key].length).toBeGreaterThan(0);
      expect(home.work.length).toBeLessThanOrEqual(8);
      const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain('Sitemap: ');
      expect(robots.body).toContain('Disallow: /Manage');
    });
  });
});
