/**
 * The files API of the mock (part of the default handlers, ./handlers.ts): stateful, it
 * remembers what was uploaded (by MD5 and by fileId) and records every files call.
 * `resetFileMock()` (through `resetMockState()`, after each test) empties it and stores the
 * fixture `storedFile` again, so its MD5 is known (秒传) and its fileId previews.
 *
 * It cannot check the MD5 against the bytes: a test-DOM File loses its bytes and name on the
 * way through msw (the part arrives as "blob" with the text "undefined"), so the fields
 * fileId and md5 are what a test can check; the real check is in tests/server/files.test.ts
 * and the e2e test. Like the server, status/upload/instant need a logged-in token;
 * preview and download are open. For one test:
 *
 *   seedFileContent(md5)                 // the server "has" this content → 秒传 path
 *   seedFileRecord({ ...storedFile, fileId: 'other', name: 'other.pdf' })  // a stored record
 *   fileCalls                            // [{ method, path }] in order
 *   uploadedRecords()                    // the records uploads and 秒传 added
 *   failNextUpload(10, '文件过大…', 413)  // the next POST /file/upload fails with this envelope
 *   setUploadDelay(400)                  // the upload answer waits (to see '上传中')
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { UPLOAD_MESSAGES } from '@common/messages';
import type { InstantUploadBody, PreviewItem, StoredFile } from '@common/schemas/files';
import { storedFile } from './fixtures';
import { apiPath, authenticate, bad, done, failure, notFound } from './kit';

const contents = new Map<string, { size: number; contentType: string }>();
const records = new Map<string, StoredFile>();
const added: StoredFile[] = [];
export const fileCalls: { method: string; path: string }[] = [];
let nextUploadFailure: { status: number; message: string; httpStatus: number } | null = null;
/** Milliseconds the upload answer waits (so a test can see '上传中'). */
let uploadDelay = 0;

export function resetFileMock(): void {
  contents.clear();
  records.clear();
  added.length = 0;
  fileCalls.length = 0;
  nextUploadFailure = null;
  uploadDelay = 0;
  seedFileRecord(storedFile);
}

export function seedFileContent(md5: string, size = 1024, contentType = 'application/octet-stream'): void {
  contents.set(md5, { size, contentType });
}

/** A record (and its content) the server has already, as if uploaded before the test. */
export function seedFileRecord(file: StoredFile): void {
  seedFileContent(file.md5, file.size, file.contentType);
  records.set(file.fileId, file);
}
resetFileMock();

export function failNextUpload(status: number, message: string, httpStatus = 400): void {
  nextUploadFailure = { status, message, httpStatus };
}

export function setUploadDelay(ms: number): void {
  uploadDelay = ms;
}

/** The records this test's uploads and 秒传 calls added, in order (seeded ones are not). */
export function uploadedRecords(): StoredFile[] {
  return [...added];
}

function addRecord(file: StoredFile): void {
  records.set(file.fileId, file);
  added.push(file);
}

function record(request: Request): void {
  fileCalls.push({ method: request.method, path: new URL(request.url).pathname });
}

/** Duck-typed: the test DOM's File and the one msw parses come from different realms. */
function isFileLike(value: unknown): value is Blob & { name: string } {
  return typeof value === 'object' && value !== null && typeof (value as Blob).size === 'number';
}

/**
 * The multipart fields of an upload (here and the registration's, ./registration.ts), or the
 * server's refusal of a missing one, in its order: fileId, md5, file.
 */
export async function uploadForm(request: Request): Promise<{ fileId: string; md5: string; file: Blob & { name: string } } | Response> {
  const form = await request.formData();
  const file = form.get('file');
  const fileId = form.get('fileId');
  const md5 = form.get('md5');
  if (typeof fileId !== 'string') return bad(UPLOAD_MESSAGES.fileIdRequired);
  if (typeof md5 !== 'string') return bad(UPLOAD_MESSAGES.md5Required);
  if (!isFileLike(file)) return bad(UPLOAD_MESSAGES.fileRequired);
  return { fileId, md5, file };
}

/** The content-disposition name of a download (RFC 5987 and an ASCII fallback, as the server). */
function attachment(name: string): string {
  return `attachment; filename="file"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const fileHandlers: HttpHandler[] = [
  http.get(apiPath('/file/upload/status/:md5'), ({ request, params }) => {
    record(request);
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const md5 = String(params.md5);
    if (!contents.has(md5)) return done({ exists: false });
    // The server adds `file` only for the uploader's own copy; the mock knows no uploaders.
    const file = [...records.values()].find((r) => r.md5 === md5);
    return done(file ? { exists: true, file } : { exists: true });
  }),

  http.post(apiPath('/file/upload/instant'), async ({ request }) => {
    record(request);
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const body = (await request.json()) as InstantUploadBody;
    const content = contents.get(body.md5);
    if (!content) return bad(UPLOAD_MESSAGES.contentMissing);
    const stored: StoredFile = {
      fileId: body.fileId,
      name: body.name,
      size: content.size,
      contentType: content.contentType,
      md5: body.md5,
      createdAt: new Date().toISOString(),
    };
    addRecord(stored);
    return done(stored, UPLOAD_MESSAGES.instantUploaded);
  }),

  http.post(apiPath('/file/upload'), async ({ request }) => {
    record(request);
    const account = authenticate(request);
    if (account instanceof Response) return account;
    if (uploadDelay) await delay(uploadDelay);
    if (nextUploadFailure) {
      const { status, message, httpStatus } = nextUploadFailure;
      nextUploadFailure = null;
      return HttpResponse.json(failure(status, message), { status: httpStatus });
    }
    const fields = await uploadForm(request);
    if (fields instanceof Response) return fields;
    const { fileId, md5, file } = fields;
    const stored: StoredFile = {
      fileId,
      name: file.name,
      size: file.size,
      contentType: file.type || 'application/octet-stream',
      md5,
      createdAt: new Date().toISOString(),
    };
    contents.set(md5, { size: stored.size, contentType: stored.contentType });
    addRecord(stored);
    return done(stored, UPLOAD_MESSAGES.uploaded);
  }),

  http.get(apiPath('/file/preview'), ({ request }) => {
    record(request);
    const ids = (new URL(request.url).searchParams.get('fileIds') ?? '').split(',').filter(Boolean);
    // Unknown ids are left out, as the server leaves out unknown and unreadable ones.
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
    return done(items);
  }),

  http.get(apiPath('/file/download/:id'), ({ request, params }) => {
    record(request);
    const file = records.get(String(params.id));
    if (!file) return notFound('文件');
    return new HttpResponse(`mock content of ${file.name}`, {
      headers: { 'Content-Type': file.contentType, 'Content-Disposition': attachment(file.name) },
    });
  }),
];
