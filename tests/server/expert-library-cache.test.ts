/**
 * The expert library kept in memory between draws (server/quality/libraryCache.ts, migration
 * 0015_data_versions): the token changes with every committed change the draw reads and with
 * nothing else; one copy serves while the token holds; a change made through another connection
 * (another instance on the same database) is seen by the next draw's facts. SQLite and
 * PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDb } from '../../server/db/index';
import { loadPoolFacts } from '../../server/quality/pool';
import { expertLibrary, libraryToken } from '../../server/quality/libraryCache';
import { createTestApp, dialects, TEST_DATABASE_URL, type TestContext } from './helpers';
import { addExperts, dayFrom } from './expert-review.helpers';

describe.each(dialects)('the expert library kept in memory on %s', (dialect) => {
  let t: TestContext;
  /** A second connection to the same database: what another instance would write through. */
  let other: AppDb;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    ids = await addExperts(t, 'lc', 4);
    if (dialect === 'sqlite') {
      const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.db.kysely)).rows[0].file;
      other = openDatabase({ databaseUrl: null, sqliteFile: file });
    } else {
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db.kysely)).rows[0].schema;
      other = openDatabase({ databaseUrl: TEST_DATABASE_URL ?? null, sqliteFile: '', pgSchema: schema });
    }
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const token = async () => {
    const value = await libraryToken(t.db.kysely);
    expect(value).toMatch(/^[0-9a-f-]{32,36}$/);
    return value;
  };

  it('changes the token with every committed change the draw reads, and with nothing else', async () => {
    const db = other.kysely;
    const [a, b] = ids;
    const seen = [await token()];
    const unchanged = async (change: () => Promise<unknown>) => {
      await change();
      expect(await token()).toBe(seen[seen.length - 1]);
    };
    const changed = async (change: () => Promise<unknown>) => {
      await change();
      const now = await token();
      expect(seen).not.toContain(now);
      seen.push(now);
    };
    await unchanged(() => db.updateTable('experts').set({ name: '改名专家', phone: '13800000000', sort: 7 }).where('id', '=', a).execute());
    await changed(() => db.updateTable('experts').set({ active: 0 }).where('id', '=', a).execute());
    await changed(() => db.updateTable('experts').set({ category: 'engineering' }).where('id', '=', a).execute());
    await changed(() => db.updateTable('experts').set({ work_unit: '另一单位' }).where('id', '=', a).execute());
    await changed(() => db.updateTable('experts').set({ practitioner_id: null }).where('id', '=', a).execute());
    await changed(() => db.insertInto('expert_specialties').values({ expert_id: a, specialty: 'environment' }).execute());
    await changed(() => db.updateTable('expert_specialties').set({ specialty: 'psychology' }).where('expert_id', '=', a).where('specialty', '=', 'environment').execute());
    await changed(() => db.deleteFrom('expert_specialties').where('expert_id', '=', a).where('specialty', '=', 'psychology').execute());
    await changed(() => db.deleteFrom('expert_specialties').where('expert_id', '=', b).execute());
    await changed(() => db.deleteFrom('experts').where('id', '=', b).execute());
    // A transaction rolled back changes nothing.
    await unchanged(() =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('experts').set({ active: 1 }).where('id', '=', a).execute();
          throw new Error('rolled back');
        })
        .catch(() => undefined),
    );
  });

  it('serves one copy while the token holds and reads the library again when it changes', async () => {
    const [, , c] = ids;
    const before = await token();
    const first = await expertLibrary(t.db.kysely, before);
    expect(await expertLibrary(t.db.kysely, before)).toBe(first);
    expect(first.experts.find((e) => e.id === c)?.active).toBe(1);

    await other.kysely.updateTable('experts').set({ active: 0 }).where('id', '=', c).execute();
    const after = await token();
    const second = await expertLibrary(t.db.kysely, after);
    expect(second).not.toBe(first);
    expect(second.experts.find((e) => e.id === c)?.active).toBe(0);
    // Without a token (a database before migration 0015) nothing is kept.
    expect(await expertLibrary(t.db.kysely, null)).not.toBe(await expertLibrary(t.db.kysely, null));
  });

  it("a draw's facts show what another instance changed since the previous draw", async () => {
    const [, , , d] = ids;
    const input = { taskId: 'no-task', projectId: 'demo-project-1', unitId: 'demo-unit-1', unitName: '无关单位', clientName: null, reviewOn: dayFrom(t, 1) };
    const factsOf = async (id: string) => (await loadPoolFacts(t.db.kysely, input)).find((f) => f.expertId === id);
    expect(await factsOf(d)).toMatchObject({ active: true, category: expect.any(String), specialties: ['law'] });

    await other.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('experts').set({ active: 0, category: 'management', work_unit: '新单位' }).where('id', '=', d).execute();
      await trx.insertInto('expert_specialties').values({ expert_id: d, specialty: 'economics' }).execute();
    });
    expect(await factsOf(d)).toMatchObject({ active: false, category: 'management', workUnit: '新单位', specialties: ['economics', 'law'] });

    await other.kysely.deleteFrom('expert_specialties').where('expert_id', '=', d).execute();
    await other.kysely.deleteFrom('experts').where('id', '=', d).execute();
    expect(await factsOf(d)).toBeUndefined();
  });
});
