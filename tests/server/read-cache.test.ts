/**
 * The read cache of the back office's expensive reads: one computation for callers that ask at
 * once, an answer kept for its time to live, forgotten at once by clear() (every write request),
 * never a failure kept, and a bounded size; on PostgreSQL a write in one instance clears the
 * caches of the others (server/http/readCacheSync.ts).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrateToLatest } from '../../server/db/migrations/index';
import { seedBase } from '../../server/db/seed/index';
import { ReadCache } from '../../server/http/readCache';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, openTestDatabase, TEST_DATABASE_URL } from './helpers';
import { until } from '../waits';

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

describe.skipIf(!TEST_DATABASE_URL)('read caches of several instances on one PostgreSQL', () => {
  it("a write in one instance clears the other's cache at once", async () => {
    const { db, dataDir, dispose } = await openTestDatabase('postgres');
    const apps: FastifyInstance[] = [];
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: TEST_DATABASE_URL ?? '',
        ADMIN_ACCOUNT,
        ADMIN_PASSWORD,
        STATIC_DIR: path.join(dataDir, 'no-dist'),
        LOG_LEVEL: 'silent',
      });
      await migrateToLatest(db);
      await seedBase(db.kysely, { adminAccount: ADMIN_ACCOUNT, adminPassword: ADMIN_PASSWORD });
      for (let i = 0; i < 2; i++) apps.push(await buildApp({ config, db, logger: false }));
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      let runs = 0;
      await a.readCache.read('workbench', 60_000, async () => ++runs);
      expect(a.readCache.size).toBe(1);
      // A read in B leaves A's cache alone; a successful write in B clears it.
      await b.inject({ method: 'GET', url: '/api/v1/health' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(a.readCache.size).toBe(1);
      const login = await b.inject({
        method: 'POST',
        url: '/api/v1/user/auth/login',
        payload: { loginAccount: ADMIN_ACCOUNT, password: ADMIN_PASSWORD, authType: 1 },
      });
      expect(login.json<{ status: number; message: string }>()).toMatchObject({ status: 1 });
      await until(() => a.readCache.size === 0, "B's write clearing A's cache");
      expect(a.readCache.size).toBe(0);
      expect(await a.readCache.read('workbench', 60_000, async () => ++runs)).toBe(2);
    } finally {
      for (const app of apps) await app.close();
      await dispose();
    }
  });
});
