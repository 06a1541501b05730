/**
 * GET /public/home: what the home page shows, in one request (a phone on a slow line makes
 * one trip), and the crawler files GET /robots.txt and GET /sitemap.xml (outside /api).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@common/schemas/common';
import { PublicHome } from '@common/schemas/public';
import { ok } from '../../http/envelope';
import { publicRead } from '../../http/readCache';
import { latestPublicArticles } from '../articles/queries';
import { listLiveCarousels } from '../carousels/queries';
import { listEnabledLinks } from '../friendly-links/queries';
import { listWindowUnits } from '../member-units/publicQueries';
import { listPublicNotices } from '../notices/queries';
import { buildRobots, buildSitemap } from './sitemap';

export const HOME_LIST_SIZE = 8;
export const HOME_MEMBERS = 24;

const publicHomeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/public/home',
    {
      config: { access: { public: true } },
      schema: { tags: ['公开'], summary: '首页（轮播、协会工作、协会新闻、通知公告、会员之窗、友情链接）', response: { 200: Envelope(PublicHome) } },
    },
    async (request) => ok(await publicRead(app, request, () => loadHome(app.clock().toISOString()))),
  );

  async function loadHome(now: string) {
    const [carousels, work, news, notices, members, links] = await Promise.all([
      listLiveCarousels(app.db, now),
      latestPublicArticles(app.db, 'work', HOME_LIST_SIZE, now),
      latestPublicArticles(app.db, 'news', HOME_LIST_SIZE, now),
      listPublicNotices(app.db, { current: 1, pageSize: HOME_LIST_SIZE }, now),
      listWindowUnits(app.db, HOME_MEMBERS),
      listEnabledLinks(app.db),
    ]);
    return { carousels, work, news, notices: notices.list, members, links };
  }
};

export default publicHomeRoutes;

/**
 * The crawler files live at the site root, outside the /api prefix: registered on the root
 * instance by server/app.ts (the guard only looks at /api routes).
 *
 * The addresses in them come from PUBLIC_URL (server/config.ts), and then the files may be
 * cached. Without it they can only come from the request's Host (or, behind a trusted proxy,
 * X-Forwarded-Host), which the client chooses: such a file is answered to that request alone
 * (no-store), so that no cache can hand a forged address to the next visitor or crawler.
 */
export const crawlerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const configured = app.appConfig.publicUrl;
  const addressed = (request: { protocol: string; host: string }, maxAgeSeconds: number) =>
    configured
      ? { origin: configured, cacheControl: `public, max-age=${maxAgeSeconds}` }
      : { origin: `${request.protocol}://${request.host}`, cacheControl: 'no-store' };
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const { origin, cacheControl } = addressed(request, 3600);
    return reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl).send(buildRobots(origin));
  });
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const { origin, cacheControl } = addressed(request, 600);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(await buildSitemap(app.db, origin, app.clock().toISOString()));
  });
};
