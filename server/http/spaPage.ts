/**
 * index.html as each page of the SPA gets it (server/app.ts answers every page through here).
 * What a phone needs first comes with the HTML instead of after the script:
 *
 * - the route's chunks: the `<script async>` and style preloads that Umi's preload helper
 *   (preload_helper.*.js) adds once it has run, written into the HTML from the helper's own
 *   route map, so the browser fetches them with the HTML; the helper, a render-blocking script
 *   in <head>, is then left out;
 * - the first screen's data: the public GET answers the page asks for first (the footer on
 *   every public page, the home page's /public/home, an article or a notice), made here through
 *   `app.inject` as the visitor's own request (the same routes, cache and view count: the
 *   visitor's address and browser), written into a `<script type="application/json">` block
 *   (common/firstScreen.ts; data, never executed, so the CSP's `script-src 'self'` holds) from
 *   which src/request/firstScreen.ts answers those calls;
 * - a preload of the first screen's largest picture (the first carousel slide, an article's
 *   cover), which the browser would otherwise find only once the page has rendered.
 *
 * Whatever cannot be done (no route map in the build, an answer that failed or took longer than
 * FIRST_SCREEN_WAIT_MS) is left out: the page is served as built and asks the API itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '@common/api';
import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from '@common/firstScreen';
import { layoutOf } from '@common/menu';

/** The longest the HTML waits for the first screen's data; after it the page asks the API itself. */
export const FIRST_SCREEN_WAIT_MS = 1_000;

/** Umi's route → chunk map, as the preload helper holds it. */
export interface RouteChunkMap {
  /** The webpack chunk attribute (`data-webpack`) value's prefix: the package name. */
  pkg: string;
  bundler: string;
  /** [file, chunk id] by index. */
  files: [string, string | number][];
  /** Route pattern (`/`, `/FrontPage/detail/:id`, `/*`) → indexes into `files`. */
  routes: [pattern: RegExp, route: string, indexes: number[]][];
}

const HELPER_TAG = /<script src="\/?(preload_helper(?:\.[0-9a-f]+)?\.js)"><\/script>\n?/;

/** Reads the route map out of the built helper's text (minified: `{p:"…",b:"…",f:[[…]],r:{…}}`). */
export function parseRouteChunkMap(helper: string): RouteChunkMap | undefined {
  const pkg = /\bp:"([^"]+)"/.exec(helper)?.[1];
  const bundler = /\bb:"([^"]+)"/.exec(helper)?.[1];
  const files = /\bf:(\[\[.*?\]\])/.exec(helper)?.[1];
  const routes = /\br:(\{.*?\})/.exec(helper)?.[1];
  if (!pkg || !bundler || !files || !routes) return undefined;
  try {
    const fileList = JSON.parse(files) as [string, string | number][];
    const routeTable = JSON.parse(routes) as Record<string, number[]>;
    return {
      pkg,
      bundler,
      files: fileList,
      // The helper's own matching: `:param` is one segment, `/*` anything below.
      routes: Object.entries(routeTable).map(([route, indexes]) => [
        new RegExp(`^${route.replace(/\/:[^/]+/g, '/[^/]+').replace('/*', '/.+')}$`),
        route,
        indexes,
      ]),
    };
  } catch {
    return undefined;
  }
}

