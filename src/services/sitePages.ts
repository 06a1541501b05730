/** Site pages for the public site (footer, about us, contact, disclaimer, privacy). */
import type { PublicSitePage, SitePageKey } from '@common/schemas/sitePages';
import { api, type RequestOptions } from './api';

/** The call's path (under /api/v1), also for src/request/firstScreen.ts's answers that came with the page. */
export const publicSitePagePath = (key: SitePageKey) => `/public/site-pages/${key}`;

export function getPublicSitePage(key: SitePageKey, options?: RequestOptions) {
  return api<PublicSitePage>(publicSitePagePath(key), options);
}
