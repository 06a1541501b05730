/**
 * An upload that needs no login, for people who have no account when they send their files: a
 * unit registering (POST /user/auth/register/files, server/modules/registration/uploads.ts) and
 * a member of the public complaining (POST /public/complaints/files,
 * server/modules/complaints/routes.ts). The same steps as ./upload.ts, through its storeUpload (MD5
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
import type { StoredFile } from '@common/schemas/files';
import { enforceRateLimit, type RateLimitRule } from '../http/rateLimit';
import type { FileStorage } from './storage';
import { storeUpload } from './upload';

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
  await enforceRateLimit(request, rules.rateLimit);
  return storeUpload(request, storage, {
    limit: Math.min(request.server.appConfig.uploadMaxBytes, rules.maxBytes),
    uploaderId: null,
    accepts: { test: rules.accepts, message: rules.typeMessage },
  });
}
