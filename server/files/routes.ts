/**
 * The files module (paths and fields the front end's uploader was built against: keep them):
 *
 *   POST /file/upload               multipart fileId, md5, file        any logged-in account
 *   GET  /file/upload/status/{md5}  { exists, file? }                  any logged-in account
 *   POST /file/upload/instant       { fileId, md5, name } ("秒传")     any logged-in account
 *   GET  /file/preview?fileIds=     items with signed view/download addresses
 *   GET  /file/download/{id}        the bytes, attachment
 *   GET  /file/view/{id}            the bytes, inline (images and PDF only)
 *
 * The last three are declared public to the guard because a public article's files must
 * open without a login; the handlers apply the read rules (./readRules.ts) themselves and
 * answer 21/20 to an anonymous caller and 30 to a logged-in one without the right, and the same
 * for a file id that does not exist (no existence oracle).
 */
import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { UPLOAD_MESSAGES } from '@common/messages';
import { API_BASE, Envelope } from '@common/schemas/common';
import {
  FILE_ID_PATTERN,
  FileId,
  FileIdParams,
  InstantUploadBody,
  MAX_PREVIEW_IDS,
  Md5,
  Md5Params,
  PreviewItem,
  PreviewQuery,
  SignedUrlQuery,
  StoredFile,
  UploadStatus,
} from '@common/schemas/files';
import { requireUser } from '../security/guard';
import type { StoredFileRow } from '../db/types';
import { ok } from '../http/envelope';
import { BizError, errors } from '../http/errors';
import { ALLOWED_KINDS_TEXT, detectType } from './detect';
import { shownFileName } from './displayNames';
import { contentDisposition, nameForType, sanitizeName } from './names';
import { canReadFile } from './readRules';
import { findFileRow, findFileRows, findRowsByMd5, insertFileRecord, reuseOrRefuse, toStoredFile } from './service';
import { loadLinkKey, UrlSigner, type UrlMode } from './signedUrls';
import { FileStorage } from './storage';
import { handleUpload } from './upload';

const tags = ['文件'];
const PREVIEWABLE = /^(image\/(jpeg|png|gif|webp|bmp)|application\/pdf)$/;
const FILE_ID_RE = new RegExp(FILE_ID_PATTERN);
const SIGNED_ACCESS_NOTE =
  '浏览器的 <img src>/<a href> 无法携带 token 请求头：可带 token 请求头访问，或使用 /file/preview 返回的带签名地址（exp、sig，1 小时内有效）。' +
  '无签名时按读取规则：上传者本人、持有任一权限的协会工作人员、或已注册的公开规则允许的任何人；未登录 21/20，无权限 30。';

/** The multipart form as OpenAPI shows it (file last). */
const UploadBodyDoc = Type.Object({
  fileId: FileId,
  md5: Md5,
  file: Type.String({ format: 'binary', title: '文件' }),
});

export const isPreviewable = (contentType: string) => PREVIEWABLE.test(contentType);

const filesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const storage = new FileStorage(app.appConfig.dataDir);
  await storage.init();
  const stale = await storage.cleanStaleTemp();
  if (stale > 0) app.log.warn({ removed: stale }, 'removed stale upload temp files');
  // Shared by every instance and kept across restarts: a link minted anywhere opens everywhere.
  const signer = new UrlSigner(await loadLinkKey(app.appConfig, app.db));

  // Only this plugin parses multipart; the size limit is enforced while streaming.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    // Large reads and writes: busboy's and Node's 16 KB defaults made a 512 MB upload tens of
    // thousands of small chunks through the hash, the meter and the file.
    fileHwm: 1024 * 1024,
    limits: { fileSize: app.appConfig.uploadMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024, fieldNameSize: 100 },
  });

  app.post(
    '/file/upload',
    {
      config: { access: {} },
      // The multipart body is checked while it streams (./upload.ts); `body` below only
      // documents it in OpenAPI, so no validator may look at it.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags,
        summary: '上传文件（multipart/form-data：fileId、md5、file）',
        description:
          '字段：fileId（v4 UUID，客户端生成）、md5（文件内容的32位小写十六进制 MD5）、file（文件，建议放在最后）。' +
          '服务器边接收边计算 MD5 与大小，MD5 不一致则拒绝且不保存；按文件头识别类型，只接受' +
          `${ALLOWED_KINDS_TEXT}；同一内容只存一份。同一 fileId 重复上传相同内容返回原记录。`,
        consumes: ['multipart/form-data'],
        body: UploadBodyDoc,
        response: { 200: Envelope(StoredFile) },
      },
    },
    async (request) => ok(await handleUpload(request, storage), UPLOAD_MESSAGES.uploaded),
  );

  app.get(
    '/file/upload/status/:md5',
    {
      config: { access: {} },
      schema: {
        tags,
        summary: '按 MD5 查询文件是否已存在（存在则无需上传，改调 /file/upload/instant）',
        description:
          '只有调用者能读取的同内容文件才算存在（MD5 不是秘密，知道 MD5 不能换来别人的私有文件：那时请正常上传，服务器仍只存一份）。' +
          'file 只在调用者自己上传过该内容时返回。',
        params: Md5Params,
        response: { 200: Envelope(UploadStatus) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const source = await readableCopy(request, request.params.md5);
      if (!source) return ok({ exists: false });
      return ok(source.uploader_id === user.id ? { exists: true, file: toStoredFile(source) } : { exists: true });
    },
  );

  app.post(
    '/file/upload/instant',
    {
      config: { access: {} },
      schema: {
        tags,
        summary: '秒传：内容已存在时，为客户端的 fileId 登记一条文件记录',
        description: '先用 /file/upload/status/{md5} 确认 exists 为 true；服务器不存第二份内容。',
        body: InstantUploadBody,
        response: { 200: Envelope(StoredFile) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { fileId, md5 } = request.body;
      const existing = await findFileRow(app.db, fileId);
      if (existing) return ok(reuseOrRefuse(existing, md5, user.id), UPLOAD_MESSAGES.instantUploaded);
      const source = await readableCopy(request, md5);
      if (!source) throw new BizError(UPLOAD_MESSAGES.contentMissing);
      const name = sanitizeName(request.body.name);
      // The type comes from the stored bytes; the new name may only pick among allowed kinds.
      const type = detectType(await storage.readHead(source.storage_key), name);
      if (!type) throw new BizError(`不支持的文件类型：只能上传${ALLOWED_KINDS_TEXT}`);
      const file = await insertFileRecord(
        app.db,
        request,
        {
          file_id: fileId,
          original_name: nameForType(name, type),
          size: Number(source.size),
          content_type: type.contentType,
          md5,
          storage_key: source.storage_key,
          uploader_id: user.id,
          created_at: app.clock().toISOString(),
        },
        'instant-upload',
      );
      return ok(file, UPLOAD_MESSAGES.instantUploaded);
    },
  );

  app.get(
    '/file/preview',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: `文件预览信息（fileIds 逗号分隔，最多 ${MAX_PREVIEW_IDS} 个）`,
        description:
          'url：图片与 PDF 为内联查看地址，其他类型等于 downloadUrl；两者都带 1 小时有效的签名，可直接用于 <img src>/<a href>。' +
          '不存在或调用者无权读取的文件不出现在结果中。',
        querystring: PreviewQuery,
        response: { 200: Envelope(Type.Array(PreviewItem)) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.fileIds.split(',').map((s) => s.trim()).filter(Boolean))];
      if (ids.length === 0) throw new BizError('文件编号列表不能为空');
      if (ids.length > MAX_PREVIEW_IDS) throw new BizError(`一次最多预览 ${MAX_PREVIEW_IDS} 个文件`);
      const bad = ids.find((id) => !FILE_ID_RE.test(id));
      if (bad) throw new BizError(`文件编号格式不正确：${bad.slice(0, 64)}`);
      const rows = new Map((await findFileRows(app.db, ids)).map((r) => [r.file_id, r]));
      const now = app.clock();
      const items: PreviewItem[] = [];
      for (const id of ids) {
        const row = rows.get(id);
        if (!row || !(await canReadFile(app.db, fileRef(row), request.user, app.clock()))) continue;
        const previewable = isPreviewable(row.content_type);
        const downloadUrl = signedUrl(signer, 'download', id, now);
        items.push({
          fileId: id,
          name: await shownFileName(app.db, { fileId: id, name: row.original_name }, request.user),
          size: Number(row.size),
          contentType: row.content_type,
          url: previewable ? signedUrl(signer, 'view', id, now) : downloadUrl,
          downloadUrl,
          previewable,
        });
      }
      return ok(items);
    },
  );

  /**
   * A stored copy of this content that the caller may read (their own first), whose bytes
   * are on disk; null when none. Knowing an MD5 must not open someone else's private file.
   */
  async function readableCopy(request: FastifyRequest, md5: string): Promise<StoredFileRow | null> {
    const user = requireUser(request);
    const rows = await findRowsByMd5(app.db, md5);
    rows.sort((a, b) => Number(b.uploader_id === user.id) - Number(a.uploader_id === user.id));
    for (const row of rows.slice(0, 20)) {
      if (!(await canReadFile(app.db, fileRef(row), user, app.clock()))) continue;
      return (await storage.has(row.storage_key)) ? row : null;
    }
    return null;
  }

  for (const mode of ['download', 'view'] as const) {
    app.get(
      `/file/${mode}/:id`,
      {
        config: { access: { public: true } },
        // Bytes as stored: compressing would drop Content-Length and gains nothing on images/PDF/zip.
        compress: false,
        schema: {
          tags,
          summary: mode === 'download' ? '下载文件（attachment，UTF-8 文件名）' : '内联查看图片或 PDF（其他类型按下载处理）',
          description: SIGNED_ACCESS_NOTE,
          params: FileIdParams,
          querystring: SignedUrlQuery,
        },
      },
      async (request, reply) => {
        const found = await findFileRow(app.db, request.params.id);
        const { exp, sig } = request.query;
        const signed = found !== undefined && signer.verify(mode, found.file_id, exp, sig, app.clock());
        const row = signed ? found : await readableRow(request, request.params.id, found);
        const name = await shownFileName(app.db, { fileId: row.file_id, name: row.original_name }, request.user);
        return sendFile(reply, storage, row, name, mode === 'view' && isPreviewable(row.content_type) ? 'inline' : 'attachment');
      },
    );
  }
};

function fileRef(row: StoredFileRow) {
  return { fileId: row.file_id, uploaderId: row.uploader_id };
}

function signedUrl(signer: UrlSigner, mode: UrlMode, fileId: string, now: Date): string {
  const { exp, sig } = signer.sign(mode, fileId, now);
  return `${API_BASE}/file/${mode}/${fileId}?exp=${exp}&sig=${sig}`;
}

/** The one answer, to a signed-in caller, for a file that does not exist and one they may not read. */
export const FILE_UNREADABLE_MESSAGE = '文件不存在或没有权限查看';

/**
 * The file's row when the caller may read it. A file that does not exist is answered exactly as
 * one the caller may not read (the read rules asked all the same), so that the answer does not
 * tell whether a file id exists: a signed-in caller gets 403 FILE_UNREADABLE_MESSAGE, an
 * anonymous one the 401 of their token (log in first).
 */
async function readableRow(request: FastifyRequest, fileId: string, row: StoredFileRow | undefined): Promise<StoredFileRow> {
  const ref = row ? fileRef(row) : { fileId, uploaderId: null };
  const readable = await canReadFile(request.server.db, ref, request.user, request.server.clock());
  if (row && readable) return row;
  if (request.user) throw errors.forbidden(FILE_UNREADABLE_MESSAGE);
  // A public route keeps going with a bad token; here it matters which one it was.
  const token = request.headers.token;
  throw (Array.isArray(token) ? token[0] : token)?.trim() ? errors.tokenInvalid() : errors.tokenEmpty();
}

async function sendFile(reply: FastifyReply, storage: FileStorage, row: StoredFileRow, name: string, kind: 'inline' | 'attachment') {
  const etag = `"${row.md5}"`;
  reply
    .header('content-type', row.content_type)
    .header('content-disposition', contentDisposition(kind, name))
    .header('etag', etag)
    // Per user (signed or token): never in shared caches; the ETag saves the bytes on revalidation.
    .header('cache-control', 'private, no-cache');
  const match = reply.request.headers['if-none-match'];
  if (match && match.split(',').some((m) => m.trim() === etag)) return reply.code(304).send();
  const file = storage.pathOf(row.storage_key);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat) {
    reply.request.log.error({ fileId: row.file_id, storageKey: row.storage_key }, 'stored content missing');
    reply.removeHeader('content-disposition').removeHeader('etag');
    throw errors.notFound('文件内容');
  }
  reply.header('content-length', stat.size);
  return reply.send(fs.createReadStream(file));
}

export default filesRoutes;
