/**
 * /robots.txt and /sitemap.xml name the site's addresses. With PUBLIC_URL they come from it
 * alone, whatever Host or X-Forwarded-Host a request forges, and the files may be cached; without
 * it they can only come from the request, and then no cache may keep them (no-store), so that a
 * forged host reaches nobody but its sender. Both behind a trusted proxy (TRUST_PROXY=1, where
 * X-Forwarded-Host is believed) and not. Also the check of PUBLIC_URL itself (server/config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createTestApp, dialects, type TestContext } from './helpers';

const PUBLIC_URL = 'https://www.wenping-example.org';
const FORGED = { host: 'evil-host.example', 'x-forwarded-host': 'evil-forwarded.example', 'x-forwarded-proto': 'http' };
const FILES = ['/robots.txt', '/sitemap.xml'];

describe('PUBLIC_URL', () => {
  const load = (value: string) => loadConfig({ PUBLIC_URL: value }).publicUrl;

  it('is kept as the origin of an absolute http(s) address of the site root', () => {
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(load('  ')).toBeNull();
    expect(load('https://www.example.org')).toBe('https://www.example.org');
    expect(load('https://WWW.Example.org/')).toBe('https://www.example.org');
    expect(load('http://portal.example.org:8080')).toBe('http://portal.example.org:8080');
    expect(load('https://www.example.org:443/')).toBe('https://www.example.org');
  });

  it('refuses anything else with a Chinese message naming the variable', () => {
    for (const bad of ['www.example.org', '/sitemap', 'ftp://www.example.org', 'javascript:alert(1)', 'https://www.example.org/portal', 'https://www.example.org/?a=1', 'https://www.example.org/#top', 'https://user:pw@www.example.org', 'https://']) {
      expect(() => load(bad), bad).toThrow(/^环境变量 PUBLIC_URL 应为网站对外的根地址/);
    }
  });
});

describe.each(dialects)('robots.txt and sitemap.xml (%s)', (dialect) => {
  describe.each([
    ['directly', {}],
    ['behind a trusted proxy', { TRUST_PROXY: '1' }],
  ])('%s', (_where, proxyEnv: Record<string, string>) => {
    describe('with PUBLIC_URL', () => {
      let t: TestContext;
      beforeAll(async () => {
        t = await createTestApp(dialect, { env: { ...proxyEnv, PUBLIC_URL: `${PUBLIC_URL}/` } });
      });
      afterAll(async () => t?.close());

      it('names the configured address whatever the request forges, and may be cached', async () => {
        for (const url of FILES) {
          const res = await t.app.inject({ method: 'GET', url, headers: FORGED });
          expect(res.statusCode, url).toBe(200);
          expect(res.body).not.toContain('evil');
          expect(res.headers['cache-control'], url).toMatch(/^public, max-age=\d+$/);
        }
        const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: FORGED });
        expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
        const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: FORGED });
        const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
        expect(locs.length).toBeGreaterThan(0);
        for (const loc of locs) expect(loc.startsWith(`${PUBLIC_URL}/`), loc).toBe(true);
      });
    });

    describe('without PUBLIC_URL', () => {
      let t: TestContext;
      beforeAll(async () => {
        t = await createTestApp(dialect, { env: proxyEnv });
      });
      afterAll(async () => t?.close());

      it('answers with no-store, so that no cache keeps an address the request chose', async () => {
        for (const url of FILES) {
          for (const headers of [FORGED, { host: 'evil-host.example' }, { host: 'localhost:8000' }]) {
            const res = await t.app.inject({ method: 'GET', url, headers });
            expect(res.statusCode, url).toBe(200);
            expect(res.headers['cache-control'], `${url} ${JSON.stringify(headers)}`).toBe('no-store');
          }
        }
      });
    });
  });
});
