/**
 * Site pages (about, contact, footer, disclaimer, privacy).
 *   GET /public/site-pages/:key   the public site reads one (the footer, about us...)
 *   GET /site-pages, GET/PUT /site-pages/:key   staff edit them (content:site-page:edit)
 * Content is sanitised on save like articles'; structured fields (contact, footer) are in `data`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope } from '@common/schemas/common';
import { SitePageRecord, SitePageUpdateBody } from '@common/schemas/content';
import { PublicSitePage, SitePageKeyParams } from '@common/schemas/sitePages';
import { requireUser, type RouteAccess } from '../../security/guard';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { publicRead } from '../../http/readCache';
import { findPublicSitePage, findSitePage, listSitePages } from './queries';
import { updateSitePage } from './service';

const edit: { access: RouteAccess } = { access: { authTypes: [1], permission: 'content:site-page:edit' } };
const tags = ['网站页面'];

const sitePagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/public/site-pages/:key',
    {
      config: { access: { public: true } },
      schema: { tags, summary: '网站页面（公开）', params: SitePageKeyParams, response: { 200: Envelope(PublicSitePage) } },
    },
    async (request) => {
      const page = await publicRead(app, request, () => findPublicSitePage(app.db, request.params.key));
      if (!page) throw errors.notFound('页面');
      return ok(page);
    },
  );

  app.get(
    '/site-pages',
    { config: edit, schema: { tags, summary: '网站页面列表', response: { 200: Envelope(Type.Array(SitePageRecord)) } } },
    async () => ok(await listSitePages(app.db)),
  );

  app.get(
    '/site-pages/:key',
    { config: edit, schema: { tags, summary: '网站页面详情', params: SitePageKeyParams, response: { 200: Envelope(SitePageRecord) } } },
    async (request) => {
      const page = await findSitePage(app.db, request.params.key);
      if (!page) throw errors.notFound('页面');
      return ok(page);
    },
  );

  app.put(
    '/site-pages/:key',
    {
      config: edit,
      schema: { tags, summary: '修改网站页面（带上读取时的 version）', params: SitePageKeyParams, body: SitePageUpdateBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await updateSitePage(request, requireUser(request), request.params.key, request.body);
      return ok(null, '页面已保存');
    },
  );
};

export default sitePagesRoutes;
