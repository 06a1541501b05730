/**
 * Where the personal-information key comes from, and the start-up checks that keep a wrong
 * key from touching anything:
 *
 * - `DATA_KEY` (64 hex characters or base64 of 32 bytes), else the key file `pii.key` in the
 *   data directory, created once with mode 0600 when the database holds no encrypted data yet.
 *   The key is never written to the database, a log or git.
 * - app_meta `pii.key_check` holds a value encrypted under the key in use. At start it must
 *   decrypt; a different key (or a lost key file with encrypted rows present) refuses to start
 *   with a clear message, before any row is read or written.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { createFieldCipher, keyIdOf, type FieldCipher } from './cipher';

export const KEY_FILE_NAME = 'pii.key';
const KEY_CHECK = 'pii.key_check';
const KEY_CHECK_PLAIN = 'pii-key-check';

export class DataKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataKeyError';
  }
}

/** 64 hex characters or base64 of 32 bytes; anything else is refused with a message. */
export function parseDataKey(text: string, source: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const buf = Buffer.from(value, 'base64');
  if (buf.length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return buf;
  throw new DataKeyError(`${source} 应为 32 字节的密钥（64 位十六进制或 base64）`);
}

export function keyFilePath(dataDir: string): string {
  return path.join(dataDir, KEY_FILE_NAME);
}

/** A rotation's new key, kept until the rotation has finished (rotate.ts). */
export function nextKeyFilePath(dataDir: string): string {
  return `${keyFilePath(dataDir)}.next`;
}

/** app_meta key present while a rotation is unfinished. */
export const ROTATION_MARKER = 'pii.rotation';

/** The key written and synced to a new temporary file beside `file` (mode 0600); returns its path. */
function writeTempKey(file: string, key: Buffer): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(tmp, 'wx', 0o600);
  try {
    fs.writeSync(fd, `${key.toString('hex')}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return tmp;
}

/** Writes a new random key file atomically (temporary file, fsync, rename) with mode 0600. */
export function writeKeyFile(file: string, key: Buffer = randomBytes(32)): Buffer {
  fs.renameSync(writeTempKey(file, key), file);
  return key;
}

/**
 * Creates the key file unless it exists, atomically, and returns the key it holds: several
 * processes starting at once on one data directory all end up with the same key (the first
 * link wins; the others read what it wrote), never one each.
 */
export function createKeyFileOnce(file: string, source: string): Buffer {
  const key = randomBytes(32);
  const tmp = writeTempKey(file, key);
  try {
    // link() fails when the name exists, where rename() would silently replace it.
    fs.linkSync(tmp, file);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return parseDataKey(fs.readFileSync(file, 'utf8'), source);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

async function readKeyCheck(db: Db): Promise<string | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', KEY_CHECK).executeTakeFirst();
  return row?.value ?? null;
}

/**
 * The cipher for this start, after checking the key against the database. Creates the key file
 * on a fresh installation.
 */
export async function loadFieldCipher(config: Pick<Config, 'dataKey' | 'dataCipher' | 'dataDir'>, db: Db): Promise<FieldCipher> {
  const rotating =
    fs.existsSync(nextKeyFilePath(config.dataDir)) ||
    !!(await db.selectFrom('app_meta').select('key').where('key', '=', ROTATION_MARKER).executeTakeFirst());
  if (rotating) throw new DataKeyError('数据密钥轮换尚未完成：请先再次运行 npm run rotate-key 完成轮换，再启动服务。');
  const check = await readKeyCheck(db);
  let master: Buffer;
  if (config.dataKey) {
    master = parseDataKey(config.dataKey, '环境变量 DATA_KEY');
  } else {
    const file = keyFilePath(config.dataDir);
    if (fs.existsSync(file)) {
      master = parseDataKey(fs.readFileSync(file, 'utf8'), `密钥文件 ${file}`);
    } else if (check) {
      throw new DataKeyError(
        `数据库中已有加密的个人信息，但密钥文件 ${file} 不存在：请恢复该文件（或设置环境变量 DATA_KEY）后再启动。未做任何修改。`,
      );
    } else {
      master = createKeyFileOnce(file, `密钥文件 ${file}`);
    }
  }
  const cipher = createFieldCipher(master, config.dataCipher);
  if (check) {
    try {
      if (cipher.decrypt(check) !== KEY_CHECK_PLAIN) throw new Error('mismatch');
    } catch {
      throw new DataKeyError(
        `数据密钥与数据库中的加密数据不符（当前密钥编号 ${cipher.keyId}，数据使用 ${keyIdOf(check) ?? '未知'}）：请使用原来的密钥启动。未做任何修改。`,
      );
    }
  } else {
    await db
      .insertInto('app_meta')
      .values({ key: KEY_CHECK, value: cipher.encrypt(KEY_CHECK_PLAIN), updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    // Another instance may have won the race with another key: check what is stored now.
    const stored = await readKeyCheck(db);
    if (stored && keyIdOf(stored) !== cipher.keyId) {
      throw new DataKeyError(`另一个实例已使用不同的数据密钥（${keyIdOf(stored) ?? '未知'}）初始化数据库：请为所有实例配置同一把密钥。`);
    }
  }
  return cipher;
}

/** Replaces the key check after a rotation (server/pii/rotate.ts). */
export async function storeKeyCheck(db: Db, cipher: FieldCipher): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key: KEY_CHECK, value: cipher.encrypt(KEY_CHECK_PLAIN), updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: cipher.encrypt(KEY_CHECK_PLAIN), updated_at: new Date().toISOString() }))
    .execute();
}
