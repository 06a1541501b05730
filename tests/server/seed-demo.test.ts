/** The demo data set (seedDemo → seedDemoData) on a real database, on every available dialect. */
import { checkPasswordStrength } from '@common/passwordPolicy';
import { checkCreditCode, checkIdCardNo, checkPhone } from '@common/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../../server/db/index';
import { migrateToLatest } from '../../server/db/migrations/index';
import { DEMO_PRACTITIONER_ID, DEMO_UNIT_ID, seedDemo } from '../../server/db/seed/demo';
import { DEMO_ACCOUNT_NAMES, DEMO_PASSWORD } from '../../server/db/seed/demoAccounts';
import { makeCreditCode, makeIdCardNo } from '../../server/db/seed/demoData';
import { seedBase } from '../../server/db/seed/index';
import { loadConfig } from '../../server/config';
import type { FieldCipher } from '../../server/pii/cipher';
import { idCardHash } from '../../server/pii/fields';
import { loadFieldCipher } from '../../server/pii/keys';
import type { Database } from '../../server/db/types';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, dialects, openTestDatabase } from './helpers';

const TABLES = [
  'member_units', 'practitioners', 'experts', 'expert_specialties', 'unit_changes', 'unit_change_steps',
  'articles', 'notices', 'carousels', 'friendly_links', 'site_pages', 'projects', 'project_members',
  'annual_inspection_years', 'annual_inspections', 'cases', 'certificates', 'reviews', 'accounts', 'roles',
] as const satisfies readonly (keyof Database)[];

async function counts(db: AppDb): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const row = await db.kysely.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}

describe('demo code and number makers', () => {
  it('make credit codes and ID numbers the shared validators accept', () => {
    expect(checkCreditCode(makeCreditCode('91', '330106', 'MA2CJ7K1'))).toBeUndefined();
    expect(checkIdCardNo(makeIdCardNo('330106', '19850312', 1, true))).toBeUndefined();
    // The 17th digit is odd for a man, even for a woman (GB 11643).
    expect(Number(makeIdCardNo('330106', '19850312', 3, true)[16]) % 2).toBe(1);
    expect(Number(makeIdCardNo('330106', '19850312', 3, false)[16]) % 2).toBe(0);
  });
});

describe('the demo password', () => {
  // README.md gives it; a demo user who sets it again (修改密码) must not be refused.
  it.each([
    ['demo_staff', DEMO_ACCOUNT_NAMES.staff],
    ['demo_unit', DEMO_ACCOUNT_NAMES.unit],
    ['demo_practitioner', DEMO_ACCOUNT_NAMES.practitioner],
  ])('passes the password rule for %s', async (loginAccount, name) => {
    expect(await checkPasswordStrength(DEMO_PASSWORD, loginAccount, [name])).toBeUndefined();
  });
});

