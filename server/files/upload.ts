/**
 * POST /file/upload, step by step: read the multipart parts (fields fileId and md5, the file
 * streamed to a temp file while hashing), check everything, put the content in place, and
 * only then insert the record. Any failure before the record leaves no temp file behind.
 */
import fsp from 'node:fs/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '@common/messages';
import { FILE_ID_PATTERN, MD5_PATTERN, UPLOAD_FIELDS, type StoredFile } from '@common/schemas/files';
import { ApiStatus } from '@common/schemas/common';
import { requireUser } from '../security/guard';
import { BizError } from '../http/errors';
import { ALLOWED_KINDS_TEXT, detectType } from './detect';
import { startMd5 } from './hashing';
import { stripImageMetadata } from './imageMetadata';
import { nameForType, sanitizeName } from './names';
import { findFileRow, formatBytes, insertFileRecord, reuseOrRefuse } from './service';
import type { FileStorage, ReceivedFile } from './storage';

export const MD5_MISMATCH_MESSAGE = '文件校验失败：MD5不一致';
export const FILE_TYPE_MESSAGE = `不支持的文件类型：只能上传${ALLOWED_KINDS_TEXT}`;

const FILE_ID_RE = new RegExp(FILE_ID_PATTERN);
const MD5_RE = new RegExp(MD5_PATTERN);
/** Multipart boundaries and the two small fields around the file. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** How much of a rewritten image the hash is given at a time. */
const MD5_FEED_BYTES = 2 * 1024 * 1024;

export const tooLargeError = (limit: number) =>
  new BizError(`文件过大：单个文件不能超过 ${formatBytes(limit)}`, ApiStatus.BusinessError, 413);

interface Parts {
  fields: Partial<Record<(typeof UPLOAD_FIELDS)[number], string>>;
  received?: ReceivedFile;
  fileName?: string;
}

function checkField(name: string, value: string): void {
  if (name === 'fileId' && !FILE_ID_RE.test(value)) throw new BizError('文件编号格式不正确，应为 v4 UUID');
  if (name === 'md5' && !MD5_RE.test(value)) throw new BizError('MD5格式不正确，应为32位小写十六进制');
}

/**
 * Reads all parts; the file goes to a temp file. On error the temp file is removed. One file
 * only (the multipart plugin's limit refuses a second before this sees it; kept here so that a
 * second never replaces the first unremoved).
 */
