/**
 * Setup of every front-end unit test file (vitest projects `unit` and `unit-mocked`, happy-dom).
 *
 * The test DOM is happy-dom: four of the heaviest files took 47 s with it against 75 s with
 * jsdom, all their tests passing in both (README.md, "Tests"). The workarounds below were found under jsdom;
 * those still needed stay.
 *
 * - jest-dom matchers; React Testing Library cleanup after each test;
 * - Umi's runtime plugins (src/app.tsx included), so `request` from @umijs/max carries the
 *   app's base URL, token header and error handling, and `history` exists (browser type);
 * - the msw server of mock/ (unhandled /api calls fail the test), reset after each test;
 * - localStorage cleared, the URL back at '/', antd toasts and notifications removed;
 * - every toast and notification recorded as it shows (./toasts.ts): a test checks the record,
 *   which a slow machine cannot make it miss;
 * - DOM gaps antd needs: matchMedia, ResizeObserver, getComputedStyle with a pseudo element;
 * - antd's CSS-in-JS rules kept out of the DOM's CSS parser (see below).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { ConfigProvider, message, notification } from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createHistory } from '@@/core/history';
import { createPluginManager } from '@@/core/plugin';
// Loaded up front: the request layer imports it with the first toast shown without an antd
// <App> (src/request/feedback.ts), which must not make that toast late in a test.
import '@/request/staticFeedback';
import { resetMockState } from '../../mock/handlers';
import { server } from '../../mock/server';
import { CONDITION_WAIT_MS } from '../waits';
import { startRecordingToasts } from './toasts';

// findBy…/waitFor wait for their condition as long as every other wait (tests/waits.ts), not
// Testing Library's 1 s: a test that passes never waits the extra time, and a slow or loaded
// machine only makes it wait longer.
configure({ asyncUtilTimeout: CONDITION_WAIT_MS });

/* ---------- the screen, and what the DOM lacks ---------- */

// A screen of no known width: every media query answers no, so lists show as on a wide screen,
// in full (src/components/ListPage/useScreen.ts), and antd's responsive columns stay hidden. A
// test of the phone layout sets its own matchMedia.
{
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom threw "Not implemented" for getComputedStyle(element, '::before'); antd asks for it.
const domGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => domGetComputedStyle(element);

// No layout to scroll (jsdom logged "Not implemented: window.scrollTo"); antd and ahooks scroll.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// No motion for antd's static toasts and notifications: the test DOM never ends a CSS transition,
// so closed notices would otherwise stay in the document from one test to the next.
ConfigProvider.config({ theme: { token: { motion: false } } });

/* ---------- Umi runtime ---------- */

createPluginManager();
createHistory({ type: 'browser' });

/* ---------- msw ---------- */

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      if (new URL(request.url).pathname.startsWith('/api/')) print.error();
    },
  });
});

beforeEach(() => {
  window.localStorage.clear();
  // Toasts come and go; the test asks the record of them (./toasts.ts).
  startRecordingToasts();
});

/** antd closes static notices asynchronously: wait until they are gone. */
async function removeNotices() {
  // Only when some were shown: destroy() would otherwise mount antd's holder now and let
  // React render after the test environment is gone ("window is not defined").
  if (!document.querySelector('.ant-message-notice, .ant-notification-notice')) return;
  message.destroy();
  notification.destroy();
  await waitFor(() => {
    if (document.querySelector('.ant-message-notice, .ant-notification-notice')) throw new Error('提示尚未关闭');
  });
}

afterEach(async () => {
  cleanup();
  await removeNotices();
  server.resetHandlers();
  resetMockState();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterAll(async () => {
  server.close();
  // antd unmounts its static toast holder a moment after the last notice closes; let React
  // finish before the test DOM goes away ("window is not defined" from the scheduler otherwise).
  await new Promise((resolve) => setTimeout(resolve, 200));
});

// antd writes its CSS-in-JS rules into <style> elements by `innerHTML`
// (@rc-component/util's dynamicCSS). jsdom parsed each one, cannot parse many (a line of
// "Could not parse CSS stylesheet" each), and walks every rule on each getComputedStyle, which
// Testing Library calls for each element a *ByRole query looks at: with antd's rules in the
// document the unit suite took three times as long. The tests check what the pages say and do,
// not their layout, so the rules are kept on the element (read back the same) but never parsed.
Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
  configurable: true,
  get(this: HTMLStyleElement & { unparsedCss?: string }) {
    return this.unparsedCss ?? '';
  },
  set(this: HTMLStyleElement & { unparsedCss?: string }, value: string) {
    this.unparsedCss = value;
  },
});
