/**
 * Recognising a failed page chunk and reloading once (SPEC.md §2, §8: a page that cannot load
 * reports a load error). After a deployment the old chunk names are gone; one full reload
 * fetches the new index.html and fixes it. A reload that does not help must not loop, so the
 * time of the last automatic reload is kept in sessionStorage.
 */
import { fullPage } from '@/components/fullPageNavigation';

/** SPEC.md §9: a chunk that has not loaded after 120 s counts as failed. */
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
