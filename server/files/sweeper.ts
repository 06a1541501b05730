/**
 * The daily sweep of anonymous uploads (./anonymousUpload.ts) that no submission claimed: a
 * complaint's attachment or a registration's material sent and then abandoned. Run by
 * server/jobs.ts at start and daily.
 *
 * A file sent more than ANONYMOUS_UPLOAD_TTL_HOURS and one hour ago, still without an uploader and
 * held by no record, loses its record; its content leaves the disk when no other record shares it
 * (content is stored once per MD5: pii/retention.ts removeUnreferencedContent, after the commit).
 * A submission refuses files older than ANONYMOUS_UPLOAD_TTL_HOURS, so a claim and the sweep never
 * meet on one file. The rows of anonymous_uploads older than a day go too (claimed or not: they
 * only count the last 24 hours' bytes). Safe to repeat and to run on several instances at once:
 * each record is deleted under the same conditions in its batch's transaction.
 */
import type { Db } from '../db/types';
import { appendOperation, type AuditContext } from '../oplog';
import { dropUnreferencedFiles, removeUnreferencedContent } from '../pii/retention';
import { ANONYMOUS_UPLOAD_TTL_HOURS } from './anonymousUpload';
import type { FileStorage } from './storage';

const HOUR_MS = 60 * 60 * 1000;

export interface SweepOptions {
  now: Date;
  files: FileStorage;
  log: AuditContext;
  batchSize?: number;
}

export interface SweepResult {
  /** File records removed. */
  records: number;
  /** Contents removed from the disk. */
  contents: number;
}

export async function sweepUnclaimedUploads(db: Db, options: SweepOptions): Promise<SweepResult> {
  const { now, files, log } = options;
  const batchSize = options.batchSize ?? 200;
  const cutoff = new Date(now.getTime() - (ANONYMOUS_UPLOAD_TTL_HOURS + 1) * HOUR_MS).toISOString();
  const result: SweepResult = { records: 0, contents: 0 };
  for (;;) {
    const rows = await db
      .selectFrom('anonymous_uploads')
      .select(['id', 'file_id'])
      .where('at', '<', cutoff)
      .orderBy('at')
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    const batch = await db.transaction().execute(async (trx) => {
      const ids = [...new Set(rows.map((r) => r.file_id).filter((id): id is string => !!id))];
      // Only files still nobody's: a registration makes its new account the uploader.
      const unclaimed =
        ids.length === 0
          ? []
          : (await trx.selectFrom('stored_files').select('file_id').where('file_id', 'in', ids).where('uploader_id', 'is', null).execute()).map((r) => r.file_id);
      const keys = await dropUnreferencedFiles(trx, unclaimed);
      await trx.deleteFrom('anonymous_uploads').where('id', 'in', rows.map((r) => r.id)).execute();
      if (keys.length > 0) {
        await appendOperation(
          trx,
          log,
          {
            entity: 'file',
            entityId: null,
            action: 'sweep',
            summary: `清除超过 ${ANONYMOUS_UPLOAD_TTL_HOURS} 小时仍未随投诉举报或入会申请提交的未登录上传文件${keys.length}个`,
          },
          { id: null, name: '系统' },
          { requestId: null, ip: null, userAgent: null },
        );
      }
      return keys;
    });
    result.records += batch.length;
    result.contents += await removeUnreferencedContent(db, files, batch);
    if (rows.length < batchSize) break;
  }
  return result;
}
