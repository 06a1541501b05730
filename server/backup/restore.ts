/**
 * `npm run restore -- backup.tar.gz`: loads a backup into an empty database and an empty files
 * directory, on either dialect whichever wrote it. Nothing in the target is touched until the
 * whole archive has been read and checked, so a damaged or truncated archive, a newer schema, a
 * non-empty target or the wrong keys are refused with a message and leave the target as it was:
 *
 *   1. unpack into a staging folder inside the files directory, checking every entry's name,
 *      SHA-256 (tables) or MD5 (files) and size against the manifest;
 *   2. refuse a target that holds any row or file, and keys that do not match the backup's;
 *   3. build the backup's schema (its migrations, no further), then in ONE transaction insert
 *      every table (parents before children), move the files into place and rebuild the search
 *      index; if anything fails the rows roll back and the moved files are removed;
 *   4. run the migrations the backup did not have yet.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import tarStream from 'tar-stream';
import type { Config } from '../config';
import type { AppDb } from '../db/index';
import type { DbOrTrx } from '../db/types';
import { migrateTo, migrateToLatest, migrationNames } from '../db/migrations/index';
import { AUDIT_KEY_FILE } from '../audit/key';
import { keyIdFor } from '../pii/cipher';
import { keyFilePath, parseDataKey, writeKeyFile } from '../pii/keys';
import { reindexAll } from '../fulltext/indexer';
import {
  BACKUP_APPLICATION,
  BACKUP_FORMAT,
  BackupError,
  ENTRY_NAME,
  KEY_ENTRIES,
  MANIFEST_ENTRY,
  tableEntry,
  type BackupManifest,
  type CellValue,
} from './archive';
import { configuredKey } from './backup';
import { listTables } from './tables';

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  migratedAfter: number;
}

interface Unpacked {
  dir: string;
  /** Entry name → checksum (SHA-256 for tables and the manifest, MD5 for files) and size. */
  entries: Map<string, { sha256: string; md5: string; size: number }>;
}

export async function restoreBackup(config: Pick<Config, 'dataDir' | 'dataKey' | 'auditKey'>, db: AppDb, archive: string): Promise<RestoreSummary> {
  if (!fs.existsSync(archive)) throw new BackupError(`找不到备份文件 ${archive}`);
  const filesRoot = path.join(config.dataDir, 'files');
  const staging = path.join(filesRoot, 'tmp', `restore-${randomBytes(6).toString('hex')}`);
  await fsp.mkdir(staging, { recursive: true });
  try {
    const unpacked = await unpack(archive, staging);
    const manifest = checkManifest(unpacked);
    await checkTargetEmpty(db, filesRoot, manifest);
    const keysToWrite = checkKeys(config, manifest, unpacked);

    for (const [file, key] of keysToWrite) writeKeyFile(file, key);
    const last = manifest.migrations.at(-1);
    if (last) await migrateTo(db, last);
    const { rows, installed } = await load(db, manifest, unpacked, filesRoot);
    const before = migrationNames.length;
    await migrateToLatest(db);
    return { tables: manifest.tables.length, rows, files: installed, migratedAfter: before - manifest.migrations.length };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

async function unpack(archive: string, dir: string): Promise<Unpacked> {
  const entries: Unpacked['entries'] = new Map();
  const extract = tarStream.extract();
  extract.on('entry', (header, stream, next) => {
    const fail = (message: string) => {
      stream.resume();
      extract.destroy(new BackupError(message));
    };
    if (header.type !== 'file' || !ENTRY_NAME.test(header.name)) return fail(`备份文件中有不应出现的条目 ${header.name}`);
    if (entries.has(header.name)) return fail(`备份文件中的条目 ${header.name} 重复`);
    const file = path.join(dir, header.name);
    const sha256 = createHash('sha256');
    const md5 = createHash('md5');
    let size = 0;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    stream.on('data', (chunk: unknown) => {
      if (!Buffer.isBuffer(chunk)) return;
      sha256.update(chunk);
      md5.update(chunk);
      size += chunk.length;
    });
    pipeline(stream, fs.createWriteStream(file, { mode: 0o600 }))
      .then(() => {
        entries.set(header.name, { sha256: sha256.digest('hex'), md5: md5.digest('hex'), size });
        next();
      })
      .catch((err: unknown) => extract.destroy(err instanceof Error ? err : new Error(String(err))));
  });
  try {
    await pipeline(fs.createReadStream(archive), zlib.createGunzip(), extract);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const why = err instanceof Error ? err.message : String(err);
    throw new BackupError(`备份文件已损坏或不完整（${why}），未做任何修改`);
  }
  return { dir, entries };
}

function checkManifest(unpacked: Unpacked): BackupManifest {
  const damaged = (why: string) => new BackupError(`备份文件已损坏或不完整：${why}，未做任何修改`);
  if (!unpacked.entries.has(MANIFEST_ENTRY)) throw damaged('缺少 manifest.json');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(unpacked.dir, MANIFEST_ENTRY), 'utf8')) as BackupManifest;
  } catch {
    throw damaged('manifest.json 无法解析');
  }
  if (manifest.application !== BACKUP_APPLICATION) throw new BackupError('这不是本系统的备份文件');
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`备份格式版本 ${String(manifest.format)} 不受支持（本系统支持 ${BACKUP_FORMAT}）`);
  const unknown = manifest.migrations.find((name, i) => migrationNames[i] !== name);
  if (unknown) throw new BackupError(`备份来自更新版本的系统（数据库迁移 ${unknown} 本系统不认识）：请先升级本系统再恢复`);

  const expected = new Set<string>([MANIFEST_ENTRY]);
  for (const table of manifest.tables) {
    const name = tableEntry(table.name);
    expected.add(name);
    const entry = unpacked.entries.get(name);
    if (!entry) throw damaged(`缺少表 ${table.name}`);
    if (entry.sha256 !== table.sha256) throw damaged(`表 ${table.name} 的校验和不符`);
  }
  for (const file of manifest.files) {
    expected.add(file.path);
    const entry = unpacked.entries.get(file.path);
    if (!entry) throw damaged(`缺少文件 ${file.path}`);
    if (entry.size !== file.size || entry.md5 !== file.md5 || path.basename(file.path) !== file.md5) throw damaged(`文件 ${file.path} 的内容与 MD5 不符`);
  }
  if (manifest.includesKeys) for (const name of Object.values(KEY_ENTRIES)) expected.add(name);
  const extra = [...unpacked.entries.keys()].find((name) => !expected.has(name));
  if (extra) throw damaged(`多出清单之外的条目 ${extra}`);
  return manifest;
}

