/** The base seed's site pages: present after every start, never overwriting staff edits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../../server/db/index';
import { migrateToLatest } from '../../server/db/migrations/index';
import { seedBase } from '../../server/db/seed/index';
import { ASSOCIATION_NAME } from '../../server/db/seed/sitePages';
import { SITE_PAGE_KEYS, type SitePageData } from '../../server/db/domainTypes';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, dialects, openTestDatabase } from './helpers';

describe.each(dialects)('site pages in the base seed (%s)', (dialect) => {
  let db: AppDb;
  let dispose: () => Promise<void>;
  const seed = () => seedBase(db.kysely, { adminAccount: ADMIN_ACCOUNT, adminPassword: ADMIN_PASSWORD });

  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase(dialect));
    await migrateToLatest(db);
    await seed();
  });
  afterAll(async () => dispose());

  it('creates about, contact, footer, disclaimer and privacy with Chinese content', async () => {
    const pages = await db.kysely.selectFrom('site_pages').selectAll().orderBy('key').execute();
    expect(pages.map((p) => p.key).sort()).toEqual([...SITE_PAGE_KEYS].sort());
    for (const p of pages) {
      expect(p.title).toMatch(/[\u4e00-\u9fa5]/);
      if (p.key !== 'footer') expect(p.content).toMatch(/<p>[^<]*[\u4e00-\u9fa5]/);
      expect(() => JSON.parse(p.data) as unknown).not.toThrow();
    }
  });

  it('gives the footer its structured fields', async () => {
    const footer = await db.kysely.selectFrom('site_pages').select('data').where('key', '=', 'footer').executeTakeFirstOrThrow();
    const data = JSON.parse(footer.data) as SitePageData;
    expect(data.associationName).toBe(ASSOCIATION_NAME);
    expect(data.postalAddress).toBeTruthy();
    expect(data.phone).toMatch(/^\(0\d{2,3}\) \d{4} \d{4}$/);
    expect(data.icpNumber).toMatch(/ICP备\d+号/);
  });

  it('keeps staff edits on the next start and restores only a missing page', async () => {
    await db.kysely
      .updateTable('site_pages')
      .set({ content: '<p>协会自己写的简介</p>', version: 3 })
      .where('key', '=', 'about')
      .execute();
    await db.kysely.updateTable('site_pages').set({ content: '' }).where('key', '=', 'privacy').execute();
    await db.kysely.deleteFrom('site_pages').where('key', '=', 'disclaimer').execute();
    await seed();
    const pages = await db.kysely.selectFrom('site_pages').select(['key', 'content', 'version']).execute();
    const byKey = new Map(pages.map((p) => [p.key, p]));
    expect(byKey.get('about')).toMatchObject({ content: '<p>协会自己写的简介</p>', version: 3 });
    expect(byKey.get('privacy')?.content).toBe('');
    expect(byKey.get('disclaimer')?.content).toContain('本网站由');
    expect(pages).toHaveLength(SITE_PAGE_KEYS.length);
  });
});
