/**
 * Answers the page's first GET calls from the data the server wrote into index.html
 * (server/http/spaPage.ts, common/firstScreen.ts): the home page, an article and the footer
 * render without a round trip after the script. Each answer is used once, and only while the
 * page is loading (FIRST_SCREEN_MAX_AGE_MS after its first call); any later call asks the API.
 */
import type { AxiosRequestConfig } from '@umijs/max';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_MAX_AGE_MS, type FirstScreenData } from '@common/firstScreen';
import { requestUrl } from '../requestErrors';

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
