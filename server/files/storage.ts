/**
 * Content storage on disk under DATA_DIR: each content once, at a key derived from its MD5
 * (files/ab/abcdef…), written atomically so that a crash never leaves a half-written file
 * where a reader could find it.
 *
 *   receive(stream)  stream → DATA_DIR/files/tmp/<random>.part, hashing and counting as it goes
 *   commit(temp, md5) fsync the temp file, rename it into place, fsync the directory;
 *                     when the content exists already, the temp file is simply dropped
 *   discard(temp)    remove a temp file (every failure path calls it)
 *   cleanStaleTemp() at start-up: temp files nobody has written to for an hour
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crashPoint } from '../testing/crashPoints';
import { DETECT_HEAD_BYTES } from './detect';
import { startMd5 } from './hashing';

export interface ReceivedFile {
  tempPath: string;
  md5: string;
  size: number;
  /** The first bytes, for type detection. */
  head: Buffer;
  /** More bytes arrived than `maxBytes` allows (the temp file is already removed). */
  tooLarge: boolean;
}

/**
 * Fault injection for tests: `beforeRename` runs after the temp file is complete and synced
 * and before it is renamed into place, i.e. where a crash would hurt most.
 */
export const storageFaults: { beforeRename: (() => void | Promise<void>) | null } = { beforeRename: null };

/** A received file is flushed to disk each time this much more has arrived (see receive()). */
const SYNC_EVERY_BYTES = 64 * 1024 * 1024;

/** Temp files older than this at start-up belong to no live upload (mtime moves while one is written). */
const STALE_TEMP_MS = 60 * 60 * 1000;

export class FileStorage {
  readonly root: string;
  readonly tempDir: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
    this.tempDir = path.join(this.root, 'tmp');
  }

  static keyFor(md5: string): string {
    if (!/^[0-9a-f]{32}$/.test(md5)) throw new Error(`invalid md5 ${md5}`);
    return `files/${md5.slice(0, 2)}/${md5}`;
  }

  /** The absolute path of a storage key (keys are only ever made by keyFor). */
  pathOf(storageKey: string): string {
    const abs = path.resolve(this.root, '..', storageKey);
    if (!abs.startsWith(this.root + path.sep)) throw new Error(`storage key outside the store: ${storageKey}`);
    return abs;
  }

  async init(): Promise<void> {
    await fsp.mkdir(this.tempDir, { recursive: true });
  }

  /**
   * Streams `source` to a temp file, hashing (./hashing.ts, beside the event loop) and counting
   * as it goes; holds at most a few MB in memory. The file is flushed to disk every
   * SYNC_EVERY_BYTES while it arrives, so that commit()'s fsync has only the last part left.
   */
  async receive(source: Readable, maxBytes: number, isTruncated: () => boolean = () => false): Promise<ReceivedFile> {
    await this.init();
    const tempPath = path.join(this.tempDir, `${randomUUID()}.part`);
    const headChunks: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    let tooLarge = false;
    // Opened here so that its descriptor is known for the flushes below.
    const fd = await new Promise<number>((resolve, reject) => fs.open(tempPath, 'wx', 0o600, (err, opened) => (err ? reject(err) : resolve(opened))));
    const out = fs.createWriteStream(tempPath, { fd, highWaterMark: 1024 * 1024 });
    let open = true;
    out.once('close', () => (open = false));
    const hash = startMd5();
    let synced = 0;
    let flushing = false;
    let syncing: Promise<void> = Promise.resolve();
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) {
          tooLarge = true;
          callback(new Error('too large'));
          return;
        }
        if (headLength < DETECT_HEAD_BYTES) {
          headChunks.push(chunk.subarray(0, DETECT_HEAD_BYTES - headLength));
          headLength += Math.min(chunk.length, DETECT_HEAD_BYTES - headLength);
        }
        if (size - synced >= SYNC_EVERY_BYTES && !flushing && open) {
          // What has been written so far goes to disk meanwhile; one flush at a time, started
          // only while the file is open (a failed flush only leaves more for commit's fsync).
          synced = size;
          flushing = true;
          syncing = new Promise<void>((resolve) =>
            fs.fdatasync(fd, () => {
              flushing = false;
              resolve();
            }),
          );
        }
        hash.update(chunk).then(
          () => callback(null, chunk),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      },
    });
    let md5: string;
    try {
      await pipeline(source, meter, out);
      md5 = await hash.digest();
    } catch (err) {
      hash.release();
      await syncing;
      await this.discard(tempPath);
      if (tooLarge) return { tempPath, md5: '', size, head: Buffer.alloc(0), tooLarge: true };
      throw err;
    } finally {
      await syncing;
    }
    if (isTruncated()) {
      await this.discard(tempPath);
      return { tempPath, md5: '', size, head: Buffer.alloc(0), tooLarge: true };
    }
    return { tempPath, md5, size, head: Buffer.concat(headChunks), tooLarge: false };
  }

  /** Puts a received temp file in place under its MD5's key; returns the key. */
  async commit(tempPath: string, md5: string): Promise<string> {
    const key = FileStorage.keyFor(md5);
    const target = this.pathOf(key);
    try {
      if (await exists(target)) {
        // Same MD5, same content: keep the copy we have.
        await this.discard(tempPath);
        return key;
      }
      await fsync(tempPath, 'r+');
      await fsp.mkdir(path.dirname(target), { recursive: true });
      if (storageFaults.beforeRename) await storageFaults.beforeRename();
      crashPoint('file-before-rename');
      await fsp.rename(tempPath, target);
      // The rename itself is only durable once the directory entry is on disk.
      await fsync(path.dirname(target), 'r');
      return key;
    } catch (err) {
      await this.discard(tempPath);
      throw err;
    }
  }

  async discard(tempPath: string): Promise<void> {
    await fsp.rm(tempPath, { force: true });
  }

  async has(storageKey: string): Promise<boolean> {
    return exists(this.pathOf(storageKey));
  }

  async readHead(storageKey: string): Promise<Buffer> {
    const handle = await fsp.open(this.pathOf(storageKey), 'r');
    try {
      const buffer = Buffer.alloc(DETECT_HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, DETECT_HEAD_BYTES, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** Removes temp files left by a crash (older than an hour: younger ones may still be written). */
  async cleanStaleTemp(now = Date.now()): Promise<number> {
    await this.init();
    let removed = 0;
    for (const name of await fsp.readdir(this.tempDir)) {
      const file = path.join(this.tempDir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat?.isFile() && now - stat.mtimeMs > STALE_TEMP_MS) {
        await fsp.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

async function exists(file: string): Promise<boolean> {
  return fsp.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

async function fsync(file: string, flags: 'r' | 'r+'): Promise<void> {
  const handle = await fsp.open(file, flags);
  try {
    await handle.sync();
  } catch (err) {
    // Some file systems refuse fsync on a directory (EINVAL/EISDIR); the rename still stands.
    if (flags === 'r+' || !isIgnorableDirSyncError(err)) throw err;
  } finally {
    await handle.close();
  }
}

function isIgnorableDirSyncError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'EINVAL' || code === 'EISDIR' || code === 'EPERM';
}
