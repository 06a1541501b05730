/**
 * The files benchmarks:
 *
 * - upload: a 512 MB file through POST /file/upload on loopback (the real server process,
 *   multipart streamed from disk, as a browser sends it) against `cp` of the same file to the
 *   same disk, medians of FILES_RUNS runs (default 3; each run changes the last bytes, so that
 *   every upload is new content); the server's resident memory growth during the upload, read
 *   from /proc; then the same content again under a new id through the instant upload
 *   (GET /file/upload/status/:md5, POST /file/upload/instant).
 * - hashing: the app's own MD5 worker (the built dist/md5-worker.*.async.js: hash-wasm's
 *   WebAssembly MD5 in 2 MB chunks, spark-md5 where WebAssembly is refused) on 256 MB in Debian's
 *   Chromium, served under the app's own Content-Security-Policy, against `md5sum` of the same
 *   bytes, with the longest main-thread task seen meanwhile (PerformanceObserver 'longtask') and
 *   the engine the worker used.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { CONTENT_SECURITY_POLICY } from '../server/app';
import { adminToken, BENCH_ADMIN_PASSWORD, ensureBuilt } from './lib';
import { freePort, startServer, stopServer, type ServerProcess } from '../tests/server/processes';

const run = promisify(execFile);
export const UPLOAD_MB = Number(process.env.FILES_UPLOAD_MB ?? 512);
export const HASH_MB = Number(process.env.FILES_HASH_MB ?? 256);
export const FILES_RUNS = Number(process.env.FILES_RUNS ?? 3);

export interface UploadBench {
  sizeMb: number;
  uploadSeconds: number;
  cpSeconds: number;
  /** cp time / upload time: 1 means as fast as copying the file on the same disk. */
  ratio: number;
  memoryGrowthMb: number;
  instantMs: number;
  instantStoredOnce: boolean;
}

/** One run in the page: seconds, the digest, the engine the worker reported, the longest main-thread task. */
interface HashRun {
  seconds: number;
  md5: string;
  engine: string;
  longest: number;
}

/** Good runs whose median is reported, and the failed runs allowed on the way to them. */
export const HASH_GOOD_RUNS = 3;
const HASH_RETRIES = 2;

export type HashBench = HashMeasured | { ok: false; sizeMb: number; error: string };

