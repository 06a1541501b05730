/**
 * Who reads which file (server/files/holders.ts, readRules.ts, attach.ts), on both databases:
 * staff read a file only where a permission of theirs covers a record that holds it; content
 * publishing attaches only files the editor may read, rich-text images included; a member
 * unit cannot attach another unit's file to its own record and thereby read it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_ENTITY_TYPES } from '../../server/db/domainTypes';
import { DEMO_PASSWORD, DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import { FILE_HOLDERS } from '../../server/files/holders';
import type { PermissionCode } from '@common/permissions';
import { addAccount, pngBytes, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

it('every owner type of file_attachments has its row in the table of file holders', () => {
  const covered = new Set(FILE_HOLDERS.flatMap((h) => h.ownerTypes));
  expect(DOMAIN_ENTITY_TYPES.filter((type) => !covered.has(type))).toEqual([]);
});

describe.each(dialects)('file reads and attaching (%s)', (dialect) => {
  let t: TestContext;
  let admin = '';
  let unitA = '';
  let unitB = '';
  let unitBId = '';
  let editor = '';
  let seq = 0;

  /** A staff account whose one role holds exactly these codes. */
  async function staffWith(codes: readonly PermissionCode[]): Promise<string> {
    const now = new Date().toISOString();
    const name = `fr_${dialect}_${++seq}`;
    const roleId = await insertRole(t.db.kysely, { code: name, name, permissions: codes }, now);
    await insertAccount(t.db.kysely, { loginAccount: name, passwordHash: await hashPassword('Other@2026x'), authType: 1, name, roleIds: [roleId] }, now);
    return t.login(name, 'Other@2026x', 1);
  }

  async function uploadPng(token: string): Promise<string> {
    const fileId = randomUUID();
    const res = await upload(t, token, pngBytes(2048), { fileId, name: '材料.png' });
    expect(res.body.status, JSON.stringify(res.body)).toBe(1);
    return fileId;
  }

  const download = (fileId: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: token ? { token } : {} });

  /** Unit B's licence: uploaded by unit B and saved on its own record. */
  async function unitBLicence(): Promise<string> {
    const fileId = await uploadPng(unitB);
    const mine = await t.call<{ version: number }>('GET', 'member-units/mine', { token: unitB });
    expect(mine.body.status).toBe(1);
    const saved = await t.call('PUT', 'member-units/mine', { token: unitB, body: { version: mine.body.data.version, qualificationFileIds: [fileId] } });
    expect(saved.body.status, saved.body.message).toBe(1);
    expect((await download(fileId, unitB)).statusCode).toBe(200);
    return fileId;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    unitA = await t.login('demo_unit', DEMO_PASSWORD, 2);
    const other = await t.db.kysely.selectFrom('member_units').select('id').where('id', '!=', DEMO_UNIT_ID).where('status', '=', 'approved').executeTakeFirstOrThrow();
    unitBId = other.id;
    unitB = await addAccount(t, `fr_unit_b_${dialect}`, 2, unitBId);
    editor = await staffWith(['content:article:view', 'content:article:edit', 'content:article:publish', 'content:notice:view', 'content:notice:edit', 'content:carousel:view', 'content:carousel:edit', 'content:link:view', 'content:link:edit']);
  });
  afterAll(async () => t?.close());

  it('staff read a held file only with a code of its holder; a file nothing holds, only its uploader', async () => {
    const uploader = await addAccount(t, `fr_uploader_${dialect}`, 1, null);
    const loose = await uploadPng(uploader);
    expect((await download(loose, uploader)).statusCode).toBe(200);
    expect((await download(loose, admin)).statusCode).toBe(403);

    const db = t.db.kysely;
    const anyRow = async (table: 'carousels' | 'friendly_links') =>
      (await db.selectFrom(table).select('id').limit(1).executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    for (const holder of FILE_HOLDERS) {
      const fileId = await uploadPng(uploader);
      // Put the file where this holder looks: an attachment of its owner type, else its column.
      const ownerType = holder.ownerTypes[0];
      if (ownerType) {
        await db
          .insertInto('file_attachments')
          .values({ id: randomUUID(), owner_type: ownerType, owner_id: randomUUID(), slot: 'test', file_id: fileId, sort: 0, created_at: now, created_by: null })
          .execute();
      } else if (holder.what.includes('轮播')) {
        // Disabled, so that the public rule does not open it to everyone.
        await db.updateTable('carousels').set({ image_file_id: fileId, enabled: 0 }).where('id', '=', await anyRow('carousels')).execute();
      } else {
        await db.updateTable('friendly_links').set({ logo_file_id: fileId, enabled: 0 }).where('id', '=', await anyRow('friendly_links')).execute();
      }
      expect(await holder.holds(db, fileId), holder.what).toBe(true);
      for (const code of holder.staff) {
        const reader = await staffWith([code]);
        expect((await download(fileId, reader)).statusCode, `${holder.what} with ${code}`).toBe(200);
      }
      // A code of every other holder, none of this one's.
      const others = [...new Set(FILE_HOLDERS.filter((h) => h !== holder).flatMap((h) => h.staff))].filter((c) => !holder.staff.includes(c));
      const outsider = await staffWith([...others, 'workbench:view', 'system:user:view']);
      expect((await download(fileId, outsider)).statusCode, `${holder.what} without its codes`).toBe(403);
      expect((await download(fileId, admin)).statusCode, `${holder.what} as the super administrator`).toBe(200);
      expect((await download(fileId)).statusCode, `${holder.what} anonymously`).toBe(401);
    }

    // The unit's licence in its real place: a content editor gets nothing, a unit reviewer reads it.
    const licence = await unitBLicence();
    expect((await download(licence, editor)).statusCode).toBe(403);
    expect((await download(licence, await staffWith(['member:unit:view']))).statusCode).toBe(200);
    // The 秒传 look-up follows the same rule: an MD5 does not open a copy the caller may not read.
    const row = await db.selectFrom('stored_files').select('md5').where('file_id', '=', licence).executeTakeFirstOrThrow();
    const status = await t.call<{ exists: boolean }>('GET', `file/upload/status/${row.md5}`, { token: editor });
    expect(status.body.data.exists).toBe(false);
  });

  it('a content item that names a private file is refused, and the file stays private', async () => {
    const licence = await unitBLicence();
    const own = await uploadPng(editor);
    const article = (fields: Record<string, unknown>) => ({ title: '测试文章', category: 'news', content: '<p>正文</p>', saveAs: 'publish', ...fields });
    const tries: [string, string, Record<string, unknown>, RegExp][] = [
      ['POST', 'articles', article({ coverFileId: licence }), /封面图片不存在/],
      ['POST', 'articles', article({ attachmentFileIds: [licence] }), /附件不存在/],
      ['POST', 'articles', article({ content: `<p>图</p><img src="/api/v1/file/view/${licence}">` }), /正文图片不存在/],
      ['POST', 'notices', { title: '测试公告', content: `<p>图</p><img src="/api/v1/file/view/${licence}">`, saveAs: 'publish' }, /正文图片不存在/],
      ['POST', 'notices', { title: '测试公告', content: '<p>正文</p>', attachmentFileIds: [licence], saveAs: 'publish' }, /附件不存在/],
      ['POST', 'carousels', { title: '测试轮播', imageFileId: licence }, /轮播图片不存在/],
      ['POST', 'friendly-links', { name: '测试链接', url: 'https://example.org', logoFileId: licence }, /友情链接标志不存在/],
    ];
    for (const [method, path, body, message] of tries) {
      const res = await t.call(method, path, { token: editor, body });
      expect(res.body.status, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}: ${res.body.message}`).not.toBe(1);
      expect(res.body.message).toMatch(message);
    }
    // The editor's own picture in the same places is fine (the bodies are valid).
    const ok = await t.call<{ id: string }>('POST', 'articles', {
      token: editor,
      body: article({ coverFileId: own, content: `<p>图</p><img src="/api/v1/file/view/${own}">` }),
    });
    expect(ok.body.status, ok.body.message).toBe(1);
    expect((await download(own)).statusCode).toBe(200); // published with the article
    expect((await download(licence)).statusCode).toBe(401);
    expect((await download(licence, editor)).statusCode).toBe(403);
  });

  it("a member unit cannot attach another unit's file to its own record, nor read it after", async () => {
    const licence = await unitBLicence();
    const mine = await t.call<{ version: number }>('GET', 'member-units/mine', { token: unitA });
    for (const field of ['qualificationFileIds', 'businessLicenceFileIds']) {
      const res = await t.call('PUT', 'member-units/mine', { token: unitA, body: { version: mine.body.data.version, [field]: [licence] } });
      expect(res.body.status, field).not.toBe(1);
      expect(res.body.message).toMatch(/不存在，请重新上传/);
    }
    const logo = await t.call('PUT', 'member-units/mine', { token: unitA, body: { version: mine.body.data.version, logoFileId: licence } });
    expect(logo.body.message).toBe('单位标志不存在，请重新上传');
    // Refused exactly as an id no file has.
    const none = await t.call('PUT', 'member-units/mine', { token: unitA, body: { version: mine.body.data.version, logoFileId: randomUUID() } });
    expect(none.body.message).toBe(logo.body.message);
    expect((await download(licence, unitA)).statusCode).toBe(403);
    const attached = await t.db.kysely.selectFrom('file_attachments').select('owner_id').where('file_id', '=', licence).execute();
    expect(attached.map((a) => a.owner_id)).toEqual([unitBId]);
  });
});
