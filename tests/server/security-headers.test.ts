/**
 * Security headers (a hardness test, README.md "Tests"): every response of ours carries a
 * Content-Security-Policy that forbids inline and foreign scripts and framing, with nosniff,
 * Referrer-Policy and Permissions-Policy; the API documentation's UI keeps its own policy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/app';
import { createTestApp, type TestContext } from './helpers';

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  let t: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'app-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div><script src="/umi.1a2b.js"></script></body></html>');
    fs.writeFileSync(path.join(dist, 'umi.1a2b.js'), 'console.log(1);');
    t = await createTestApp('sqlite', { env: { STATIC_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['the SPA page', '/FrontPage/aboutUs'],
    ['a hashed asset', '/umi.1a2b.js'],
    ['a public API answer', '/api/v1/public/site-pages/footer'],
    ['an API error', '/api/v1/users'],
    ['an unknown API path', '/api/v1/no-such-thing'],
  ])('%s carries the policy and the other headers', async (_label, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
    const policy = directives(String(res.headers['content-security-policy']));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // Scripts: this origin only; no inline, no eval, no other host. WebAssembly may be compiled
    // (the MD5 worker's hash-wasm), nothing more.
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    for (const [name, values] of policy) if (name !== 'script-src') for (const v of values) expect(v).toMatch(/^('self'|'none'|'unsafe-inline'|data:|blob:)$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(String(res.headers['permissions-policy'])).toContain('camera=()');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('the API documentation keeps its own policy', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/static/index.html' });
    if (res.statusCode === 302) res = await t.app.inject({ method: 'GET', url: new URL(String(res.headers.location), 'http://x/api/v1/docs/static/').pathname });
    expect(res.statusCode).toBe(200);
    const policy = String(res.headers['content-security-policy']);
    // @fastify/swagger-ui's own policy, allowing its scripts by hash; not ours.
    expect(policy).toContain('script-src');
    expect(policy).not.toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
