/**
 * Personal data kept only as long as needed (PIPL art. 19). A practitioner who left,
 * or whose registration was rejected, and a member unit whose registration was rejected, are
 * anonymised PERSONAL_DATA_RETENTION_DAYS (default 1095) after that happened:
 *
 * - practitioner: name reduced to the surname and "*", ID number (and its keyed hash), phone
 *   and e-mail erased, photo and diplomas detached; the account (same name, no phone or
 *   e-mail) disabled and its sessions ended; certificate numbers and states stay, so an old
 *   certificate still verifies on /certificate-view, as 已注销 (a live one is revoked now);
 * - rejected registration: the contact person's phone and e-mail erased (the person's name to
 *   the surname and "*"), the unit's files detached; the unit's name stays;
 * - both: the notices' records lose the addresses they were sent to, and what was still to be
 *   sent is stopped (server/notifications/erasure.ts);
 * - a complaint closed (declined or concluded) that long ago: the complainant's name, phone and
 *   e-mail erased, the complaint kept (eraseExpiredComplainants, below).
 *
 * A detached file's record is deleted when nothing else refers to it, and its content leaves
 * the disk when no other record shares it (content is stored once per MD5). The same erasure
 * serves an approved deletion request (server/modules/profile/deletion.ts).
 *
 * Runs at start and daily (server/jobs.ts). Safe to repeat and to run on two instances at once:
 * a record carries `anonymised_at`, and each erasure is a conditional update in its batch's
 * transaction. Each batch writes one audit row with its counts.
 */
import fsp from 'node:fs/promises';
import type { FileStorage } from '../files/storage';
import type { Db, DbOrTrx } from '../db/types';
import { appendOperation, type AuditContext } from '../oplog';
import { revokeAllOf } from '../workflow/certificates';
import { eraseNoticeData } from '../notifications/erasure';

/** What an erased name keeps: the surname (two characters for the common compound ones). */
const COMPOUND_SURNAMES = new Set([
  '欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '尉迟', '公孙', '慕容', '长孙', '宇文', '司徒', '司空',
  '夏侯', '轩辕', '令狐', '钟离', '澹台', '公冶', '宗政', '濮阳', '淳于', '单于', '太叔', '申屠', '端木',
  '赫连', '百里', '呼延', '独孤', '南宫', '西门', '万俟', '闻人', '第五', '拓跋', '左丘', '东郭', '闾丘',
]);

export const ANONYMISED_MARK = '*';

/** '张三' → '张*', '欧阳娜娜' → '欧阳*'; an already anonymised name stays as it is. */
export function anonymisedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return ANONYMISED_MARK;
  if (trimmed.endsWith(ANONYMISED_MARK) && [...trimmed].length <= 3) return trimmed;
  const chars = [...trimmed];
  const two = chars.slice(0, 2).join('');
  const surname = chars.length > 2 && COMPOUND_SURNAMES.has(two) ? two : chars[0];
  return `${surname}${ANONYMISED_MARK}`;
}

/** The reason written on a certificate still live when its holder's data is erased by retention. */
export const RETENTION_REVOKE_REASON = '个人信息保存期限届满，证书注销';

/** The columns that may still point at a stored file (besides file_attachments). */
async function isFileReferenced(trx: DbOrTrx, fileId: string): Promise<boolean> {
  const checks: (() => Promise<unknown>)[] = [
    () => trx.selectFrom('file_attachments').select('file_id').where('file_id', '=', fileId).limit(1).executeTakeFirst(),
    () => trx.selectFrom('practitioners').select('id').where('photo_file_id', '=', fileId).limit(1).executeTakeFirst(),
    () => trx.selectFrom('member_units').select('id').where('logo_file_id', '=', fileId).limit(1).executeTakeFirst(),
    () => trx.selectFrom('experts').select('id').where('photo_file_id', '=', fileId).limit(1).executeTakeFirst(),
    () => trx.selectFrom('articles').select('id').where('cover_file_id', '=', fileId).limit(1).executeTakeFirst(),
    () => trx.selectFrom('carousels').select('id').where('image_file_id', '=', fileId).limit(1).executeTakeFirst(),
    () => trx.selectFrom('friendly_links').select('id').where('logo_file_id', '=', fileId).limit(1).executeTakeFirst(),
  ];
  for (const check of checks) {
    if (await check()) return true;
  }
  return false;
}

/**
 * Deletes the records of these (already detached) files that nothing refers to any more;
 * returns the storage keys whose content may now be unreferenced (see removeUnreferencedContent).
 */
export async function dropUnreferencedFiles(trx: DbOrTrx, fileIds: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const fileId of new Set(fileIds)) {
    if (await isFileReferenced(trx, fileId)) continue;
    const row = await trx.selectFrom('stored_files').select('storage_key').where('file_id', '=', fileId).executeTakeFirst();
    if (!row) continue;
    await trx.deleteFrom('stored_files').where('file_id', '=', fileId).execute();
    keys.push(row.storage_key);
  }
  return keys;
}

