/**
 * The client's address behind a reverse proxy (TRUST_PROXY, server/config.ts and server/app.ts).
 * nginx appends the address it saw to X-Forwarded-For (deploy/nginx/wenping.conf), after whatever
 * the client put there: only the entries the trusted proxies appended are believed. A forged
 * header therefore escapes no per-address limit (login, complaint submission, upload and tracking,
 * certificate look-up) and changes nothing in the audit trail or the session list.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_MESSAGES } from '@common/schemas/complaints';
import { CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE } from '@common/schemas/certificates';
import { loadConfig } from '../../server/config';
import { md5, multipart, pngBytes } from './files.helpers';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, createTestApp, dialects, type TestContext } from './helpers';

/** nginx, as the app sees it: the connection comes from the proxy on the same machine. */
const PROXY = '127.0.0.1';

describe('TRUST_PROXY', () => {
  const load = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('takes a number of proxy hops, or the proxies’ addresses and CIDRs; the old switch means one hop', () => {
    expect(load(undefined)).toBe(0);
    expect(load('')).toBe(0);
    expect(load('0')).toBe(0);
    expect(load('false')).toBe(0);
    expect(load('1')).toBe(1);
    expect(load('true')).toBe(1);
    expect(load('YES')).toBe(1);
    expect(load('2')).toBe(2);
    expect(load(' 127.0.0.1, 10.0.0.0/8 ,::1, fd00::/8, Loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses anything else with a Chinese message naming the variable', () => {
    expect(() => load('11')).toThrow(/^环境变量 TRUST_PROXY 应为 0 至 10 之间的整数/);
    for (const bad of ['on', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129', '127.0.0.1,', 'nginx', '-1', '1.5']) {
      expect(() => load(bad), bad).toThrow(/^环境变量 TRUST_PROXY 应为反向代理的层数/);
    }
  });
});

describe.each(dialects)('a forged X-Forwarded-For behind one proxy (%s)', (dialect) => {
  let t: TestContext;
  let seq = 0;
  /** A new forged first entry on every request: what a client escaping per-address limits sends. */
  const forgedFor = (real: string) => ({ 'x-forwarded-for': `10.66.${(seq += 1) % 250}.${seq % 250}, ${real}` });
  const viaProxy = (real: string) => ({ ip: PROXY, headers: forgedFor(real) });

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      demo: true,
      env: {
        TRUST_PROXY: '1',
        LOGIN_RATE_LIMIT: '3',
        LOGIN_MAX_FAILURES: '100',
        COMPLAINT_RATE_LIMIT: '1',
        CERTIFICATE_LOOKUP_RATE_LIMIT: '3',
      },
    });
  });
  afterAll(async () => t?.close());

  it('failed logins count against the real address: a new forged address each time does not escape the limit', async () => {
    const real = '203.0.113.10';
    for (let i = 0; i < 3; i++) {
      const res = await t.call('POST', 'user/auth/login', { body: { loginAccount: `nobody${i}`, password: 'Wrong-pass-123', authType: 1 }, ...viaProxy(real) });
      expect([res.statusCode, res.body.message]).toEqual([400, '登录账号或密码错误']);
    }
    const limited = await t.call('POST', 'user/auth/login', { body: { loginAccount: ADMIN_ACCOUNT, password: ADMIN_PASSWORD, authType: 1 }, ...viaProxy(real) });
    expect([limited.statusCode, limited.body.message]).toEqual([429, '登录尝试过于频繁，请稍后再试']);
    // Another real address behind the same proxy is not affected.
    const other = await t.call('POST', 'user/auth/login', { body: { loginAccount: 'nobody', password: 'Wrong-pass-123', authType: 1 }, ...viaProxy('203.0.113.11') });
    expect(other.statusCode).toBe(400);
  });

  it('the audit row and the session record the real client, not the forged entry', async () => {
    const real = '203.0.113.20';
    const failed = await t.call('POST', 'user/auth/login', { body: { loginAccount: 'audited_nobody', password: 'Wrong-pass-123', authType: 1 }, ...viaProxy(real) });
    expect(failed.body.status).toBe(10);
    const refusal = await t.db.kysely.selectFrom('operation_logs').select('ip').where('action', '=', 'login-failed').where('summary', 'like', '%audited_nobody%').executeTakeFirstOrThrow();
    expect(refusal.ip).toBe(real);

    const signedIn = await t.call<{ token: string; currentUser: { userId: string } }>('POST', 'user/auth/login', {
      body: { loginAccount: ADMIN_ACCOUNT, password: ADMIN_PASSWORD, authType: 1 },
      ...viaProxy(real),
    });
    expect(signedIn.body.status, signedIn.body.message).toBe(1);
    const login = await t.db.kysely
      .selectFrom('operation_logs')
      .select('ip')
      .where('action', '=', 'login')
      .where('actor_id', '=', signedIn.body.data.currentUser.userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(login.ip).toBe(real);
    const own = await t.call<{ ip: string | null; current: boolean }[]>('GET', 'user/sessions', { token: signedIn.body.data.token, ...viaProxy(real) });
    expect(own.body.data.find((s) => s.current)?.ip).toBe(real);
  });

  it('complaint submissions, uploads and tracking, and certificate look-ups, count against the real address', async () => {
    const real = '203.0.113.30';
    // Submissions: the limit (1) counts every attempt, valid or not.
    expect((await t.call('POST', 'public/complaints', { body: {}, ...viaProxy(real) })).statusCode).not.toBe(429);
    const submitted = await t.call('POST', 'public/complaints', { body: {}, ...viaProxy(real) });
    expect([submitted.statusCode, submitted.body.message]).toEqual([429, COMPLAINT_MESSAGES.tooMany]);

    // Uploads: counted before a byte is read.
    const uploadOnce = async () => {
      const content = pngBytes(1024);
      const form = multipart([
        { name: 'fileId', value: randomUUID() },
        { name: 'md5', value: md5(content) },
        { name: 'file', filename: 'x.png', content },
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/public/complaints/files', payload: form.payload, headers: { ...form.headers, ...forgedFor(real) }, remoteAddress: PROXY });
      return { statusCode: res.statusCode, message: res.json<{ message: string }>().message };
    };
    let upload = await uploadOnce();
    let uploads = 1;
    while (upload.statusCode !== 429 && uploads < 100) {
      upload = await uploadOnce();
      uploads += 1;
    }
    expect(upload).toEqual({ statusCode: 429, message: COMPLAINT_MESSAGES.uploadsTooMany });

    // Tracking: 20 tries per address.
    const track = () => t.call('POST', 'public/complaints/track', { body: { complaintNo: 'TS2099999999', queryCode: 'ABCDEFGHJK' }, ...viaProxy(real) });
    for (let i = 0; i < 20; i++) expect((await track()).statusCode).toBe(404);
    const tracked = await track();
    expect([tracked.statusCode, tracked.body.message]).toEqual([429, COMPLAINT_MESSAGES.trackTooMany]);

    // Certificate look-ups: 3 per address here.
    const lookUp = () => t.call('GET', 'public/certificates/WPRY2099000001', viaProxy(real));
    for (let i = 0; i < 3; i++) expect((await lookUp()).statusCode).toBe(404);
    const looked = await lookUp();
    expect([looked.statusCode, looked.body.message]).toEqual([429, CERTIFICATE_LOOKUP_RATE_LIMITED_MESSAGE]);

    // Each limit is the address's own: another client behind the same proxy is still served.
    expect((await t.call('GET', 'public/certificates/WPRY2099000001', viaProxy('203.0.113.31'))).statusCode).toBe(404);
  });
});

describe.each(dialects)('TRUST_PROXY by hops and by the proxies’ addresses (%s)', (dialect) => {
  /** The address the audit trail records for a failed login sent with these headers from `from`. */
  const recorded = async (t: TestContext, from: string, forwardedFor: string | undefined) => {
    const name = `probe_${randomUUID().slice(0, 8)}`;
    await t.call('POST', 'user/auth/login', {
      body: { loginAccount: name, password: 'Wrong-pass-123', authType: 1 },
      ip: from,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    const row = await t.db.kysely.selectFrom('operation_logs').select('ip').where('summary', 'like', `%${name}%`).executeTakeFirstOrThrow();
    return row.ip;
  };

  it('two hops: the address the outer proxy appended', async () => {
    const t = await createTestApp(dialect, { env: { TRUST_PROXY: '2' } });
    try {
      expect(await recorded(t, PROXY, '10.9.9.9, 203.0.113.40, 10.0.0.2')).toBe('203.0.113.40');
    } finally {
      await t.close();
    }
  });

  it('a list of proxies: a forged entry from a proxy is skipped, and a client reaching the app directly is not believed at all', async () => {
    const t = await createTestApp(dialect, { env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
    try {
      expect(await recorded(t, PROXY, '10.9.9.9, 198.51.100.7, 203.0.113.50')).toBe('203.0.113.50');
      // Through two listed proxies: the first address not one of them.
      expect(await recorded(t, PROXY, '198.51.100.7, 203.0.113.51, 10.0.0.2')).toBe('203.0.113.51');
      // Not from a listed proxy: the header is the client's own word, ignored.
      expect(await recorded(t, '203.0.113.52', '10.9.9.9')).toBe('203.0.113.52');
    } finally {
      await t.close();
    }
  });

  it('unset: the header is ignored', async () => {
    const t = await createTestApp(dialect);
    try {
      expect(await recorded(t, '203.0.113.60', '10.9.9.9')).toBe('203.0.113.60');
    } finally {
      await t.close();
    }
  });
});
