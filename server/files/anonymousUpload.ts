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
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '@common/messages';
import { FILE_ID_PATTERN, MD5_PATTERN, UPLOAD_FIELDS, type StoredFile } from '@common/schemas/files';
import { BizError } from '../http/errors';
import { enforceRateLimit, type RateLimitRule } from '../http/rateLimit';
import { detectType } from './detect';
import { nameForType, sanitizeName } from './names';
import { findFileRow, insertFileRecord, reuseOrRefuse } from './service';
import type { FileStorage, ReceivedFile } from './storage';
import { FILE_TYPE_MESSAGE, MD5_MISMATCH_MESSAGE, tooLargeError } from './upload';

export interface AnonymousUploadRules {
  /** Counted before a byte is read, so that a flood is cut off at once. */
  rateLimit: RateLimitRule;
  /** The largest file (UPLOAD_MAX_BYTES still applies when lower). */
  maxBytes: number;
  /** Whether a detected content type is taken; `typeMessage` says what is. */
  accepts: (contentType: string) => boolean;
  typeMessage: string;
}

const MULTIPART_OVERHEAD = 64 * 1024;
const FILE_ID_RE = new RegExp(FILE_ID_PATTERN);
const MD5_RE = new RegExp(MD5_PATTERN);

type Field = (typeof UPLOAD_FIELDS)[number];

interface Parts {
  fields: Partial<Record<Field, string>>;
  received?: ReceivedFile;
  fileName?: string;
}

async function readParts(request: FastifyRequest, storage: FileStorage, limit: number): Promise<Parts> {
  const parts: Parts = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const name = part.fieldname;
        if (!(UPLOAD_FIELDS as readonly string[]).includes(name)) throw new BizError(`不允许的字段：${name}`);
        if (typeof part.value !== 'string' || part.valueTruncated) throw new BizError(`字段 ${name} 的值不正确`);
        const key = name as Field;
        if (parts.fields[key] !== undefined) throw new BizError(`字段 ${name} 重复`);
        if (key === 'fileId' && !FILE_ID_RE.test(part.value)) throw new BizError('文件编号格式不正确，应为 v4 UUID');
        if (key === 'md5' && !MD5_RE.test(part.value)) throw new BizError('MD5格式不正确，应为32位小写十六进制');
        parts.fields[key] = part.value;
        continue;
      }
      const file: MultipartFile = part;
      if (file.fieldname !== 'file' || parts.received) {
        file.file.resume();
        throw new BizError(`不允许的字段：${file.fieldname}`);
      }
      parts.fileName = file.filename;
      parts.received = await storage.receive(file.file, limit, () => file.file.truncated);
    }
  } catch (err) {
    if (parts.received && !parts.received.tooLarge) await storage.discard(parts.received.tempPath);
    throw err;
  }
  return parts;
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