async function readParts(request: FastifyRequest, storage: FileStorage, limit: number): Promise<Parts> {
  const parts: Parts = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const name = part.fieldname;
        if (!(UPLOAD_FIELDS as readonly string[]).includes(name)) throw new BizError(`不允许的字段：${name}`);
        if (typeof part.value !== 'string' || part.valueTruncated) throw new BizError(`字段 ${name} 的值不正确`);
        const key = name as (typeof UPLOAD_FIELDS)[number];
        if (parts.fields[key] !== undefined) throw new BizError(`字段 ${name} 重复`);
        checkField(name, part.value);
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

/** What one upload may be: its size limit, who uploads it (null: nobody yet), and its kinds. */
export interface UploadRules {
  limit: number;
  uploaderId: string | null;
  /** Beyond the product's own kinds (./detect.ts): whether this caller takes a content type, and what to say if not. */
  accepts?: { test: (contentType: string) => boolean; message: string };
  /**
   * Called with what is about to be stored (after every check, before the content is put in
   * place; not for a retry answered with its record): throwing refuses the upload and stores
   * nothing (./anonymousUpload.ts counts the bytes against its quotas here).
   */
  beforeCommit?: (file: { fileId: string; size: number }) => Promise<void>;
}

export const NO_ROOM_MESSAGE = '服务器存储空间不足，暂时无法接收文件，请稍后再试或联系协会';

/**
 * Refuses an upload that would leave less than `floorBytes` (UPLOAD_MIN_FREE_MB) free on the disk
 * of `dataDir` (`incoming`: bytes not yet on it), with 503: a full disk would stop the database as
 * well. The refusal carries the free bytes it saw, for the caller's log.
 */
async function assertRoomOnDisk(dataDir: string, floorBytes: number, incoming: number): Promise<void> {
  if (floorBytes <= 0) return;
  const stats = await fsp.statfs(dataDir);
  const free = Number(stats.bavail) * Number(stats.bsize);
  if (free - incoming < floorBytes) throw new DiskAlmostFull(free, incoming, floorBytes);
}

class DiskAlmostFull extends BizError {
  constructor(
    readonly free: number,
    readonly incoming: number,
    readonly floor: number,
  ) {
    super(NO_ROOM_MESSAGE, ApiStatus.BusinessError, 503);
  }
}

/**
 * Every upload's steps after its guard (./anonymousUpload.ts shares them): refuse at once what
 * cannot fit, read the parts, check them, answer a retried upload with the record it made, put
 * the content in place, and only then insert the record.
 */
export async function storeUpload(request: FastifyRequest, storage: FileStorage, rules: UploadRules): Promise<StoredFile> {
  const { limit } = rules;
  const { dataDir, uploadMinFreeBytes } = request.server.appConfig;
  const checkRoom = (incoming: number) =>
    assertRoomOnDisk(dataDir, uploadMinFreeBytes, incoming).catch((err: unknown) => {
      if (err instanceof DiskAlmostFull) request.log.error({ free: err.free, incoming: err.incoming, floor: err.floor }, 'upload refused: disk almost full');
      throw err;
    });
  const declared = Number(request.headers['content-length']);
  // Refuse at once what cannot fit, before reading a byte of it.
  if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD) throw tooLargeError(limit);
  await checkRoom(Number.isFinite(declared) ? declared : 0);

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
    if (rules.accepts && !rules.accepts.test(type.contentType)) throw new BizError(rules.accepts.message);

    // The client's MD5 is the original's; what is stored (and named by its MD5) is without metadata.
    const content = type.contentType.startsWith('image/') ? await withoutMetadata(received.tempPath, type.contentType, received) : received;

    const db = request.server.db;
    const existing = await findFileRow(db, fields.fileId);
    // A retried upload: nothing new to store; it is answered with the record it made.
    if (existing) return reuseOrRefuse(existing, content.md5, rules.uploaderId);
    // The temp file is on the disk already: what is left must still be above the floor.
    await checkRoom(0);
    await rules.beforeCommit?.({ fileId: fields.fileId, size: content.size });

    const storageKey = await storage.commit(received.tempPath, content.md5);
    committed = true;
    return await insertFileRecord(
      db,
      request,
      {
        file_id: fields.fileId,
        original_name: nameForType(name, type),
        size: content.size,
        content_type: type.contentType,
        md5: content.md5,
        storage_key: storageKey,
        uploader_id: rules.uploaderId,
        created_at: request.server.clock().toISOString(),
      },
      'upload',
    );
  } finally {
    // commit() cleans up after itself; every other path drops the temp file here.
    if (received && !received.tooLarge && !committed) await storage.discard(received.tempPath);
  }
}

/**
 * An image's temp file without its metadata (./imageMetadata.ts), rewritten in place when there
 * was any; its MD5 and size. Stripping is deterministic, so a retried upload of the same original
 * comes to the same content and MD5 (reuseOrRefuse above).
 */
async function withoutMetadata(tempPath: string, contentType: string, received: { md5: string; size: number }): Promise<{ md5: string; size: number }> {
  const original = await fsp.readFile(tempPath);
  const stripped = stripImageMetadata(contentType, original);
  if (stripped === original) return received;
  await fsp.writeFile(tempPath, stripped);
  const hash = startMd5();
  try {
    for (let at = 0; at < stripped.length; at += MD5_FEED_BYTES) await hash.update(stripped.subarray(at, at + MD5_FEED_BYTES));
    return { md5: await hash.digest(), size: stripped.length };
  } catch (err) {
    hash.release();
    throw err;
  }
}

export async function handleUpload(request: FastifyRequest, storage: FileStorage): Promise<StoredFile> {
  const user = requireUser(request);
  return storeUpload(request, storage, { limit: request.server.appConfig.uploadMaxBytes, uploaderId: user.id });
}
