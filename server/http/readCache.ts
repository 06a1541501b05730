/**
 * A short-lived cache for the back office's expensive reads (the workbench's aggregates, the
 * review queue's page and counts), so that many staff opening them at once cost one computation.
 *
 * - Every successful write request in this process clears it before its answer leaves (an
 *   `onSend` hook in server/app.ts), so what a person just did shows on their next read; a read
 *   that was computing meanwhile is not kept.
 * - A write by another instance on the same PostgreSQL clears it too, by notification
 *   (./readCacheSync.ts); one made outside a request (the daily jobs) clears it in the process
 *   that ran it, and shows elsewhere after at most the entry's time to live: a few seconds.
 * - Callers that ask while a value is being computed share that computation; a failed one is
 *   not kept.
 * Keys must hold everything the value depends on (filters, the day, the year); values must not
 * depend on the caller (apply per-user permissions after reading).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export class ReadCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    private readonly maxEntries = 500,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Forgets everything: call after a change to the data. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  read<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > at) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.dropExpiredOrOldest(at);
    const value = compute();
    const entry = { expires: at + ttlMs, value };
    this.entries.set(key, entry);
    // A failure is the caller's to see, never a cached answer.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  private dropExpiredOrOldest(at: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= at) this.entries.delete(key);
    // Maps iterate in insertion order: the first key is the oldest.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}

/** How long a cached back-office read may be served: another instance's write shows after this. */
export const READ_CACHE_TTL_MS = 3_000;

/** How long the public site's answers are shared between visitors (any write clears them at once). */
export const PUBLIC_READ_TTL_MS = 2_000;

/**
 * A public read (articles, notices, the home page...): the same for every visitor, so one
 * computation serves everyone asking within PUBLIC_READ_TTL_MS. Keyed by the URL (path and
 * query) and by the time slice of the app's clock, so that what scheduled publishing brings
 * or takes away shows within the same bound. The value is shared: callers must not change it.
 */
export function publicRead<T>(app: FastifyInstance, request: FastifyRequest, compute: () => Promise<T>): Promise<T> {
  const slice = Math.floor(app.clock().getTime() / PUBLIC_READ_TTL_MS);
  return app.readCache.read(`public ${slice} ${request.url}`, PUBLIC_READ_TTL_MS, compute);
}
