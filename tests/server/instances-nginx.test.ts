/**
 * Several instances on one PostgreSQL behind nginx (README.md, "Running in production"), as an
 * operator runs them: two server processes started at the same moment on one database and one data
 * directory, and a private nginx configured from deploy/nginx/wenping.conf. Through it, what one
 * instance did holds on the other: a login, an upload, a signed link, a lock-out; a client's forged
 * X-Forwarded-For is not believed (TRUST_PROXY=1: the address nginx appended); an instance
 * stopped with SIGTERM finishes its request in flight; one killed mid-run leaves the other
 * answering. Needs PostgreSQL (TEST_DATABASE_URL) and nginx, which .ci/run installs.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, multipart, pngBytes } from './files.helpers';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, TEST_DATABASE_URL } from './helpers';
import { postgresRequired } from './workerDatabase';
import { createPgDatabase, freePort, NGINX_BIN, startNginx, startServer, stopServer, type PrivateNginx, type ServerProcess } from './processes';

interface Envelope<T = unknown> {
  status: number;
  message: string;
  data: T;
}

describe.runIf(postgresRequired())('where PostgreSQL is required (CI)', () => {
  it('has nginx for the test of instances behind it (.ci/run installs it)', () => {
    expect(NGINX_BIN, 'nginx is not installed').toBeTruthy();
  });
});

describe.skipIf(!TEST_DATABASE_URL || !NGINX_BIN)('two instances on one PostgreSQL behind nginx', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'instances-'));
  const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'instances-nginx-'));
  const staticRoot = path.join(nginxDir, 'dist');
  let database: { url: string; drop(): Promise<void> };
  let env: Record<string, string>;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let nginx: PrivateNginx | undefined;
  let proxyPort = 0;
  let token = '';

  const through = async <T>(method: string, url: string, o: { token?: string; body?: unknown; port?: number } = {}) => {
    const res = await fetch(`http://127.0.0.1:${o.port ?? proxyPort}/api/v1/${url}`, {
      method,
      headers: { ...(o.token ? { token: o.token } : {}), ...(o.body ? { 'content-type': 'application/json' } : {}) },
      body: o.body ? JSON.stringify(o.body) : undefined,
    });
    return { status: res.status, servedBy: res.headers.get('x-served-by'), body: (await res.json()) as Envelope<T> };
  };
  const login = (password: string, port?: number) =>
    through<{ token: string }>('POST', 'user/auth/login', { body: { loginAccount: ADMIN_ACCOUNT, password, authType: 1 }, port });

  beforeAll(async () => {
    database = await createPgDatabase(TEST_DATABASE_URL ?? '');
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-dist'),
      ADMIN_ACCOUNT,
      ADMIN_PASSWORD,
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES: '3',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Started at the same moment: the start-up lock lets one migrate and seed.
    [a, b] = await Promise.all([startServer({ ...env, PORT: String(portA) }), startServer({ ...env, PORT: String(portB) })]);

    fs.mkdirSync(staticRoot, { recursive: true });
    fs.writeFileSync(path.join(staticRoot, 'umi.0123abcd.js'), 'console.log(1);');
    nginx = await startNginx(nginxDir, [portA, portB], staticRoot, { servedBy: true });
    proxyPort = nginx.port;
  });

  afterAll(async () => {
    await nginx?.stop();
    await stopServer(a);
    await stopServer(b);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(nginxDir, { recursive: true, force: true });
  });

  it('both instances, started at the same moment, migrated once and created one administrator', async () => {
    const printed = [a, b].map((s) => (s?.output().match(/已创建超级管理员/g) ?? []).length);
    expect(printed.reduce((x, y) => x + y, 0)).toBe(1);
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      const runs = await c.query<{ name: string; n: number }>('select name, count(*)::int as n from kysely_migration group by name');
      expect(runs.rows.length).toBeGreaterThan(0);
      expect(runs.rows.filter((r) => r.n !== 1)).toEqual([]);
      expect((await c.query("select id from accounts where login_account = $1", [ADMIN_ACCOUNT])).rows).toHaveLength(1);
    } finally {
      await c.end();
    }
  });

  it('nginx serves hashed assets from disk with a long cache, and the API from both instances', async () => {
    const asset = await fetch(`http://127.0.0.1:${proxyPort}/umi.0123abcd.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const health = await through<{ database: string }>('GET', 'health');
      expect(health.body.data.database).toBe('postgres');
      if (health.servedBy) served.add(health.servedBy);
    }
    expect([...served].sort()).toEqual([`127.0.0.1:${a?.port}`, `127.0.0.1:${b?.port}`].sort());
  });

  it('a login served by one instance works on the other', async () => {
    const signedIn = await login(ADMIN_PASSWORD);
    expect(signedIn.body.status).toBe(1);
    token = signedIn.body.data.token;
    const other = signedIn.servedBy === `127.0.0.1:${a?.port}` ? b : a;
    const direct = await through<{ loginAccount: string }>('GET', 'user/current', { token, port: other?.port });
    expect(direct.body).toMatchObject({ status: 1, data: { loginAccount: ADMIN_ACCOUNT } });
    // And through nginx, whichever instance answers.
    for (let i = 0; i < 4; i++) expect((await through('GET', 'user/current', { token })).body.status).toBe(1);
  });

  it('a forged X-Forwarded-For through nginx changes nothing: the audit trail has the address nginx saw', async () => {
    const name = `forged_${randomUUID().slice(0, 8)}`;
    const res = await fetch(`http://127.0.0.1:${proxyPort}/api/v1/user/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99, 198.51.100.99' },
      body: JSON.stringify({ loginAccount: name, password: 'Wrong-pass-123', authType: 1 }),
    });
    expect(((await res.json()) as Envelope).status).toBe(10);
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      const rows = await c.query<{ ip: string | null }>("select ip from operation_logs where action = 'login-failed' and summary like $1", [`%${name}%`]);
      expect(rows.rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
      const counted = await c.query<{ ip: string }>('select ip from login_attempts where login_account = $1', [name]);
      expect(counted.rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
    } finally {
      await c.end();
    }
  });

  it('a file uploaded through one instance downloads, and its signed link opens, through the other', async () => {
    const content = pngBytes(200 * 1024);
    const fileId = randomUUID();
    const { payload, headers } = multipart([
      { name: 'fileId', value: fileId },
      { name: 'md5', value: md5(content) },
      { name: 'file', filename: '现场照片.png', content },
    ]);
    const uploaded = await fetch(`http://127.0.0.1:${a?.port}/api/v1/file/upload`, { method: 'POST', headers: { ...headers, token }, body: new Uint8Array(payload) });
    expect(((await uploaded.json()) as Envelope).status).toBe(1);

    const download = await fetch(`http://127.0.0.1:${b?.port}/api/v1/file/download/${fileId}`, { headers: { token } });
    expect(download.status).toBe(200);
    expect(md5(Buffer.from(await download.arrayBuffer()))).toBe(md5(content));

    const preview = await through<{ url: string }[]>('GET', `file/preview?fileIds=${fileId}`, { token, port: a?.port });
    const link = preview.body.data[0]?.url ?? '';
    expect(link).toMatch(/sig=/);
    const opened = await fetch(new URL(link, `http://127.0.0.1:${b?.port}`));
    expect(opened.status).toBe(200);
    expect(md5(Buffer.from(await opened.arrayBuffer()))).toBe(md5(content));
  });

  it('SIGTERM: the instance finishes the upload in flight, exits, and the other answers', async () => {
    const stopping = a;
    if (!stopping) throw new Error('instance A is not running');
    const content = pngBytes(1024 * 1024);
    const { payload, headers } = multipart([
      { name: 'fileId', value: randomUUID() },
      { name: 'md5', value: md5(content) },
      { name: 'file', filename: '慢速上传.png', content },
    ]);
    const answer = new Promise<Envelope>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: stopping.port, path: '/api/v1/file/upload', method: 'POST', headers: { ...headers, token, 'content-length': payload.length } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(JSON.parse(text) as Envelope));
        },
      );
      req.on('error', reject);
      // Slowly: the signal arrives while the body is still coming.
      const step = 64 * 1024;
      let sent = 0;
      const next = () => {
        req.write(payload.subarray(sent, sent + step));
        sent += step;
        // Once the server is surely reading this request (not one that arrives after the signal).
        if (sent === 4 * step) stopping.child.kill('SIGTERM');
        if (sent < payload.length) setTimeout(next, 50);
        else req.end();
      };
      next();
    });
    const answered = await answer;
    expect(answered, JSON.stringify(answered)).toMatchObject({ status: 1 });
    expect(await stopping.exited).toBe(0);
    for (let i = 0; i < 4; i++) {
      const res = await through('GET', 'user/current', { token });
      expect(res.body.status).toBe(1);
      // nginx lists every instance it tried: a refused connection to the stopped one, then B.
      expect(res.servedBy?.split(', ').pop()).toBe(`127.0.0.1:${b?.port}`);
    }
    // Back in service for the next test, on the same port (nginx's upstream).
    a = await startServer({ ...env, PORT: String(stopping.port) });
  });

  it('an instance killed mid-run: every following request is answered by the other', async () => {
    const results: number[] = [];
    for (let i = 0; i < 30; i++) {
      if (i === 10) a?.child.kill('SIGKILL');
      results.push((await through('GET', 'user/current', { token })).body.status);
    }
    expect(results).toEqual(Array(30).fill(1));
  });

  it('repeated wrong passwords lock the account across both instances', async () => {
    // A is down after the last test: bring it back so that the tries alternate between the two.
    if (a && a.child.exitCode === null && a.child.signalCode === null) await stopServer(a);
    a = await startServer({ ...env, PORT: String(a?.port ?? 0) });
    const ports = [a.port, b?.port ?? 0];
    for (let i = 0; i < 3; i++) expect((await login('Wrong@password1', ports[i % 2])).body.status).toBe(10);
    const refused = await login(ADMIN_PASSWORD, ports[1]);
    expect(refused.body.status).toBe(10);
    expect(refused.body.message).toMatch(/锁定/);
    const refusedToo = await login(ADMIN_PASSWORD, ports[0]);
    expect(refusedToo.body.message).toMatch(/锁定/);
  });
});