/**
 * After the transaction that dropped file records has committed: removes from disk each
 * content no stored file record uses any more (another record may share it by MD5). Returns
 * how many contents were removed. Safe to call again.
 */
export async function removeUnreferencedContent(db: Db, files: FileStorage, storageKeys: readonly string[]): Promise<number> {
  let removed = 0;
  for (const key of new Set(storageKeys)) {
    const shared = await db.selectFrom('stored_files').select('file_id').where('storage_key', '=', key).limit(1).executeTakeFirst();
    if (shared) continue;
    const file = files.pathOf(key);
    const existed = await fsp.stat(file).then(
      () => true,
      () => false,
    );
    await fsp.rm(file, { force: true });
    if (existed) removed += 1;
  }
  return removed;
}

export interface ErasureStamp {
  now: Date;
  /** The account that decided it, or null for the retention job. */
  byId: string | null;
}

export interface PractitionerErasure {
  practitionerId: string;
  /** The name before. Never write it to a log after erasure; the summary uses the new one. */
  formerName: string;
  name: string;
  /** Certificate numbers revoked now (a live certificate of the person). */
  revoked: string[];
  /** Content keys to check after commit (removeUnreferencedContent). */
  storageKeys: string[];
}

/**
 * Erases one practitioner's personal data in the caller's transaction (see the file comment).
 * `revokeReason` goes on a certificate still live. Returns null when there is nothing to do
 * (no such record, or already anonymised and unchanged since).
 */
export async function erasePractitionerData(
  trx: DbOrTrx,
  practitionerId: string,
  stamp: ErasureStamp & { revokeReason: string; markLeft?: boolean },
): Promise<PractitionerErasure | null> {
  const row = await trx
    .selectFrom('practitioners')
    .select(['id', 'name', 'status', 'photo_file_id', 'version', 'updated_at', 'anonymised_at', 'left_on'])
    .where('id', '=', practitionerId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.anonymised_at && row.anonymised_at >= row.updated_at) return null;
  const at = stamp.now.toISOString();
  const name = anonymisedName(row.name);
  const attached = await trx
    .selectFrom('file_attachments')
    .select('file_id')
    .where('owner_type', '=', 'practitioner')
    .where('owner_id', '=', row.id)
    .execute();
  const fileIds = [...(row.photo_file_id ? [row.photo_file_id] : []), ...attached.map((a) => a.file_id)];

  const leaving = stamp.markLeft && (row.status === 'approved' || row.status === 'pending');
  const updated = await trx
    .updateTable('practitioners')
    .set({
      name,
      id_card_enc: '',
      id_card_hash: null,
      phone_enc: null,
      email: null,
      photo_file_id: null,
      anonymised_at: at,
      ...(leaving ? { status: 'left' as const, left_on: row.left_on ?? at.slice(0, 10) } : {}),
      version: Number(row.version) + 1,
      updated_at: at,
      updated_by: stamp.byId,
    })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  // Someone changed the record in between (another instance erased it): leave it to them.
  if (Number(updated.numUpdatedRows) !== 1) return null;
  await trx.deleteFrom('file_attachments').where('owner_type', '=', 'practitioner').where('owner_id', '=', row.id).execute();

  const revoked = await revokeAllOf(trx, { kind: 'practitioner', holderId: row.id, reason: stamp.revokeReason, byId: stamp.byId, now: stamp.now });
  // The number and state stay verifiable; the holder's name is reduced like the record's.
  await trx
    .updateTable('certificates')
    .set((eb) => ({ holder_name: name, version: eb('version', '+', 1), updated_at: at, updated_by: stamp.byId }))
    .where('holder_type', '=', 'practitioner')
    .where('holder_id', '=', row.id)
    .execute();
  const accounts = await trx.selectFrom('accounts').select('id').where('practitioner_id', '=', row.id).execute();
  const accountIds = accounts.map((a) => a.id);
  if (accountIds.length) {
    await trx
      .updateTable('accounts')
      .set((eb) => ({ name, phone: null, email: null, enabled: 0, version: eb('version', '+', 1), updated_at: at, updated_by: stamp.byId }))
      .where('id', 'in', accountIds)
      .execute();
    await trx.updateTable('sessions').set({ revoked_at: at }).where('account_id', 'in', accountIds).where('revoked_at', 'is', null).execute();
  }
  await trx.updateTable('reviews').set({ subject_name: name }).where('subject_type', '=', 'practitioner').where('subject_id', '=', row.id).execute();
  // The notices sent to or about the person (server/notifications/erasure.ts).
  const certificates = await trx.selectFrom('certificates').select('id').where('holder_type', '=', 'practitioner').where('holder_id', '=', row.id).execute();
  await eraseNoticeData(trx, { recipientKey: `practitioner:${row.id}`, name, certificateIds: certificates.map((c) => c.id), at });
  await trx
    .updateTable('annual_inspections')
    .set({ subject_name: name })
    .where('subject_type', '=', 'practitioner')
    .where('subject_id', '=', row.id)
    .execute();
  const storageKeys = await dropUnreferencedFiles(trx, fileIds);
  return { practitionerId: row.id, formerName: row.name, name, revoked, storageKeys };
}

