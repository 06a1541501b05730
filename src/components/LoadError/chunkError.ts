/**
 * Recognising a failed page chunk and reloading once (a page that cannot load reports a load
 * error rather than staying blank). After a deployment the old chunk names are gone; one full reload
 * fetches the new index.html and fixes it. A reload that does not help must not loop, so the
 * time of the last automatic reload is kept in sessionStorage.
 */
import { fullPage } from '@/components/fullPageNavigation';

/** A chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** At most one automatic reload within this window; after that the user presses the button. */
export const AUTO_RELOAD_WINDOW_MS = 30_000;

export const RELOAD_STAMP_KEY = 'chunk-load-reloaded-at';

const CHUNK_ERROR_PATTERNS = [
  /Loading chunk [\w-]+ failed/i,
  /Loading CSS chunk/i,
  /Loading chunk/i,
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((re) => re.test(message));
}

function readStamp(): number {
  try {
    return Number(window.sessionStorage.getItem(RELOAD_STAMP_KEY)) || 0;
  } catch {
    return 0;
  }
}

/**
 * Reloads the page unless an automatic reload already happened within the window.
 * Returns whether it reloaded (false: show the manual retry).
 */
export function reloadOnceForChunkError(now: number = Date.now()): boolean {
  if (now - readStamp() < AUTO_RELOAD_WINDOW_MS) return false;
  try {
    window.sessionStorage.setItem(RELOAD_STAMP_KEY, String(now));
  } catch {
    // Without sessionStorage the guard cannot work: never reload automatically then.
    return false;
  }
  fullPage.reload();
  return true;
}

/** The manual retry: the user asked, so reload whatever the guard says. */
export function retryByReload() {
  try {
    window.sessionStorage.setItem(RELOAD_STAMP_KEY, String(Date.now()));
  } catch {
    // A reload is still the right answer.
  }
  fullPage.reload();
}

/*
 * Chunk scripts that failed before anyone waited for them. Umi's preload helper inserts the
 * first page's chunk scripts from index.html; when one of them fails before webpack attaches
 * its handlers, webpack only notices at its own 120 s time-out. Watching `error` events of
 * those scripts (they carry `data-webpack`) lets the loading placeholder react at once.
 */
type Listener = () => void;
const failureListeners = new Set<Listener>();
let chunkScriptFailed = false;

function onResourceError(event: Event) {
  const target = event.target;
  if (target instanceof HTMLScriptElement && target.dataset.webpack !== undefined) {
    chunkScriptFailed = true;
    failureListeners.forEach((listener) => listener());
  }
}

type ChunkEntry = [readonly (string | number)[], ...unknown[]];

/** Chunk ids webpack has received so far (its JSONP array keeps every chunk it was given). */
function registeredChunkIds(scope: Record<string, unknown>): Set<string> {
  const ids = new Set<string>();
  for (const key of Object.keys(scope)) {
    // The name first: reading every property of window trips deprecated getters (Chromium
    // logs a FencedFrame deprecation, which Lighthouse counts against best practices).
    if (!key.startsWith('webpackChunk')) continue;
    const list = scope[key];
    if (!Array.isArray(list)) continue;
    for (const entry of list as ChunkEntry[]) {
      if (Array.isArray(entry?.[0])) entry[0].forEach((id) => ids.add(String(id)));
    }
  }
  return ids;
}

/**
 * Removes preloaded chunk scripts that have not delivered their chunk yet. Webpack reuses a
 * script element with the same `data-webpack` key; one that failed before webpack attached
 * its handlers would leave the page waiting for webpack's 120 s time-out. Without the
 * element webpack loads the chunk itself (from the cache when the preload finished) and
 * reports a failure at once. Returns the keys it removed.
 */
export function dropUnconfirmedPreloads(doc: Document = document, scope: Record<string, unknown> = window as unknown as Record<string, unknown>): string[] {
  const registered = registeredChunkIds(scope);
  const removed: string[] = [];
  doc.querySelectorAll<HTMLScriptElement>('script[data-webpack]').forEach((script) => {
    const key = script.dataset.webpack ?? '';
    const id = key.slice(key.lastIndexOf(':') + 1);
    if (!registered.has(id)) {
      script.remove();
      removed.push(key);
    }
  });
  return removed;
}

if (typeof window !== 'undefined') {
  // Capture phase: resource errors do not bubble.
  window.addEventListener('error', onResourceError, true);
  dropUnconfirmedPreloads();
}

export function hasChunkScriptFailed(): boolean {
  return chunkScriptFailed;
}

/** Calls `listener` when a chunk script fails; returns the unsubscribe function. */
export function onChunkScriptFailure(listener: Listener): () => void {
  failureListeners.add(listener);
  return () => {
    failureListeners.delete(listener);
  };
}

/** For tests: forget earlier failures. */
export function resetChunkScriptFailures() {
  chunkScriptFailed = false;
}
