/**
 * An anonymous 举报 must not tell the unit it is about who sent it (README "个人信息保护与安全",
 * docs/domain.md "Complaints"), on every database: once the complaint is accepted, the unit reads
 * its attachments as 附件1.jpg, 附件2.png (in the detail, the preview and the download's name; staff
 * handling complaints keep the original names), every time only by its day, and the photos without
 * their Exif (GPS, camera), XMP, IPTC, comments or text chunks (server/files/imageMetadata.ts,
 * applied to every image upload). The client's MD5 is the original's: the upload is checked against
 * it, a retry of the same upload is answered with its record, and the stripped content is stored
 * once under its own MD5, which 秒传 then finds.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, Page } from '@common/schemas/common';
import type { ComplaintDetail, ComplaintListItem, ComplaintSubmitResult } from '@common/schemas/complaints';
import type { PreviewItem, StoredFile, UploadStatus } from '@common/schemas/files';
import { DEMO_PASSWORD, DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { FileStorage } from '../../server/files/storage';
import { md5, multipart, storedPaths } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';
import { annotatedPng, cleanJpeg, cleanPng, metadataIn, phoneJpeg } from './imageSamples';

const JPEG_NAME = '举报人王小明_13800138000.jpg';
const PNG_NAME = '王小明的手机截图.png';
const IDENTIFYING = ['王小明', '13800138000', '举报人'];

/** Every string in a JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Strings holding a time of day (an ISO instant, or hh:mm). */
const finerThanADay = (value: unknown) => stringsOf(value).filter((s) => /T\d{2}:\d{2}|\d{2}:\d{2}/.test(s));

