/** Site pages as stored (about, contact, footer, disclaimer, privacy) and as the API shows them. */
import type { SitePageRecord } from '@common/schemas/content';
import { SITE_PAGE_KEYS, type PublicSitePage, type SitePageData } from '@common/schemas/sitePages';
import type { DbOrTrx, SitePageRow } from '../../db/types';

/** `data` is JSON text; a page saved without structured fields (or with broken JSON) has none. */
export function parseData(text: string): SitePageData {
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

export function findSitePageRow(db: DbOrTrx, key: string): Promise<SitePageRow | undefined> {
  return db.selectFrom('site_pages').selectAll().where('key', '=', key as SitePageRow['key']).executeTakeFirst();
}

export async function findSitePage(db: DbOrTrx, key: string): Promise<SitePageRecord | undefined> {
  const page = await findSitePageRow(db, key);
  return page && toRecord(page);
}

/** What the public site reads of a page: everything but the editor's version. */
export async function findPublicSitePage(db: DbOrTrx, key: string): Promise<PublicSitePage | undefined> {
  const page = await findSitePage(db, key);
  if (!page) return undefined;
  const { version: _version, ...rest } = page;
  return rest;
}

/** Every page, in the order the editor offers them. */
export async function listSitePages(db: DbOrTrx): Promise<SitePageRecord[]> {
  const rows = await db.selectFrom('site_pages').selectAll().execute();
  rows.sort((a, b) => SITE_PAGE_KEYS.indexOf(a.key) - SITE_PAGE_KEYS.indexOf(b.key));
  return rows.map(toRecord);
}
