/**
 * Backup and restore (README.md, "Where data lives and how to back it up"): a demo-seeded SQLite
 * instance backed up and restored into PostgreSQL, that one backed up while it is being written to
 * and restored into SQLite; every table's rows and every file's MD5 compared each time; the
 * restored database serves (log-in, new rows after the restored ones, search). Refused, leaving the
 * target as it was: a truncated or altered archive, a non-empty target, the wrong key.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { BackupError } from '../../server/backup/archive';
import { createBackup } from '../../server/backup/backup';
import { restoreBackup } from '../../server/backup/restore';
import { listTables } from '../../server/backup/tables';
import { loadConfig } from '../../server/config';
import type { AppDb } from '../../server/db/index';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { createTestApp, openTestDatabase, TEST_DATABASE_URL, type TestContext } from './helpers';
import { repoRoot } from './processes';

type Target = Awaited<ReturnType<typeof openTestDatabase>>;

/** The settings the backup and restore read: keys from files in the data directory. */
const settingsFor = (dataDir: string) => ({
  dataKey: null,
  auditKey: null,
  dataDir,
});

/** Every backed-up table's rows, in key order; the search documents without their ids. */
async function contents(db: AppDb): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of await listTables(db.kysely, db.dialect)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}
      order by ${sql.join(table.orderBy.map((c) => sql.ref(c)))}`.execute(db.kysely);
    out[table.name] = rows.rows
      // The search index's own bookkeeping is rebuilt by the restore, like the index.
      .filter((row) => !(table.name === 'app_meta' && String(row.key).startsWith('search_')))
      .map((row) => table.columns.map((c) => row[c] ?? null));
  }
  const search = await sql<Record<string, unknown>>`select key, doc_type, doc_id, title, summary, label, date, visible,
    visible_from, visible_until from search_documents order by key`.execute(db.kysely);
  out.search_documents = search.rows;
  return out;
}

/** MD5 of every stored file, by storage key. */
function storedFiles(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'files');
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const item of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) {
        if (full !== path.join(root, 'tmp')) walk(full);
      } else {
        out[path.relative(dataDir, full)] = createHash('md5').update(fs.readFileSync(full)).digest('hex');
      }
    }
  };
  walk(root);
  return out;
}

async function rowCount(db: AppDb): Promise<number> {
  let total = 0;
  for (const table of await listTables(db.kysely, db.dialect)) {
    total += Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)}`.execute(db.kysely)).rows[0]?.n ?? 0);
  }
  return total;
}

