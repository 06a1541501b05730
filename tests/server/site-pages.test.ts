/** The public read of site pages: what the public footer, about and contact pages show. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSitePage } from '@common/schemas/sitePages';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('GET /public/site-pages/:key (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('serves the seeded footer to anonymous visitors, with its fields parsed', async () => {
    const res = await t.call<PublicSitePage>('GET', 'public/site-pages/footer');
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(1);
    expect(res.body.data.key).toBe('footer');
    expect(res.body.data.data.associationName).toBe('市社会稳定风险评估行业协会');
    expect(res.body.data.data.icpNumber).toMatch(/ICP备/);
  });

  it('shows what staff saved, and no fields when the saved JSON is broken', async () => {
    await t.db.kysely
      .updateTable('site_pages')
      .set({ title: '关于我们', content: '<p>新的简介</p>', data: '{broken' })
      .where('key', '=', 'about')
      .execute();
    const res = await t.call<PublicSitePage>('GET', 'public/site-pages/about');
    expect(res.body.data).toMatchObject({ title: '关于我们', content: '<p>新的简介</p>', data: {} });
  });

  it('refuses an unknown page key with a Chinese message naming the field', async () => {
    const res = await t.call('GET', 'public/site-pages/secrets');
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe(10);
    expect(res.body.message).toContain('页面');
  });

  it('answers 404 when a known page is missing', async () => {
    await t.db.kysely.deleteFrom('site_pages').where('key', '=', 'privacy').execute();
    const res = await t.call('GET', 'public/site-pages/privacy');
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatchObject({ status: 10, success: false, message: '页面不存在' });
  });
});

describe.each(dialects)('public reads are shared between visitors, never stale after a write (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('one computation serves the next visitors; a save shows on the very next read', async () => {
    const first = await t.call<PublicSitePage>('GET', 'public/site-pages/about');
    // Changed behind the server's back: visitors within the same moment still share the answer…
    await t.db.kysely.updateTable('site_pages').set({ title: '改在数据库里' }).where('key', '=', 'about').execute();
    expect((await t.call<PublicSitePage>('GET', 'public/site-pages/about')).body.data.title).toBe(first.body.data.title);
    // …and a moment later (the app's clock), they get it afresh.
    t.clock.advanceMinutes(1);
    expect((await t.call<PublicSitePage>('GET', 'public/site-pages/about')).body.data.title).toBe('改在数据库里');

    // A save through the API (a write) shows at once.
    const token = await t.adminToken();
    const record = await t.call<{ version: number; content: string }>('GET', 'site-pages/about', { token });
    const saved = await t.call('PUT', 'site-pages/about', { token, body: { title: '关于协会', content: record.body.data.content, version: record.body.data.version } });
    expect(saved.body.status).toBe(1);
    expect((await t.call<PublicSitePage>('GET', 'public/site-pages/about')).body.data.title).toBe('关于协会');
  });
});
