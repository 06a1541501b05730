/**
 * The read cache of the back office's expensive reads: one computation for callers that ask at
 * once, an answer kept for its time to live, forgotten at once by clear() (every write request),
 * never a failure kept, and a bounded size.
 */
import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../server/http/readCache';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('ReadCache', () => {
  it('shares one computation between callers and keeps it for its time to live', async () => {
    const c = clock();
    const cache = new ReadCache(10, c.now);
    let runs = 0;
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([cache.read('k', 1000, compute), cache.read('k', 1000, compute)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    c.advance(999);
    expect(await cache.read('k', 1000, compute)).toBe(1);
    c.advance(1);
    expect(await cache.read('k', 1000, compute)).toBe(2);
  });

  it('forgets everything on clear(), as a write request does', async () => {
    const cache = new ReadCache(10, clock().now);
    let runs = 0;
    const compute = async () => ++runs;
    await cache.read('a', 1000, compute);
    cache.clear();
    expect(await cache.read('a', 1000, compute)).toBe(2);
  });

  it('keeps no failure: the next caller computes again', async () => {
    const cache = new ReadCache(10, clock().now);
    await expect(cache.read('k', 1000, () => Promise.reject(new Error('数据库不可用')))).rejects.toThrow('数据库不可用');
    await Promise.resolve();
    expect(await cache.read('k', 1000, async () => 'ok')).toBe('ok');
  });

  it('stays within its size: expired entries go first, then the oldest', async () => {
    const c = clock();
    const cache = new ReadCache(2, c.now);
    await cache.read('old', 10, async () => 1);
    await cache.read('kept', 1000, async () => 2);
    c.advance(20);
    await cache.read('new', 1000, async () => 3);
    expect(cache.size).toBe(2);
    await cache.read('newer', 1000, async () => 4);
    expect(cache.size).toBe(2);
    let recomputed = false;
    await cache.read('kept', 1000, async () => {
      recomputed = true;
      return 2;
    });
    expect(recomputed).toBe(true); // the oldest entry made room
  });
});