/** The tags the helper would add for `pathname`: async scripts and style preloads, with webpack's chunk attribute. */
export function routeChunkTags(map: RouteChunkMap, pathname: string): string {
  // The path itself, else a pattern with parameters, else the catch-all: the helper took the
  // first pattern in its (score-sorted) map, the catch-all, so an article page preloaded the
  // not-found page instead of its own.
  const route =
    map.routes.find(([, exact]) => exact === pathname) ??
    map.routes.find(([pattern, route]) => !route.includes('*') && pattern.test(pathname)) ??
    map.routes.find(([pattern]) => pattern.test(pathname));
  if (!route) return '';
  return route[2]
    .flatMap((index) => {
      const entry = map.files[index];
      if (!entry) return [];
      const [file, chunk] = entry;
      const href = `/${escapeAttribute(file)}`;
      const chunkAttribute = `data-${map.bundler}="${escapeAttribute(`${map.pkg}:${chunk}`)}"`;
      if (file.endsWith('.js')) return [`<script async src="${href}" ${chunkAttribute}></script>`];
      if (file.endsWith('.css')) return [`<link rel="preload" as="style" href="${href}" ${chunkAttribute}>`];
      return [];
    })
    .join('');
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON that cannot end the script element or open a comment in it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The API paths (with /api/v1, no query) the page at `pathname` asks for first. */
export function firstScreenCalls(pathname: string, query: URLSearchParams): string[] {
  const calls: string[] = [];
  if (layoutOf(pathname) !== 'public') return calls;
  // src/layouts/PublicLayout/useFooterInfo.ts
  calls.push(`${API_BASE}/public/site-pages/footer`);
  // src/pages/index.tsx
  if (pathname === '/') calls.push(`${API_BASE}/public/home`);
  // src/pages/FrontPage/detail/$id: an article, or with ?type=notice a notice.
  const detail = /^\/FrontPage\/detail\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (detail) {
    let id: string;
    try {
      id = decodeURIComponent(detail);
    } catch {
      return calls;
    }
    calls.push(`${API_BASE}/public/${query.get('type') === 'notice' ? 'notices' : 'articles'}/${encodeURIComponent(id)}`);
  }
  return calls;
}

/** A picture of this site (a path, not another origin) worth fetching with the HTML. */
function sitePath(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

/** The largest picture of the first screen in these answers: the first carousel slide, an article's cover. */
export function firstScreenImage(data: FirstScreenData): string | undefined {
  for (const [url, body] of Object.entries(data)) {
    const payload = (body as { data?: unknown }).data as Record<string, unknown> | undefined;
    if (!payload) continue;
    if (url === `${API_BASE}/public/home`) {
      const first = (payload.carousels as { image?: { url?: unknown } | null }[] | undefined)?.[0];
      const image = sitePath(first?.image?.url);
      if (image) return image;
    }
    if (url.startsWith(`${API_BASE}/public/articles/`)) {
      const image = sitePath((payload.cover as { url?: unknown } | null | undefined)?.url);
      if (image) return image;
    }
  }
  return undefined;
}

interface BuiltIndex {
  mtimeMs: number;
  html: string;
  map?: RouteChunkMap;
}

export interface SpaPage {
  /** Sends index.html for the page `request` asks for. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

export function createSpaPage(app: FastifyInstance, root: string): SpaPage {
  const indexPath = path.join(root, 'index.html');
  let built: BuiltIndex | undefined;

  /** index.html and the helper's map, read again when a new build replaces them. */
  function readIndex(): BuiltIndex {
    const { mtimeMs } = fs.statSync(indexPath);
    if (built?.mtimeMs === mtimeMs) return built;
    const html = fs.readFileSync(indexPath, 'utf8');
    const helper = HELPER_TAG.exec(html)?.[1];
    let map: RouteChunkMap | undefined;
    if (helper && fs.existsSync(path.join(root, helper))) map = parseRouteChunkMap(fs.readFileSync(path.join(root, helper), 'utf8'));
    built = { mtimeMs, html, map };
    return built;
  }

  /** One GET as the visitor would send it; its envelope when it succeeded. */
  async function answer(request: FastifyRequest, url: string): Promise<unknown> {
    const res = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: { accept: 'application/json', 'user-agent': request.headers['user-agent'] ?? '' },
    });
    if (res.statusCode !== 200) return undefined;
    const body = res.json<{ status?: unknown }>();
    return body.status === 1 ? body : undefined;
  }

  async function firstScreenData(request: FastifyRequest, calls: string[]): Promise<FirstScreenData> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), FIRST_SCREEN_WAIT_MS);
    });
    try {
      const answers = await Promise.all(
        calls.map((url) =>
          Promise.race([answer(request, url).catch((error: unknown) => request.log.warn({ err: error, url }, 'first screen data failed')), late]),
        ),
      );
      const data: FirstScreenData = {};
      calls.forEach((url, i) => {
        if (answers[i] !== undefined) data[url] = answers[i];
      });
      return data;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async send(request, reply) {
      const { html, map } = readIndex();
      const url = new URL(request.url, 'http://page');
      let pathname = url.pathname;
      try {
        pathname = decodeURI(pathname);
      } catch {
        // Matched as sent.
      }
      const head: string[] = [];
      let body = '';
      if (map) head.push(routeChunkTags(map, pathname));
      if (request.method === 'GET') {
        const data = await firstScreenData(request, firstScreenCalls(url.pathname, url.searchParams));
        if (Object.keys(data).length) {
          const image = firstScreenImage(data);
          if (image) head.push(`<link rel="preload" as="image" href="${escapeAttribute(image)}" fetchpriority="high">`);
          body = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonForScript(data)}</script>`;
        }
      }
      let page = map ? html.replace(HELPER_TAG, '') : html;
      if (head.length) page = page.replace('</head>', `${head.join('')}\n</head>`);
      if (body) page = page.replace('<div id="root">', `${body}\n<div id="root">`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    },
  };
}
