/**
 * MD5 of a Blob in fixed-size chunks with spark-md5 (SPEC.md §9: 2 MB chunks, progress as a
 * percentage). Shared by the worker and the main-thread fallback. A fresh
 * SparkMD5.ArrayBuffer per file: spark-md5 slows down markedly when one instance (or even
 * one process) is reused after a finished hash (STACK.md).
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
  for (let i = 0; i < chunks; i += 1) {
    if (signal?.aborted) throw new DOMException(ABORTED_MESSAGE, 'AbortError');
    const start = i * chunkSize;
    spark.append(await readSlice(blob.slice(start, Math.min(blob.size, start + chunkSize))));
    onProgress?.(Math.floor(((i + 1) * 100) / chunks));
    if (between && i < chunks - 1) await between();
  }
  const md5 = spark.end();
  spark.destroy();
  return md5;
}
