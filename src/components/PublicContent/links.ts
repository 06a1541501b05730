/**
 * The public site's addresses (/tmp/content-api.md "Public URLs of the site") and the list
 * each kind of item belongs to, with titles from the one table of pages (common/menu.ts).
 */
import { findPage } from '@common/menu';
import type { ArticleCategoryValue } from '@common/schemas/content';

export interface ListPlace {
  title: string;
  /** No public list shows this category (行业动态 articles are found by search). */
  path?: string;
}

const place = (path: string): ListPlace => ({ title: findPage(path)?.title ?? '', path });

export const WORK_LIST_PATH = '/FrontPage/association-work';
export const NEWS_LIST_PATH = '/FrontPage/comprehensive-information/association-news';
export const NOTICE_LIST_PATH = '/FrontPage/notice';
export const DOWNLOAD_LIST_PATH = '/FrontPage/download';
export const MEMBER_LIST_PATH = '/FrontPage/member-unit';
export const EXPERT_LIST_PATH = '/FrontPage/comprehensive-information/industry-dynamics';

export const ARTICLE_LISTS: Record<ArticleCategoryValue, ListPlace> = {
  work: place(WORK_LIST_PATH),
  news: place(NEWS_LIST_PATH),
  industry: { title: '行业动态' },
  download: place(DOWNLOAD_LIST_PATH),
};

export const NOTICE_LIST: ListPlace = place(NOTICE_LIST_PATH);
export const MEMBER_LIST: ListPlace = place(MEMBER_LIST_PATH);

export function articleListOf(category: string): ListPlace {
  return (ARTICLE_LISTS as Record<string, ListPlace | undefined>)[category] ?? { title: '新闻资讯' };
}

export const articleHref = (id: string) => `/FrontPage/detail/${encodeURIComponent(id)}`;
export const noticeHref = (id: string) => `/FrontPage/detail/${encodeURIComponent(id)}?type=notice`;
export const memberUnitHref = (id: string) => `/FrontPage/member-unit/${encodeURIComponent(id)}`;
