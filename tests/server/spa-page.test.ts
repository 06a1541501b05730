/**
 * server/http/spaPage.ts: index.html with the route's chunks instead of Umi's preload helper, the
 * first screen's public answers as a JSON data block (made as the visitor's own request), and a
 * preload of the first screen's picture; without a route map or data, the page as built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID } from '@common/firstScreen';
import {
  firstScreenCalls,
  firstScreenImage,
  jsonForScript,
  parseRouteChunkMap,
  routeChunkTags,
} from '../../server/http/spaPage';
import { createTestApp, dialects, type TestContext } from './helpers';

/** A helper as Umi's build minifies it (the parts the server reads). */
const HELPER =
  '!function(){"use strict";var t="/";i=function(t,e,n){}(n,{p:"wenping-association",b:"webpack",f:[["layouts__index.1a2b3c4d.async.js",2266],["layouts__index.5e6f7a8b.chunk.css",2266],["src__pages__index.9a8b7c6d.async.js",1111],["src__pages__FrontPage__detail__$id__index.0a0b0c0d.async.js",2222],["src__pages__404.0f0e0d0c.async.js",3333]],r:{"/*":[0,1,4],"/":[0,1,2],"/FrontPage/detail/:id":[0,1,3]}},{publicPath:"/"})}();';

const INDEX_HTML = [
  '<!DOCTYPE html>',
  '<html lang="zh-CN">',
  '<head>',
  '<title>t</title>',
  '<link rel="stylesheet" href="/umi.1234abcd.css">',
  '<script src="/preload_helper.abcdef12.js"></script>',
  '</head>',
  '<body>',
  '<div id="root"></div>',
  '<script src="/umi.1234abcd.js"></script>',
  '</body>',
  '</html>',
].join('\n');

const VISITOR = { remoteAddress: '203.0.113.7', headers: { accept: 'text/html', 'user-agent': 'Phone/1.0' } };

