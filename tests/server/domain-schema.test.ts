/** Migration 0002_domain on a fresh database, on every available dialect. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../../server/db/index';
import { migrateToLatest } from '../../server/db/migrations/index';
import { dialects, openTestDatabase } from './helpers';

const DOMAIN_TABLES = [
  'member_units', 'practitioners', 'experts', 'expert_specialties', 'unit_changes', 'unit_change_steps',
  'articles', 'notices', 'carousels', 'friendly_links', 'site_pages', 'projects', 'project_members',
  'annual_inspection_years', 'annual_inspections', 'cases', 'certificates', 'reviews', 'file_attachments',
];

describe.each(dialects)('migration 0002_domain (%s)', (dialect) => {
  let db: AppDb;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase(dialect));
    await migrateToLatest(db);
  });
  afterAll(async () => dispose());

  it('creates every domain table', async () => {
    const tables = await db.kysely.introspection.getTables();
    const names = new Set(tables.map((t) => t.name));
    for (const t of DOMAIN_TABLES) expect(names, t).toContain(t);
  });

  it('is recorded once and a second run does nothing', async () => {
    await migrateToLatest(db);
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.kysely);
    expect(rows.rows.map((r) => r.name)).toEqual(['0001_core', '0002_domain']);
  });
});
