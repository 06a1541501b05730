/** Migration 0002_domain on a fresh database, on every available dialect: tables, keys, constraints. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../../server/db/index';
import { migrateToLatest, migrationNames } from '../../server/db/migrations/index';
import type { NewMemberUnit, NewPractitioner } from '../../server/db/types';
import { dialects, openTestDatabase } from './helpers';

const DOMAIN_TABLES = [
  'member_units', 'practitioners', 'experts', 'expert_specialties', 'unit_changes', 'unit_change_steps',
  'articles', 'notices', 'carousels', 'friendly_links', 'site_pages', 'projects', 'project_members',
  'annual_inspection_years', 'annual_inspections', 'cases', 'certificates', 'reviews', 'file_attachments',
];

const NOW = '2026-01-01T00:00:00.000Z';
const audit = { version: 0, created_at: NOW, created_by: null, updated_at: NOW, updated_by: null };

const unit = (id: string, creditCode: string): NewMemberUnit => ({
  id,
  name: `单位${id}`,
  credit_code: creditCode,
  legal_representative: '张三',
  contact_person: '李四',
  contact_phone: '0571-88886666',
  show_in_window: 0,
  status: 'pending',
  ...audit,
});

const person = (id: string, unitId: string, idCardNo: string, status: NewPractitioner['status']): NewPractitioner => ({
  id,
  name: `人员${id}`,
  // The uniqueness rule lives on the keyed hash since 0004; any distinct text stands in for it here.
  id_card_enc: `enc:${idCardNo}`,
  id_card_hash: idCardNo,
  unit_id: unitId,
  training_hours: 0,
  status,
  ...audit,
});

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
    // Every migration the code knows, once each and in order (server/db/migrations/index.ts).
    expect(rows.rows.map((r) => r.name)).toEqual([...migrationNames]);
    expect(migrationNames.slice(0, 3)).toEqual(['0001_core', '0002_domain', '0003_content']);
  });

  it('fills the defaults (version 0, status pending, flags) for a minimal row', async () => {
    await sql`insert into member_units (id, name, credit_code, legal_representative, contact_person, contact_phone, created_at, updated_at)
      values ('u-defaults', '默认值单位', '91330100DEFAULT001', '甲', '乙', '0571-1', ${NOW}, ${NOW})`.execute(db.kysely);
    const row = await db.kysely.selectFrom('member_units').selectAll().where('id', '=', 'u-defaults').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ version: 0, status: 'pending', show_in_window: 0, member_no: null, pending_change: null });
  });

  it('enforces a unique credit code and a unique member number', async () => {
    await db.kysely.insertInto('member_units').values(unit('u-a', '91330106MA2CJ7K1XX')).execute();
    await expect(db.kysely.insertInto('member_units').values(unit('u-b', '91330106MA2CJ7K1XX')).execute()).rejects.toThrow();
    await db.kysely.insertInto('member_units').values({ ...unit('u-c', '91330106MA2CJ7K2XX'), member_no: 'HY2026001' }).execute();
    await expect(
      db.kysely.insertInto('member_units').values({ ...unit('u-d', '91330106MA2CJ7K3XX'), member_no: 'HY2026001' }).execute(),
    ).rejects.toThrow();
    // Many units may wait for a member number at once.
    await db.kysely.insertInto('member_units').values([unit('u-e', '91330106MA2CJ7K4XX'), unit('u-f', '91330106MA2CJ7K5XX')]).execute();
  });

  it('allows one live record per ID number, while rejected and left records stay as history', async () => {
    const id = '330106198503120013';
    await db.kysely.insertInto('practitioners').values(person('p-left', 'u-a', id, 'left')).execute();
    await db.kysely.insertInto('practitioners').values(person('p-rejected', 'u-a', id, 'rejected')).execute();
    await db.kysely.insertInto('practitioners').values(person('p-live', 'u-c', id, 'approved')).execute();
    await expect(db.kysely.insertInto('practitioners').values(person('p-dup', 'u-e', id, 'pending')).execute()).rejects.toThrow();
    // Leaving frees the number for a new registration.
    await db.kysely.updateTable('practitioners').set({ status: 'left' }).where('id', '=', 'p-live').execute();
    await db.kysely.insertInto('practitioners').values(person('p-again', 'u-e', id, 'pending')).execute();
  });

  it('refuses to delete a unit that has practitioners (ON DELETE RESTRICT) and cascades pure children', async () => {
    await expect(db.kysely.deleteFrom('member_units').where('id', '=', 'u-a').execute()).rejects.toThrow();
    await db.kysely.insertInto('experts').values({ id: 'e-1', name: '专家', public: 1, active: 1, sort: 0, ...audit }).execute();
    await db.kysely.insertInto('expert_specialties').values([{ expert_id: 'e-1', specialty: 'law' }, { expert_id: 'e-1', specialty: 'economics' }]).execute();
    await db.kysely.deleteFrom('experts').where('id', '=', 'e-1').execute();
    expect(await db.kysely.selectFrom('expert_specialties').selectAll().where('expert_id', '=', 'e-1').execute()).toEqual([]);
  });

  it('refuses references to missing rows and files', async () => {
    await expect(db.kysely.insertInto('practitioners').values(person('p-orphan', 'no-such-unit', '110101199003070011', 'pending')).execute()).rejects.toThrow();
    await expect(
      db.kysely
        .insertInto('file_attachments')
        .values({ id: 'fa-1', owner_type: 'unit', owner_id: 'u-a', slot: 'business_licence', file_id: 'no-such-file', sort: 0, created_at: NOW, created_by: null })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.kysely
        .insertInto('annual_inspections')
        .values({ id: 'ai-1', year: 1999, subject_type: 'unit', subject_id: 'u-a', subject_name: '单位', unit_id: 'u-a', status: 'not_submitted', ...audit })
        .execute(),
    ).rejects.toThrow();
  });

  it('records attachments per owner and keeps one inspection per subject and year', async () => {
    await db.kysely
      .insertInto('stored_files')
      .values({ file_id: 'f-1', original_name: '营业执照.pdf', size: 10, content_type: 'application/pdf', md5: 'x', storage_key: 'k', uploader_id: null, created_at: NOW })
      .execute();
    await db.kysely
      .insertInto('file_attachments')
      .values({ id: 'fa-2', owner_type: 'unit', owner_id: 'u-a', slot: 'business_licence', file_id: 'f-1', sort: 0, created_at: NOW, created_by: null })
      .execute();
    const files = await db.kysely.selectFrom('file_attachments').select('file_id').where('owner_type', '=', 'unit').where('owner_id', '=', 'u-a').execute();
    expect(files).toEqual([{ file_id: 'f-1' }]);
    // A file with attachments cannot be deleted from under them.
    await expect(db.kysely.deleteFrom('stored_files').where('file_id', '=', 'f-1').execute()).rejects.toThrow();

    await db.kysely.insertInto('annual_inspection_years').values({ id: 'y-2026', year: 2026, deadline: '2026-12-31', status: 'open', opened_by: null, opened_at: NOW, ...audit }).execute();
    const inspection = { year: 2026, subject_type: 'unit' as const, subject_id: 'u-a', subject_name: '单位', unit_id: 'u-a', status: 'not_submitted' as const, ...audit };
    await db.kysely.insertInto('annual_inspections').values({ id: 'ai-2', ...inspection }).execute();
    await expect(db.kysely.insertInto('annual_inspections').values({ id: 'ai-3', ...inspection }).execute()).rejects.toThrow();
  });
});
