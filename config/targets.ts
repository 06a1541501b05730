/**
 * The browsers the build supports (.umirc.ts `targets`): those antd 6 supports (it needs CSS
 * :where), which also covers the Chromium 88 cores of the 360, QQ and Sogou browsers in use.
 * src/polyfills.ts lists what core-js fills in for them (tests/unit/browser-support.test.ts keeps
 * the two in step).
 */
export const BROWSER_TARGETS = { chrome: 88, edge: 88, firefox: 78, safari: 15 };
