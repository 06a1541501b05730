/** robots.txt and sitemap.xml, built from the menu table and the database. */
import { PUBLIC_PAGES } from '@common/menu';
import { liveArticle, liveNotice } from '../../content/publishing';
import type { DbOrTrx } from '../../db/types';

/** The sitemap protocol's limit per file; a city association stays far below it. */
const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

export function buildRobots(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /Manage', 'Disallow: /api/', 'Disallow: /login', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export async function buildSitemap(db: DbOrTrx, origin: string, now: string): Promise<string> {
  const urls: { loc: string; lastmod?: string }[] = [];
  // The public menu's pages (not the detail and search pages, which have no content of their own).
  for (const page of PUBLIC_PAGES) {
    if (page.path === '/FrontPage/detail' || page.path === '/FrontPage/search') continue;
    urls.push({ loc: page.path });
  }
  urls.push({ loc: '/FrontPage/detail?page=disclaimer' }, { loc: '/FrontPage/detail?page=privacy' });
  const articles = await db
    .selectFrom('articles')
    .select(['id', 'updated_at'])
    .where((eb) => liveArticle(eb, now))
    .orderBy('publish_at', 'desc')
    .limit(SITEMAP_MAX_URLS)
    .execute();
  for (const a of articles) urls.push({ loc: `/FrontPage/detail/${encodeURIComponent(a.id)}`, lastmod: a.updated_at });
  const notices = await db
    .selectFrom('notices')
    .select(['id', 'updated_at'])
    .where((eb) => liveNotice(eb, now))
    .orderBy('publish_at', 'desc')
    .limit(SITEMAP_MAX_URLS)
    .execute();
  for (const n of notices) urls.push({ loc: `/FrontPage/detail/${encodeURIComponent(n.id)}?type=notice`, lastmod: n.updated_at });
  const units = await db
    .selectFrom('member_units')
    .select(['id', 'updated_at'])
    .where('status', '=', 'approved')
    .where('show_in_window', '=', 1)
    .execute();
  for (const u of units) urls.push({ loc: `/FrontPage/member-unit/${encodeURIComponent(u.id)}`, lastmod: u.updated_at });

  const body = urls
    .slice(0, SITEMAP_MAX_URLS)
    .map((u) => `  <url><loc>${escapeXml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