async function checkTargetEmpty(db: AppDb, filesRoot: string, manifest: BackupManifest): Promise<void> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`
    .execute(db.kysely)
    .then((r) => r.rows.map((row) => row.name))
    .catch(() => [] as string[]);
  const ahead = applied.find((name) => !manifest.migrations.includes(name));
  if (ahead) throw new BackupError(`目标数据库不是空的（已有迁移 ${ahead} 之后的表结构）：请换用新建的空数据库，未做任何修改`);
  for (const table of await listTables(db.kysely, db.dialect)) {
    const count = (await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)}`.execute(db.kysely)).rows[0]?.n ?? 0;
    if (Number(count) > 0) throw new BackupError(`目标数据库不是空的：表 ${table.name} 已有 ${count} 行数据。请换用新建的空数据库，未做任何修改`);
  }
  const stored = await firstStoredFile(filesRoot);
  if (stored) throw new BackupError(`目标文件目录不是空的（${stored}）：请换用空的 DATA_DIR，未做任何修改`);
}

/** Any file under the files directory except the temporary area. */
async function firstStoredFile(dir: string): Promise<string | null> {
  const items = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const item of items) {
    if (item.name === 'tmp') continue;
    const full = path.join(dir, item.name);
    if (!item.isDirectory()) return full;
    const inside = await firstStoredFile(full);
    if (inside) return inside;
  }
  return null;
}

