/**
 * The MD5 of an upload, computed beside the event loop: MD5 runs at about 550 MB/s on one
 * core here, which was a third of a large upload's time when the event loop also parsed the
 * multipart body and wrote the file (bench/files.ts). Each upload hashes in a worker thread
 * of a small pool (one thread per spare core, made on first use and kept, not keeping the
 * process alive); when none is free the upload hashes in the event loop as before.
 *
 * The bytes go to the thread in copies of up to BATCH_BYTES (memory transferred there and back,
 * not copied again, and filled again for the next batch); no more than MAX_IN_FLIGHT bytes wait
 * for the thread, so a slow hash slows the upload down instead of filling the memory.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** What an upload's hash is fed with. */
export interface StreamingMd5 {
  /** Resolves when the caller may send more (at once unless the thread is behind). */
  update(chunk: Buffer): Promise<void>;
  /** The hex digest of everything given; the hasher is finished afterwards. */
  digest(): Promise<string>;
  /** Gives the thread back (after a failed upload). */
  release(): void;
}

const BATCH_BYTES = 2 * 1024 * 1024;
const MAX_IN_FLIGHT = 8 * 1024 * 1024;

// Plain JavaScript run by the thread (no loader needed, whatever runs the server).
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
let hash = null;
let session = 0;
parentPort.on('message', (m) => {
  if (m.type === 'start') {
    hash = createHash('md5');
    session = m.session;
  } else if (m.type === 'data') {
    hash.update(new Uint8Array(m.buffer, 0, m.length));
    // The memory goes back to be filled again (no garbage per batch).
    parentPort.postMessage({ type: 'ack', session, length: m.length, buffer: m.buffer }, [m.buffer]);
  } else if (m.type === 'digest') {
    parentPort.postMessage({ type: 'digest', session, md5: hash.digest('hex') });
    hash = null;
  }
});
`;

type ThreadMessage = { type: 'ack'; session: number; length: number; buffer: ArrayBuffer } | { type: 'digest'; session: number; md5: string };

const poolSize = Math.max(1, os.availableParallelism() - 1);
const idle: Worker[] = [];
let threads = 0;
/** Numbers each upload's messages: a thread given back mid-upload may still answer for it. */
let sessions = 0;

function takeThread(): Worker | null {
  const ready = idle.pop();
  if (ready) return ready;
  if (threads >= poolSize) return null;
  threads += 1;
  const worker = new Worker(THREAD_SOURCE, { eval: true });
  worker.unref();
  worker.once('exit', () => {
    threads -= 1;
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

function inEventLoop(): StreamingMd5 {
  const hash = createHash('md5');
  return {
    update: (chunk) => {
      hash.update(chunk);
      return Promise.resolve();
    },
    digest: () => Promise.resolve(hash.digest('hex')),
    release: () => undefined,
  };
}

function inThread(worker: Worker): StreamingMd5 {
  sessions += 1;
  const session = sessions;
  // Batches the thread has given back, to be filled again: an upload's memory is a handful
  // of batches, whatever its size.
  const spare: ArrayBuffer[] = [];
  let batch = Buffer.allocUnsafeSlow(BATCH_BYTES);
  let filled = 0;
  let inFlight = 0;
  let failure: Error | null = null;
  let resume: (() => void) | null = null;
  let finished: ((md5: string) => void) | null = null;
  let refused: ((err: Error) => void) | null = null;
  let done = false;

  const fail = (err: Error) => {
    failure = err;
    resume?.();
    refused?.(err);
  };
  const onMessage = (message: ThreadMessage) => {
    if (message.session !== session) return;
    if (message.type === 'ack') {
      inFlight -= message.length;
      spare.push(message.buffer);
      if (inFlight <= MAX_IN_FLIGHT / 2 && resume) {
        const go = resume;
        resume = null;
        go();
      }
    } else finished?.(message.md5);
  };
  const onError = (err: Error) => fail(err);
  const onExit = () => fail(new Error('MD5 线程意外退出'));
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  worker.ref();
  worker.postMessage({ type: 'start', session });

  const send = () => {
    if (filled === 0) return;
    const buffer = batch.buffer;
    inFlight += filled;
    worker.postMessage({ type: 'data', buffer, length: filled }, [buffer]);
    const reuse = spare.pop();
    batch = reuse ? Buffer.from(reuse) : Buffer.allocUnsafeSlow(BATCH_BYTES);
    filled = 0;
  };
  const detach = () => {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    worker.unref();
  };

  return {
    update: async (chunk) => {
      if (failure) throw failure;
      for (let at = 0; at < chunk.length; ) {
        const n = chunk.copy(batch, filled, at);
        filled += n;
        at += n;
        if (filled === BATCH_BYTES) send();
      }
      if (inFlight > MAX_IN_FLIGHT) await new Promise<void>((go) => (resume = go));
      if (failure) throw failure;
    },
    digest: () =>
      new Promise<string>((resolve, reject) => {
        if (failure) return reject(failure);
        finished = (md5) => {
          done = true;
          detach();
          idle.push(worker);
          resolve(md5);
        };
        refused = reject;
        send();
        worker.postMessage({ type: 'digest' });
      }),
    release: () => {
      if (done) return;
      done = true;
      detach();
      // A half-fed hash starts over with the next upload's 'start'; a thread that failed is
      // not trusted again.
      if (failure) void worker.terminate();
      else idle.push(worker);
    },
  };
}

/** A hasher for one upload: in a thread of the pool when one is free, in the event loop otherwise. */
export function startMd5(): StreamingMd5 {
  const worker = takeThread();
  return worker ? inThread(worker) : inEventLoop();
}
