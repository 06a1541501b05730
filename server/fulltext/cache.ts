/**
 * A small cache of search results. Searches repeat (年检 in December, a unit's name when its
 * certificate is checked); an answer stays right until the index changes or an item's
 * publication or expiry time passes, and both are known exactly:
 * - every index change writes a new `search_generation` in app_meta, in the same
 *   transaction, so every server process sharing the database sees it on its next search;
 * - an entry is kept only until the next visible_from / visible_until after the moment it
 *   was computed.
 * So a cached answer is never one the database would not give. Reading the generation is
 * one query per search; the route in front of it (server/modules/search/routes.ts) shares its
 * answers between visitors for PUBLIC_READ_TTL_MS like the site's other public reads (cleared
 * by every write on every instance; every index change is a write request's), so a search
 * many people repeat costs no query at all.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTrx } from '../db/types';

const GENERATION_KEY = 'search_generation';
const MAX_ENTRIES = 500;

interface Entry<T> {
  generation: string;
  /** ISO time until which the answer holds ('' = no change is scheduled). */
  until: string;
  value: T;
}

const caches = new WeakMap<object, Map<string, Entry<unknown>>>();

function cacheOf(db: DbOrTrx): Map<string, Entry<unknown>> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** Marks the index as changed (call inside the transaction that changed it). */
export async function bumpSearchGeneration(db: DbOrTrx): Promise<void> {
  const value = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('app_meta')
    .values({ key: GENERATION_KEY, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

async function currentGeneration(db: DbOrTrx): Promise<string> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', GENERATION_KEY).executeTakeFirst();
  return row?.value ?? '';
}

/** The next moment an item becomes public or stops being public, after `now` ('' if none). */
async function nextVisibilityChange(db: DbOrTrx, now: string): Promise<string> {
  const [from, until] = await Promise.all([
    db.selectFrom('search_documents').select((eb) => eb.fn.min('visible_from').as('at')).where('visible_from', '>', now).executeTakeFirst(),
    db.selectFrom('search_documents').select((eb) => eb.fn.min('visible_until').as('at')).where('visible_until', '>', now).executeTakeFirst(),
  ]);
  const times = [from?.at, until?.at].filter((t): t is string => !!t).sort();
  return times[0] ?? '';
}

/** The cached answer for `key` at `now`, or `compute()`'s, which is then kept. */
export async function cachedSearch<T>(db: DbOrTrx, key: string, now: string, compute: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const generation = await currentGeneration(db);
  const hit = cache.get(key);
  if (hit && hit.generation === generation && (hit.until === '' || now < hit.until)) {
    // Least recently used goes first: re-insert at the end.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value as T;
  }
  const [value, until] = await Promise.all([compute(), nextVisibilityChange(db, now)]);
  cache.set(key, { generation, until, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return value;
}
