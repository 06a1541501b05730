/**
 * The public site's reads (/tmp/content-api.md "Public"; common/schemas/public.ts). No token is
 * needed; the server returns only published, approved and public data.
 *
 * Detail calls take `options` so that a page can pass `skipErrorHandler: true` and show its own
 * "内容不存在或已下线" instead of a toast.
 */
import type { Page } from '@common/schemas/common';
import type { DictItem } from '@common/schemas/dict';
import type {
  PublicArticle,
  PublicArticleItem,
  PublicArticleListQuery,
  PublicExpert,
  PublicExpertListQuery,
  PublicHome,
  PublicMemberUnit,
  PublicMemberUnitItem,
  PublicMemberUnitListQuery,
  PublicNotice,
  PublicNoticeItem,
  PublicNoticeListQuery,
  SearchQuery,
  SearchResult,
} from '@common/schemas/public';
import type { PublicSitePage, SitePageKey } from '@common/schemas/sitePages';
import { api, type RequestOptions } from './api';
import { getDictItems } from './dict';
import { getPublicSitePage } from './sitePages';

/** Drops empty values, so that the query string carries only what was chosen. */
function compact<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
}

/** The calls' paths (under /api/v1), also for src/request/firstScreen.ts's answers that came with the page. */
export const PUBLIC_HOME_PATH = '/public/home';
export const publicArticlePath = (id: string) => `/public/articles/${encodeURIComponent(id)}`;
export const publicNoticePath = (id: string) => `/public/notices/${encodeURIComponent(id)}`;

/** The home page in one request: carousel, latest work/news/notices, member window, links. */
export function getPublicHome(options?: RequestOptions) {
  return api<PublicHome>(PUBLIC_HOME_PATH, options);
}

export function listPublicArticles(query: PublicArticleListQuery, options?: RequestOptions) {
  return api<Page<PublicArticleItem>>('/public/articles', { ...options, params: compact(query) });
}

/** One article with its neighbours; counts one view per visitor and day on the server. */
export function getPublicArticle(id: string, options?: RequestOptions) {
  return api<PublicArticle>(publicArticlePath(id), options);
}

export function listPublicNotices(query: PublicNoticeListQuery, options?: RequestOptions) {
  return api<Page<PublicNoticeItem>>('/public/notices', { ...options, params: compact(query) });
}

export function getPublicNotice(id: string, options?: RequestOptions) {
  return api<PublicNotice>(publicNoticePath(id), options);
}

export function listPublicMemberUnits(query: PublicMemberUnitListQuery, options?: RequestOptions) {
  return api<Page<PublicMemberUnitItem>>('/public/member-units', { ...options, params: compact(query) });
}

/** One unit shown in the window, with its approved public cases. */
export function getPublicMemberUnit(id: string, options?: RequestOptions) {
  return api<PublicMemberUnit>(`/public/member-units/${encodeURIComponent(id)}`, options);
}

/** Public, active experts; phone and e-mail arrive masked. */
export function listPublicExperts(query: PublicExpertListQuery, options?: RequestOptions) {
  return api<Page<PublicExpert>>('/public/experts', { ...options, params: compact(query) });
}

export function searchSite(query: SearchQuery, options?: RequestOptions) {
  return api<SearchResult>('/public/search', { ...options, params: compact(query) });
}

/** About, contact, footer, disclaimer, privacy (GET /public/site-pages/:key). */
export function getSitePage(key: SitePageKey, options?: RequestOptions): Promise<PublicSitePage> {
  return getPublicSitePage(key, options);
}

/** The public dictionaries the filters use (GET /dict/item/:code, cached for the session). */
export function getPublicDict(code: 'member_level' | 'specialty'): Promise<DictItem[]> {
  return getDictItems(code);
}