describe.each(dialects)('an anonymous report as the unit reads it, on %s', (dialect) => {
  let t: TestContext;
  let admin = '';
  let unit = '';
  let address = 0;
  const nextIp = () => `10.61.0.${++address}`;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
  });
  afterAll(async () => t?.close());

  async function publicUpload(content: Buffer, name: string, fileId = randomUUID()) {
    const { payload, headers } = multipart([
      { name: 'fileId', value: fileId },
      { name: 'md5', value: md5(content) },
      { name: 'file', filename: name, content },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/public/complaints/files', payload, headers, remoteAddress: nextIp() });
    return { fileId, body: res.json<ApiEnvelope<StoredFile>>() };
  }

  it('the unit reads neutral names, days and photos without metadata; staff the original names', async () => {
    const jpeg = await publicUpload(phoneJpeg(), JPEG_NAME);
    expect(jpeg.body.status, jpeg.body.message).toBe(1);
    // Checked against the original's MD5, stored without the metadata under its own.
    expect(jpeg.body.data).toMatchObject({ md5: md5(cleanJpeg()), size: cleanJpeg().length, contentType: 'image/jpeg' });
    // The same upload again (a retry): the record it made, not a refusal of the file id.
    const retried = await publicUpload(phoneJpeg(), JPEG_NAME, jpeg.fileId);
    expect(retried.body.status, retried.body.message).toBe(1);
    expect(retried.body.data.md5).toBe(md5(cleanJpeg()));
    const png = await publicUpload(annotatedPng(), PNG_NAME);
    expect(png.body.data).toMatchObject({ md5: md5(cleanPng()), size: cleanPng().length });

    const submitted = await t.call<ComplaintSubmitResult>('POST', 'public/complaints', {
      ip: nextIp(),
      body: {
        kind: 'report',
        anonymous: true,
        name: null,
        phone: null,
        email: null,
        unitId: DEMO_UNIT_ID,
        title: '评估报告数据造假',
        content: '入户调查记录是补签的，见照片。',
        fileIds: [jpeg.fileId, png.fileId],
        consent: true,
      },
    });
    expect(submitted.body.status, submitted.body.message).toBe(1);
    const row = await t.db.kysely.selectFrom('complaints').select(['id', 'version']).where('complaint_no', '=', submitted.body.data.complaintNo).executeTakeFirstOrThrow();
    const accepted = await t.call('POST', `complaints/${row.id}/accept`, { token: admin, body: { version: Number(row.version) } });
    expect(accepted.body.status, accepted.body.message).toBe(1);

    // The detail and the list as the unit reads them.
    const detail = await t.call<ComplaintDetail>('GET', `complaints/${row.id}`, { token: unit });
    expect(detail.body.status, detail.body.message).toBe(1);
    expect(detail.body.data.files.map((f) => f.name)).toEqual(['附件1.jpg', '附件2.png']);
    expect(detail.body.data.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(detail.body.data.steps.map((s) => s.at).every((at) => /^\d{4}-\d{2}-\d{2}$/.test(at))).toBe(true);
    expect(finerThanADay(detail.body.data)).toEqual([]);
    const list = await t.call<Page<ComplaintListItem>>('GET', 'complaints?pageSize=100', { token: unit });
    const item = list.body.data.list.find((r) => r.id === row.id);
    expect(item).toBeDefined();
    expect(finerThanADay(item)).toEqual([]);
    for (const text of [JSON.stringify(detail.body), JSON.stringify(list.body)]) {
      for (const word of IDENTIFYING) expect(text).not.toContain(word);
    }

    // The preview's names, the download's name and bytes.
    const preview = await t.call<PreviewItem[]>('GET', `file/preview?fileIds=${jpeg.fileId},${png.fileId}`, { token: unit });
    expect(preview.body.data.map((p) => p.name)).toEqual(['附件1.jpg', '附件2.png']);
    for (const [item, clean] of [
      [preview.body.data[0], cleanJpeg()],
      [preview.body.data[1], cleanPng()],
    ] as const) {
      // The signed address carries no token: its name must suit whoever holds it.
      const signed = await t.app.inject({ method: 'GET', url: item.downloadUrl });
      expect(signed.statusCode).toBe(200);
      const disposition = decodeURIComponent(String(signed.headers['content-disposition']));
      expect(disposition).toContain(item.name);
      for (const word of IDENTIFYING) expect(disposition).not.toContain(word);
      expect(metadataIn(signed.rawPayload)).toEqual([]);
      expect(signed.rawPayload.equals(clean)).toBe(true);
      const withToken = await t.app.inject({ method: 'GET', url: `/api/v1/file/download/${item.fileId}`, headers: { token: unit } });
      expect(decodeURIComponent(String(withToken.headers['content-disposition']))).toContain(item.name);
      expect(metadataIn(withToken.rawPayload)).toEqual([]);
    }

    // Staff who handle complaints keep the complainant's own names (they know the complainant anyway).
    const asStaff = await t.call<ComplaintDetail>('GET', `complaints/${row.id}`, { token: admin });
    expect(asStaff.body.data.files.map((f) => f.name)).toEqual([JPEG_NAME, PNG_NAME]);
    expect(asStaff.body.data.submittedAt).toMatch(/T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const staffDownload = await t.app.inject({ method: 'GET', url: `/api/v1/file/download/${jpeg.fileId}`, headers: { token: admin } });
    expect(decodeURIComponent(String(staffDownload.headers['content-disposition']))).toContain(JPEG_NAME);

    // Stored once, without the metadata: the original's MD5 names nothing, the clean one is found by 秒传.
    const paths = storedPaths(t);
    expect(paths).toContain(FileStorage.keyFor(md5(cleanJpeg())).slice('files/'.length));
    expect(paths).not.toContain(FileStorage.keyFor(md5(phoneJpeg())).slice('files/'.length));
    expect((await t.call<UploadStatus>('GET', `file/upload/status/${md5(phoneJpeg())}`, { token: admin })).body.data.exists).toBe(false);
    expect((await t.call<UploadStatus>('GET', `file/upload/status/${md5(cleanJpeg())}`, { token: admin })).body.data.exists).toBe(true);
    const instant = await t.call<StoredFile>('POST', 'file/upload/instant', { token: admin, body: { fileId: randomUUID(), md5: md5(cleanJpeg()), name: '证据.jpg' } });
    expect(instant.body.status, instant.body.message).toBe(1);
  });
});
