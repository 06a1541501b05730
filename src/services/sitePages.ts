/** Site pages for the public site (footer, about us, contact, disclaimer, privacy). */
import type { PublicSitePage, SitePageKey } from '@common/schemas/sitePages';
import { api, type RequestOptions } from './api';

export function getPublicSitePage(key: SitePageKey, options?: RequestOptions) {
  return api<PublicSitePage>(`/public/site-pages/${key}`, options);
}
