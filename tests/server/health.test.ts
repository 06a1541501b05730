/**
 * GET /health tells a proxy whether this instance can serve (README.md, "Running in production"):
 * 503 while the shared database has migrations this code knows but has not run (another instance is
 * migrating), 503 once the process is stopping, 200 otherwise; always an envelope with a Chinese
 * message.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingMigrations } from '../../server/db/migrations/index';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('health on %s', (dialect) => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is unavailable while a migration is missing, and ready once it has run', async () => {
    t = await createTestApp(dialect);
    const newest = (await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(t.db.kysely)).rows[0].name;
    await sql`delete from kysely_migration where name = ${newest}`.execute(t.db.kysely);
    expect(await pendingMigrations(t.db.kysely)).toEqual([newest]);
    const waiting = await t.call('GET', 'health');
    expect(waiting.statusCode).toBe(503);
    expect(waiting.body).toMatchObject({ status: 10, success: false, message: '数据库迁移尚未完成' });

    await sql`insert into kysely_migration (name, timestamp) values (${newest}, ${new Date().toISOString()})`.execute(t.db.kysely);
    const ready = await t.call('GET', 'health');
    expect(ready.statusCode).toBe(200);
    expect(ready.body.data).toEqual({ database: dialect });
  });

  it('is unavailable once the process is stopping, while other requests still finish', async () => {
    t = await createTestApp(dialect);
    expect((await t.call('GET', 'health')).statusCode).toBe(200);
    t.app.lifecycle.draining = true;
    const stopping = await t.call('GET', 'health');
    expect(stopping.statusCode).toBe(503);
    expect(stopping.body).toMatchObject({ status: 10, message: '服务正在停止' });
    expect((await t.call('GET', 'dict/item/gender')).statusCode).toBe(200);
  });
});
