/**
 * Several instances on one PostgreSQL (WORKERS, or several machines behind a proxy): a write in
 * one instance clears the read
 * caches of all of them, not only its own. Each instance LISTENs on a channel named after its
 * schema and, after a successful write, NOTIFYs it before the answer leaves; the others clear
 * their caches when the notification arrives (PostgreSQL delivers it at once; the cache's
 * few-second time to live still bounds the rare case of a notification lost while a listener
 * reconnects). SQLite serves one process, where the local clear is all there is.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';

const RECONNECT_MS = 5_000;

/** Returns the function a write calls to tell the other instances; a no-op off PostgreSQL. */
export async function shareReadCacheClears(app: FastifyInstance): Promise<() => Promise<void>> {
  const connectionString = app.appConfig.databaseUrl;
  if (app.dialect !== 'postgres' || !connectionString) return async () => {};
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(app.db)).rows[0]?.schema ?? 'public';
  // Identifiers: the schema name is checked when the database is opened; keep the channel to that alphabet.
  const channel = `read_cache_${schema.replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63);
  const self = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;

  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== self) app.readCache.clear();
    });
    next.on('error', (err) => {
      app.log.warn({ err }, '读缓存同步连接中断，稍后重连');
      void next.end().catch(() => {});
      if (client === next) client = null;
      // Whatever was missed meanwhile: forget it all.
      app.readCache.clear();
      if (!closed) setTimeout(() => void listen().catch(() => {}), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };
  await listen();
  app.addHook('onClose', async () => {
    closed = true;
    await client?.end().catch(() => {});
  });

  return async () => {
    try {
      await sql`select pg_notify(${channel}, ${self})`.execute(app.db);
    } catch (err) {
      // The write itself succeeded; the other instances fall back to the time to live.
      app.log.warn({ err }, '通知其他实例清除读缓存失败');
    }
  };
}
