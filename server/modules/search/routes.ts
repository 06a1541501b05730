/** GET /public/search: the public site's search (server/fulltext/). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@common/schemas/common';
import { SearchQuery, SearchResult } from '@common/schemas/public';
import { ok } from '../../http/envelope';
import { ensureSearchIndex } from '../../fulltext/indexer';
import { search } from '../../fulltext/query';
import { publicRead } from '../../http/readCache';

const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // An index built by another version of the tokenizer (or none yet) is rebuilt at start.
  if (await ensureSearchIndex(app.db)) app.log.info('search index rebuilt');

  app.get(
    '/public/search',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['公开'],
        summary: '站内搜索（新闻、公告、会员单位、专家）',
        description:
          '中文按相邻两字切分（稳评、年检等两字词可检索），英文和数字按词；多个词用空格分隔，须全部出现。' +
          '按相关度（标题命中优先，其次摘要）或时间排序；只返回当前公开的内容。',
        querystring: SearchQuery,
        response: { 200: Envelope(SearchResult) },
      },
    },
    // Shared between visitors for a moment like the other public reads (server/http/readCache.ts:
    // cleared by every write on every instance), so a popular search costs no query at all; below
    // it the search cache answers until the index changes (server/fulltext/cache.ts).
    async (request) => ok(await publicRead(app, request, () => search(app.db, request.query, app.clock().toISOString()))),
  );
};

export default searchRoutes;
