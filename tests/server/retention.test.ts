/**
 * Retention (server/pii/retention.ts): a practitioner who left, or a registration rejected,
 * more than PERSONAL_DATA_RETENTION_DAYS ago is anonymised; their files leave the disk unless
 * another record still uses them (the same file, or the same content by MD5); the certificate
 * keeps its number and verifies as revoked; a second run changes nothing; recent records stay.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCertificate } from '@common/schemas/certificates';
import { DEMO_PASSWORD, DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { FileStorage } from '../../server/files/storage';
import { runDailyJobs } from '../../server/jobs';
import { encryptPractitionerPii, readPii } from '../../server/pii';
import { anonymisedName, anonymiseExpiredPersonalData, RETENTION_REVOKE_REASON } from '../../server/pii/retention';
import { pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const DAY = 86_400_000;

describe('anonymisedName', () => {
  it('keeps the surname, compound ones whole', () => {
    expect(anonymisedName('张三')).toBe('张*');
    expect(anonymisedName('欧阳娜娜')).toBe('欧阳*');
    expect(anonymisedName('欧阳')).toBe('欧*');
    expect(anonymisedName('张*')).toBe('张*');
  });
});

describe.each(dialects)('retention of personal data on %s', (dialect) => {
  let t: TestContext;
  let unit: string;
  const ids = { old: '', recent: '', peer: '' };
  const files: Record<'photo' | 'sharedDiploma' | 'sameContent' | 'unitLicence', { fileId: string; path: string }> = {
    photo: { fileId: '', path: '' },
    sharedDiploma: { fileId: '', path: '' },
    sameContent: { fileId: '', path: '' },
    unitLicence: { fileId: '', path: '' },
  };
  let certificateNo = '';
  let rejectedUnitId = '';
  let recentRejectedUnitId = '';

  const db = () => t.db.kysely;
  const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * DAY);
  const run = () =>
    anonymiseExpiredPersonalData(db(), { now: t.clock.now(), retentionDays: 1095, files: new FileStorage(t.config.dataDir), log: t.app });

  async function uploaded(content: Buffer, name: string): Promise<{ fileId: string; path: string }> {
    const res = await upload<{ fileId: string }>(t, unit, content, { name });
    expect(res.body.status).toBe(1);
    const row = await db().selectFrom('stored_files').select('storage_key').where('file_id', '=', res.body.data.fileId).executeTakeFirstOrThrow();
    return { fileId: res.body.data.fileId, path: path.join(t.config.dataDir, row.storage_key) };
  }

  async function attach(ownerType: 'practitioner' | 'unit', ownerId: string, slot: string, fileId: string) {
    await db()
      .insertInto('file_attachments')
      .values({ id: `${ownerType}:${ownerId}:${slot}:${fileId}`, owner_type: ownerType, owner_id: ownerId, slot, file_id: fileId, sort: 0, created_at: t.clock.now().toISOString(), created_by: null })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    const approved = await db().selectFrom('practitioners').select(['id', 'certificate_no']).where('status', '=', 'approved').where('unit_id', '=', DEMO_UNIT_ID).orderBy('id', 'desc').limit(3).execute();
    ids.old = approved[0].id;
    ids.recent = approved[1].id;
    ids.peer = approved[2].id;
    certificateNo = approved[0].certificate_no as string;
    // Left four years ago, its certificate (oddly) still valid; another left last year.
    await db().updateTable('practitioners').set({ status: 'left', left_on: daysAgo(4 * 365).toISOString().slice(0, 10) }).where('id', '=', ids.old).execute();
    await db().updateTable('certificates').set({ status: 'valid', valid_until: '2099-12-31' }).where('number', '=', certificateNo).execute();
    await db().updateTable('practitioners').set({ status: 'left', left_on: daysAgo(365).toISOString().slice(0, 10) }).where('id', '=', ids.recent).execute();

    files.photo = await uploaded(pngBytes(3000), 'photo.png');
    files.sharedDiploma = await uploaded(pngBytes(3100), 'diploma.png');
    const sameBytes = pngBytes(3200);
    files.sameContent = await uploaded(sameBytes, 'other.png');
    // Another record's own file with the very same content (stored once, by MD5).
    const twin = await uploaded(sameBytes, 'twin.png');
    expect(twin.path).toBe(files.sameContent.path);
    expect(twin.fileId).not.toBe(files.sameContent.fileId);

    await db().updateTable('practitioners').set({ photo_file_id: files.photo.fileId }).where('id', '=', ids.old).execute();
    await attach('practitioner', ids.old, 'diploma', files.sharedDiploma.fileId);
    await attach('practitioner', ids.peer, 'diploma', files.sharedDiploma.fileId);
    await attach('practitioner', ids.old, 'other', files.sameContent.fileId);
    await attach('practitioner', ids.peer, 'other', twin.fileId);

    // Two rejected registrations: one four years ago, one last month.
    const rejected = await db().selectFrom('member_units').select('id').where('status', '!=', 'rejected').where('id', '!=', DEMO_UNIT_ID).orderBy('id', 'desc').limit(2).execute();
    rejectedUnitId = rejected[0].id;
    recentRejectedUnitId = rejected[1].id;
    files.unitLicence = await uploaded(pngBytes(3300), 'licence.png');
    await attach('unit', rejectedUnitId, 'business_licence', files.unitLicence.fileId);
    await db()
      .updateTable('member_units')
      .set({ status: 'rejected', reject_reason: '材料不全', email: 'old@example.com', contact_phone: '13900001111', updated_at: daysAgo(4 * 365).toISOString() })
      .where('id', '=', rejectedUnitId)
      .execute();
    await db()
      .updateTable('member_units')
      .set({ status: 'rejected', reject_reason: '材料不全', email: 'new@example.com', updated_at: daysAgo(30).toISOString() })
      .where('id', '=', recentRejectedUnitId)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const practitioner = (id: string) => db().selectFrom('practitioners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('anonymises the expired practitioner and registration, and only them', async () => {
    const before = await practitioner(ids.old);
    const recentBefore = await practitioner(ids.recent);
    const result = await run();
    // The demo data may hold its own long-gone records; ours are among those counted.
    expect(result.practitioners).toBeGreaterThanOrEqual(1);
    expect(result.units).toBeGreaterThanOrEqual(1);

    const after = await practitioner(ids.old);
    expect(after.name).toBe(anonymisedName(before.name));
    expect(after.id_card_enc).toBe('');
    expect(after.id_card_hash).toBeNull();
    expect(after.phone_enc).toBeNull();
    expect(after.photo_file_id).toBeNull();
    expect(after.anonymised_at).toBe(t.clock.now().toISOString());
    expect(after.certificate_no).toBe(certificateNo);
    const account = await db().selectFrom('accounts').select(['name', 'enabled', 'phone']).where('practitioner_id', '=', ids.old).execute();
    for (const a of account) expect(a).toMatchObject({ name: after.name, enabled: 0, phone: null });

    const recent = await practitioner(ids.recent);
    expect(recent.name).toBe(recentBefore.name);
    expect(readPii(t.app.pii, recent.id_card_enc).value).toBe(readPii(t.app.pii, recentBefore.id_card_enc).value);
    expect(recent.anonymised_at).toBeNull();

    const unitRow = await db().selectFrom('member_units').selectAll().where('id', '=', rejectedUnitId).executeTakeFirstOrThrow();
    expect(unitRow).toMatchObject({ contact_phone: '', email: null, logo_file_id: null });
    expect(unitRow.name).toBeTruthy();
    expect(unitRow.contact_person.endsWith('*')).toBe(true);
    const recentUnit = await db().selectFrom('member_units').selectAll().where('id', '=', recentRejectedUnitId).executeTakeFirstOrThrow();
    expect(recentUnit.email).toBe('new@example.com');
    expect(recentUnit.anonymised_at).toBeNull();
  });

  it('removes files nothing else uses, and keeps those another record still uses', async () => {
    expect(fs.existsSync(files.photo.path)).toBe(false);
    expect(await db().selectFrom('stored_files').select('file_id').where('file_id', '=', files.photo.fileId).executeTakeFirst()).toBeUndefined();
    expect(fs.existsSync(files.unitLicence.path)).toBe(false);
    // The diploma is still attached to the colleague: record and content stay.
    expect(fs.existsSync(files.sharedDiploma.path)).toBe(true);
    expect(await db().selectFrom('stored_files').select('file_id').where('file_id', '=', files.sharedDiploma.fileId).executeTakeFirst()).toBeDefined();
    const peerFiles = await db().selectFrom('file_attachments').select('file_id').where('owner_id', '=', ids.peer).execute();
    expect(peerFiles.map((f) => f.file_id)).toContain(files.sharedDiploma.fileId);
    // The other material's record goes; its content stays for the twin that shares it.
    expect(await db().selectFrom('stored_files').select('file_id').where('file_id', '=', files.sameContent.fileId).executeTakeFirst()).toBeUndefined();
    expect(fs.existsSync(files.sameContent.path)).toBe(true);
    const own = await db().selectFrom('file_attachments').select('file_id').where('owner_type', '=', 'practitioner').where('owner_id', '=', ids.old).execute();
    expect(own).toEqual([]);
  });

  it('keeps the certificate verifiable, as revoked', async () => {
    const res = await t.call<PublicCertificate>('GET', `public/certificates/${certificateNo}`);
    expect(res.body.status).toBe(1);
    expect(res.body.data).toMatchObject({ number: certificateNo, state: 'revoked', revokedReason: RETENTION_REVOKE_REASON });
    expect(res.body.data.holderName.endsWith('*')).toBe(true);
  });

  it('logs one audit row per batch with its counts, and a second run changes nothing', async () => {
    const rows = await db().selectFrom('operation_logs').select(['summary', 'actor_name', 'entity']).where('action', '=', 'anonymise').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity: 'personal-data', actor_name: '系统' });
    expect(rows[0].summary).toMatch(/匿名化从业人员\d+人、被驳回的入会申请\d+家/);
    const snapshot = await practitioner(ids.old);

    t.clock.advanceMinutes(60);
    expect(await run()).toEqual({ practitioners: 0, units: 0, filesRemoved: 0 });
    await runDailyJobs(t.app);
    expect(await db().selectFrom('operation_logs').select('id').where('action', '=', 'anonymise').execute()).toHaveLength(1);
    expect(await practitioner(ids.old)).toEqual(snapshot);
  });

  it('anonymises a rejected record again once it was resubmitted, rejected and expired anew', async () => {
    // The unit fixed the record (new ID number), it was rejected again, four years pass.
    const fresh = encryptPractitionerPii(t.app.pii, { idCardNo: '11010119900101002X', phone: '13911112222' });
    await db()
      .updateTable('practitioners')
      .set({ ...fresh, name: '王新名', status: 'rejected', updated_at: t.clock.now().toISOString() })
      .where('id', '=', ids.old)
      .execute();
    t.clock.advanceMinutes(4 * 365 * 24 * 60);
    const result = await run();
    expect(result.practitioners).toBeGreaterThanOrEqual(1);
    const after = await practitioner(ids.old);
    expect(after).toMatchObject({ name: '王*', id_card_enc: '', id_card_hash: null, phone_enc: null });
  });
});