describe.each(dialects)('demo data (%s)', (dialect) => {
  let db: AppDb;
  let dispose: () => Promise<void>;
  let first: Record<string, number>;
  let pii: FieldCipher;

  beforeAll(async () => {
    let dataDir: string;
    ({ db, dispose, dataDir } = await openTestDatabase(dialect));
    await migrateToLatest(db);
    await seedBase(db.kysely, { adminAccount: ADMIN_ACCOUNT, adminPassword: ADMIN_PASSWORD });
    pii = await loadFieldCipher(loadConfig({ DATA_DIR: dataDir }), db.kysely);
    await seedDemo(db.kysely, new Date(), { pii });
    first = await counts(db);
  });
  afterAll(async () => dispose());

  it('fills every table with a realistic amount of data', () => {
    expect(first.member_units).toBeGreaterThanOrEqual(8);
    expect(first.practitioners).toBeGreaterThanOrEqual(25);
    expect(first.experts).toBeGreaterThanOrEqual(15);
    expect(first.articles).toBeGreaterThanOrEqual(20);
    expect(first.notices).toBeGreaterThanOrEqual(5);
    expect(first.carousels).toBe(3);
    expect(first.friendly_links).toBeGreaterThanOrEqual(6);
    expect(first.projects).toBeGreaterThanOrEqual(10);
    expect(first.cases).toBeGreaterThanOrEqual(6);
    for (const t of TABLES) expect(first[t], t).toBeGreaterThan(0);
  });

  it('is idempotent: running both seeds again changes no row count', async () => {
    await seedBase(db.kysely, { adminAccount: ADMIN_ACCOUNT, adminPassword: ADMIN_PASSWORD });
    await seedDemo(db.kysely, new Date(), { pii });
    expect(await counts(db)).toEqual(first);
  });

  it('does not overwrite a demo row someone edited', async () => {
    await db.kysely.updateTable('articles').set({ title: '已编辑的标题', version: 1 }).where('id', '=', 'demo-article-1').execute();
    await seedDemo(db.kysely, new Date(), { pii });
    const row = await db.kysely.selectFrom('articles').select(['title', 'version']).where('id', '=', 'demo-article-1').executeTakeFirstOrThrow();
    expect(row).toEqual({ title: '已编辑的标题', version: 1 });
  });

  it('uses only credit codes and ID numbers that pass the shared validators', async () => {
    const units = await db.kysely.selectFrom('member_units').select(['name', 'credit_code']).execute();
    for (const u of units) expect(checkCreditCode(u.credit_code), `${u.name} ${u.credit_code}`).toBeUndefined();
    const rows = await db.kysely.selectFrom('practitioners').select(['name', 'id_card_enc', 'id_card_hash']).execute();
    const people = rows.map((r) => ({ name: r.name, idCardNo: pii.decrypt(r.id_card_enc), hash: r.id_card_hash }));
    for (const p of people) expect(checkIdCardNo(p.idCardNo), `${p.name} ${p.idCardNo}`).toBeUndefined();
    expect(new Set(people.map((p) => p.idCardNo)).size).toBe(people.length);
    // The stored value is the ciphertext, and the keyed hash is the one the uniqueness rule uses.
    for (const r of rows) expect(r.id_card_enc.startsWith('pii1:gcm:')).toBe(true);
    for (const p of people) expect(p.hash).toBe(idCardHash(pii, p.idCardNo));
  });

  it('uses phone numbers the shared validator accepts', async () => {
    const phones = [
      ...(await db.kysely.selectFrom('member_units').select('contact_phone as phone').execute()),
      ...(await db.kysely.selectFrom('practitioners').select('phone_enc').execute()).map((r) => ({
        phone: r.phone_enc ? pii.decrypt(r.phone_enc) : null,
      })),
      ...(await db.kysely.selectFrom('experts').select('phone').execute()),
    ].map((r) => r.phone ?? '');
    for (const phone of phones) expect(checkPhone(phone), phone).toBeUndefined();
  });

  it('points the demo unit and practitioner accounts at existing approved rows', async () => {
    const unitAccount = await db.kysely.selectFrom('accounts').selectAll().where('login_account', '=', 'demo_unit').executeTakeFirstOrThrow();
    expect(unitAccount.unit_id).toBe(DEMO_UNIT_ID);
    const unit = await db.kysely.selectFrom('member_units').selectAll().where('id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow();
    expect(unit).toMatchObject({ status: 'approved', show_in_window: 1 });
    expect(unit.member_no).toMatch(/^HY\d{7}$/);

    const personAccount = await db.kysely.selectFrom('accounts').selectAll().where('login_account', '=', 'demo_practitioner').executeTakeFirstOrThrow();
    expect(personAccount.practitioner_id).toBe(DEMO_PRACTITIONER_ID);
    const person = await db.kysely.selectFrom('practitioners').selectAll().where('id', '=', DEMO_PRACTITIONER_ID).executeTakeFirstOrThrow();
    expect(person).toMatchObject({ status: 'approved', unit_id: DEMO_UNIT_ID });
    expect(personAccount.unit_id).toBe(person.unit_id);
    const cert = await db.kysely.selectFrom('certificates').selectAll().where('number', '=', person.certificate_no ?? '').executeTakeFirstOrThrow();
    expect(cert).toMatchObject({ kind: 'practitioner', holder_id: DEMO_PRACTITIONER_ID, status: 'valid' });
  });

  it('keeps money as integer fen, returned as a number on both dialects', async () => {
    const unit = await db.kysely.selectFrom('member_units').select('registered_capital_fen').where('id', '=', 'demo-unit-2').executeTakeFirstOrThrow();
    expect(unit.registered_capital_fen).toBe(1000 * 1_000_000);
    const project = await db.kysely.selectFrom('projects').select('investment_fen').where('id', '=', 'demo-project-3').executeTakeFirstOrThrow();
    expect(project.investment_fen).toBe(862000 * 1_000_000);
  });

  it('covers the statuses a first look needs', async () => {
    const statuses = async (table: 'member_units' | 'practitioners' | 'projects' | 'annual_inspections' | 'cases' | 'unit_changes') =>
      new Set((await db.kysely.selectFrom(table).select('status').execute()).map((r) => r.status as string));
    expect([...(await statuses('member_units'))]).toEqual(expect.arrayContaining(['approved', 'pending', 'rejected']));
    expect([...(await statuses('practitioners'))]).toEqual(expect.arrayContaining(['approved', 'pending', 'rejected', 'left']));
    expect([...(await statuses('projects'))]).toEqual(expect.arrayContaining(['draft', 'submitted', 'filed', 'returned']));
    expect([...(await statuses('annual_inspections'))]).toEqual(
      expect.arrayContaining(['not_submitted', 'submitted', 'passed', 'failed', 'returned', 'resubmitted']),
    );
    expect([...(await statuses('cases'))]).toEqual(expect.arrayContaining(['pending', 'approved', 'rejected']));
    expect([...(await statuses('unit_changes'))]).toEqual(expect.arrayContaining(['requested', 'released', 'approved', 'rejected']));
    const articles = await db.kysely.selectFrom('articles').select(['category', 'status', 'publish_at']).execute();
    expect(new Set(articles.map((a) => a.category))).toEqual(new Set(['work', 'news', 'industry', 'download']));
    expect(articles.filter((a) => a.status === 'draft')).toHaveLength(1);
    expect(articles.filter((a) => a.status === 'offline')).toHaveLength(1);
    for (const a of articles.filter((x) => x.status === 'published')) expect(a.publish_at).toMatch(/^202[56]-/);
  });

  it('gives every rejected record a reason and every approved unit and practitioner a certificate', async () => {
    const rejectedUnits = await db.kysely.selectFrom('member_units').select('reject_reason').where('status', '=', 'rejected').execute();
    for (const u of rejectedUnits) expect(u.reject_reason).toBeTruthy();
    const approvedUnits = await db.kysely.selectFrom('member_units').select(['id', 'member_no']).where('status', '=', 'approved').execute();
    for (const u of approvedUnits) {
      expect(u.member_no).toBeTruthy();
      const cert = await db.kysely.selectFrom('certificates').select('status').where('holder_type', '=', 'unit').where('holder_id', '=', u.id).executeTakeFirst();
      expect(cert, u.id).toBeDefined();
    }
    const approved = await db.kysely.selectFrom('practitioners').select(['id', 'certificate_no', 'unit_id']).where('status', '=', 'approved').execute();
    for (const p of approved) {
      const cert = await db.kysely.selectFrom('certificates').selectAll().where('number', '=', p.certificate_no ?? '').executeTakeFirst();
      expect(cert, p.id).toMatchObject({ holder_id: p.id, unit_id: p.unit_id });
    }
  });

  it('has a pending review for every item that waits for the association', async () => {
    const pending = await db.kysely.selectFrom('reviews').select(['what', 'subject_id']).where('status', '=', 'pending').execute();
    const has = (what: string, id: string) => pending.some((r) => r.what === what && r.subject_id === id);

    for (const u of await db.kysely.selectFrom('member_units').select(['id', 'status', 'pending_change']).execute()) {
      if (u.status === 'pending') expect(has('registration', u.id), u.id).toBe(true);
      if (u.pending_change) expect(has('info_change', u.id), u.id).toBe(true);
    }
    for (const p of await db.kysely.selectFrom('practitioners').select('id').where('status', '=', 'pending').execute()) {
      expect(has('practitioner', p.id), p.id).toBe(true);
    }
    for (const c of await db.kysely.selectFrom('unit_changes').select('id').where('status', '=', 'released').execute()) {
      expect(has('unit_change', c.id), c.id).toBe(true);
    }
    for (const i of await db.kysely.selectFrom('annual_inspections').select('id').where('status', 'in', ['submitted', 'resubmitted']).execute()) {
      expect(has('annual_inspection', i.id), i.id).toBe(true);
    }
    for (const p of await db.kysely.selectFrom('projects').select('id').where('status', '=', 'submitted').execute()) {
      expect(has('project', p.id), p.id).toBe(true);
    }
    for (const c of await db.kysely.selectFrom('cases').select('id').where('status', '=', 'pending').execute()) {
      expect(has('case', c.id), c.id).toBe(true);
    }
    // And nothing pending that is not actually waiting.
    expect(pending.length).toBeGreaterThanOrEqual(8);
  });

  it('keeps the unit-change history in order', async () => {
    const steps = await db.kysely
      .selectFrom('unit_change_steps')
      .select(['step', 'at'])
      .where('unit_change_id', '=', 'demo-unit-change-2')
      .orderBy('id')
      .execute();
    expect(steps.map((s) => s.step)).toEqual(['requested', 'released', 'approved']);
    const moved = await db.kysely.selectFrom('practitioners').select('unit_id').where('id', '=', 'demo-practitioner-22').executeTakeFirstOrThrow();
    expect(moved.unit_id).toBe('demo-unit-6');
  });
});
