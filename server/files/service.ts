/** Stored-file records: reading them and registering a client's fileId for stored content. */
import type { FastifyRequest } from 'fastify';
import type { StoredFile } from '@common/schemas/files';
import type { DbOrTrx, NewStoredFile, StoredFileRow } from '../db/types';
import { BizError } from '../http/errors';
import { logOperation } from '../oplog';

export const FILE_ID_TAKEN_MESSAGE = '文件编号已被其他文件使用，请重新选择文件上传';

export function toStoredFile(row: StoredFileRow): StoredFile {
  return {
    fileId: row.file_id,
    name: row.original_name,
    size: Number(row.size),
    contentType: row.content_type,
    md5: row.md5,
    createdAt: row.created_at,
  };
}

export function findFileRow(db: DbOrTrx, fileId: string): Promise<StoredFileRow | undefined> {
  return db.selectFrom('stored_files').selectAll().where('file_id', '=', fileId).executeTakeFirst();
}

export function findFileRows(db: DbOrTrx, fileIds: readonly string[]): Promise<StoredFileRow[]> {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('stored_files').selectAll().where('file_id', 'in', [...fileIds]).execute();
}

/** Rows holding this content: the caller's own first, then the oldest. */
export function findRowsByMd5(db: DbOrTrx, md5: string): Promise<StoredFileRow[]> {
  return db.selectFrom('stored_files').selectAll().where('md5', '=', md5).orderBy('created_at').orderBy('file_id').execute();
}

/**
 * A fileId the client sent before: a retry of the same upload (same content, same uploader)
 * gets the existing record; anything else is refused, so that one fileId never names two
 * contents and nobody can take over another's fileId.
 */
export function reuseOrRefuse(existing: StoredFileRow, md5: string, uploaderId: string | null): StoredFile {
  if (existing.md5 === md5 && existing.uploader_id === uploaderId) return toStoredFile(existing);
  throw new BizError(FILE_ID_TAKEN_MESSAGE);
}

/**
 * Inserts the record and its operation-log entry in one transaction. Call only once the
 * content is in place: a record must never point at missing content.
 */
export async function insertFileRecord(
  db: DbOrTrx,
  request: FastifyRequest,
  values: NewStoredFile,
  action: 'upload' | 'instant-upload',
): Promise<StoredFile> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('stored_files').values(values).execute();
      await logOperation(trx, request, {
        entity: 'file',
        entityId: values.file_id,
        action,
        summary: `${action === 'upload' ? '上传' : '秒传'}文件 ${values.original_name}（${values.size} 字节，MD5 ${values.md5}）`,
      });
    });
  } catch (err) {
    // Two requests with the same fileId at once: the loser sees the winner's row.
    const raced = await findFileRow(db, values.file_id);
    if (raced) return reuseOrRefuse(raced, values.md5, values.uploader_id ?? null);
    throw err;
  }
  const row = await findFileRow(db, values.file_id);
  if (!row) throw new Error(`stored file ${values.file_id} vanished after insert`);
  return toStoredFile(row);
}

/** "100 MB", "512 KB", "300 字节": the size limit as people read it. */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024 * 1024, 'GB'],
    [1024 * 1024, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} 字节`;
}
