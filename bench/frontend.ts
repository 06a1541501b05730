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
 *   of LIGHTHOUSE_RUNS good runs (default 3, never fewer; 0 measures the bytes only). A failed
 *   run is retried and never counted as zeros; a row without enough good runs says it failed
 *   and why (bench/lighthouseRuns.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed/demo';
import {
  collectLighthouseRuns,
  readLighthouseReport,
  type LighthouseMetrics,
  type LighthouseRun,
  type LighthouseSummary,
} from './lighthouseRuns';
import { BENCH_ADMIN_PASSWORD, ensureBuilt } from './lib';
import { freePort, startServer, stopServer, type ServerProcess } from '../tests/server/processes';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
/** Good runs per row (at least three: bench/lighthouseRuns.ts); 0 measures the bytes only. */
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

export interface PageBytes {
  page: string;
  path: string;
  jsFiles: number;
  jsKb: number;
  cssKb: number;
}

/** One page in one form factor: the medians of its good runs, or why there were too few. */
export type LighthouseRow = {
  page: string;
  path: string;
  formFactor: 'desktop' | 'mobile';
  goodRuns: number;
  /** The reasons of the runs that failed (retried), in order. */
  failedRuns: string[];
} & ({ ok: true; metrics: LighthouseMetrics } | { ok: false; error: string });

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

/** Failed runs (a Lighthouse runtime error, a report without scores, a crash) are tried again up to this many times. */
export const LIGHTHOUSE_RETRIES = 3;

/** One Lighthouse run in a fresh Chromium: its numbers, or why it failed. */
export async function lighthouseRun(url: string, formFactor: 'desktop' | 'mobile'): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) return { ok: false, error: `Lighthouse gave no result for ${url}` };
    return readLighthouseReport(result.lhr);
  } finally {
    chrome.kill();
  }
}

/** The medians of LIGHTHOUSE_RUNS good runs (at least three), failed runs retried. */
export function measureLighthouse(url: string, formFactor: 'desktop' | 'mobile'): Promise<LighthouseSummary> {
  return collectLighthouseRuns(() => lighthouseRun(url, formFactor), LIGHTHOUSE_RUNS, LIGHTHOUSE_RETRIES);
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
        const summary = await measureLighthouse(`${base}${p}`, formFactor);
        rows.push({ page: label, path: p, formFactor, ...summary });
        const retried = summary.failedRuns.length ? ` (${summary.failedRuns.length} failed runs retried: ${summary.failedRuns.join(' | ')})` : '';
        if (summary.ok) {
          const m = summary.metrics;
          log(`lighthouse ${label} ${formFactor}: performance ${m.performance}, accessibility ${m.accessibility}, best practices ${m.bestPractices}, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, median of ${summary.goodRuns}${retried}`);
        } else {
          log(`lighthouse ${label} ${formFactor}: FAILED: ${summary.error}`);
        }
      }
    }
    return { bytes, lighthouse: rows };
  } finally {
    await stopServer(server, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
