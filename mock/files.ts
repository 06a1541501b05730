/**
 * A stateful files mock for FileUpload tests: remembers what was uploaded (by MD5 and by
 * fileId) and records every files call. It cannot check the MD5 against the bytes: a jsdom
 * File loses its bytes and name on the way through msw (the part arrives as "blob" with the
 * text "undefined"), so the fields fileId and md5 are what a test can check; the real check
 * is in tests/server/files.test.ts and the e2e test. The default
 * handlers (./handlers.ts) answer fixed data; a test that needs the real flow adds these:
 *
 *   beforeEach(() => { resetFileMock(); server.use(...fileHandlers); });
 *   seedFileContent(md5)                 // the server "has" this content → 秒传 path
 *   fileCalls                            // [{ method, path }] in order
 *   failNextUpload(10, '文件过大…', 413)  // the next POST /file/upload fails with this envelope
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { ApiStatus } from '@common/schemas/common';
import type { InstantUploadBody, PreviewItem, StoredFile } from '@common/schemas/files';
import { apiPath, failure, ok } from './handlers';

const contents = new Map<string, { size: number }>();
const records = new Map<string, StoredFile>();
export const fileCalls: { method: string; path: string }[] = [];
let nextUploadFailure: { status: number; message: string; httpStatus: number } | null = null;
/** Milliseconds the upload answer waits (so a test can see '上传中'). */
let uploadDelay = 0;

export function resetFileMock(): void {
  contents.clear();
  records.clear();
  fileCalls.length = 0;
  nextUploadFailure = null;
  uploadDelay = 0;
}

export function seedFileContent(md5: string, size = 1024): void {
  contents.set(md5, { size });
}

export function failNextUpload(status: number, message: string, httpStatus = 400): void {
  nextUploadFailure = { status, message, httpStatus };
}

export function setUploadDelay(ms: number): void {
  uploadDelay = ms;
}

export function uploadedRecords(): StoredFile[] {
  return [...records.values()];
}

const bad = (message: string, httpStatus = 400) => HttpResponse.json(failure(ApiStatus.BusinessError, message), { status: httpStatus });

function record(request: Request): void {
  fileCalls.push({ method: request.method, path: new URL(request.url).pathname });
}

/** Duck-typed: jsdom's File and the one msw parses come from different realms. */
function isFileLike(value: unknown): value is Blob & { name: string } {
  return typeof value === 'object' && value !== null && typeof (value as Blob).size === 'number';
}

export const fileHandlers: HttpHandler[] = [
  http.get(apiPath('/file/upload/status/:md5'), ({ request, params }) => {
    record(request);
    return HttpResponse.json(ok({ exists: contents.has(String(params.md5)) }));
  }),

  http.post(apiPath('/file/upload/instant'), async ({ request }) => {
    record(request);
    const body = (await request.json()) as InstantUploadBody;
    const content = contents.get(body.md5);
    if (!content) return bad('服务器上没有该文件，请重新上传');
    const stored: StoredFile = {
      fileId: body.fileId,
      name: body.name,
      size: content.size,
      contentType: 'application/octet-stream',
      md5: body.md5,
      createdAt: new Date().toISOString(),
    };
    records.set(stored.fileId, stored);
    return HttpResponse.json(ok(stored, '秒传成功'));
  }),

  http.post(apiPath('/file/upload'), async ({ request }) => {
    record(request);
    if (uploadDelay) await delay(uploadDelay);
    if (nextUploadFailure) {
      const { status, message, httpStatus } = nextUploadFailure;
      nextUploadFailure = null;
      return HttpResponse.json(failure(status, message), { status: httpStatus });
    }
    const form = await request.formData();
    const file = form.get('file');
    const fileId = form.get('fileId');
    const md5 = form.get('md5');
    if (typeof fileId !== 'string') return bad('文件编号不能为空');
    if (typeof md5 !== 'string') return bad('MD5不能为空');
    if (!isFileLike(file)) return bad('请选择要上传的文件');
    contents.set(md5, { size: file.size });
    const stored: StoredFile = {
      fileId,
      name: file.name,
      size: file.size,
      contentType: file.type || 'application/octet-stream',
      md5,
      createdAt: new Date().toISOString(),
    };
    records.set(fileId, stored);
    return HttpResponse.json(ok(stored, '上传成功'));
  }),

  http.get(apiPath('/file/preview'), ({ request }) => {
    record(request);
    const ids = (new URL(request.url).searchParams.get('fileIds') ?? '').split(',').filter(Boolean);
    const items: PreviewItem[] = ids.flatMap((fileId) => {
      const file = records.get(fileId);
      if (!file) return [];
      const previewable = /^(image\/|application\/pdf)/.test(file.contentType);
      const downloadUrl = apiPath(`/file/download/${fileId}?exp=1&sig=mock`);
      return [
        {
          fileId,
          name: file.name,
          size: file.size,
          contentType: file.contentType,
          url: previewable ? apiPath(`/file/view/${fileId}?exp=1&sig=mock`) : downloadUrl,
          downloadUrl,
          previewable,
        },
      ];
    });
    return HttpResponse.json(ok(items));
  }),
];
