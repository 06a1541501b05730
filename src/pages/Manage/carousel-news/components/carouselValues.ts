/** A carousel item between its record, the form's values and the API's body. */
import type { RuleObject } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import type { CarouselCreateBody, CarouselRecord } from '@common/schemas/content';
import type { FileUploadItem } from '@/components/FileUpload/types';
import { fromIso, toIso } from '@/components/ListPage/format';
import { filesToItems, isHttpUrl, isSitePath, itemIds } from '@/components/ListPage/formValues';

/** Where a click on the slide goes: nowhere, an article, another in-site page, or a web address. */
export type LinkType = 'none' | 'article' | 'path' | 'url';

/** A published article's public address (/FrontPage/detail/<id>). */
export const ARTICLE_LINK_PREFIX = '/FrontPage/detail/';

export interface CarouselValues {
  title: string;
  image: FileUploadItem[];
  linkType: LinkType;
  articleId?: string;
  path?: string;
  url?: string;
  /** [from, until]; either end may be empty (no limit). */
  showWindow?: [Dayjs | null, Dayjs | null] | null;
  enabled: boolean;
  sort?: number | null;
}

export const CAROUSEL_INITIAL_VALUES: Partial<CarouselValues> = { image: [], linkType: 'none', enabled: true };

/** What kind of link a stored value is. */
export function linkTypeOf(link: string | null): { linkType: LinkType; articleId?: string; path?: string; url?: string } {
  if (!link) return { linkType: 'none' };
  if (link.startsWith(ARTICLE_LINK_PREFIX) && /^[^/?#]+$/.test(link.slice(ARTICLE_LINK_PREFIX.length))) {
    return { linkType: 'article', articleId: link.slice(ARTICLE_LINK_PREFIX.length) };
  }
  if (isSitePath(link)) return { linkType: 'path', path: link };
  return { linkType: 'url', url: link };
}

export function toCarouselValues(record: CarouselRecord): CarouselValues {
  const from = fromIso(record.showFrom) ?? null;
  const until = fromIso(record.showUntil) ?? null;
  return {
    title: record.title,
    image: filesToItems([record.image]),
    ...linkTypeOf(record.link),
    showWindow: from || until ? [from, until] : null,
    enabled: record.enabled,
    sort: record.sort,
  };
}

function linkOf(values: CarouselValues): string | null {
  switch (values.linkType) {
    case 'article':
      return values.articleId ? `${ARTICLE_LINK_PREFIX}${values.articleId}` : null;
    case 'path':
      return values.path?.trim() || null;
    case 'url':
      return values.url?.trim() || null;
    default:
      return null;
  }
}

export function toCarouselBody(values: CarouselValues): CarouselCreateBody {
  const [from, until] = values.showWindow ?? [null, null];
  return {
    title: values.title.trim(),
    imageFileId: itemIds(values.image)[0] ?? null,
    link: linkOf(values),
    showFrom: toIso(from),
    showUntil: toIso(until),
    enabled: !!values.enabled,
    ...(typeof values.sort === 'number' ? { sort: values.sort } : {}),
  };
}

/** http:// or https:// only: javascript:, data: and the like are refused, as by the server. */
export const webLinkRule: RuleObject = {
  validator: (_rule, value: string | undefined) => {
    const v = value?.trim() ?? '';
    if (!v) return Promise.reject(new Error('请输入链接地址'));
    return isHttpUrl(v) ? Promise.resolve() : Promise.reject(new Error('链接必须以 http:// 或 https:// 开头'));
  },
};

export const sitePathRule: RuleObject = {
  validator: (_rule, value: string | undefined) => {
    const v = value?.trim() ?? '';
    if (!v) return Promise.reject(new Error('请输入站内路径'));
    return isSitePath(v) ? Promise.resolve() : Promise.reject(new Error('站内路径须以 / 开头且不含空格，如 /FrontPage/notice'));
  },
};