/** Erases a rejected registration's contact data and files (the unit's name stays). Null: nothing to do. */
export async function eraseRejectedUnitData(trx: DbOrTrx, unitId: string, stamp: ErasureStamp): Promise<{ unitId: string; storageKeys: string[] } | null> {
  const row = await trx
    .selectFrom('member_units')
    .select(['id', 'status', 'contact_person', 'logo_file_id', 'version', 'updated_at', 'anonymised_at'])
    .where('id', '=', unitId)
    .executeTakeFirst();
  if (!row || row.status !== 'rejected') return null;
  if (row.anonymised_at && row.anonymised_at >= row.updated_at) return null;
  const at = stamp.now.toISOString();
  const attached = await trx.selectFrom('file_attachments').select('file_id').where('owner_type', '=', 'unit').where('owner_id', '=', row.id).execute();
  const fileIds = [...(row.logo_file_id ? [row.logo_file_id] : []), ...attached.map((a) => a.file_id)];
  const updated = await trx
    .updateTable('member_units')
    .set({
      contact_person: anonymisedName(row.contact_person),
      // NOT NULL since 0002: empty means erased.
      contact_phone: '',
      email: null,
      logo_file_id: null,
      pending_change: null,
      pending_change_at: null,
      anonymised_at: at,
      version: Number(row.version) + 1,
      updated_at: at,
      updated_by: stamp.byId,
    })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return null;
  await trx.deleteFrom('file_attachments').where('owner_type', '=', 'unit').where('owner_id', '=', row.id).execute();
  await trx
    .updateTable('accounts')
    .set((eb) => ({ phone: null, email: null, version: eb('version', '+', 1), updated_at: at, updated_by: stamp.byId }))
    .where('unit_id', '=', row.id)
    .where('auth_type', '=', 2)
    .execute();
  // The addresses its notices were sent to (the unit's name stays).
  await eraseNoticeData(trx, { recipientKey: `unit:${row.id}`, name: null, certificateIds: [], at });
  const storageKeys = await dropUnreferencedFiles(trx, fileIds);
  return { unitId: row.id, storageKeys };
}

export interface RetentionOptions {
  now: Date;
  retentionDays: number;
  files: FileStorage;
  /** Where the batch's audit row goes: the app (dialect, audit key, clock). */
  log: AuditContext;
  /** Records per transaction (and per audit row). */
  batchSize?: number;
}

export interface RetentionResult {
  practitioners: number;
  units: number;
  filesRemoved: number;
}

