/**
 * Web Worker: hashes one file and reports progress, so that hashing a large file never
 * freezes the page. The page starts a fresh worker per file and terminates it afterwards. The
 * hashing is WebAssembly (md5Core.ts), which the page's policy allows with 'wasm-unsafe-eval'
 * (server/app.ts CONTENT_SECURITY_POLICY); without it the worker hashes with spark-md5.
 */
import { md5InChunks, type Md5EngineName } from './md5Core';
import type { Md5Request, Md5Response } from './md5Protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<Md5Request>) => void) | null;
  postMessage(message: Md5Response): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { file, chunkSize } = event.data;
  let last = -1;
  let engine: Md5EngineName = 'wasm';
  md5InChunks(file, {
    chunkSize,
    onEngine: (used) => (engine = used),
    onProgress: (percent) => {
      if (percent !== last) scope.postMessage({ type: 'progress', percent });
      last = percent;
    },
  }).then(
    (md5) => scope.postMessage({ type: 'done', md5, engine }),
    (err: unknown) => scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
  );
};
