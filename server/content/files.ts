/**
 * Files of content records: the attachment list (file_attachments rows, in order), single
 * file columns (cover, image, logo), and how both are shown to staff (FileRef) and to the
 * public (PublicFile, with plain view/download addresses that the public read rule opens).
 */
import type { FileRef } from '@common/schemas/content';
import type { PublicFile } from '@common/schemas/public';
import { API_BASE } from '@common/schemas/common';
import type { AuthUser } from '../security/user';
import type { DbOrTrx, DomainEntityType, StoredFileRow } from '../db/types';
import { assertAttachable } from '../files/attach';
import { BizError } from '../http/errors';
import { inlineFileIds } from './sanitize';

const PREVIEWABLE = /^(image\/(jpeg|png|gif|webp|bmp)|application\/pdf)$/;

type FileRow = Pick<StoredFileRow, 'file_id' | 'original_name' | 'size' | 'content_type'>;

export function toFileRef(row: FileRow): FileRef {
  return { fileId: row.file_id, name: row.original_name, size: Number(row.size), contentType: row.content_type };
}

export function toPublicFile(row: FileRow): PublicFile {
  return {
    ...toFileRef(row),
    url: `${API_BASE}/file/view/${row.file_id}`,
    downloadUrl: `${API_BASE}/file/download/${row.file_id}`,
    previewable: PREVIEWABLE.test(row.content_type),
  };
}

/** The stored files with these ids, by id (unknown ids are absent). */
export async function filesById(db: DbOrTrx, ids: readonly (string | null | undefined)[]): Promise<Map<string, FileRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('stored_files')
    .select(['file_id', 'original_name', 'size', 'content_type'])
    .where('file_id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.file_id, r]));
}

/**
 * Refuses ids that name no stored file, with the field's Chinese name. `imagesOnly` also
 * refuses files that are not images (a carousel picture, a logo, a cover).
 */
export async function assertFiles(
  db: DbOrTrx,
  ids: readonly (string | null | undefined)[],
  field: string,
  options: { imagesOnly?: boolean } = {},
): Promise<void> {
  const wanted = ids.filter((id): id is string => !!id);
  if (wanted.length === 0) return;
  const found = await filesById(db, wanted);
  if (wanted.some((id) => !found.has(id))) throw new BizError(`${field}不存在，请重新上传`);
  if (options.imagesOnly && [...found.values()].some((f) => !f.content_type.startsWith('image/'))) {
    throw new BizError(`${field}必须是图片（JPG、PNG、GIF、WebP 或 BMP）`);
  }
}

/**
 * The stored files a (sanitised) rich text shows as images, each one the caller may attach
 * (server/files/attach.ts): an image inside the text is attached like any other file, and
 * becomes public with the record. Ids of no stored file are left out (a pasted address of
 * something long gone), as the page would show nothing for them either.
 */
export async function attachableInlineImages(db: DbOrTrx, user: AuthUser, now: Date, html: string): Promise<string[]> {
  const ids = inlineFileIds(html);
  const existing = await filesById(db, ids);
  const stored = ids.filter((id) => existing.has(id));
  await assertAttachable(db, user, now, stored, '正文图片');
  return stored;
}

/** The slots content records use in file_attachments. */
export const SLOT_ATTACHMENT = 'attachment';
/** Images placed inside rich text: recorded so that they become public with the record. */
export const SLOT_INLINE = 'inline';

/** Replaces a record's files in one slot with `fileIds`, in that order (call inside the record's transaction). */
export async function setAttachments(
  trx: DbOrTrx,
  owner: { type: DomainEntityType; id: string },
  slot: string,
  fileIds: readonly string[],
  stamp: { now: string; by: string | null },
): Promise<void> {
  await trx
    .deleteFrom('file_attachments')
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .where('slot', '=', slot)
    .execute();
  if (fileIds.length === 0) return;
  await trx
    .insertInto('file_attachments')
    .values(
      fileIds.map((fileId, i) => ({
        id: `${owner.type}:${owner.id}:${slot}:${fileId}`.slice(0, 200),
        owner_type: owner.type,
        owner_id: owner.id,
        slot,
        file_id: fileId,
        sort: i,
        created_at: stamp.now,
        created_by: stamp.by,
      })),
    )
    .execute();
}

/** Removes every file link of a record (when the record is deleted). */
export async function removeAttachments(trx: DbOrTrx, owner: { type: DomainEntityType; id: string }): Promise<void> {
  await trx.deleteFrom('file_attachments').where('owner_type', '=', owner.type).where('owner_id', '=', owner.id).execute();
}

/** The files in one slot of several records, in order: owner id → file rows. One query. */
export async function attachmentsOf(
  db: DbOrTrx,
  ownerType: DomainEntityType,
  ownerIds: readonly string[],
  slot: string = SLOT_ATTACHMENT,
): Promise<Map<string, FileRow[]>> {
  const result = new Map<string, FileRow[]>();
  if (ownerIds.length === 0) return result;
  const rows = await db
    .selectFrom('file_attachments')
    .innerJoin('stored_files', 'stored_files.file_id', 'file_attachments.file_id')
    .select([
      'file_attachments.owner_id',
      'stored_files.file_id',
      'stored_files.original_name',
      'stored_files.size',
      'stored_files.content_type',
    ])
    .where('file_attachments.owner_type', '=', ownerType)
    .where('file_attachments.owner_id', 'in', [...ownerIds])
    .where('file_attachments.slot', '=', slot)
    .orderBy('file_attachments.owner_id')
    .orderBy('file_attachments.sort')
    .execute();
  for (const row of rows) {
    const list = result.get(row.owner_id) ?? [];
    list.push(row);
    result.set(row.owner_id, list);
  }
  return result;
}
