/** src/hooks/useApiRequest.ts: the product's request defaults, over ahooks 3. */
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Page } from '@common/schemas/common';
import {
  CACHE_TIME,
  DEFAULT_PAGE_SIZE,
  FOCUS_TIMESPAN,
  LOAD_MORE_THRESHOLD,
  requestDefaults,
  useApiRequest,
  useLoadMore,
} from '@/hooks/useApiRequest';
import { getDictItems } from '@/services/dict';

describe('defaults', () => {
  it('are 5 s focus refresh, 5 min cache, 10 a page and 100 px load-more', () => {
    expect(FOCUS_TIMESPAN).toBe(5000);
    expect(CACHE_TIME).toBe(5 * 60 * 1000);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(LOAD_MORE_THRESHOLD).toBe(100);
    expect(requestDefaults()).toMatchObject({ refreshOnWindowFocus: true, focusTimespan: 5000, cacheTime: 300000 });
  });

  it('manual requests do not refresh on focus; options win', () => {
    expect(requestDefaults({ manual: true }).refreshOnWindowFocus).toBe(false);
    expect(requestDefaults({ focusTimespan: 1000, refreshOnWindowFocus: false })).toMatchObject({
      focusTimespan: 1000,
      refreshOnWindowFocus: false,
    });
  });
});

describe('useApiRequest', () => {
  it('runs a service through the mock API', async () => {
    const { result } = renderHook(() => useApiRequest(() => getDictItems('gender')));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data?.map((i) => i.label)).toEqual(['男', '女']);
  });

  it('refreshes when the window regains focus', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useApiRequest(async () => {
        calls += 1;
        return calls;
      }, { focusTimespan: 0 }),
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(result.current.data).toBe(2));
  });

  it('does not repeat a manual request on focus', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useApiRequest(
        async (n: number) => {
          calls += 1;
          return n;
        },
        { manual: true, focusTimespan: 0 },
      ),
    );
    await act(async () => {
      await result.current.runAsync(7);
    });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);
  });
});

describe('useLoadMore', () => {
  const all = Array.from({ length: 23 }, (_, i) => `第${i + 1}条`);
  const fetchPage = async ({ current, pageSize }: { current: number; pageSize: number }): Promise<Page<string>> => ({
    list: all.slice((current - 1) * pageSize, current * pageSize),
    total: all.length,
    current,
    pageSize,
  });

  it('loads pages of 10 until the total', async () => {
    const { result } = renderHook(() => useLoadMore(fetchPage));
    await waitFor(() => expect(result.current.data?.list).toHaveLength(10));
    expect(result.current.noMore).toBe(false);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.data?.list).toHaveLength(20));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.data?.list).toHaveLength(23));
    expect(result.current.noMore).toBe(true);
    expect(result.current.data?.list.at(-1)).toBe('第23条');
  });
});
