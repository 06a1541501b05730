/**
 * src/request/config.ts: a call started while the page is being replaced (a full load was asked
 * for: sign-out, login, a failed chunk) waits for the page to go, and takes the token as it is
 * then; without a full load under way a call goes at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullPage } from '@/components/fullPageNavigation';
import { holdWhileLeavingThenAddToken, LEAVING_HOLD_MS, TOKEN_HEADER } from '@/request/config';
import { removeToken, setToken } from '@/storage';

beforeEach(() => {
  vi.useFakeTimers();
  fullPage.leavingSince = 0;
});
afterEach(() => {
  vi.useRealTimers();
  fullPage.leavingSince = 0;
  removeToken();
});

describe('calls while the page is being replaced', () => {
  it('go at once with the stored token when no full load is under way', async () => {
    setToken('t-1');
    const config = await holdWhileLeavingThenAddToken({ url: 'workbench' });
    expect(config.headers?.[TOKEN_HEADER]).toBe('t-1');
  });

  it('wait LEAVING_HOLD_MS after the full load was asked for, then take the token as it is', async () => {
    setToken('t-1');
    fullPage.leavingSince = Date.now();
    removeToken(); // the sign-out's local part
    let settled = false;
    const call = holdWhileLeavingThenAddToken({ url: 'workbench' }).then((config) => {
      settled = true;
      return config;
    });
    await vi.advanceTimersByTimeAsync(LEAVING_HOLD_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect((await call).headers?.[TOKEN_HEADER]).toBe('');
  });

  it('go at once again once the hold has passed (the visitor stayed on the page)', async () => {
    fullPage.leavingSince = Date.now() - LEAVING_HOLD_MS;
    setToken('t-2');
    const config = await holdWhileLeavingThenAddToken({ url: 'workbench' });
    expect(config.headers?.[TOKEN_HEADER]).toBe('t-2');
  });
});
