/**
 * Files a unit attaches to its own records (project reports, case materials): they must be
 * stored files the caller may already read (uploaded by them, or already on their own record),
 * so that nobody attaches another unit's file by its id and thereby opens it to themselves.
 */
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/user';
import { assertFiles } from '../../content/files';
import { canReadFile } from '../../files/readRules';
import { BizError } from '../../http/errors';

export async function assertAttachable(request: FastifyRequest, user: AuthUser, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const { db } = request.server;
  await assertFiles(db, ids, field);
  const rows = await db.selectFrom('stored_files').select(['file_id', 'uploader_id']).where('file_id', 'in', [...ids]).execute();
  for (const row of rows) {
    if (!(await canReadFile(db, { fileId: row.file_id, uploaderId: row.uploader_id }, user, request.server.clock()))) {
      throw new BizError(`${field}不存在，请重新上传`);
    }
  }
}
