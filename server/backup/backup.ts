/**
 * `npm run backup -- backup.tar.gz`: a consistent snapshot of every table (read in one
 * transaction: REPEATABLE READ on PostgreSQL, one read transaction on SQLite's WAL) plus the
 * files the tables refer to and a manifest, written to a temporary name and renamed into place
 * at the end, so that a backup interrupted half-way never looks like a whole one. The server
 * may keep running: stored files never change once written (one per MD5), so copying them
 * after the snapshot copies exactly what it names.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import tarStream from 'tar-stream';
import type { Config } from '../config';
import type { AppDb } from '../db/index';
import type { DbOrTrx } from '../db/types';
import { AUDIT_KEY_FILE } from '../audit/key';
import { keyIdFor, keyIdOf } from '../pii/cipher';
import { keyFilePath, parseDataKey } from '../pii/keys';
import {
  BACKUP_APPLICATION,
  BACKUP_FORMAT,
  BackupError,
  KEY_ENTRIES,
  MANIFEST_ENTRY,
  tableEntry,
  toCell,
  type BackupManifest,
  type ManifestFile,
  type ManifestTable,
} from './archive';
import { listTables } from './tables';

const PAGE_ROWS = 2000;

export interface BackupSummary {
  manifest: BackupManifest;
  bytes: number;
}

/** The key in use (environment, else key file), or null; never creates one. */
export function configuredKey(envValue: string | null, file: string, source: string): Buffer | null {
  if (envValue) return parseDataKey(envValue, source);
  if (fs.existsSync(file)) return parseDataKey(fs.readFileSync(file, 'utf8'), `密钥文件 ${file}`);
  return null;
}

export async function createBackup(
  config: Pick<Config, 'dataDir' | 'dataKey' | 'auditKey'>,
  db: AppDb,
  out: string,
  options: { withKeys?: boolean; appVersion?: string } = {},
): Promise<BackupSummary> {
  const target = path.resolve(out);
  const staging = path.join(path.dirname(target), `.backup-${randomBytes(6).toString('hex')}`);
  await fsp.mkdir(path.join(staging, 'tables'), { recursive: true });
  try {
    const snapshot = await readSnapshot(db, staging);
    const piiKey = configuredKey(config.dataKey, keyFilePath(config.dataDir), '环境变量 DATA_KEY');
    const auditKey = configuredKey(config.auditKey, path.join(config.dataDir, AUDIT_KEY_FILE), '环境变量 AUDIT_KEY');

    const files: ManifestFile[] = [];
    const missingFiles: string[] = [];
    for (const key of [...snapshot.storageKeys].sort()) {
      const stat = await fsp.stat(path.join(config.dataDir, key)).catch(() => null);
      if (stat?.isFile()) files.push({ path: key, size: stat.size, md5: path.basename(key) });
      else missingFiles.push(key);
    }
    const withKeys = !!options.withKeys;
    if (withKeys && (!piiKey || !auditKey)) throw new BackupError('找不到要一并备份的密钥（DATA_KEY / pii.key、AUDIT_KEY / audit.key）');
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      application: BACKUP_APPLICATION,
      appVersion: options.appVersion ?? '0',
      createdAt: new Date().toISOString(),
      sourceDialect: db.dialect,
      migrations: snapshot.migrations,
      keys: { pii: snapshot.piiKeyId, audit: auditKey ? keyIdFor(auditKey) : null },
      includesKeys: withKeys,
      tables: snapshot.tables,
      files,
      missingFiles,
    };

    const partial = `${target}.partial`;
    const pack = tarStream.pack();
    const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    const add = (name: string, size: number, source: Buffer | string) =>
      new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (err) => (err ? reject(err) : resolve()));
        if (Buffer.isBuffer(source)) entry.end(source);
        else pipeline(fs.createReadStream(source), entry).catch(reject);
      });
    try {
      await add(MANIFEST_ENTRY, Buffer.byteLength(JSON.stringify(manifest)), Buffer.from(JSON.stringify(manifest)));
      for (const table of manifest.tables) {
        const file = path.join(staging, tableEntry(table.name));
        await add(tableEntry(table.name), (await fsp.stat(file)).size, file);
      }
      for (const file of files) await add(file.path, file.size, path.join(config.dataDir, file.path));
      if (withKeys && piiKey && auditKey) {
        await add(KEY_ENTRIES.pii, 65, Buffer.from(`${piiKey.toString('hex')}\n`));
        await add(KEY_ENTRIES.audit, 65, Buffer.from(`${auditKey.toString('hex')}\n`));
      }
      pack.finalize();
      await written;
      const fd = await fsp.open(partial, 'r');
      await fd.sync();
      await fd.close();
      await fsp.rename(partial, target);
    } catch (err) {
      pack.destroy();
      await written.catch(() => {});
      await fsp.rm(partial, { force: true });
      throw err;
    }
    return { manifest, bytes: (await fsp.stat(target)).size };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

interface Snapshot {
  migrations: string[];
  tables: ManifestTable[];
  storageKeys: Set<string>;
  piiKeyId: string | null;
}

async function readSnapshot(db: AppDb, staging: string): Promise<Snapshot> {
  const read = async (trx: DbOrTrx): Promise<Snapshot> => {
    if (db.dialect === 'postgres') await sql`set transaction read only`.execute(trx);
    const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`
      .execute(trx)
      .then((r) => r.rows.map((row) => row.name))
      .catch(() => {
        throw new BackupError('数据库中没有本系统的数据（从未启动过？）：请检查 DATABASE_URL 或 DATA_DIR');
      });
    const tables: ManifestTable[] = [];
    const storageKeys = new Set<string>();
    let piiKeyId: string | null = null;
    for (const table of await listTables(trx, db.dialect)) {
      const hash = createHash('sha256');
      const out = fs.createWriteStream(path.join(staging, tableEntry(table.name)), { mode: 0o600 });
      let rows = 0;
      for (let offset = 0; ; offset += PAGE_ROWS) {
        const page = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}
          order by ${sql.join(table.orderBy.map((c) => sql.ref(c)))} limit ${PAGE_ROWS} offset ${offset}`.execute(trx);
        let chunk = '';
        for (const row of page.rows) {
          chunk += `${JSON.stringify(table.columns.map((c) => toCell(row[c], table.name, c)))}\n`;
          if (table.name === 'stored_files' && typeof row.storage_key === 'string') storageKeys.add(row.storage_key);
          if (table.name === 'app_meta' && row.key === 'pii.key_check' && typeof row.value === 'string') piiKeyId = keyIdOf(row.value);
        }
        rows += page.rows.length;
        hash.update(chunk);
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        if (page.rows.length < PAGE_ROWS) break;
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      tables.push({ name: table.name, columns: table.columns, rows, sha256: hash.digest('hex') });
    }
    return { migrations, tables, storageKeys, piiKeyId };
  };
  if (db.dialect === 'postgres') return db.kysely.transaction().setIsolationLevel('repeatable read').execute(read);
  return db.kysely.transaction().execute(read);
}
