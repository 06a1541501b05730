/**
 * The one check of every route that stores file ids on a record. Attaching a file opens it to
 * whoever may read the record (the unit, staff by permission, the public once it is published),
 * so a caller may attach only a stored file they may already read: their own upload, a file of
 * a record they may read, public content; or one the record already holds (kept on an edit).
 * Otherwise a unit could save another unit's licence id on its own record and read it, and an
 * editor could publish a private file by naming it in an article.
 *
 * A file the caller may not read is refused exactly like one that does not exist, so that the
 * answer does not tell whether an id is stored.
 */
import type { AuthUser } from '../security/user';
import type { DbOrTrx } from '../db/types';
import { BizError } from '../http/errors';
import { canReadFile } from './readRules';

export interface AttachOptions {
  /** Only images (a photo, a logo, a cover, a carousel picture). */
  imagesOnly?: boolean;
  /** Ids the record already holds: kept on an edit without another check. */
  kept?: Iterable<string>;
}

const IMAGE = /^image\//;

export async function assertAttachable(
  db: DbOrTrx,
  user: AuthUser | null,
  now: Date,
  ids: readonly (string | null | undefined)[],
  field: string,
  options: AttachOptions = {},
): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return;
  const rows = await db.selectFrom('stored_files').select(['file_id', 'uploader_id', 'content_type']).where('file_id', 'in', wanted).execute();
  const missing = new BizError(`${field}不存在，请重新上传`);
  if (rows.length !== wanted.length) throw missing;
  const kept = new Set(options.kept ?? []);
  for (const row of rows) {
    if (kept.has(row.file_id)) continue;
    if (!(await canReadFile(db, { fileId: row.file_id, uploaderId: row.uploader_id }, user, now))) throw missing;
  }
  if (options.imagesOnly && rows.some((r) => !IMAGE.test(r.content_type))) {
    throw new BizError(`${field}必须是图片（JPG、PNG、GIF、WebP 或 BMP）`);
  }
}
