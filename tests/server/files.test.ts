/**
 * The files module against a real database (SQLite always, PostgreSQL with TEST_DATABASE_URL):
 * upload, 秒传, download, preview, the read rules, and every refusal leaving nothing behind.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewItem, StoredFile, UploadStatus } from '@common/schemas/files';
import { DEMO_PASSWORD, DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { registerFileReadRule } from '../../server/files/readRules';
import { FileStorage, storageFaults } from '../../server/files/storage';
import { createTestApp, dialects, type TestContext } from './helpers';
import { addAccount, md5, pdfBytes, pngBytes, storedPaths, upload, zipBytes } from './files.helpers';

const CHINESE_NAME = '资质证书 扫描件（2026）.png';

describe.each(dialects)('files on %s', (dialect) => {
  let t: TestContext;
  let unitToken: string;
  let otherUnitToken: string;
  let practitionerToken: string;
  let staffToken: string;

  beforeAll(async () => {
    // A test moves the clock an hour on; the staff token must outlive that (staff sessions idle out after 30 minutes).
    t = await createTestApp(dialect, { demo: true, env: { STAFF_SESSION_IDLE_MINUTES: '120' } });
    unitToken = await t.login('demo_unit', DEMO_PASSWORD, 2);
    practitionerToken = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    staffToken = await t.login('demo_staff', DEMO_PASSWORD, 1);
    otherUnitToken = await addAccount(t, 'other_unit', 2, 'other-unit-1');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    storageFaults.beforeRename = null;
  });

  const rowCount = async (fileId: string) =>
    (await t.db.kysely.selectFrom('stored_files').select('file_id').where('file_id', '=', fileId).execute()).length;
  const tempFiles = () => storedPaths(t).filter((p) => p.startsWith('tmp'));
  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? { token } : {}) } });

  it('uploads, finds the content by MD5 and downloads it byte for byte with the Chinese name', async () => {
    const content = pngBytes();
    const fileId = randomUUID();
    const res = await upload<StoredFile>(t, unitToken, content, { fileId, name: CHINESE_NAME });
    expect(res.body.status).toBe(1);
    expect(res.body.data).toMatchObject({ fileId, name: CHINESE_NAME, size: content.length, contentType: 'image/png', md5: md5(content) });

    const status = await t.call<UploadStatus>('GET', `file/upload/status/${md5(content)}`, { token: unitToken });
    expect(status.body.data).toMatchObject({ exists: true, file: { fileId } });
    const missing = await t.call<UploadStatus>('GET', `file/upload/status/${md5(Buffer.from('nothing'))}`, { token: unitToken });
    expect(missing.body.data).toEqual({ exists: false });

    const download = await get(`/api/v1/file/download/${fileId}`, unitToken);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, content)).toBe(0);
    expect(download.headers['content-type']).toBe('image/png');
    expect(Number(download.headers['content-length'])).toBe(content.length);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers.etag).toBe(`"${md5(content)}"`);
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe(CHINESE_NAME);

    const revalidated = await get(`/api/v1/file/download/${fileId}`, unitToken, { 'if-none-match': `"${md5(content)}"` });
    expect(revalidated.statusCode).toBe(304);

    // Stored once, under its MD5, with the record and one operation-log entry.
    expect(storedPaths(t)).toContain(path.join(md5(content).slice(0, 2), md5(content)));
    const log = await t.db.kysely.selectFrom('operation_logs').selectAll().where('entity', '=', 'file').where('entity_id', '=', fileId).execute();
    expect(log.map((l) => l.action)).toEqual(['upload']);
  });

  it('秒传: registers another fileId for stored content without a second copy', async () => {
    const content = pdfBytes(50_000);
    const first = await upload<StoredFile>(t, unitToken, content, { name: 'a.pdf' });
    expect(first.body.status).toBe(1);
    const before = storedPaths(t);

    // The uploader again (another form, another fileId): no bytes needed.
    const own = await t.call<UploadStatus>('GET', `file/upload/status/${md5(content)}`, { token: unitToken });
    expect(own.body.data).toMatchObject({ exists: true, file: { fileId: first.body.data.fileId } });
    const fileId = randomUUID();
    const instant = await t.call<StoredFile>('POST', 'file/upload/instant', {
      token: unitToken,
      body: { fileId, md5: md5(content), name: '另一份.pdf' },
    });
    expect(instant.body.status).toBe(1);
    expect(instant.body.data).toMatchObject({ fileId, name: '另一份.pdf', size: content.length, contentType: 'application/pdf' });
    expect(storedPaths(t)).toEqual(before);
    const download = await get(`/api/v1/file/download/${fileId}`, unitToken);
    expect(Buffer.compare(download.rawPayload, content)).toBe(0);
    const log = await t.db.kysely.selectFrom('operation_logs').select('action').where('entity_id', '=', fileId).execute();
    expect(log).toEqual([{ action: 'instant-upload' }]);

    // Staff read a file only where a permission of theirs covers a record that holds it
    // (server/files/holders.ts): the content editor cannot claim a unit's file by its MD5.
    const staffInstant = await t.call<StoredFile>('POST', 'file/upload/instant', {
      token: staffToken,
      body: { fileId: randomUUID(), md5: md5(content), name: '审核副本.pdf' },
    });
    expect(staffInstant.body).toMatchObject({ status: 10, message: '服务器上没有该文件，请重新上传' });

    // Someone who cannot read it: an MD5 is no secret, so it opens nothing; they upload the
    // bytes (proving they have them) and the server still keeps one copy.
    const status = await t.call<UploadStatus>('GET', `file/upload/status/${md5(content)}`, { token: otherUnitToken });
    expect(status.body.data).toEqual({ exists: false });
    const claim = await t.call('POST', 'file/upload/instant', {
      token: otherUnitToken,
      body: { fileId: randomUUID(), md5: md5(content), name: 'x.pdf' },
    });
    expect(claim.body).toMatchObject({ status: 10, message: '服务器上没有该文件，请重新上传' });
    const again = await upload<StoredFile>(t, otherUnitToken, content, { name: 'b.pdf' });
    expect(again.body.status).toBe(1);
    expect(storedPaths(t)).toEqual(before);
  });

  it('refuses a wrong MD5 and stores nothing', async () => {
    const content = pngBytes(10_000);
    const fileId = randomUUID();
    const res = await upload(t, unitToken, content, { fileId, md5: md5(Buffer.from('other')) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ status: 10, message: '文件校验失败：MD5不一致' });
    expect(await rowCount(fileId)).toBe(0);
    expect(storedPaths(t).some((p) => p.endsWith(md5(content)))).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  it.each([
    ['a Windows executable named as an image', Buffer.concat([Buffer.from('MZ'), randomBytes(500)]), 'photo.png'],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.pdf'],
    ['an SVG image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), 'logo.svg'],
    ['an OLE2 installer', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(500)]), 'setup.msi'],
    ['a Java archive', zipBytes(), 'tool.jar'],
  ])('refuses %s by its bytes', async (_label, content, name) => {
    const fileId = randomUUID();
    const res = await upload(t, unitToken, content, { fileId, name });
    expect(res.body.status).toBe(10);
    expect(res.body.message).toMatch(/^不支持的文件类型/);
    expect(await rowCount(fileId)).toBe(0);
    expect(tempFiles()).toEqual([]);
  });

  it('accepts Office documents and fixes a name that lies about the type', async () => {
    const docx = await upload<StoredFile>(t, unitToken, zipBytes(), { name: '申请表.docx' });
    expect(docx.body.data.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const doc = await upload<StoredFile>(t, unitToken, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(600)]), {
      name: '旧表.doc',
    });
    expect(doc.body.data.contentType).toBe('application/msword');
    const renamed = await upload<StoredFile>(t, unitToken, pngBytes(1000), { name: '../../etc/evil.exe' });
    expect(renamed.body.data).toMatchObject({ name: 'evil.exe.png', contentType: 'image/png' });
  });

  it('returns the record for a retried fileId and refuses a fileId taken by other content', async () => {
    const content = pngBytes(3000);
    const fileId = randomUUID();
    expect((await upload(t, unitToken, content, { fileId })).body.status).toBe(1);
    const retry = await upload<StoredFile>(t, unitToken, content, { fileId });
    expect(retry.body).toMatchObject({ status: 1, data: { fileId, md5: md5(content) } });
    const other = await upload(t, unitToken, pngBytes(3000), { fileId });
    expect(other.body).toMatchObject({ status: 10, message: '文件编号已被其他文件使用，请重新选择文件上传' });
    const stolen = await upload(t, otherUnitToken, content, { fileId });
    expect(stolen.body.status).toBe(10);
    expect(tempFiles()).toEqual([]);
  });

  it('leaves no record and no temp file when storing crashes before the rename', async () => {
    storageFaults.beforeRename = () => {
      throw new Error('simulated crash');
    };
    const content = pngBytes(20_000);
    const fileId = randomUUID();
    const res = await upload(t, unitToken, content, { fileId });
    expect(res.statusCode).toBe(500);
    expect(res.body).toMatchObject({ status: 10, message: '服务器内部错误' });
    expect(await rowCount(fileId)).toBe(0);
    expect(storedPaths(t).some((p) => p.endsWith(md5(content)))).toBe(false);
    expect(tempFiles()).toEqual([]);
    // The same upload succeeds once the fault is gone.
    storageFaults.beforeRename = null;
    expect((await upload(t, unitToken, content, { fileId })).body.status).toBe(1);
  });

  it('lists previews with signed addresses that open without a token', async () => {
    const image = await upload<StoredFile>(t, unitToken, pngBytes(2000), { name: '照片.png' });
    const docx = await upload<StoredFile>(t, unitToken, zipBytes(), { name: '表格.xlsx' });
    const unknown = randomUUID();
    const ids = [image.body.data.fileId, unknown, docx.body.data.fileId];
    const res = await t.call<PreviewItem[]>('GET', `file/preview?fileIds=${ids.join(',')}`, { token: unitToken });
    expect(res.body.status).toBe(1);
    const [img, sheet] = res.body.data;
    expect(res.body.data).toHaveLength(2);
    expect(img).toMatchObject({ fileId: ids[0], name: '照片.png', contentType: 'image/png', previewable: true });
    expect(img.url).toMatch(new RegExp(`^/api/v1/file/view/${ids[0]}\\?exp=\\d+&sig=`));
    expect(sheet).toMatchObject({ previewable: false, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(sheet.url).toBe(sheet.downloadUrl);

    const view = await get(img.url);
    expect(view.statusCode).toBe(200);
    expect(String(view.headers['content-disposition'])).toMatch(/^inline; /);
    const download = await get(sheet.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; /);
    // A signature opens one file in one mode only, and not after tampering or expiry.
    expect((await get(img.url.replace('/view/', '/download/'))).json()).toMatchObject({ status: 21 });
    // (Change the first character of the signature to another one: a fixed 'A' would be no change 1 time in 64.)
    const tampered = img.url.replace(/sig=(.)/, (_whole, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect((await get(tampered)).json()).toMatchObject({ status: 21 });
    t.clock.advanceMinutes(61);
    expect((await get(img.url)).json()).toMatchObject({ status: 21 });

    // Bad lists.
    const tooMany = Array.from({ length: 51 }, () => randomUUID()).join(',');
    expect((await t.call('GET', `file/preview?fileIds=${tooMany}`, { token: unitToken })).body).toMatchObject({
      status: 10,
      message: '一次最多预览 50 个文件',
    });
    expect((await t.call('GET', 'file/preview?fileIds=abc', { token: unitToken })).body).toMatchObject({
      status: 10,
      message: '文件编号格式不正确：abc',
    });
    // Files the caller may not read are left out, as if unknown.
    const other = await t.call<PreviewItem[]>('GET', `file/preview?fileIds=${ids[0]}`, { token: otherUnitToken });
    expect(other.body.data).toEqual([]);
  });

  it('lets the uploader read a file, and staff once a record of theirs holds it; others get 21, 20 or 30', async () => {
    const content = pngBytes(1000);
    const { fileId } = (await upload<StoredFile>(t, unitToken, content)).body.data;
    const url = `/api/v1/file/download/${fileId}`;
    expect((await get(url, unitToken)).statusCode).toBe(200);
    // Held by no record yet: nobody but the uploader, the super administrator included.
    expect((await get(url, staffToken)).statusCode).toBe(403);
    expect((await get(url, await t.adminToken())).statusCode).toBe(403);
    // On the unit's record: membership staff read it, the content editor still does not.
    await t.db.kysely
      .insertInto('file_attachments')
      .values({ id: randomUUID(), owner_type: 'unit', owner_id: DEMO_UNIT_ID, slot: 'qualification', file_id: fileId, sort: 99, created_at: new Date().toISOString(), created_by: null })
      .execute();
    expect((await get(url, await t.adminToken())).statusCode).toBe(200);
    expect((await get(url, staffToken)).statusCode).toBe(403);
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 21, message: 'token为空' });
    expect((await get(url, 'no-such-token')).json()).toMatchObject({ status: 20 });
    const other = await get(url, otherUnitToken);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ status: 30 });
    expect((await get(`/api/v1/file/view/${fileId}`, practitionerToken)).json()).toMatchObject({ status: 30 });
    // A file id that does not exist gets the very answer of a file one may not read: no existence oracle.
    const missing = `/api/v1/file/download/${randomUUID()}`;
    const answer = async (u: string, token?: string) => {
      const res = await get(u, token);
      return { statusCode: res.statusCode, body: res.json<unknown>() };
    };
    const unreadable = { statusCode: 403, body: { status: 30, success: false, message: '文件不存在或没有权限查看', data: null } };
    expect(await answer(url, otherUnitToken)).toEqual(unreadable);
    expect(await answer(missing, otherUnitToken)).toEqual(unreadable);
    expect(await answer(missing, unitToken)).toEqual(unreadable);
    expect(await answer(`/api/v1/file/view/${randomUUID()}`, practitionerToken)).toEqual(unreadable);
    expect(await answer(missing)).toEqual(await answer(url));
    expect((await answer(missing)).statusCode).toBe(401);
    expect(await answer(missing, 'no-such-token')).toEqual(await answer(url, 'no-such-token'));
    expect(await answer(`${missing}?exp=4102444800&sig=forged`)).toEqual(await answer(`${url}?exp=4102444800&sig=forged`));
    expect((await get('/api/v1/file/download/not-a-uuid', unitToken)).json()).toMatchObject({ status: 10 });

    // A module that says the file is public (e.g. a published article's attachment) opens it to all.
    const unregister = registerFileReadRule(async (_db, id) => id === fileId);
    try {
      const open = await get(url);
      expect(open.statusCode).toBe(200);
      expect(Buffer.compare(open.rawPayload, content)).toBe(0);
      expect((await get(url, otherUnitToken)).statusCode).toBe(200);
    } finally {
      unregister();
    }
    expect((await get(url)).statusCode).toBe(401);

    // Uploading and asking need a login.
    expect((await upload(t, undefined, content)).body.status).toBe(21);
    expect((await t.call('GET', `file/upload/status/${md5(content)}`)).body.status).toBe(21);
  });

  it.each([
    ['a bad fileId', { fileId: 'not-a-uuid' }, '文件编号格式不正确，应为 v4 UUID'],
    ['a bad md5', { md5: 'ABC' }, 'MD5格式不正确，应为32位小写十六进制'],
  ])('answers %s with status 10', async (_label, override, message) => {
    const res = await upload(t, unitToken, pngBytes(500), override);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ status: 10, message });
    expect(tempFiles()).toEqual([]);
  });

  it('answers a malformed upload with status 10, never 500', async () => {
    const content = pngBytes(500);
    const fileId = randomUUID();
    const cases = [
      { parts: [{ name: 'fileId', value: fileId }, { name: 'md5', value: md5(content) }], message: '请选择要上传的文件' },
      { parts: [{ name: 'md5', value: md5(content) }, { name: 'file', filename: 'a.png', content }], message: '文件编号不能为空' },
      { parts: [{ name: 'fileId', value: fileId }, { name: 'file', filename: 'a.png', content }], message: 'MD5不能为空' },
      {
        parts: [{ name: 'fileId', value: fileId }, { name: 'md5', value: md5(content) }, { name: 'extra', value: '1' }, { name: 'file', filename: 'a.png', content }],
        message: '不允许的字段：extra',
      },
      {
        parts: [{ name: 'fileId', value: fileId }, { name: 'md5', value: md5(content) }, { name: 'attachment', filename: 'a.png', content }],
        message: '不允许的字段：attachment',
      },
      {
        parts: [{ name: 'fileId', value: fileId }, { name: 'md5', value: md5(Buffer.alloc(0)) }, { name: 'file', filename: 'a.png', content: Buffer.alloc(0) }],
        message: '文件不能为空',
      },
      {
        // One file per upload (the multipart limit answers first; readParts would too).
        parts: [{ name: 'fileId', value: fileId }, { name: 'md5', value: md5(content) }, { name: 'file', filename: 'a.png', content }, { name: 'file', filename: 'b.png', content }],
        message: '上传的文件过多',
      },
    ];
    for (const c of cases) {
      const res = await upload(t, unitToken, content, { parts: c.parts });
      expect(res.body, c.message).toMatchObject({ status: 10, message: c.message });
    }
    const json = await t.call('POST', 'file/upload', { token: unitToken, body: { fileId, md5: md5(content) } });
    expect(json.statusCode).toBe(415);
    expect(json.body).toMatchObject({ status: 10, message: '请求不是 multipart/form-data' });
    const badInstant = await t.call('POST', 'file/upload/instant', { token: unitToken, body: { fileId, md5: md5(content), name: 'a.png', x: 1 } });
    expect(badInstant.body).toMatchObject({ status: 10, message: '不允许的字段：x' });
    expect((await t.call('GET', 'file/upload/status/xyz', { token: unitToken })).body).toMatchObject({ status: 10, message: 'MD5格式不正确' });
    expect(await rowCount(fileId)).toBe(0);
    expect(tempFiles()).toEqual([]);
  });
});

describe.each(dialects)('upload size limit on %s', (dialect) => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true, env: { UPLOAD_MAX_BYTES: '1024' } });
    token = await t.login('demo_unit', DEMO_PASSWORD, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    // Just over the limit: found while streaming.
    ['while streaming', 2000],
    // Far over: refused from Content-Length before reading the body.
    ['from Content-Length', 200_000],
  ])('refuses a file over the limit %s with 413', async (_label, size) => {
    const fileId = randomUUID();
    // The demo data's own files are there already: nothing may be added to them.
    const before = storedPaths(t);
    const res = await upload(t, token, pngBytes(size), { fileId });
    expect(res.statusCode).toBe(413);
    expect(res.body).toMatchObject({ status: 10, message: '文件过大：单个文件不能超过 1 KB' });
    expect(await t.db.kysely.selectFrom('stored_files').select('file_id').where('file_id', '=', fileId).execute()).toEqual([]);
    expect(storedPaths(t)).toEqual(before);
  });

  it('accepts a file at the limit', async () => {
    expect((await upload(t, token, pngBytes(1024))).body.status).toBe(1);
  });
});

describe('temp files left by a crash', () => {
  it('are removed at start-up once nobody has written them for an hour', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-stale-'));
    try {
      const storage = new FileStorage(dir);
      await storage.init();
      const stale = path.join(storage.tempDir, 'old.part');
      const fresh = path.join(storage.tempDir, 'fresh.part');
      fs.writeFileSync(stale, 'x');
      fs.writeFileSync(fresh, 'y');
      const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
      fs.utimesSync(stale, old, old);
      expect(await storage.cleanStaleTemp()).toBe(1);
      expect(fs.readdirSync(storage.tempDir)).toEqual(['fresh.part']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
