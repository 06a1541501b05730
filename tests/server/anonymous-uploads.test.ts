/**
 * Uploads without an account cannot fill the disk (server/files/anonymousUpload.ts, sweeper.ts),
 * on every database, with the test clock: the bytes one address may send in 24 hours
 * (ANONYMOUS_UPLOAD_DAILY_MB, 429), the bytes sent and not yet claimed by all addresses together
 * (ANONYMOUS_UPLOAD_TOTAL_MB, 503), the free space left on the disk (UPLOAD_MIN_FREE_MB, 503, any
 * upload), each refusal storing nothing; a file never claimed removed by the daily jobs a day
 * after it was sent (its content only when no other record shares it), a claimed one kept, and a
 * submission refusing a file older than the day the sweep allows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@common/schemas/common';
import type { ComplaintSubmitResult } from '@common/schemas/complaints';
import { loadConfig } from '../../server/config';
import { DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { anonymousUploadMessages } from '../../server/files/anonymousUpload';
import { FileStorage } from '../../server/files/storage';
import { sweepUnclaimedUploads } from '../../server/files/sweeper';
import { NO_ROOM_MESSAGE } from '../../server/files/upload';
import { runDailyJobs } from '../../server/jobs';
import { md5, multipart, pdfBytes, storedPaths, upload } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

const KB = 1024;
const MB = 1024 * KB;
const contentPath = (content: Buffer) => FileStorage.keyFor(md5(content)).slice('files/'.length);

describe('the quotas’ settings', () => {
  it('default to 2 GB a day per address, 10 GB unclaimed, 1 GB free; a wrong value is refused in Chinese', () => {
    const config = loadConfig({});
    expect([config.anonymousUploadDailyBytes, config.anonymousUploadTotalBytes, config.uploadMinFreeBytes]).toEqual([2048 * MB, 10 * 1024 * MB, 1024 * MB]);
    expect(loadConfig({ ANONYMOUS_UPLOAD_DAILY_MB: '5', ANONYMOUS_UPLOAD_TOTAL_MB: '50', UPLOAD_MIN_FREE_MB: '0' })).toMatchObject({
      anonymousUploadDailyBytes: 5 * MB,
      anonymousUploadTotalBytes: 50 * MB,
      uploadMinFreeBytes: 0,
    });
    expect(() => loadConfig({ ANONYMOUS_UPLOAD_DAILY_MB: '0' })).toThrow('环境变量 ANONYMOUS_UPLOAD_DAILY_MB 应为 1 至');
    expect(() => loadConfig({ UPLOAD_MIN_FREE_MB: '-1' })).toThrow('环境变量 UPLOAD_MIN_FREE_MB 应为 0 至');
  });
});

describe.each(dialects)('uploads without an account on %s', (dialect) => {
  let t: TestContext;
  let admin = '';
  let address = 0;
  const nextIp = () => `10.62.${Math.floor(address / 250)}.${++address % 250}`;
  const db = () => t.db.kysely;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      demo: true,
      env: { ANONYMOUS_UPLOAD_DAILY_MB: '1', ANONYMOUS_UPLOAD_TOTAL_MB: '2', COMPLAINT_RATE_LIMIT: '1000', REGISTER_RATE_LIMIT: '1000' },
    });
    admin = await t.adminToken();
  });
  afterAll(async () => t?.close());

  async function send(route: 'complaint' | 'register', content: Buffer, ip = nextIp(), fileId = randomUUID()) {
    const { payload, headers } = multipart([
      { name: 'fileId', value: fileId },
      { name: 'md5', value: md5(content) },
      { name: 'file', filename: '材料.pdf', content },
    ]);
    const url = route === 'complaint' ? '/api/v1/public/complaints/files' : '/api/v1/user/auth/register/files';
    const res = await t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
    return { fileId, statusCode: res.statusCode, body: res.json<ApiEnvelope<unknown>>() };
  }

  async function sent(route: 'complaint' | 'register', content: Buffer, ip = nextIp()): Promise<string> {
    const res = await send(route, content, ip);
    expect(res.body.status, res.body.message).toBe(1);
    return res.fileId;
  }

  const submit = (fileIds: string[]) =>
    t.call<ComplaintSubmitResult>('POST', 'public/complaints', {
      ip: nextIp(),
      body: { kind: 'report', anonymous: true, name: null, phone: null, email: null, unitId: DEMO_UNIT_ID, title: '报告造假', content: '见附件。', fileIds, consent: true },
    });

  const records = async (ids: string[]) => (await db().selectFrom('stored_files').select('file_id').where('file_id', 'in', ids).execute()).map((r) => r.file_id).sort();
  const fileCount = async () => Number((await db().selectFrom('stored_files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sweep = () => sweepUnclaimedUploads(t.db.kysely, { now: t.clock.now(), files: new FileStorage(t.config.dataDir), log: t.app });
  /** Everything sent so far is a day and more old, and swept: the next test starts from nothing unclaimed. */
  async function startAfresh(): Promise<void> {
    t.clock.advanceMinutes(26 * 60);
    await sweep();
    admin = await t.adminToken();
  }

  it('one address sends at most its bytes in 24 hours: refused with 429 before the body is read or once it is, nothing stored', async () => {
    await startAfresh();
    const ip = nextIp();
    await sent('complaint', pdfBytes(400 * KB), ip);
    await sent('register', pdfBytes(400 * KB), ip);
    const before = await fileCount();
    const stored = storedPaths(t);
    // The third passes the day's 1 MB: refused after reading (the declared length fits).
    const third = await send('complaint', pdfBytes(400 * KB), ip);
    expect([third.statusCode, third.body.message]).toEqual([429, anonymousUploadMessages.addressFull(MB)]);
    // One larger than what is left is refused from its declared length alone.
    const large = await send('register', pdfBytes(1200 * KB), nextIp());
    expect([large.statusCode, large.body.message]).toEqual([429, anonymousUploadMessages.addressFull(MB)]);
    expect(await fileCount()).toBe(before);
    expect(storedPaths(t)).toEqual(stored);
    // Another address is not concerned; the same one may send again a day later.
    await sent('complaint', pdfBytes(400 * KB));
    t.clock.advanceMinutes(24 * 60 + 1);
    await sent('complaint', pdfBytes(400 * KB), ip);
  });

  it('all addresses together keep at most the unclaimed ceiling: refused with 503; claiming a file makes room', async () => {
    await startAfresh();
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await sent(i % 2 ? 'register' : 'complaint', pdfBytes(450 * KB)));
    const before = await fileCount();
    const over = await send('complaint', pdfBytes(450 * KB));
    expect([over.statusCode, over.body.message]).toEqual([503, anonymousUploadMessages.serverFull]);
    expect(await fileCount()).toBe(before);
    // A submission claims the first: its bytes no longer count against the ceiling.
    const claimed = await submit([ids[0]]);
    expect(claimed.body.status, claimed.body.message).toBe(1);
    await sent('complaint', pdfBytes(450 * KB));
  });

  it('a file never claimed leaves a day after it was sent, its content only when unshared; a claimed one stays; a late claim is refused', async () => {
    await startAfresh();
    const shared = pdfBytes(300 * KB);
    const alone = pdfBytes(300 * KB);
    const sharedId = await sent('complaint', shared);
    const aloneId = await sent('register', alone);
    const lateId = await sent('complaint', pdfBytes(100 * KB));
    const claimedContent = pdfBytes(100 * KB);
    const claimedId = await sent('complaint', claimedContent);
    expect((await submit([claimedId])).body.status).toBe(1);
    // Staff upload the same content as one of them: one copy on disk, two records.
    const staffCopy = randomUUID();
    expect((await upload(t, admin, shared, { fileId: staffCopy, name: '同一文件.pdf' })).body.status).toBe(1);
    const all = [sharedId, aloneId, lateId, claimedId, staffCopy].sort();

    // Within the day nothing goes.
    expect(await sweep()).toEqual({ records: 0, contents: 0 });
    t.clock.advanceMinutes(24 * 60 + 30);
    // Past the day the submission refuses the file (the sweep may take it any moment) and stores nothing.
    const complaints = Number((await db().selectFrom('complaints').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const late = await submit([lateId]);
    expect([late.statusCode, late.body.message]).toEqual([400, anonymousUploadMessages.expired('附件')]);
    expect(Number((await db().selectFrom('complaints').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(complaints);
    // The sweep waits an hour longer than the claim.
    expect(await sweep()).toEqual({ records: 0, contents: 0 });
    expect(await records(all)).toEqual(all);

    t.clock.advanceMinutes(60);
    await runDailyJobs(t.app);
    expect(await records(all)).toEqual([claimedId, staffCopy].sort());
    const paths = storedPaths(t);
    expect(paths).toContain(contentPath(shared));
    expect(paths).toContain(contentPath(claimedContent));
    expect(paths).not.toContain(contentPath(alone));
    expect(await db().selectFrom('anonymous_uploads').select('id').execute()).toEqual([]);
    // One audit row for the batch (the earlier tests' sweeps wrote theirs before).
    const logged = await db()
      .selectFrom('operation_logs')
      .select(['summary', 'actor_name'])
      .where('entity', '=', 'file')
      .where('action', '=', 'sweep')
      .where('created_at', '>=', new Date(t.clock.now().getTime() - 60_000).toISOString())
      .execute();
    expect(logged).toEqual([{ summary: '清除超过 24 小时仍未随投诉举报或入会申请提交的未登录上传文件3个', actor_name: '系统' }]);
    // What stays still opens.
    admin = await t.adminToken();
    const kept = await t.app.inject({ method: 'GET', url: `/api/v1/file/download/${claimedId}`, headers: { token: admin } });
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(claimedContent)).toBe(true);
    // Again: nothing more to do.
    expect(await sweep()).toEqual({ records: 0, contents: 0 });
  });
});

describe.each(dialects)('the free-space floor on %s', (dialect) => {
  let t: TestContext;

  // A floor no disk reaches: every upload meets a full disk.
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { UPLOAD_MIN_FREE_MB: String(1024 * 1024 * 1024) } });
  });
  afterAll(async () => t?.close());

  it('refuses any upload with 503 and stores nothing', async () => {
    const content = pdfBytes(10 * KB);
    const { payload, headers } = multipart([
      { name: 'fileId', value: randomUUID() },
      { name: 'md5', value: md5(content) },
      { name: 'file', filename: '材料.pdf', content },
    ]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/public/complaints/files', payload, headers, remoteAddress: '10.63.0.1' });
    expect([anonymous.statusCode, anonymous.json<{ message: string }>().message]).toEqual([503, NO_ROOM_MESSAGE]);
    const signedIn = await upload(t, await t.adminToken(), content, { name: '材料.pdf' });
    expect([signedIn.statusCode, signedIn.body.message]).toEqual([503, NO_ROOM_MESSAGE]);
    expect(await t.db.kysely.selectFrom('stored_files').select('file_id').execute()).toEqual([]);
    expect(storedPaths(t).filter((p) => !p.startsWith('tmp'))).toEqual([]);
  });
});
