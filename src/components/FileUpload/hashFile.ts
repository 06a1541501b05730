/**
 * hashFile(file, { onProgress, signal }): the file's MD5 (lowercase hex) in 2 MB chunks
 * (HASH_CHUNK_SIZE), in a Web Worker when the browser has them, otherwise on the main thread
 * yielding between chunks (the test DOM in tests, very old browsers).
 */
import { HASH_CHUNK_SIZE } from '@common/schemas/files';
import { ABORTED_MESSAGE, md5InChunks } from './md5Core';
import type { Md5Request, Md5Response } from './md5Protocol';

export interface HashOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  chunkSize?: number;
  /** Tests force the main-thread path. */
  useWorker?: boolean;
}

/** The worker itself failed (script blocked or crashed): hashing falls back to the main thread. */
class WorkerFailure extends Error {}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function hashOnMainThread(file: Blob, options: HashOptions = {}): Promise<string> {
  return md5InChunks(file, {
    chunkSize: options.chunkSize ?? HASH_CHUNK_SIZE,
    onProgress: options.onProgress,
    signal: options.signal,
    between: yieldToPage,
  });
}

function createWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    // This exact form is what webpack 5 (Umi 4) recognises to emit the worker as its own
    // chunk (dist/md5-worker.async.js), hash-wasm and spark-md5 included.
    return new Worker(/* webpackChunkName: "md5-worker" */ new URL('./md5.worker.ts', import.meta.url));
  } catch {
    return null;
  }
}

function hashInWorker(worker: Worker, file: Blob, options: HashOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const finish = () => {
      worker.terminate();
      options.signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(new DOMException(ABORTED_MESSAGE, 'AbortError'));
    };
    options.signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<Md5Response>) => {
      const data = event.data;
      if (data.type === 'progress') options.onProgress?.(data.percent);
      else if (data.type === 'done') {
        finish();
        resolve(data.md5);
      } else {
        finish();
        reject(new Error(data.message));
      }
    };
    worker.onerror = (event: ErrorEvent) => {
      finish();
      reject(new WorkerFailure(event.message || '计算文件校验值失败'));
    };
    const request: Md5Request = { file, chunkSize: options.chunkSize ?? HASH_CHUNK_SIZE };
    worker.postMessage(request);
  });
}

export async function hashFile(file: Blob, options: HashOptions = {}): Promise<string> {
  if (options.signal?.aborted) throw new DOMException(ABORTED_MESSAGE, 'AbortError');
  // A fresh worker per file, terminated when done.
  const worker = options.useWorker === false ? null : createWorker();
  if (!worker) return hashOnMainThread(file, options);
  try {
    return await hashInWorker(worker, file, options);
  } catch (err) {
    // A worker that cannot start (blocked script, CSP) should not stop the upload.
    if (err instanceof WorkerFailure) return hashOnMainThread(file, options);
    throw err;
  }
}
