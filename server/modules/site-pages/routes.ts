/**
 * Site pages (DOMAIN.md "Site page": about, contact, footer, disclaimer, privacy).
 *   GET /public/site-pages/:key   the public site reads one (the footer, about us...)
 *   GET /site-pages, GET/PUT /site-pages/:key   staff edit them (content:site-page:edit)
 * Content is sanitised on save like articles'; structured fields (contact, footer) are in `data`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope } from '@common/schemas/common';
import { SitePageRecord, SitePageUpdateBody } from '@common/schemas/content';
import { PublicSitePage, SITE_PAGE_KEYS, SitePageKeyParams, type SitePageData } from '@common/schemas/sitePages';
import { requireUser, type RouteAccess } from '../../auth/guard';
import { sanitizeRichText } from '../../content/sanitize';
import type { SitePageRow } from '../../db/types';
import { assertVersion, updateWithVersion } from '../../db/versioned';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { publicRead } from '../../http/readCache';

/** `data` is JSON text; a page saved without structured fields (or with broken JSON) has none. */
function parseData(text: string): SitePageData {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as SitePageData) : {};
  } catch {
    return {};
  }
}

const toRecord = (page: SitePageRow): SitePageRecord => ({
  key: page.key,
  title: page.title,
  content: page.content,
  data: parseData(page.data),
  updatedAt: page.updated_at,
  version: page.version,
});

const edit: { access: RouteAccess } = { access: { authTypes: [1], permission: 'content:site-page:edit' } };
const tags = ['网站页面'];

const sitePagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const load = (key: string) => app.db.selectFrom('site_pages').selectAll().where('key', '=', key as SitePageRow['key']).executeTakeFirst();

  app.get(
    '/public/site-pages/:key',
    {
      config: { access: { public: true } },
      schema: { tags, summary: '网站页面（公开）', params: SitePageKeyParams, response: { 200: Envelope(PublicSitePage) } },
    },
    async (request) => {
      const page = await publicRead(app, request, () => load(request.params.key));
      if (!page) throw errors.notFound('页面');
      const { version: _version, ...rest } = toRecord(page);
      return ok(rest);
    },
  );

  app.get(
    '/site-pages',
    { config: edit, schema: { tags, summary: '网站页面列表', response: { 200: Envelope(Type.Array(SitePageRecord)) } } },
    async () => {
      const rows = await app.db.selectFrom('site_pages').selectAll().execute();
      // In the order the editor offers them.
      rows.sort((a, b) => SITE_PAGE_KEYS.indexOf(a.key) - SITE_PAGE_KEYS.indexOf(b.key));
      return ok(rows.map(toRecord));
    },
  );

  app.get(
    '/site-pages/:key',
    { config: edit, schema: { tags, summary: '网站页面详情', params: SitePageKeyParams, response: { 200: Envelope(SitePageRecord) } } },
    async (request) => {
      const page = await load(request.params.key);
      if (!page) throw errors.notFound('页面');
      return ok(toRecord(page));
    },
  );

  app.put(
    '/site-pages/:key',
    {
      config: edit,
      schema: { tags, summary: '修改网站页面（带上读取时的 version）', params: SitePageKeyParams, body: SitePageUpdateBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      const user = requireUser(request);
      const page = await load(request.params.key);
      if (!page) throw errors.notFound('页面');
      assertVersion(page.version, request.body.version);
      const now = app.clock().toISOString();
      const data = request.body.data ?? parseData(page.data);
      await app.db.transaction().execute(async (trx) => {
        await updateWithVersion(
          trx,
          'site_pages',
          page.id,
          request.body.version,
          { title: request.body.title.trim(), content: sanitizeRichText(request.body.content), data: JSON.stringify(data) },
          { now, by: user.id },
        );
        await logOperation(trx, request, { entity: 'site-page', entityId: page.key, action: 'update', summary: `修改网站页面「${request.body.title.trim()}」` });
      });
      return ok(null, '页面已保存');
    },
  );
};

export default sitePagesRoutes;
