/**
 * Site search on both databases: two-character Chinese words, several words, ranking (title
 * hits first), types and their counts, paging, snippets, and only what is public now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@common/schemas/public';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { syncSearchDocument } from '../../server/fulltext/indexer';
import { documentTokens, queryTerms } from '../../server/fulltext/tokenize';
import { createTestApp, dialects, type TestContext } from './helpers';

describe('tokenizer', () => {
  it('cuts Chinese into overlapping bigrams and keeps Latin words and numbers', () => {
    expect(documentTokens('社会稳定 ICP备２０２６')).toEqual(['社会', '会稳', '稳定', 'icp', '备', '2026']);
    expect(queryTerms('稳评，年检  稳评').map((t) => t.text)).toEqual(['稳评', '年检']);
    expect(queryTerms('稳')[0]).toMatchObject({ tokens: ['稳'], prefix: true });
    expect(queryTerms('%_\'"<>')).toEqual([]);
  });
});

describe.each(dialects)('GET /public/search on %s', (dialect) => {
  let t: TestContext;
  let staff: string;
  const search = async (q: string, extra = '') =>
    (await t.call<SearchResult>('GET', `public/search?q=${encodeURIComponent(q)}${extra}`)).body;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    staff = await t.login('demo_staff', DEMO_PASSWORD, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds two-character words (稳评, 年检) across the demo content', async () => {
    for (const word of ['稳评', '年检']) {
      const res = await search(word);
      expect(res.status).toBe(1);
      expect(res.data.total).toBeGreaterThan(0);
      expect(res.data.terms).toEqual([word]);
      const first = res.data.list[0];
      expect(`${first.title}${first.snippet}`).toContain(word);
    }
  });

  it('ranks title hits first, needs every word, pages, and counts per type', async () => {
    const body = '<p>本文介绍风险评估的一般方法。</p>';
    const inTitle = (await t.call<{ id: string }>('POST', 'articles', { token: staff, body: { title: '量子稳评方法', category: 'news', content: body, saveAs: 'publish' } })).body.data.id;
    const inBody = (
      await t.call<{ id: string }>('POST', 'articles', {
        token: staff,
        body: { title: '一篇普通的文章', category: 'news', content: '<p>正文里提到了量子稳评。</p>', saveAs: 'publish' },
      })
    ).body.data.id;
    const res = await search('量子 稳评');
    const ids = res.data.list.map((h) => h.id);
    expect(ids.indexOf(inTitle)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(inTitle)).toBeLessThan(ids.indexOf(inBody));
    expect(res.data.list.find((h) => h.id === inBody)?.snippet).toContain('量子稳评');
    expect(res.data.list.find((h) => h.id === inTitle)?.url).toBe(`/FrontPage/detail/${inTitle}`);
    // Every word must occur.
    expect((await search('量子 火星')).data.total).toBe(0);

    const all = await search('稳评');
    const sum = Object.values(all.data.counts).reduce((a, b) => a + b, 0);
    expect(all.data.total).toBe(sum);
    const articles = await search('稳评', '&type=article&pageSize=2&current=2');
    expect(articles.data.total).toBe(all.data.counts.article);
    expect(articles.data.list.length).toBeLessThanOrEqual(2);
    expect(articles.data.list.every((h) => h.type === 'article')).toBe(true);
    const byDate = (await search('稳评', '&sort=date&pageSize=50')).data.list.map((h) => h.date ?? '');
    expect(byDate).toEqual([...byDate].sort().reverse());
  });

  it('finds approved window units and public experts, never private ones or their phone numbers', async () => {
    const unit = await t.db.kysely.selectFrom('member_units').select(['id', 'name']).where('status', '=', 'approved').where('show_in_window', '=', 1).executeTakeFirstOrThrow();
    const unitHits = await search(unit.name.slice(0, 4), '&type=unit');
    expect(unitHits.data.list.map((h) => h.id)).toContain(unit.id);

    await t.db.kysely.updateTable('member_units').set({ show_in_window: 0 }).where('id', '=', unit.id).execute();
    await syncSearchDocument(t.db.kysely, 'unit', unit.id);
    // Made directly here; the write request that makes it in the app also clears the answers
    // shared between visitors (server/app.ts), as this does.
    t.app.readCache.clear();
    expect((await search(unit.name.slice(0, 4), '&type=unit')).data.list.map((h) => h.id)).not.toContain(unit.id);

    const expert = await t.db.kysely.selectFrom('experts').select(['id', 'name', 'phone']).where('public', '=', 1).where('active', '=', 1).executeTakeFirstOrThrow();
    const hits = await search(expert.name, '&type=expert');
    expect(hits.data.list.map((h) => h.id)).toContain(expert.id);
    if (expert.phone) expect((await search(expert.phone)).data.total).toBe(0);
  });

  it('refuses an empty or over-long query with a Chinese message', async () => {
    expect((await search('')).message).toContain('搜索词');
    expect((await search('长'.repeat(51))).message).toContain('搜索词长度不能超过50个字符');
    expect((await search('稳评', '&type=secret')).message).toContain('类型取值无效');
  });
});
