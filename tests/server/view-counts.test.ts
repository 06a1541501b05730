/**
 * View counts written in batches (server/content/views.ts): a page view costs no write, the
 * page shows the count with this process's unwritten views, a flush writes them (once per
 * visitor and day, also when two processes saw the same visitor), and a graceful stop writes
 * what is still queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicArticle } from '@common/schemas/public';
import { ViewCounter } from '../../server/content/views';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('view counts on %s', (dialect) => {
  let t: TestContext;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    staff = await t.login('demo_staff', DEMO_PASSWORD, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const publish = async (title: string) => {
    const res = await t.call<{ id: string }>('POST', 'articles', { token: staff, body: { title, category: 'news', content: '<p>正文</p>', saveAs: 'publish' } });
    expect(res.body.status, res.body.message).toBe(1);
    return res.body.data.id;
  };
  const view = async (id: string, visitor: string) =>
    (await t.call<PublicArticle>('GET', `public/articles/${id}`, { headers: { 'user-agent': visitor }, ip: '198.51.100.9' })).body.data.viewCount;
  const stored = async (id: string) =>
    Number((await t.db.kysely.selectFrom('articles').select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count);

  it('shows every view at once and writes them with the next flush', async () => {
    const id = await publish('批量计数');
    expect(await view(id, 'A')).toBe(1);
    expect(await view(id, 'B')).toBe(2);
    expect(await view(id, 'B')).toBe(2);
    expect(await view(id, 'C')).toBe(3);
    // Nothing written yet: the views wait in memory.
    expect(await stored(id)).toBe(0);
    await t.app.views.flush();
    expect(await stored(id)).toBe(3);
    expect(await view(id, 'A')).toBe(3);
    expect(await view(id, 'D')).toBe(4);
    await t.app.views.flush();
    expect(await stored(id)).toBe(4);
  });

  it('counts a visitor once when two processes saw them', async () => {
    const id = await publish('两个进程');
    const other = new ViewCounter(t.app.db, t.app.clock, t.app.log);
    const now = t.clock.now();
    expect(await t.app.views.count({ ip: '198.51.100.20', headers: { 'user-agent': 'Same' } }, 'article', id, now)).toBe(true);
    expect(await other.count({ ip: '198.51.100.20', headers: { 'user-agent': 'Same' } }, 'article', id, now)).toBe(true);
    expect(await other.count({ ip: '198.51.100.21', headers: { 'user-agent': 'Same' } }, 'article', id, now)).toBe(true);
    await t.app.views.flush();
    await other.flush();
    expect(await stored(id)).toBe(2);
    expect(other.shown('article', id, 0)).toBe(2);
  });

  it('writes what is queued when the server stops gracefully', async () => {
    const own = await createTestApp(dialect);
    try {
      const token = await own.adminToken();
      const created = await own.call<{ id: string }>('POST', 'articles', { token, body: { title: '停止前', category: 'news', content: '<p>正文</p>', saveAs: 'publish' } });
      const id = created.body.data.id;
      for (const visitor of ['A', 'B', 'C']) await own.call('GET', `public/articles/${id}`, { headers: { 'user-agent': visitor } });
      await own.app.close();
      const row = await own.db.kysely.selectFrom('articles').select('view_count').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Number(row.view_count)).toBe(3);
    } finally {
      await own.close();
    }
  });
});
