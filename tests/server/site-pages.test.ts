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
