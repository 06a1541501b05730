/**
 * GET /public/site-pages/:key: one site page for the public site (the footer, about us,
 * contact, disclaimer, privacy). Public: these pages are what every visitor reads.
 * Editing them comes with the public-site issue (permission content:site-page:edit).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@common/schemas/common';
import { PublicSitePage, SitePageKeyParams, type SitePageData } from '@common/schemas/sitePages';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';

/** `data` is JSON text; a page saved without structured fields (or with broken JSON) has none. */
function parseData(text: string): SitePageData {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as SitePageData) : {};
  } catch {
    return {};
  }
}

const sitePagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/public/site-pages/:key',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['网站页面'],
        summary: '网站页面（公开）',
        params: SitePageKeyParams,
        response: { 200: Envelope(PublicSitePage) },
      },
    },
    async (request) => {
      const page = await app.db
        .selectFrom('site_pages')
        .select(['key', 'title', 'content', 'data', 'updated_at'])
        .where('key', '=', request.params.key)
        .executeTakeFirst();
      if (!page) throw errors.notFound('页面');
      return ok({
        key: page.key,
        title: page.title,
        content: page.content,
        data: parseData(page.data),
        updatedAt: page.updated_at,
      });
    },
  );
};

export default sitePagesRoutes;
