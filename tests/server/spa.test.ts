/** The built SPA: history fallback, cache headers for hashed assets, compression. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor } from '../../server/app';
import { createTestApp, dialects, type TestContext } from './helpers';

describe('cacheControlFor', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['umi.3f2a1b.js', 'public, max-age=31536000, immutable'],
    ['umi.3f2a1b.css', 'public, max-age=31536000, immutable'],
    ['p__Manage__staging__index.8ab3.async.js', 'public, max-age=31536000, immutable'],
    ['static/logo.a1b2c3d4.png', 'public, max-age=31536000, immutable'],
    ['favicon.ico', 'public, max-age=3600'],
    ['logo.png', 'public, max-age=3600'],
    ['jquery.min.js', 'public, max-age=3600'],
    ['umi.3f2a1b.js.br', 'public, max-age=31536000, immutable'],
    ['p__Manage__staging__index.8ab3.async.js.gz', 'public, max-age=31536000, immutable'],
  ])('%s -> %s', (file, expected) => {
    expect(cacheControlFor(`/dist/${file}`)).toBe(expected);
  });
});

describe.each(dialects)('static SPA on %s', (dialect) => {
  let t: TestContext;
  let dist: string;
  const bigScript = `console.log(${JSON.stringify('稳评'.repeat(5000))});`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'app-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dist, 'umi.3f2a1b.js'), bigScript);
    fs.writeFileSync(path.join(dist, 'p__Manage__staging__index.8ab3.async.js'), 'export default 1;');
    fs.writeFileSync(path.join(dist, 'favicon.ico'), 'ico');
    // As plugin.ts leaves a build: a precompressed script beside its original.
    fs.writeFileSync(path.join(dist, 'vendor.5e6f7a8b.js'), bigScript);
    fs.writeFileSync(path.join(dist, 'vendor.5e6f7a8b.js.br'), zlib.brotliCompressSync(Buffer.from(`${bigScript}//br`)));
    fs.writeFileSync(path.join(dist, 'vendor.5e6f7a8b.js.gz'), zlib.gzipSync(Buffer.from(`${bigScript}//gz`)));
    t = await createTestApp(dialect, { env: { STATIC_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves index.html at / and for client-side routes, never cached', async () => {
    for (const url of ['/', '/Manage/staging', '/FrontPage/aboutUs?x=1']) {
      const res = await get(url, { accept: 'text/html,application/xhtml+xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await get('/umi.3f2a1b.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    const gz = await get('/umi.3f2a1b.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const chunk = await get('/p__Manage__staging__index.8ab3.async.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.ico');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the precompressed copy of the build as it is, with the type and caching of the original', async () => {
    const br = await get('/vendor.5e6f7a8b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    // The bytes of the .br file (marked), not the original compressed again.
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`${bigScript}//br`);
    const gz = await get('/vendor.5e6f7a8b.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(`${bigScript}//gz`);
    const plain = await get('/vendor.5e6f7a8b.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('keeps API 404s as JSON even for a browser, and 404s missing assets', async () => {
    const api = await get('/api/v1/nothing', { accept: 'text/html' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 10, message: '接口不存在' });
    const asset = await get('/missing.1a2b3c.js', { accept: '*/*' });
    expect(asset.statusCode).toBe(404);
  });

  it('serves client-side routes to clients that accept anything, and answers HEAD', async () => {
    for (const url of ['/FrontPage/aboutUs', '/FrontPage/detail/12', '/Manage/staging?tab=1']) {
      const res = await get(url, { accept: '*/*' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/FrontPage/Contact', headers: { accept: '*/*' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });
});
