/**
 * MD5 of a Blob in fixed-size chunks (2 MB, progress as a percentage), shared by the worker
 * and the main-thread fallback. The hashing itself is hash-wasm's WebAssembly MD5 (about ten
 * times spark-md5's speed, bench/files.ts); where WebAssembly is missing or may not be
 * compiled (an old browser, a policy without 'wasm-unsafe-eval'), spark-md5 does it.
 * Each file gets a hasher of its own: spark-md5 slows down markedly when one instance is
 * reused after a finished hash.
 */
import hashWasmMd5 from 'hash-wasm/dist/md5.umd.min.js';
import SparkMD5 from 'spark-md5';

export interface ChunkedHashOptions {
  chunkSize: number;
  onProgress?: (percent: number) => void;
  /** Called between chunks; the main thread uses it to let the page breathe. */
  between?: () => Promise<void>;
  signal?: AbortSignal;
  /** Tests force the fallback. */
  engine?: Md5EngineName;
  /** Told which engine hashes (the worker reports it; bench/files.ts shows it). */
  onEngine?: (engine: Md5EngineName) => void;
}

export type Md5EngineName = 'wasm' | 'spark-md5';

/** One file's running MD5. */
export interface Md5Hasher {
  engine: Md5EngineName;
  update(bytes: ArrayBuffer): void;
  /** Lowercase hex; the hasher is finished afterwards. */
  digest(): string;
  /** Frees what the hasher holds when hashing stops early. */
  dispose(): void;
}

function sparkHasher(): Md5Hasher {
  const spark = new SparkMD5.ArrayBuffer();
  return {
    engine: 'spark-md5',
    update: (bytes) => spark.append(bytes),
    digest: () => {
      const md5 = spark.end();
      spark.destroy();
      return md5;
    },
    dispose: () => spark.destroy(),
  };
}

/** hash-wasm's hasher, or spark-md5's when WebAssembly cannot run here. */
export async function createMd5Hasher(engine: Md5EngineName = 'wasm'): Promise<Md5Hasher> {
  if (engine === 'wasm') {
    try {
      const wasm = await hashWasmMd5.createMD5();
      return {
        engine: 'wasm',
        update: (bytes) => wasm.update(new Uint8Array(bytes)),
        digest: () => wasm.digest('hex'),
        dispose: () => undefined,
      };
    } catch {
      // No WebAssembly, or compiling it refused (CompileError under a strict policy).
    }
  }
  return sparkHasher();
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
  const chunks = Math.max(1, Math.ceil(blob.size / chunkSize));
  const read = (i: number) => readSlice(blob.slice(i * chunkSize, Math.min(blob.size, (i + 1) * chunkSize)));
  // The next slice is read while this one is hashed: reading a Blob goes through the browser
  // process and takes about as long as hashing (bench/files.ts), so the two overlap.
  let pending = read(0);
  let hasher: Md5Hasher | null = null;
  try {
    hasher = await createMd5Hasher(options.engine);
    options.onEngine?.(hasher.engine);
    for (let i = 0; i < chunks; i += 1) {
      if (signal?.aborted) throw new DOMException(ABORTED_MESSAGE, 'AbortError');
      const current = await pending;
      if (i + 1 < chunks) pending = read(i + 1);
      hasher.update(current);
      onProgress?.(Math.floor(((i + 1) * 100) / chunks));
      if (between && i < chunks - 1) await between();
    }
  } catch (err) {
    // A read still in flight after a failure or a cancel is nobody's to report.
    pending.catch(() => undefined);
    hasher?.dispose();
    throw err;
  }
  return hasher.digest();
}
