/**
 * The hashing helper: MD5 in 2 MB chunks equals node's and spark-md5's one-shot MD5, with
 * WebAssembly (hash-wasm) and with the spark-md5 fallback where WebAssembly is missing.
 */
import { createHash, randomBytes } from 'node:crypto';
import SparkMD5 from 'spark-md5';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HASH_CHUNK_SIZE } from '@common/schemas/files';
import { hashFile, hashOnMainThread } from '@/components/FileUpload/hashFile';
import { createMd5Hasher, md5InChunks } from '@/components/FileUpload/md5Core';

const nodeMd5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

describe('hashing in chunks', () => {
  it('gives the MD5 of a multi-chunk file, with progress up to 100%', async () => {
    // 2.5 chunks: the last one is short.
    const bytes = randomBytes(HASH_CHUNK_SIZE * 2 + HASH_CHUNK_SIZE / 2);
    const progress: number[] = [];
    const md5 = await hashFile(new Blob([bytes]), { onProgress: (p) => progress.push(p) });
    expect(md5).toBe(nodeMd5(bytes));
    expect(md5).toBe(SparkMD5.ArrayBuffer.hash(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
    expect(progress).toEqual([33, 66, 100]);
  });

  it('does not depend on the chunk size', async () => {
    const bytes = randomBytes(100_003);
    const blob = new Blob([bytes]);
    for (const chunkSize of [4096, 65_536, 100_003, HASH_CHUNK_SIZE]) {
      expect(await md5InChunks(blob, { chunkSize })).toBe(nodeMd5(bytes));
    }
  });

  it('hashes an empty file and a known text', async () => {
    expect(await hashOnMainThread(new Blob([]))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(await hashOnMainThread(new Blob(['中文 abc']))).toBe(nodeMd5(Buffer.from('中文 abc')));
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const bytes = randomBytes(HASH_CHUNK_SIZE * 3);
    const promise = hashFile(new Blob([bytes]), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads the next chunk while hashing this one, never more than one ahead', async () => {
    const bytes = randomBytes(4096 * 4);
    const blob = new Blob([bytes]);
    const events: string[] = [];
    const realSlice = blob.slice.bind(blob);
    // A Blob whose slices say when they are read.
    const watched = {
      size: blob.size,
      slice: (start?: number, end?: number) => {
        const part = realSlice(start, end);
        const index = (start ?? 0) / 4096;
        return {
          size: part.size,
          arrayBuffer: () => {
            events.push(`read ${index}`);
            return part.arrayBuffer();
          },
        } as unknown as Blob;
      },
    } as unknown as Blob;
    const md5 = await md5InChunks(watched, { chunkSize: 4096, onProgress: (p) => events.push(`hashed ${p}`) });
    expect(md5).toBe(nodeMd5(bytes));
    expect(events).toEqual(['read 0', 'read 1', 'hashed 25', 'read 2', 'hashed 50', 'read 3', 'hashed 75', 'hashed 100']);
  });

  it('is the same digest with either engine, over chunk boundaries', async () => {
    const bytes = randomBytes(HASH_CHUNK_SIZE + 12_345);
    const blob = new Blob([bytes]);
    for (const engine of ['wasm', 'spark-md5'] as const) {
      expect(await md5InChunks(blob, { chunkSize: 65_536, engine })).toBe(nodeMd5(bytes));
    }
  });
});

describe('the engine', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is WebAssembly where the runtime has it', async () => {
    expect((await createMd5Hasher()).engine).toBe('wasm');
  });

  it('falls back to spark-md5 without WebAssembly, with the same digest and progress', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    expect((await createMd5Hasher()).engine).toBe('spark-md5');
    const bytes = randomBytes(HASH_CHUNK_SIZE * 2 + 7);
    const progress: number[] = [];
    expect(await hashOnMainThread(new Blob([bytes]), { onProgress: (p) => progress.push(p) })).toBe(nodeMd5(bytes));
    expect(progress).toEqual([33, 66, 100]);
  });

  it('falls back to spark-md5 when the browser refuses to run WebAssembly (a policy without wasm-unsafe-eval)', async () => {
    // hash-wasm keeps its compiled module for the process (a rejected compile would stay
    // cached and fail every later test here), so the module is compiled first and the refusal
    // comes from instantiating it, which is what a browser under such a policy refuses too.
    await createMd5Hasher();
    const refuse = () => Promise.reject(new WebAssembly.CompileError('WebAssembly.instantiate(): Refused to compile or instantiate WebAssembly module'));
    vi.stubGlobal('WebAssembly', { ...WebAssembly, compile: refuse, instantiate: refuse });
    const hasher = await createMd5Hasher();
    expect(hasher.engine).toBe('spark-md5');
    hasher.update(new TextEncoder().encode('abc').buffer);
    expect(hasher.digest()).toBe(nodeMd5(Buffer.from('abc')));
  });
});