function dataBlock(html: string): Record<string, { status: number; data: Record<string, unknown> }> | undefined {
  const match = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`, 's').exec(html);
  return match ? JSON.parse(match[1]) : undefined;
}

describe('the pure parts', () => {
  const map = parseRouteChunkMap(HELPER)!;

  it('reads the helper’s route map and writes the tags it would add', () => {
    expect(map.pkg).toBe('wenping-association');
    expect(routeChunkTags(map, '/')).toBe(
      '<script async src="/layouts__index.1a2b3c4d.async.js" data-webpack="wenping-association:2266"></script>' +
        '<link rel="preload" as="style" href="/layouts__index.5e6f7a8b.chunk.css" data-webpack="wenping-association:2266">' +
        '<script async src="/src__pages__index.9a8b7c6d.async.js" data-webpack="wenping-association:1111"></script>',
    );
    // The page's own route, not the catch-all that Umi's map lists first.
    expect(routeChunkTags(map, '/FrontPage/detail/demo-article-9')).toContain('src__pages__FrontPage__detail__$id__index.0a0b0c0d.async.js');
    expect(routeChunkTags(map, '/FrontPage/detail/demo-article-9')).not.toContain('src__pages__404');
    expect(routeChunkTags(map, '/no/such/page')).toContain('src__pages__404.0f0e0d0c.async.js');
  });

  it('is no map for a helper it cannot read', () => {
    expect(parseRouteChunkMap('!function(){}();')).toBeUndefined();
    expect(parseRouteChunkMap('p:"x",b:"webpack",f:[[broken]],r:{}')).toBeUndefined();
  });

  it('writes JSON that cannot close the script element', () => {
    const text = jsonForScript({ title: '</script><script>alert(1)</script> & <!-- \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script> & <!-- \u2028' });
  });

  it('asks for the footer on public pages, the home page’s data on /, an article or a notice on its page', () => {
    const none = new URLSearchParams();
    expect(firstScreenCalls('/', none)).toEqual(['/api/v1/public/site-pages/footer', '/api/v1/public/home']);
    expect(firstScreenCalls('/FrontPage/detail/a%20b', none)).toEqual(['/api/v1/public/site-pages/footer', '/api/v1/public/articles/a%20b']);
    expect(firstScreenCalls('/FrontPage/detail/n1', new URLSearchParams('type=notice'))).toContain('/api/v1/public/notices/n1');
    expect(firstScreenCalls('/FrontPage/aboutUs', none)).toEqual(['/api/v1/public/site-pages/footer']);
    expect(firstScreenCalls('/login', none)).toEqual([]);
    expect(firstScreenCalls('/Manage/staging', none)).toEqual([]);
    expect(firstScreenCalls('/FrontPage/detail/%E0%A4%A', none)).toEqual(['/api/v1/public/site-pages/footer']);
  });

  it('picks the first slide or the cover, only from this site', () => {
    const home = (url: string) => ({ '/api/v1/public/home': { status: 1, data: { carousels: [{ image: { url } }] } } });
    expect(firstScreenImage(home('/api/v1/file/view/1'))).toBe('/api/v1/file/view/1');
    expect(firstScreenImage(home('//evil.example/x.png'))).toBeUndefined();
    expect(firstScreenImage({ '/api/v1/public/articles/a': { status: 1, data: { cover: { url: '/api/v1/file/view/2' } } } })).toBe('/api/v1/file/view/2');
    expect(firstScreenImage({ '/api/v1/public/articles/a': { status: 1, data: { cover: null } } })).toBeUndefined();
  });
});

describe.each(dialects)('pages with their first screen on %s', (dialect) => {
  let t: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'app-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'preload_helper.abcdef12.js'), HELPER);
    t = await createTestApp(dialect, { demo: true, env: { STATIC_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, visitor = VISITOR) => t.app.inject({ method: 'GET', url, ...visitor });

  it('/ carries its chunks, the home page’s answer as the API gives it, and the first slide’s preload', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('preload_helper');
    expect(res.body).toContain('<script async src="/src__pages__index.9a8b7c6d.async.js" data-webpack="wenping-association:1111"></script>');
    const data = dataBlock(res.body)!;
    expect(Object.keys(data).sort()).toEqual(['/api/v1/public/home', '/api/v1/public/site-pages/footer']);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/public/home', ...VISITOR });
    expect(data['/api/v1/public/home']).toEqual(api.json());
    const carousels = data['/api/v1/public/home'].data.carousels as { image: { url: string } | null }[];
    expect(carousels[0].image?.url).toBeTruthy();
    expect(res.body).toContain(`<link rel="preload" as="image" href="${carousels[0].image!.url}" fetchpriority="high">`);
    // The block comes before the entry script, and every other script is a file of this origin.
    expect(res.body.indexOf(FIRST_SCREEN_DATA_ID)).toBeLessThan(res.body.indexOf('/umi.1234abcd.js'));
    for (const tag of res.body.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/ src="\/|type="application\/json"/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('an article’s page counts the view as the visitor’s own request, once', async () => {
    const id = 'demo-article-9';
    const res = await page(`/FrontPage/detail/${id}`);
    expect(res.body).toContain('src__pages__FrontPage__detail__$id__index.0a0b0c0d.async.js');
    const embedded = dataBlock(res.body)![`/api/v1/public/articles/${id}`];
    expect(embedded).toMatchObject({ status: 1, data: { id } });
    const counted = embedded.data.viewCount as number;
    // The same visitor asking again is not a new view; another visitor is.
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/public/articles/${id}`, ...VISITOR });
    expect(again.json().data.viewCount).toBe(counted);
    const other = await t.app.inject({ method: 'GET', url: `/api/v1/public/articles/${id}`, remoteAddress: '198.51.100.9', headers: VISITOR.headers });
    expect(other.json().data.viewCount).toBe(counted + 1);
  });

  it('leaves out an answer that failed: a missing article asks the API itself', async () => {
    const res = await page('/FrontPage/detail/no-such-article');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(dataBlock(res.body) ?? {})).toEqual(['/api/v1/public/site-pages/footer']);
  });

  it('a page without public data gets its chunks and no block; HEAD gets the page without data', async () => {
    const login = await page('/login?authType=1');
    expect(login.statusCode).toBe(200);
    expect(dataBlock(login.body)).toBeUndefined();
    expect(login.body).toContain('src__pages__404.0f0e0d0c.async.js');
    const head = await t.app.inject({ method: 'HEAD', url: '/', ...VISITOR });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('serves the page as built when the build has no route map', async () => {
    fs.writeFileSync(path.join(dist, 'preload_helper.abcdef12.js'), '!function(){}();');
    // A new build: index.html is read again when it changes.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    const res = await page('/FrontPage/aboutUs');
    expect(res.body).toContain('<script src="/preload_helper.abcdef12.js"></script>');
    expect(res.body).not.toContain('async src=');
    fs.writeFileSync(path.join(dist, 'preload_helper.abcdef12.js'), HELPER);
  });
});
