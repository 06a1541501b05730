/**
 * Request hooks with the product's defaults, over ahooks 3 (not the ahooks-2
 * `useRequest` that @umijs/max re-exports).
 *
 * - `useApiRequest(service, options)`: ahooks `useRequest` that refreshes when the window
 *   regains focus (at most every 5 s) and keeps cached data 5 minutes (with a `cacheKey`).
 *   Manual requests (form submits, deletes) do not refresh on focus: that would repeat them.
 * - `useLoadMore(fetchPage, options)`: pages of 10, the next one loaded when the list is
 *   scrolled within 100 px of its end.
 */
import { useInfiniteScroll, useRequest } from 'ahooks';
import type { InfiniteScrollOptions } from 'ahooks/lib/useInfiniteScroll/types';
import type { Options, Plugin, Result } from 'ahooks/lib/useRequest/src/types';
import type { Page } from '@common/schemas/common';

export const FOCUS_TIMESPAN = 5000;
export const CACHE_TIME = 5 * 60 * 1000;
/** Cached data is shown at once and refreshed in the background. */
export const STALE_TIME = 0;
export const DEFAULT_PAGE_SIZE = 10;
export const LOAD_MORE_THRESHOLD = 100;

/** The defaults `useApiRequest` applies; `manual` requests get no focus refresh. */
export function requestDefaults<TData, TParams extends unknown[]>(
  options: Options<TData, TParams> = {},
): Options<TData, TParams> {
  return {
    refreshOnWindowFocus: !options.manual,
    focusTimespan: FOCUS_TIMESPAN,
    cacheTime: CACHE_TIME,
    staleTime: STALE_TIME,
    ...options,
  };
}

export function useApiRequest<TData, TParams extends unknown[]>(
  service: (...args: TParams) => Promise<TData>,
  options?: Options<TData, TParams>,
  plugins?: Plugin<TData, TParams>[],
): Result<TData, TParams> {
  return useRequest(service, requestDefaults(options), plugins);
}

/** What `useLoadMore` accumulates: the items so far and where the list stands. */
export interface LoadMoreData<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}

export interface LoadMoreOptions<T> extends Omit<InfiniteScrollOptions<LoadMoreData<T>>, 'isNoMore'> {
  pageSize?: number;
}

/**
 * Infinite scrolling over a paged list call (`{ list, total, current, pageSize }`, Page
 * in common/schemas/common.ts).
 * `fetchPage` receives the page to load; pass `target` (the scrolling element) for
 * scroll-triggered loading, or call `loadMore()` from a button.
 */
export function useLoadMore<T>(
  fetchPage: (page: { current: number; pageSize: number }) => Promise<Page<T>>,
  { pageSize = DEFAULT_PAGE_SIZE, ...options }: LoadMoreOptions<T> = {},
) {
  return useInfiniteScroll<LoadMoreData<T>>(
    async (last) => {
      const current = (last?.current ?? 0) + 1;
      const page = await fetchPage({ current, pageSize });
      return { list: page.list, total: page.total, current, pageSize };
    },
    {
      threshold: LOAD_MORE_THRESHOLD,
      isNoMore: (data) => !!data && (data.list.length >= data.total || data.current * data.pageSize >= data.total),
      ...options,
    },
  );
}
