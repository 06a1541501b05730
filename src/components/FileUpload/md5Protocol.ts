/** Messages between the page and md5.worker.ts. */
export interface Md5Request {
  file: Blob;
  chunkSize: number;
}

export type Md5Response =
  | { type: 'progress'; percent: number }
  | { type: 'done'; md5: string }
  | { type: 'error'; message: string };