describe.skipIf(!TEST_DATABASE_URL)('backup and restore between SQLite and PostgreSQL', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  let source: TestContext;
  const targets: Target[] = [];
  const target = async (dialect: 'sqlite' | 'postgres') => {
    const t = await openTestDatabase(dialect);
    targets.push(t);
    return t;
  };

  beforeAll(async () => {
    source = await createTestApp('sqlite', { demo: true });
    // Some of the day's work besides the seed: a log-in (session, attempt, audit row).
    await source.login('demo_unit', DEMO_PASSWORD, 2);
  });

  afterAll(async () => {
    await source?.close();
    for (const t of targets) await t.dispose();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('SQLite → PostgreSQL → SQLite: every row and every file arrives, and the restored system serves', async () => {
    const sqliteArchive = path.join(work, 'from-sqlite.tar.gz');
    const first = await createBackup(settingsFor(source.config.dataDir), source.db, sqliteArchive, { withKeys: true });
    expect(first.manifest.files.length).toBeGreaterThan(0);
    expect(first.manifest.missingFiles).toEqual([]);

    const pgTarget = await target('postgres');
    const restored = await restoreBackup(settingsFor(pgTarget.dataDir), pgTarget.db, sqliteArchive);
    expect(restored.rows).toBe(first.manifest.tables.reduce((n, t) => n + t.rows, 0));
    expect(await contents(pgTarget.db)).toEqual(await contents(source.db));
    expect(storedFiles(pgTarget.dataDir)).toEqual(storedFiles(source.config.dataDir));
    // The keys came with the archive (--with-keys).
    expect(fs.readFileSync(path.join(pgTarget.dataDir, 'pii.key'), 'utf8')).toBe(fs.readFileSync(path.join(source.config.dataDir, 'pii.key'), 'utf8'));

    // The restored PostgreSQL serves: a log-in (new rows after the restored ones), search.
    const config = loadConfig({ DATA_DIR: pgTarget.dataDir, LOG_LEVEL: 'silent', STATIC_DIR: path.join(pgTarget.dataDir, 'none') });
    const app = await buildApp({ config, db: pgTarget.db, logger: false });
    try {
      for (let i = 0; i < 2; i++) {
        const login = await app.inject({ method: 'POST', url: '/api/v1/user/auth/login', payload: { loginAccount: 'demo_unit', password: DEMO_PASSWORD, authType: 2 } });
        expect(login.json<{ status: number }>().status).toBe(1);
      }
      const tsv = await sql<{ n: number }>`select count(*) as n from search_tsv`.execute(pgTarget.db.kysely);
      expect(Number(tsv.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await app.close();
    }

    // Back to SQLite, taken while the PostgreSQL one is being written to; keys supplied by the operator.
    const pgArchive = path.join(work, 'from-postgres.tar.gz');
    let writing = true;
    const writes = (async () => {
      let n = 0;
      while (writing) {
        await pgTarget.db.kysely
          .insertInto('login_attempts')
          .values({ ip: '10.0.0.1', login_account: `load${n++}`, succeeded: 0, created_at: new Date().toISOString() })
          .execute();
      }
      return n;
    })();
    const second = await createBackup(settingsFor(pgTarget.dataDir), pgTarget.db, pgArchive);
    writing = false;
    expect(await writes).toBeGreaterThan(0);
    expect(second.manifest.includesKeys).toBe(false);

    const sqliteTarget = await target('sqlite');
    for (const key of ['pii.key', 'audit.key']) fs.copyFileSync(path.join(pgTarget.dataDir, key), path.join(sqliteTarget.dataDir, key));
    await restoreBackup(settingsFor(sqliteTarget.dataDir), sqliteTarget.db, pgArchive);
    // Exactly the snapshot: as many rows as the manifest counted, whatever was written meanwhile.
    const counted = second.manifest.tables.find((t) => t.name === 'login_attempts')?.rows;
    const attempts = await sqliteTarget.db.kysely.selectFrom('login_attempts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    expect(Number(attempts?.n)).toBe(counted);
    const restoredRows = await contents(sqliteTarget.db);
    const pgRows = await contents(pgTarget.db);
    // What was written after the snapshot is not in it: the restored attempts are the first ones.
    expect(restoredRows.login_attempts).toEqual(pgRows.login_attempts?.slice(0, counted));
    delete restoredRows.login_attempts;
    delete pgRows.login_attempts;
    expect(restoredRows).toEqual(pgRows);
    expect(storedFiles(sqliteTarget.dataDir)).toEqual(storedFiles(source.config.dataDir));
  });

  it('refuses a truncated archive and leaves the target empty', async () => {
    const archive = path.join(work, 'whole.tar.gz');
    await createBackup(settingsFor(source.config.dataDir), source.db, archive, { withKeys: true });
    const truncated = path.join(work, 'truncated.tar.gz');
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));

    const empty = await target('postgres');
    await expect(restoreBackup(settingsFor(empty.dataDir), empty.db, truncated)).rejects.toThrow(/备份文件已损坏或不完整/);
    expect(await rowCount(empty.db)).toBe(0);
    expect(await listTables(empty.db.kysely, empty.db.dialect)).toEqual([]);
    expect(storedFiles(empty.dataDir)).toEqual({});
    expect(fs.existsSync(path.join(empty.dataDir, 'pii.key'))).toBe(false);

    // An archive whose table was altered after the backup: the checksum does not match.
    const tar = zlib.gunzipSync(bytes);
    const at = tar.indexOf(Buffer.from('demo_unit'));
    expect(at).toBeGreaterThan(0);
    tar.write('DEMO', at);
    const altered = path.join(work, 'altered.tar.gz');
    fs.writeFileSync(altered, zlib.gzipSync(tar));
    await expect(restoreBackup(settingsFor(empty.dataDir), empty.db, altered)).rejects.toThrow(/校验和不符|损坏/);
    expect(await rowCount(empty.db)).toBe(0);
  });

  it('refuses a non-empty target and the wrong key, changing nothing', async () => {
    const archive = path.join(work, 'again.tar.gz');
    await createBackup(settingsFor(source.config.dataDir), source.db, archive);
    const before = await rowCount(source.db);
    await expect(restoreBackup(settingsFor(source.config.dataDir), source.db, archive)).rejects.toThrow(/目标数据库不是空的/);
    expect(await rowCount(source.db)).toBe(before);

    const wrongKey = await target('sqlite');
    fs.writeFileSync(path.join(wrongKey.dataDir, 'pii.key'), `${'ab'.repeat(32)}\n`);
    await expect(restoreBackup(settingsFor(wrongKey.dataDir), wrongKey.db, archive)).rejects.toThrow(/密钥不符/);
    const noKey = await target('sqlite');
    await expect(restoreBackup(settingsFor(noKey.dataDir), noKey.db, archive)).rejects.toThrow(BackupError);
    expect(await rowCount(noKey.db)).toBe(0);
  });

  it('npm run backup / restore: the commands an operator types', async () => {
    const run = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', 'server/backup/cli.ts', ...args], { cwd: repoRoot, env: { ...process.env, ...env, DATABASE_URL: '', LOG_LEVEL: 'silent' } }, (err, stdout, stderr) =>
          resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr }),
        );
      });
    const archive = path.join(work, 'cli.tar.gz');
    const backup = await run(['backup', archive], { DATA_DIR: source.config.dataDir });
    expect(backup).toMatchObject({ code: 0, out: expect.stringMatching(/备份完成.*张表.*个文件[\s\S]*不含数据密钥/) });
    expect(await run(['backup', archive], { DATA_DIR: source.config.dataDir })).toMatchObject({ code: 1, out: expect.stringContaining('已存在') });
    const fresh = fs.mkdtempSync(path.join(work, 'cli-target-'));
    expect(await run(['restore', archive], { DATA_DIR: fresh })).toMatchObject({ code: 1, out: expect.stringContaining('目标没有密钥') });
    for (const key of ['pii.key', 'audit.key']) fs.copyFileSync(path.join(source.config.dataDir, key), path.join(fresh, key));
    expect(await run(['restore', archive], { DATA_DIR: fresh })).toMatchObject({ code: 0, out: expect.stringContaining('恢复完成') });
  });
});
