/**
 * MD5 of a Blob in fixed-size chunks with spark-md5 (2 MB chunks, progress as a
 * percentage). Shared by the worker and the main-thread fallback. A fresh
 * SparkMD5.ArrayBuffer per file: spark-md5 slows down markedly when one instance (or even
 * one process) is reused after a finished hash (measured: about 120 MiB/s instead of 300).
 */
import SparkMD5 from 'spark-md5';

export interface ChunkedHashOptions {
  chunkSize: number;
  onProgress?: (percent: number) => void;
  /** Called between chunks; the main thread uses it to let the page breathe. */
  between?: () => Promise<void>;
  signal?: AbortSignal;
}

/** Reads a slice as bytes (Blob.arrayBuffer where it exists, FileReader otherwise). */
export function readSlice(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('读取文件失败'));
    reader.readAsArrayBuffer(blob);
  });
}

export const ABORTED_MESSAGE = '已取消';

export async function md5InChunks(blob: Blob, options: ChunkedHashOptions): Promise<string> {
  const { chunkSize, onProgress, between, signal } = options;
  const spark = new SparkMD5.ArrayBuffer();
  const chunks = Math.max(1, Math.ceil(blob.size / chunkSize));
  const read = (i: number) => readSlice(blob.slice(i * chunkSize, Math.min(blob.size, (i + 1) * chunkSize)));
  // The next slice is read while this one is hashed: reading a Blob goes through the browser
  // process and took as long as hashing itself (bench/files.ts), so the two now overlap.
  let pending = read(0);
  try {
    for (let i = 0; i < chunks; i += 1) {
      if (signal?.aborted) throw new DOMException(ABORTED_MESSAGE, 'AbortError');
      const current = await pending;
      if (i + 1 < chunks) pending = read(i + 1);
      spark.append(current);
      onProgress?.(Math.floor(((i + 1) * 100) / chunks));
      if (between && i < chunks - 1) await between();
    }
  } catch (err) {
    // A read still in flight after a failure or a cancel is nobody's to report.
    pending.catch(() => undefined);
    spark.destroy();
    throw err;
  }
  const md5 = spark.end();
  spark.destroy();
  return md5;
}
