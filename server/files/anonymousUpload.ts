/**
 * An upload that needs no login, for people who have no account when they send their files: a
 * unit registering (POST /user/auth/register/files, server/modules/registration/uploads.ts) and
 * a member of the public complaining (POST /public/complaints/files,
 * server/modules/complaints/routes.ts). The same steps and guarantees as ./upload.ts (MD5
 * recomputed while streaming, type from the bytes, content stored once, record only after the
 * content is in place), with these differences:
 *
 * - no uploader: the file is nobody's until the submission it was sent for claims it (each
 *   claims only files without an uploader that nothing holds yet); nobody but staff can read it
 *   before that, so there is no 秒传 (it would tell a stranger that some content is stored) and no
 *   preview;
 * - rate-limited per address, like the submission it belongs to;
 * - of the kinds and at most the size the caller allows.
 */
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '@common/messages';
import type { StoredFile } from '@common/schemas/files';
import { BizError } from '../http/errors';
import { enforceRateLimit, type RateLimitRule } from '../http/rateLimit';
import { detectType } from './detect';
import { nameForType, sanitizeName } from './names';
import { findFileRow, insertFileRecord, reuseOrRefuse } from './service';
import type { FileStorage } from './storage';
import { FILE_TYPE_MESSAGE, MD5_MISMATCH_MESSAGE, MULTIPART_OVERHEAD, readParts, tooLargeError } from './upload';

export interface AnonymousUploadRules {
  /** Counted before a byte is read, so that a flood is cut off at once. */
  rateLimit: RateLimitRule;
  /** The largest file (UPLOAD_MAX_BYTES still applies when lower). */
  maxBytes: number;
  /** Whether a detected content type is taken; `typeMessage` says what is. */
  accepts: (contentType: string) => boolean;
  typeMessage: string;
}

export async function handleAnonymousUpload(request: FastifyRequest, storage: FileStorage, rules: AnonymousUploadRules): Promise<StoredFile> {
  const config = request.server.appConfig;
  await enforceRateLimit(request, rules.rateLimit);
  const limit = Math.min(config.uploadMaxBytes, rules.maxBytes);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD) throw tooLargeError(limit);

  const { fields, received, fileName } = await readParts(request, storage, limit);
  let committed = false;
  try {
    if (!fields.fileId) throw new BizError(UPLOAD_MESSAGES.fileIdRequired);
    if (!fields.md5) throw new BizError(UPLOAD_MESSAGES.md5Required);
    if (!received) throw new BizError(UPLOAD_MESSAGES.fileRequired);
    if (received.tooLarge) throw tooLargeError(limit);
    if (received.size === 0) throw new BizError('文件不能为空');
    if (received.md5 !== fields.md5) throw new BizError(MD5_MISMATCH_MESSAGE);
    const name = sanitizeName(fileName);
    const type = detectType(received.head, name);
    if (!type) throw new BizError(FILE_TYPE_MESSAGE);
    if (!rules.accepts(type.contentType)) throw new BizError(rules.typeMessage);

    const db = request.server.db;
    const existing = await findFileRow(db, fields.fileId);
    // A retried upload of the same content is answered with the record it made.
    if (existing) return reuseOrRefuse(existing, received.md5, null);

    const storageKey = await storage.commit(received.tempPath, received.md5);
    committed = true;
    return await insertFileRecord(
      db,
      request,
      {
        file_id: fields.fileId,
        original_name: nameForType(name, type),
        size: received.size,
        content_type: type.contentType,
        md5: received.md5,
        storage_key: storageKey,
        uploader_id: null,
        created_at: request.server.clock().toISOString(),
      },
      'upload',
    );
  } finally {
    if (received && !received.tooLarge && !committed) await storage.discard(received.tempPath);
  }
}
