/**
 * The page's first data from the block the server wrote into index.html (server/http/spaPage.ts,
 * common/firstScreen.ts), so that the home page, an article and the footer render without a
 * round trip after the script:
 *
 * - `useFirstScreenPlugin` (an ahooks useRequest plugin) starts a page's request state with it,
 *   so the page's first render already shows the content, and its first run ends there (the
 *   server made that call as the visitor: no second one, and no second render);
 * - `answerFromFirstScreen` (a request interceptor) answers any other first GET of such a path
 *   from it, through the usual response handling.
 *
 * Each answer is used once, and only while the page is loading (FIRST_SCREEN_MAX_AGE_MS after its
 * first use); any later call asks the API.
 */
import { useState } from 'react';
import type { Plugin } from 'ahooks/lib/useRequest/src/types';
import type { AxiosRequestConfig } from '@umijs/max';
import { API_BASE } from '@common/api';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_MAX_AGE_MS, type FirstScreenData } from '@common/firstScreen';
import { isEnvelope, requestUrl } from '../requestErrors';

let answers: Map<string, unknown> | undefined;
/** When the block was read: with the page's first call. */
let readAt = 0;

function readAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  readAt = performance.now();
  const block = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!block?.textContent) return answers;
  try {
    const data = JSON.parse(block.textContent) as FirstScreenData;
    for (const [url, body] of Object.entries(data)) answers.set(url, body);
  } catch {
    // A broken block: the page asks the API.
  }
  return answers;
}

/** The server's answer to `url` (an /api/v1 path, no query), once; undefined when there is none (any more). */
export function takeFirstScreenAnswer(url: string): unknown {
  const all = readAnswers();
  if (performance.now() - readAt > FIRST_SCREEN_MAX_AGE_MS) return undefined;
  if (!all.has(url)) return undefined;
  const body = all.get(url);
  all.delete(url);
  return body;
}

/**
 * The data of the server's successful answer to `path` (under /api/v1), without using it up;
 * undefined when there is none. `T` is what the API answers there (common/schemas): the block
 * holds that answer as the server made it.
 */
export function peekFirstScreenData<T>(path: string): T | undefined {
  const all = readAnswers();
  if (performance.now() - readAt > FIRST_SCREEN_MAX_AGE_MS) return undefined;
  const body = all.get(`${API_BASE}${path}`);
  return isEnvelope(body) && body.status === 1 ? (body.data as T) : undefined;
}

/** Uses up the answer to `path` (under /api/v1): the page took its data from peekFirstScreenData. */
export function dropFirstScreenAnswer(path: string): void {
  takeFirstScreenAnswer(`${API_BASE}${path}`);
}

/**
 * A useRequest plugin for the call to `path` (under /api/v1): when the page came with that
 * answer, the request starts with its data (`select` shapes it as the service returns it) and
 * not loading, and the first run stops there, using the answer up. Without it, nothing changes.
 * Stable for the component's life (the first render decides).
 */
export function useFirstScreenPlugin<TAnswer, TData, TParams extends unknown[] = []>(
  path: string,
  select: (answer: TAnswer) => TData,
): Plugin<TData, TParams> {
  const [plugin] = useState(() => {
    const found = peekFirstScreenData<TAnswer>(path);
    const initial = found === undefined ? undefined : select(found);
    let firstRun = initial !== undefined;
    const firstScreen: Plugin<TData, TParams> = (fetchInstance) => ({
      onBefore: () => {
        if (!firstRun) return {};
        firstRun = false;
        dropFirstScreenAnswer(path);
        // Not loading (useRequest's own auto-run plugin starts it as loading), without an update:
        // the page has rendered the data already; `loading` reads false from its next render.
        fetchInstance.state = { ...fetchInstance.state, loading: false };
        return { stopNow: true };
      },
    });
    firstScreen.onInit = () => (initial === undefined ? {} : { data: initial, loading: false });
    return firstScreen;
  });
  return plugin;
}

/** Forgets what was read (tests put a new block in the document). */
export function resetFirstScreenAnswers(): void {
  answers = undefined;
}

/**
 * Request interceptor: a GET without query whose answer came with the page is answered from it
 * (an adapter that returns it as a 200), and still passes the response interceptors.
 */
export function answerFromFirstScreen(config: AxiosRequestConfig): AxiosRequestConfig {
  if ((config.method ?? 'GET').toUpperCase() !== 'GET') return config;
  if (config.params && Object.keys(config.params as object).length) return config;
  const body = takeFirstScreenAnswer(requestUrl(config));
  if (body === undefined) return config;
  const adapter: AxiosRequestConfig['adapter'] = async (adapted) => ({
    data: body,
    status: 200,
    statusText: 'OK',
    headers: {},
    config: adapted,
  });
  return { ...config, adapter };
}