/** The keys the target will run with must be the backup's; returns key files to create from the archive. */
function checkKeys(config: Pick<Config, 'dataDir' | 'dataKey' | 'auditKey'>, manifest: BackupManifest, unpacked: Unpacked): [string, Buffer][] {
  const toWrite: [string, Buffer][] = [];
  const check = (
    what: string,
    expectedId: string | null,
    envValue: string | null,
    envName: string,
    file: string,
    entry: string,
    keyId: (key: Buffer) => string,
  ) => {
    if (!expectedId) return;
    let key = configuredKey(envValue, file, `环境变量 ${envName}`);
    if (!key && manifest.includesKeys && unpacked.entries.has(entry)) {
      key = parseDataKey(fs.readFileSync(path.join(unpacked.dir, entry), 'utf8'), `备份中的 ${entry}`);
      toWrite.push([file, key]);
    }
    if (!key) {
      throw new BackupError(
        `备份中的${what}使用密钥 ${expectedId}，目标没有密钥：请把原来的 ${path.basename(file)} 放到 ${config.dataDir}（或设置 ${envName}），或使用带 --with-keys 的备份。未做任何修改`,
      );
    }
    if (keyId(key) !== expectedId) {
      throw new BackupError(`${what}的密钥不符：备份使用 ${expectedId}，目标为 ${keyId(key)}。请使用原来的密钥，未做任何修改`);
    }
  };
  check('个人信息', manifest.keys.pii, config.dataKey, 'DATA_KEY', keyFilePath(config.dataDir), KEY_ENTRIES.pii, keyIdFor);
  check('审计日志', manifest.keys.audit, config.auditKey, 'AUDIT_KEY', path.join(config.dataDir, AUDIT_KEY_FILE), KEY_ENTRIES.audit, keyIdFor);
  return toWrite;
}

async function load(db: AppDb, manifest: BackupManifest, unpacked: Unpacked, filesRoot: string): Promise<{ rows: number; installed: number }> {
  const installed: string[] = [];
  try {
    const rows = await db.kysely.transaction().execute(async (trx) => {
      // A table that refers to itself may list a child before its parent; checked at commit.
      if (db.dialect === 'sqlite') await sql`pragma defer_foreign_keys = on`.execute(trx);
      const byName = new Map(manifest.tables.map((t) => [t.name, t]));
      let total = 0;
      for (const table of await listTables(trx, db.dialect)) {
        const saved = byName.get(table.name);
        if (!saved) throw new BackupError(`备份中缺少表 ${table.name}`);
        if ([...saved.columns].sort().join() !== [...table.columns].sort().join()) {
          throw new BackupError(`表 ${table.name} 的列与备份不符`);
        }
        total += await insertTable(trx, table.name, saved.columns, path.join(unpacked.dir, tableEntry(table.name)));
        byName.delete(table.name);
      }
      if (byName.size > 0) throw new BackupError(`目标数据库缺少表 ${[...byName.keys()].join('、')}`);
      if (db.dialect === 'postgres') await resetSequences(trx);
      await reindexAll(trx);
      // Last, so that a failure above leaves no file behind; removed again if the commit fails.
      for (const file of manifest.files) {
        const to = path.join(filesRoot, '..', file.path);
        await fsp.mkdir(path.dirname(to), { recursive: true });
        await fsp.rename(path.join(unpacked.dir, file.path), to);
        installed.push(to);
      }
      return total;
    });
    return { rows, installed: installed.length };
  } catch (err) {
    for (const file of installed) await fsp.rm(file, { force: true });
    throw err;
  }
}

async function insertTable(trx: DbOrTrx, table: string, columns: string[], file: string): Promise<number> {
  // Bound parameters per statement stay well under SQLite's and PostgreSQL's limits.
  const batchRows = Math.max(1, Math.min(500, Math.floor(10_000 / columns.length)));
  const insert = async (batch: CellValue[][]) => {
    if (batch.length === 0) return;
    const values = batch.map((row) => sql`(${sql.join(row.map((v) => sql`${v}`))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(values)}`.execute(trx);
  };
  let batch: CellValue[][] = [];
  let count = 0;
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const row = JSON.parse(line) as CellValue[];
    if (!Array.isArray(row) || row.length !== columns.length) throw new BackupError(`表 ${table} 第 ${count + 1} 行的列数不符`);
    batch.push(row);
    count++;
    if (batch.length >= batchRows) {
      await insert(batch);
      batch = [];
    }
  }
  await insert(batch);
  return count;
}

/** Auto-increment keys continue after the restored rows (PostgreSQL sequences do not follow inserts). */
async function resetSequences(trx: DbOrTrx): Promise<void> {
  const serials = await sql<{ table_name: string; column_name: string }>`select table_name, column_name
    from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(trx);
  for (const { table_name: table, column_name: column } of serials.rows) {
    await sql`select setval(pg_get_serial_sequence(${`${table}`}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
  }
}