async function expiredPractitioners(db: Db, cutoff: string, limit: number): Promise<string[]> {
  const cutoffDay = cutoff.slice(0, 10);
  const rows = await db
    .selectFrom('practitioners')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'left'),
          eb.or([eb('left_on', '<', cutoffDay), eb.and([eb('left_on', 'is', null), eb('updated_at', '<', cutoff)])]),
        ]),
        eb.and([eb('status', '=', 'rejected'), eb('updated_at', '<', cutoff)]),
      ]),
    )
    // Not anonymised yet, or changed since (a rejected record resubmitted and rejected again).
    .where((eb) => eb.or([eb('anonymised_at', 'is', null), eb('anonymised_at', '<', eb.ref('updated_at'))]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

async function expiredUnits(db: Db, cutoff: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('member_units')
    .select('id')
    .where('status', '=', 'rejected')
    .where('updated_at', '<', cutoff)
    .where((eb) => eb.or([eb('anonymised_at', 'is', null), eb('anonymised_at', '<', eb.ref('updated_at'))]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The daily retention job: anonymises every expired record, in batches (one transaction and
 * one audit row each), then removes the content no record uses any more.
 */
export async function anonymiseExpiredPersonalData(db: Db, options: RetentionOptions): Promise<RetentionResult> {
  const { now, retentionDays, files, log } = options;
  const batchSize = options.batchSize ?? 100;
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const result: RetentionResult = { practitioners: 0, units: 0, filesRemoved: 0 };
  const stamp = { now, byId: null };
  // Each batch either anonymises its records or leaves them for the next round; a record that
  // another instance took in between comes back as null and is skipped, so the loop ends.
  for (;;) {
    const practitionerIds = await expiredPractitioners(db, cutoff, batchSize);
    const unitIds = practitionerIds.length < batchSize ? await expiredUnits(db, cutoff, batchSize - practitionerIds.length) : [];
    if (practitionerIds.length === 0 && unitIds.length === 0) break;
    const batch = await db.transaction().execute(async (trx) => {
      const keys: string[] = [];
      let practitioners = 0;
      let units = 0;
      for (const id of practitionerIds) {
        const done = await erasePractitionerData(trx, id, { ...stamp, revokeReason: RETENTION_REVOKE_REASON });
        if (!done) continue;
        practitioners += 1;
        keys.push(...done.storageKeys);
      }
      for (const id of unitIds) {
        const done = await eraseRejectedUnitData(trx, id, stamp);
        if (!done) continue;
        units += 1;
        keys.push(...done.storageKeys);
      }
      if (practitioners + units > 0) {
        await appendOperation(
          trx,
          log,
          {
            entity: 'personal-data',
            entityId: null,
            action: 'anonymise',
            summary: `按个人信息保存期限（${retentionDays}天，${cutoff.slice(0, 10)}之前离职或被驳回）匿名化从业人员${practitioners}人、被驳回的入会申请${units}家，删除不再使用的文件${keys.length}个`,
          },
          { id: null, name: '系统' },
          { requestId: null, ip: null, userAgent: null },
        );
      }
      return { keys, practitioners, units, touched: practitionerIds.length + unitIds.length };
    });
    result.practitioners += batch.practitioners;
    result.units += batch.units;
    result.filesRemoved += await removeUnreferencedContent(db, files, batch.keys);
    // Nothing of this round could be done (all taken by another instance): stop rather than spin.
    if (batch.practitioners + batch.units === 0) break;
  }
  return result;
}

// ---- complainants ------------------------------------------------------------------------------

export interface ComplainantRetentionOptions {
  now: Date;
  retentionDays: number;
  log: AuditContext;
  batchSize?: number;
}

/**
 * The complainant's name, phone and e-mail of a complaint closed (declined, or concluded) more
 * than `retentionDays` ago (the same PERSONAL_DATA_RETENTION_DAYS as the practitioners'): erased,
 * `erased_at` set, the version moved on; the notices sent to the complainant lose their addresses
 * and what was still to be sent is stopped (server/notifications/erasure.ts). The complaint itself,
 * its steps, files and outcome stay: they are the unit's credit record. A complaint still open
 * keeps its contacts, whatever its age; an anonymous 举报 has none. Returns how many were erased;
 * one audit row per batch. Safe to repeat and to run on two instances at once (each erasure is a
 * conditional update).
 */
export async function eraseExpiredComplainants(db: Db, options: ComplainantRetentionOptions): Promise<number> {
  const { now, retentionDays, log } = options;
  const batchSize = options.batchSize ?? 100;
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const at = now.toISOString();
  let erased = 0;
  for (;;) {
    const rows = await db
      .selectFrom('complaints')
      .select(['id', 'complainant_name', 'version'])
      .where('erased_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'concluded'), eb('concluded_at', '<', cutoff)]),
          eb.and([eb('status', '=', 'declined'), eb('decided_at', '<', cutoff)]),
        ]),
      )
      .where((eb) => eb.or([eb('complainant_name', 'is not', null), eb('complainant_phone_enc', 'is not', null), eb('complainant_email_enc', 'is not', null)]))
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    const done = await db.transaction().execute(async (trx) => {
      let count = 0;
      for (const row of rows) {
        const updated = await trx
          .updateTable('complaints')
          .set({ complainant_name: null, complainant_phone_enc: null, complainant_email_enc: null, erased_at: at, version: Number(row.version) + 1, updated_at: at, updated_by: null })
          .where('id', '=', row.id)
          .where('version', '=', row.version)
          .where('erased_at', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) continue;
        await eraseNoticeData(trx, {
          recipientKey: `person:complaint:${row.id}`,
          name: row.complainant_name ? anonymisedName(row.complainant_name) : ANONYMISED_MARK,
          certificateIds: [],
          at,
        });
        count += 1;
      }
      if (count > 0) {
        await appendOperation(
          trx,
          log,
          {
            entity: 'personal-data',
            entityId: null,
            action: 'anonymise',
            summary: `按个人信息保存期限（${retentionDays}天，${cutoff.slice(0, 10)}之前办结或不予受理）删除投诉举报的投诉人姓名和联系方式${count}件`,
          },
          { id: null, name: '系统' },
          { requestId: null, ip: null, userAgent: null },
        );
      }
      return count;
    });
    erased += done;
    // Nothing of this round could be done (taken by another instance): stop rather than spin.
    if (done === 0) break;
  }
  return erased;
}
