/**
 * Site content as staff manage it (the API's `articles`, `notices`, `carousels`,
 * `friendly-links`, `site-pages`). The public reads live elsewhere, so the
 * public pages never load this module.
 */
import type {
  ArticleCreateBody,
  ArticleListItem,
  ArticleListQuery,
  ArticleRecord,
  ArticleUpdateBody,
  CarouselCreateBody,
  CarouselListItem,
  CarouselListQuery,
  CarouselRecord,
  CarouselUpdateBody,
  FriendlyLinkCreateBody,
  FriendlyLinkListItem,
  FriendlyLinkListQuery,
  FriendlyLinkRecord,
  FriendlyLinkUpdateBody,
  NoticeCreateBody,
  NoticeListItem,
  NoticeListQuery,
  NoticeRecord,
  NoticeUpdateBody,
  PublishBody,
  SitePageRecord,
  SitePageUpdateBody,
} from '@common/schemas/content';
import type { SitePageKey } from '@common/schemas/sitePages';
import { api, type RequestOptions } from './api';
import { resource } from './resource';

export const articles = resource<{
  record: ArticleRecord;
  row: ArticleListItem;
  query: ArticleListQuery;
  create: ArticleCreateBody;
  update: ArticleUpdateBody;
  action: 'publish' | 'offline';
  batch: 'publish' | 'offline' | 'delete';
}>('/articles');

export const notices = resource<{
  record: NoticeRecord;
  row: NoticeListItem;
  query: NoticeListQuery;
  create: NoticeCreateBody;
  update: NoticeUpdateBody;
  action: 'publish' | 'offline';
  batch: 'publish' | 'offline' | 'delete';
}>('/notices');

export const carousels = resource<{
  record: CarouselRecord;
  row: CarouselListItem;
  query: CarouselListQuery;
  create: CarouselCreateBody;
  update: CarouselUpdateBody;
  action: 'enable' | 'disable';
}>('/carousels');

export const friendlyLinks = resource<{
  record: FriendlyLinkRecord;
  row: FriendlyLinkListItem;
  query: FriendlyLinkListQuery;
  create: FriendlyLinkCreateBody;
  update: FriendlyLinkUpdateBody;
  action: 'enable' | 'disable';
}>('/friendly-links');

/** POST /<resource>/:id/publish: now (no time), or scheduled at a later publishAt. */
export function publishBody(publishAt?: string | null): PublishBody {
  return publishAt ? { publishAt } : {};
}

/** POST /carousels/reorder, /friendly-links/reorder: the ids in their new order (sort 10, 20, …). */
export function reorder(client: { path: string }, ids: readonly string[]) {
  return api<null>(`${client.path}/reorder`, { method: 'POST', data: { ids: [...ids] } });
}

/** What visitors would see of this HTML (the editor's preview), as the server sanitises it. */
export async function sanitize(content: string, options?: RequestOptions): Promise<string> {
  const result = await api<{ content: string }>('/articles/sanitize', { ...options, method: 'POST', data: { content } });
  return result.content;
}

export const sitePages = {
  list: (options?: RequestOptions) => api<SitePageRecord[]>('/site-pages', options),
  get: (key: SitePageKey, options?: RequestOptions) => api<SitePageRecord>(`/site-pages/${key}`, options),
  update: (key: SitePageKey, body: SitePageUpdateBody, options?: RequestOptions) =>
    api<null>(`/site-pages/${key}`, { ...options, method: 'PUT', data: body }),
};
