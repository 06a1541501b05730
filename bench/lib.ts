/**
 * Shared pieces of the benchmarks (`npm run bench`): a throw-away database with the real
 * migrations and seed, the real app listening on a free port, autocannon runs summarised
 * as medians, and the machine's description for the report.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFile, spawnSync } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type AppDb, type DialectName } from '../server/db/index';
import { migrateToLatest } from '../server/db/migrations/index';
import { seedBase } from '../server/db/seed/index';

/** The seeded administrator's password in every benchmark database and server process. */
export const BENCH_ADMIN_PASSWORD = 'Bench@2026x';

/** Logs the seeded administrator in through the API and returns the token. */
export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/user/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginAccount: 'admin', password: BENCH_ADMIN_PASSWORD, authType: 1 }),
  });
  const body = (await res.json()) as { status: number; message: string; data: { token: string } };
  if (body.status !== 1) throw new Error(`admin login failed: ${body.message}`);
  return body.data.token;
}

export interface BenchDatabase {
  dialect: DialectName;
  db: AppDb;
  dataDir: string;
  dispose(): Promise<void>;
}

/** PostgreSQL runs when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server. */
export const PG_URL = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || null;
export const benchDialects: DialectName[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export async function openBenchDatabase(dialect: DialectName): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  let db: AppDb;
  let dropSchema: (() => Promise<void>) | null = null;
  if (dialect === 'sqlite') {
    db = openDatabase({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  } else {
    if (!PG_URL) throw new Error('BENCH_DATABASE_URL is not set');
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
    db = openDatabase({ databaseUrl: PG_URL, sqliteFile: '', pgSchema: schema });
    dropSchema = async () => {
      const d = new pg.Client({ connectionString: PG_URL });
      await d.connect();
      await d.query(`drop schema if exists ${schema} cascade`);
      await d.end();
    };
  }
  await migrateToLatest(db);
  await seedBase(db.kysely, { adminAccount: 'admin', adminPassword: BENCH_ADMIN_PASSWORD });
  return {
    dialect,
    db,
    dataDir,
    dispose: async () => {
      await db.close();
      await dropSchema?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a live server's upkeep has done some time after a bulk load: statistics for the
 * planner and, on PostgreSQL, autovacuum's visibility map, without which an index-only scan
 * still reads every row's page to check it is visible, and the checkpoint that writes the
 * load's pages out. Without it the first requests timed paid for the seeding: a draw's commit
 * waited 290 ms behind the write-back of 500,000 freshly loaded conflicts (bench/expert-draw.ts,
 * 2026-11-26), where its commits otherwise take 2–4 ms.
 */
export async function settleAfterSeeding(bench: BenchDatabase): Promise<void> {
  await sql.raw(bench.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(bench.db.kysely);
  if (bench.dialect === 'postgres') await sql.raw('checkpoint').execute(bench.db.kysely);
}

/**
 * A full garbage collection, now: the benchmarks seed in the server's own process, and the
 * seeding's garbage (half a million conflicts as objects for the expert draw) would otherwise be
 * collected while requests are timed. On 2026-11-26 the PostgreSQL draws after the SQLite run
 * took 170–200 ms each until a 399 ms pause, then 80–120 ms: the collector's work of the
 * seedings, on a machine of two cores. `--expose-gc` is set here, so `npm run bench` needs no flag.
 */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
}

export async function startApp(bench: BenchDatabase): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({ DATA_DIR: bench.dataDir, STATIC_DIR: path.join(bench.dataDir, 'none'), LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, db: bench.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const AUTOCANNON = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'node_modules', 'autocannon', 'autocannon.js');

/**
 * One autocannon run, in its own process: a load generator sharing the server's event loop
 * would add its own delays to every latency it measures.
 */
export async function load(url: string, options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const args = [AUTOCANNON, '--json', '-c', String(options.connections ?? 50), '-d', String(options.seconds ?? 5)];
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  const out = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
  const result = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; timeouts: number; non2xx: number };
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Medians of `runs` runs (after one warm-up run that is not counted). */
export async function loadMedian(url: string, runs = 3, options: Parameters<typeof load>[1] = {}): Promise<LoadResult> {
  await load(url, { ...options, seconds: 2 });
  const results: LoadResult[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await load(url, options));
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((a, r) => a + r.errors, 0),
    non2xx: results.reduce((a, r) => a + r.non2xx, 0),
  };
}

export function machine(): string {
  const cpus = os.cpus();
  // The load average (1, 5, 15 minutes) as the run ends: on a shared machine other work
  // slows every number down, several times over when it is high.
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.type()} ${os.release()}, load average ${load}`;
}

/** A deterministic pseudo-random sequence, so that every run seeds the same data. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The built front end (dist/): built first when a fresh clone has none, as `npm start` does. */
export function ensureBuilt(): string {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const dist = path.join(root, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/@umijs/max/bin/max.js'), 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the front end did not build (`npm run build`)');
  }
  return dist;
}
