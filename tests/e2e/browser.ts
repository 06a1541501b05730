/**
 * Chromium for the journeys: Debian's /usr/bin/chromium driven by playwright-core (a
 * browser download is impossible here). Each page records console errors and uncaught
 * exceptions so that a test can assert there were none.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CONDITION_WAIT_MS } from '../waits';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const baseURL = (): string => inject('baseURL');

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and page errors seen so far. */
  errors: string[];
}

/**
 * A new page in its own context. `bypassCSP` only for tests that inject their own instrument
 * (axe-core) as an inline script, which the product's Content-Security-Policy rightly refuses;
 * every journey runs under the policy.
 *
 * The browser asks for less motion (prefers-reduced-motion), as a visitor's system may: antd's
 * drawers and dialogs then open and close at once (src/layouts/AntdProvider.tsx) instead of
 * each step waiting out an animation. `motion: true` for a test of the animated page.
 */
export async function openPage(
  browser: Browser,
  viewport = { width: 1280, height: 860 },
  options: { bypassCSP?: boolean; motion?: boolean } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale: 'zh-CN',
    bypassCSP: options.bypassCSP ?? false,
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
  });
  // Every action and wait of the journeys waits for its condition this long (tests/waits.ts);
  // no journey sets its own.
  context.setDefaultTimeout(CONDITION_WAIT_MS);
  context.setDefaultNavigationTimeout(CONDITION_WAIT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, context, errors };
}

/** Logs in through the API and stores the session the way the login page does. */
export async function loginThroughApi(
  page: Page,
  account: { loginAccount: string; password: string; authType: number },
): Promise<{ token: string; currentUser: Record<string, unknown> }> {
  const res = await page.request.post('/api/v1/user/auth/login', { data: account });
  const body = (await res.json()) as { status: number; message: string; data: { token: string; currentUser: Record<string, unknown> } };
  if (body.status !== 1) throw new Error(`登录失败：${body.message}`);
  const { token, currentUser } = body.data;
  await page.goto('/register-guide');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('currentUser', u);
    },
    [token, JSON.stringify({ ...currentUser, unitId: currentUser.unitId || currentUser.userId })] as const,
  );
  return body.data;
}
