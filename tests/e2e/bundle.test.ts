/**
 * The built chunks (dist/; the e2e project runs after the build): the public and standalone
 * routes load no pro-components code, and the entry script, the public pages, the login page
 * and the joining guide no antd at all (its CSS-in-JS cost a phone over a second of script work:
 * README.md, "Benchmarks"); the back office loads both. Umi's preload helper holds the route →
 * files map, so this reads the real build rather than guessing from source imports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES, STANDALONE_PAGES } from '@common/menu';

// The build the run serves: dist/, or E2E_STATIC_DIR as tests/e2e/globalSetup.ts reads it.
const dist = process.env.E2E_STATIC_DIR ? path.resolve(process.env.E2E_STATIC_DIR) : path.resolve(__dirname, '../../dist');
// Content-hashed (`hash: true` in .umirc.ts): preload_helper.1a2b3c4d.js.
const helperName = fs.existsSync(dist) ? fs.readdirSync(dist).find((f) => /^preload_helper(\.[0-9a-f]+)?\.js$/.test(f)) : undefined;
const helper = path.join(dist, helperName ?? 'preload_helper.js');

/** Text that only pro-components' layout, page container and table put in a bundle. */
const PRO_MARKERS = /pro-layout|pro-table|ant-pro-|PageContainer/;
/**
 * Text only antd's CSS-in-JS (@ant-design/cssinjs, which every antd component needs) puts in a
 * bundle: the attributes of the <style> elements it writes.
 */
const ANTD_MARKERS = /data-token-hash|data-css-hash/;
/** Text only wangEditor's bundle holds. */
const EDITOR_MARKERS = /w-e-text-container|wangEditor/;

function routeFiles(): Map<string, string[]> {
  const source = fs.readFileSync(helper, 'utf8');
  const files = JSON.parse(/f:(\[\[.*?\]\])/.exec(source)?.[1] ?? '[]') as [string, number][];
  const routes = JSON.parse(/r:(\{.*?\})/.exec(source)?.[1] ?? '{}') as Record<string, number[]>;
  return new Map(Object.entries(routes).map(([route, ids]) => [route, ids.map((i) => files[i][0])]));
}

function loadsPro(files: string[]): string[] {
  return files.filter((file) => PRO_MARKERS.test(fs.readFileSync(path.join(dist, file), 'utf8')));
}

function loadsAntd(files: string[]): string[] {
  return files.filter((file) => ANTD_MARKERS.test(fs.readFileSync(path.join(dist, file), 'utf8')));
}

/** The entry script every page runs first (umi.1a2b3c4d.js). */
const entryFile = fs.existsSync(dist) ? fs.readdirSync(dist).find((f) => /^umi(\.[0-9a-f]+)?\.js$/.test(f)) : undefined;

/** Standalone pages written without antd (src/layouts/index.tsx PLAIN_STANDALONE_PAGES). */
const PLAIN_STANDALONE_ROUTES = ['/login', '/register-guide'];

function loadsEditor(files: string[]): string[] {
  return files.filter((file) => EDITOR_MARKERS.test(fs.readFileSync(path.join(dist, file), 'utf8')));
}

/** The public pages with an id in the path, as the route map names them. */
const PUBLIC_DETAIL_ROUTES = ['/FrontPage/detail/:id', '/FrontPage/member-unit/:id'];

describe('built chunks', () => {
  const map = routeFiles();

  it.each([...[...PUBLIC_PAGES, ...STANDALONE_PAGES].map((p) => p.path), ...PUBLIC_DETAIL_ROUTES])(
    '%s loads no pro-components and no editor',
    (route) => {
      const files = map.get(route);
      expect(files, `${route} is not in the build`).toBeDefined();
      expect(loadsPro(files!)).toEqual([]);
      expect(loadsEditor(files!)).toEqual([]);
    },
  );

  it('the entry script carries no antd', () => {
    expect(entryFile, 'no umi.*.js in dist/').toBeDefined();
    expect(loadsAntd([entryFile!])).toEqual([]);
  });

  it.each([...PUBLIC_PAGES.map((p) => p.path), ...PUBLIC_DETAIL_ROUTES, ...PLAIN_STANDALONE_ROUTES, '/*'])('%s loads no antd', (route) => {
    const files = map.get(route);
    expect(files, `${route} is not in the build`).toBeDefined();
    expect(loadsAntd(files!)).toEqual([]);
  });

  it('antd is in the build, and the back office and the antd standalone pages load it (so the checks above can see it)', () => {
    const all = fs.readdirSync(dist).filter((f) => f.endsWith('.js'));
    expect(loadsAntd(all).length).toBeGreaterThan(0);
    expect(loadsAntd(map.get('/Manage/staging') ?? []).length).toBeGreaterThan(0);
  });

  it('the article page loads the editor only when the form opens (not with the page)', () => {
    const files = map.get('/Manage/association-news') ?? [];
    expect(files.length).toBeGreaterThan(0);
    expect(loadsEditor(files)).toEqual([]);
    const all = fs.readdirSync(dist).filter((f) => f.endsWith('.js'));
    expect(loadsEditor(all).length).toBeGreaterThan(0);
  });

  it('the not-found page loads no pro-components', () => {
    expect(loadsPro(map.get('/*') ?? [])).toEqual([]);
  });

  it('the back office does (so the check above can see them)', () => {
    expect(loadsPro(map.get('/Manage/staging') ?? []).length).toBeGreaterThan(0);
  });
});
