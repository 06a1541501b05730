/** Messages between the page and md5.worker.ts. */
import type { Md5EngineName } from './md5Core';

export interface Md5Request {
  file: Blob;
  chunkSize: number;
}

export type Md5Response =
  | { type: 'progress'; percent: number }
  | { type: 'done'; md5: string; engine: Md5EngineName }
  | { type: 'error'; message: string };
