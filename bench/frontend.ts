/**
 * The front end as a visitor receives it: the built app (dist/, built first when
 * missing) served by the real server with the demo data, then
 *
 * - bytes: the compressed JavaScript and CSS that a first visit (empty cache) of `/`, an
 *   article page, the login page and `/Manage/staging` (a staff member signed in) loads, read
 *   from Chromium's own network records (body bytes as sent, i.e. after Brotli/gzip);
 * - Lighthouse (the npm package driving Debian's Chromium): performance, accessibility and
 *   best practices for `/`, an article page and the login page, desktop and mobile (Lighthouse's
 *   own presets: the mobile one simulates a mid-range phone on a slow 4G network), the median
 *   of LIGHTHOUSE_RUNS runs (default 3; 0 measures the bytes only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed/demo';
import { BENCH_ADMIN_PASSWORD, ensureBuilt } from './lib';
import { freePort, startServer, stopServer, type ServerProcess } from '../tests/server/processes';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

export interface PageBytes {
  page: string;
  path: string;
  jsFiles: number;
  jsKb: number;
  cssKb: number;
}

export interface LighthouseRow {
  page: string;
  path: string;
  formFactor: 'desktop' | 'mobile';
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Largest Contentful Paint, ms (median run). */
  lcpMs: number;
  /** Total Blocking Time, ms (median run). */
  tbtMs: number;
}

export interface FrontendBench {
  bytes: PageBytes[];
  lighthouse: LighthouseRow[];
}

async function firstArticlePath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/public/articles?category=news&current=1&pageSize=1`);
  const body = (await res.json()) as { status: number; data?: { list?: { id: string }[] } };
  const id = body.data?.list?.[0]?.id;
  if (!id) throw new Error(`no published article in the demo data: ${JSON.stringify(body).slice(0, 200)}`);
  return `/FrontPage/detail/${id}`;
}

async function staffSession(base: string): Promise<{ token: string; currentUser: Record<string, unknown> }> {
  const res = await fetch(`${base}/api/v1/user/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginAccount: 'demo_staff', password: DEMO_PASSWORD, authType: 1 }),
  });
  const body = (await res.json()) as { status: number; message: string; data: { token: string; currentUser: Record<string, unknown> } };
  if (body.status !== 1) throw new Error(`demo_staff login failed: ${body.message}`);
  return body.data;
}

/** Bytes of one first visit, in a fresh browser context (empty cache). */
async function measureBytes(base: string, label: string, pagePath: string, session?: { token: string; currentUser: Record<string, unknown> }): Promise<PageBytes> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    if (session) {
      // As the login page leaves it: the token and the user in localStorage before the app starts.
      await context.addInitScript(
        ([token, user]) => {
          localStorage.setItem('token', token);
          localStorage.setItem('currentUser', user);
        },
        [session.token, JSON.stringify({ ...session.currentUser, unitId: session.currentUser.unitId || session.currentUser.userId })] as const,
      );
    }
    const page = await context.newPage();
    const pending: Promise<{ type: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(request.sizes().then((sizes) => ({ type, bytes: sizes.responseBodySize })));
    });
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
    // Chunks requested after the first paint (lazy parts of the page) count too.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(pending);
    const sum = (type: string) => files.filter((f) => f.type === type).reduce((a, f) => a + f.bytes, 0);
    return {
      page: label,
      path: pagePath,
      jsFiles: files.filter((f) => f.type === 'script').length,
      jsKb: Math.round(sum('script') / 1024),
      cssKb: Math.round(sum('stylesheet') / 1024),
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function runLighthouse(url: string, formFactor: 'desktop' | 'mobile'): Promise<Omit<LighthouseRow, 'page' | 'path' | 'formFactor'>> {
  const runs: Omit<LighthouseRow, 'page' | 'path' | 'formFactor'>[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = result.lhr;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      });
    } finally {
      chrome.kill();
    }
  }
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    bestPractices: median(runs.map((r) => r.bestPractices)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
  };
}

export async function runFrontendBench(log: (line: string) => void = console.log): Promise<FrontendBench> {
  const dist = ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-frontend-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: dist,
      SEED_DEMO: '1',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    });
    const base = `http://127.0.0.1:${server.port}`;
    const article = await firstArticlePath(base);
    const session = await staffSession(base);
    const pages: [string, string][] = [
      ['home', '/'],
      ['article', article],
      ['login', '/login?authType=1'],
    ];
    const bytes: PageBytes[] = [];
    for (const [label, p] of pages) bytes.push(await measureBytes(base, label, p));
    bytes.push(await measureBytes(base, 'staging (staff)', '/Manage/staging', session));
    for (const b of bytes) log(`frontend bytes ${b.page}: ${b.jsKb} KB JS in ${b.jsFiles} files, ${b.cssKb} KB CSS`);
    const rows: LighthouseRow[] = [];
    for (const [label, p] of LIGHTHOUSE_RUNS > 0 ? pages : []) {
      for (const formFactor of ['desktop', 'mobile'] as const) {
        const r = await runLighthouse(`${base}${p}`, formFactor);
        rows.push({ page: label, path: p, formFactor, ...r });
        log(`lighthouse ${label} ${formFactor}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms`);
      }
    }
    return { bytes, lighthouse: rows };
  } finally {
    await stopServer(server, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
