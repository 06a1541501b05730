/**
 * An upload that needs no login, for people who have no account when they send their files: a
 * unit registering (POST /user/auth/register/files, server/modules/registration/uploads.ts) and
 * a member of the public complaining (POST /public/complaints/files,
 * server/modules/complaints/routes.ts). The same steps as ./upload.ts, through its storeUpload (MD5
 * recomputed while streaming, type from the bytes, content stored once, record only after the
 * content is in place), with these differences:
 *
 * - no uploader: the file is nobody's until the submission it was sent for claims it (each
 *   claims only files without an uploader that nothing holds yet, sent in the last
 *   ANONYMOUS_UPLOAD_TTL_HOURS: claimAnonymousUploads); nobody but staff can read it before
 *   that, so there is no 秒传 (it would tell a stranger that some content is stored) and no
 *   preview;
 * - rate-limited per address, like the submission it belongs to;
 * - of the kinds and at most the size the caller allows;
 * - bytes counted (table anonymous_uploads): at most ANONYMOUS_UPLOAD_DAILY_MB per address in 24
 *   hours (429), and at most ANONYMOUS_UPLOAD_TOTAL_MB sent and not yet claimed, all addresses
 *   together (503), so that nobody can fill the disk without an account; what is never claimed is
 *   removed by the daily sweep (./sweeper.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiStatus } from '@common/schemas/common';
import type { StoredFile } from '@common/schemas/files';
import type { DbOrTrx } from '../db/types';
import { BizError, errors } from '../http/errors';
import { enforceRateLimit, serializedBy, type RateLimitRule } from '../http/rateLimit';
import { formatBytes } from './service';
import type { FileStorage } from './storage';
import { MULTIPART_OVERHEAD, storeUpload } from './upload';

/** How long an anonymous upload waits for its submission; the sweep takes it an hour after that. */
export const ANONYMOUS_UPLOAD_TTL_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const anonymousUploadMessages = {
  /** One address's 24 hours are used up. */
  addressFull: (limit: number) => `同一网络地址 24 小时内上传的文件已超过 ${formatBytes(limit)}，请稍后再试；如需提交更多材料，请联系协会`,
  /** Every address's unclaimed uploads together reach the ceiling. */
  serverFull: '服务器暂时无法接收更多未登录上传的文件，请稍后再试或联系协会',
  /** Claimed after its time: the sweep may take it any moment. */
  expired: (field: string) => `${field}上传已超过 ${ANONYMOUS_UPLOAD_TTL_HOURS} 小时，请重新上传`,
} as const;

export interface AnonymousUploadRules {
  /** Counted before a byte is read, so that a flood is cut off at once. */
  rateLimit: RateLimitRule;
  /** The largest file (UPLOAD_MAX_BYTES still applies when lower). */
  maxBytes: number;
  /** Whether a detected content type is taken; `typeMessage` says what is. */
  accepts: (contentType: string) => boolean;
  typeMessage: string;
}

interface Usage {
  /** Bytes this address sent in the last 24 hours. */
  address: number;
  /** Bytes sent and not yet claimed, every address. */
  unclaimed: number;
}

async function usageOf(db: DbOrTrx, address: string, now: Date): Promise<Usage> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const [mine, open] = await Promise.all([
    db
      .selectFrom('anonymous_uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
      .where('address', '=', address)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('anonymous_uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
      .where('file_id', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { address: Number(mine.bytes), unclaimed: Number(open.bytes) };
}

/** Refuses `incoming` more bytes from this address when either quota would be passed. */
function assertRoom(request: FastifyRequest, usage: Usage, incoming: number): void {
  const { anonymousUploadDailyBytes: daily, anonymousUploadTotalBytes: total } = request.server.appConfig;
  if (usage.address + incoming > daily) throw errors.tooMany(anonymousUploadMessages.addressFull(daily));
  if (usage.unclaimed + incoming > total) {
    request.log.warn({ unclaimed: usage.unclaimed, incoming, ceiling: total }, 'anonymous upload refused: unclaimed uploads at the ceiling');
    throw new BizError(anonymousUploadMessages.serverFull, ApiStatus.BusinessError, 503);
  }
}

export async function handleAnonymousUpload(request: FastifyRequest, storage: FileStorage, rules: AnonymousUploadRules): Promise<StoredFile> {
  await enforceRateLimit(request, rules.rateLimit);
  const { db } = request.server;
  const address = request.ip;
  // What the body says it holds, refused before a byte of it is read when it cannot fit.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared)) assertRoom(request, await usageOf(db, address, request.server.clock()), Math.max(0, declared - MULTIPART_OVERHEAD));
  return storeUpload(request, storage, {
    limit: Math.min(request.server.appConfig.uploadMaxBytes, rules.maxBytes),
    uploaderId: null,
    accepts: { test: rules.accepts, message: rules.typeMessage },
    // The bytes as received, counted and checked in one serialized step: parallel uploads cannot
    // all pass on the same figures (server/http/rateLimit.ts serializedBy).
    beforeCommit: async (file) => {
      await serializedBy(request, 'anonymous-upload-quota', async (trx) => {
        const now = request.server.clock();
        assertRoom(request, await usageOf(trx, address, now), file.size);
        await trx
          .insertInto('anonymous_uploads')
          .values({ id: randomUUID(), bucket: rules.rateLimit.bucket, address, size: file.size, at: now.toISOString(), file_id: file.fileId })
          .execute();
      });
    },
  });
}

/**
 * In the submission's transaction, after its own checks of these files (no uploader, held by
 * nothing, of its kinds): refuses a file sent more than ANONYMOUS_UPLOAD_TTL_HOURS ago (the sweep,
 * which takes them an hour later, and a claim never meet on one file) and unties the files from
 * the address they came from.
 */
export async function claimAnonymousUploads(trx: DbOrTrx, fileIds: readonly string[], now: Date, field: string): Promise<void> {
  if (fileIds.length === 0) return;
  const since = new Date(now.getTime() - ANONYMOUS_UPLOAD_TTL_HOURS * HOUR_MS).toISOString();
  const stale = await trx.selectFrom('stored_files').select('file_id').where('file_id', 'in', [...fileIds]).where('created_at', '<', since).executeTakeFirst();
  if (stale) throw new BizError(anonymousUploadMessages.expired(field));
  await trx.updateTable('anonymous_uploads').set({ file_id: null }).where('file_id', 'in', [...fileIds]).execute();
}