export interface HashMeasured {
  ok: true;
  sizeMb: number;
  /** 'wasm', or 'spark-md5' when the policy or the browser refused WebAssembly. */
  engine: string;
  browserMbPerS: number;
  md5sumMbPerS: number;
  ratio: number;
  longestTaskMs: number;
  sameDigest: boolean;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/** A PDF by its header (the server checks types by content), then random bytes. */
async function writeTestFile(file: string, mb: number): Promise<void> {
  const block = randomBytes(1024 * 1024);
  Buffer.from('%PDF-1.7\n').copy(block);
  const out = fs.createWriteStream(file);
  for (let i = 0; i < mb; i += 1) {
    if (!out.write(i === 0 ? block : randomBytes(1024 * 1024))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Streams the file as multipart/form-data (fields first, the file last), as the page does. */
function upload(base: string, token: string, file: string, md5: string): Promise<{ status: number; message: string }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const fileId = randomUUID();
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `${field('fileId', fileId)}${field('md5', md5)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const url = new URL(`${base}/api/v1/file/upload`);
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text) as { status: number; message: string });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      },
    );
    req.on('error', reject);
    const body = new PassThrough();
    body.pipe(req);
    body.write(head);
    fs.createReadStream(file)
      .on('error', reject)
      .on('end', () => body.end(tail))
      .pipe(body, { end: false });
  });
}

export async function runUploadBench(log: (line: string) => void = console.log): Promise<UploadBench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-files-'));
  const dataDir = path.join(dir, 'data');
  const source = path.join(dir, 'source.pdf');
  let server: ServerProcess | undefined;
  try {
    await writeTestFile(source, UPLOAD_MB);
    server = await startServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      UPLOAD_MAX_BYTES: String((UPLOAD_MB + 16) * 1024 * 1024),
    });
    const base = `http://127.0.0.1:${server.port}`;
    const token = await adminToken(base);
    const pid = server.child.pid ?? 0;
    const uploads: number[] = [];
    const copies: number[] = [];
    const growth: number[] = [];
    let lastMd5 = '';
    for (let i = 0; i < FILES_RUNS; i += 1) {
      // New content each run: the store keeps one copy per MD5, so a repeat would be no write.
      const fd = fs.openSync(source, 'r+');
      fs.writeSync(fd, Buffer.from(`run-${i}-${Date.now()}`.padEnd(32, '.')), 0, 32, UPLOAD_MB * 1024 * 1024 - 32);
      fs.closeSync(fd);
      lastMd5 = await md5Of(source);

      const copy = path.join(dir, `copy-${i}.pdf`);
      const cpStart = process.hrtime.bigint();
      await run('cp', [source, copy]);
      copies.push(seconds(cpStart));
      fs.rmSync(copy);

      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
      const start = process.hrtime.bigint();
      const result = await upload(base, token, source, lastMd5);
      uploads.push(seconds(start));
      clearInterval(sampler);
      if (result.status !== 1) throw new Error(`upload failed: ${result.message}`);
      growth.push(peak - before);
      log(`files: upload ${UPLOAD_MB} MB ${uploads[i].toFixed(2)} s, cp ${copies[i].toFixed(2)} s, memory +${(peak - before).toFixed(1)} MB`);
    }

    // The same content again under a new id: nothing is sent, nothing stored twice.
    const storedBefore = countStoredFiles(path.join(dataDir, 'files'));
    const instantStart = process.hrtime.bigint();
    const status = (await (await fetch(`${base}/api/v1/file/upload/status/${lastMd5}`, { headers: { token } })).json()) as { data: { exists: boolean } };
    const instant = (await (
      await fetch(`${base}/api/v1/file/upload/instant`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({ fileId: randomUUID(), md5: lastMd5, name: 'again.pdf' }),
      })
    ).json()) as { status: number; message: string };
    const instantMs = seconds(instantStart) * 1000;
    if (!status.data.exists || instant.status !== 1) throw new Error(`instant upload failed: ${instant.message}`);
    const instantStoredOnce = countStoredFiles(path.join(dataDir, 'files')) === storedBefore;

    const uploadSeconds = median(uploads);
    const cpSeconds = median(copies);
    return {
      sizeMb: UPLOAD_MB,
      uploadSeconds: Number(uploadSeconds.toFixed(2)),
      cpSeconds: Number(cpSeconds.toFixed(2)),
      ratio: Number((cpSeconds / uploadSeconds).toFixed(2)),
      memoryGrowthMb: Number(median(growth).toFixed(1)),
      instantMs: Math.round(instantMs),
      instantStoredOnce,
    };
  } finally {
    await stopServer(server, 'SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function countStoredFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** One hashing run inside the page: the built worker on a Blob of `mb` megabytes. */
const hashInPage = async ([mb, workerName]: [number, string]): Promise<HashRun> => {
  const blockBytes = await (await fetch('/block')).arrayBuffer();
  const file = new Blob(Array.from({ length: mb }, () => blockBytes));
  // Making the Blob is the bench's own long task: let it end before watching.
  await new Promise((r) => setTimeout(r, 100));
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const worker = new Worker(`/${workerName}`);
  const start = performance.now();
  let engine = '';
  const md5 = await new Promise<string>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ type: string; md5?: string; engine?: string; message?: string }>) => {
      engine = event.data.engine ?? engine;
      if (event.data.type === 'done') resolve(event.data.md5 ?? '');
      else if (event.data.type === 'error') reject(new Error(event.data.message));
    };
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ file, chunkSize: 2 * 1024 * 1024 });
  });
  const elapsed = (performance.now() - start) / 1000;
  worker.terminate();
  // Long tasks are reported after they end: give the observer a moment.
  await new Promise((r) => setTimeout(r, 200));
  observer.disconnect();
  return { seconds: elapsed, md5, engine, longest };
};

/** The built worker, served by a tiny static server of its own so that the page is same-origin. */
export async function runHashBench(log: (line: string) => void = console.log): Promise<HashBench> {
  const dist = ensureBuilt();
  const workerFile = fs.readdirSync(dist).find((f) => /^md5-worker(\.[0-9a-f]+)?\.async\.js$/.test(f));
  if (!workerFile) throw new Error('no md5-worker chunk in dist/: the build no longer emits the hashing worker as its own file');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hash-'));
  const block = randomBytes(1024 * 1024);
  const file = path.join(dir, 'bytes.bin');
  const out = fs.openSync(file, 'w');
  for (let i = 0; i < HASH_MB; i += 1) fs.writeSync(out, block);
  fs.closeSync(out);
  const site = http.createServer((req, res) => {
    const name = path.basename(req.url ?? '');
    if (name.endsWith('.js') && fs.existsSync(path.join(dist, name))) {
      // The worker and the chunks it imports, as built, under the app's policy (a worker
      // follows its own script's policy).
      res.writeHead(200, { 'content-type': 'text/javascript', 'content-security-policy': CONTENT_SECURITY_POLICY });
      res.end(fs.readFileSync(path.join(dist, name)));
    } else if (req.url === '/block') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(block);
    } else {
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': CONTENT_SECURITY_POLICY });
      res.end('<!doctype html><title>hash</title>');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const address = site.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const md5sumRuns: number[] = [];
    let expected = '';
    for (let i = 0; i < 3; i += 1) {
      const start = process.hrtime.bigint();
      const { stdout } = await run('md5sum', [file]);
      md5sumRuns.push(seconds(start));
      expected = stdout.split(' ')[0] ?? '';
    }
    // Each run in a context of its own, closed after it, so that the 256 MB Blob of one run is
    // released before the next: a page that kept them failed the second run's read with "The
    // requested file could not be read". A failed run is retried and named, never counted.
    const browserRuns: HashRun[] = [];
    const failures: string[] = [];
    for (let attempt = 0; browserRuns.length < HASH_GOOD_RUNS && attempt < HASH_GOOD_RUNS + HASH_RETRIES; attempt += 1) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`http://127.0.0.1:${port}/`);
        const run = await page.evaluate(hashInPage, [HASH_MB, workerFile] as [number, string]);
        browserRuns.push(run);
        log(`files: hashing ${HASH_MB} MB in Chromium (${run.engine}) ${run.seconds.toFixed(2)} s, longest task ${run.longest.toFixed(0)} ms`);
      } catch (err) {
        const message = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
        failures.push(message);
        log(`files: hashing run ${attempt + 1} failed: ${message}`);
      } finally {
        await context.close();
      }
    }
    if (browserRuns.length < HASH_GOOD_RUNS) {
      return { ok: false, sizeMb: HASH_MB, error: `${browserRuns.length} of ${HASH_GOOD_RUNS} runs measured; ${failures.join('; ')}` };
    }
    const browserSeconds = median(browserRuns.map((r) => r.seconds));
    const md5sumSeconds = median(md5sumRuns);
    return {
      ok: true,
      sizeMb: HASH_MB,
      engine: [...new Set(browserRuns.map((r) => r.engine))].join(', '),
      browserMbPerS: Number((HASH_MB / browserSeconds).toFixed(0)),
      md5sumMbPerS: Number((HASH_MB / md5sumSeconds).toFixed(0)),
      ratio: Number((md5sumSeconds / browserSeconds).toFixed(2)),
      longestTaskMs: Math.round(Math.max(...browserRuns.map((r) => r.longest))),
      sameDigest: browserRuns.every((r) => r.md5 === expected),
    };
  } finally {
    await browser.close();
    site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
