/**
 * Several instances (README.md, "Running in production"): the public article list with WORKERS=1
 * against WORKERS=2, and through nginx (configured from deploy/nginx/wenping.conf) against direct,
 * in one run on one PostgreSQL database holding 1,000 published articles. Real server processes, as
 * an operator runs them; autocannon in its own process at 50 connections, medians of three 5-second
 * runs. Needs PostgreSQL (BENCH_DATABASE_URL), which WORKERS > 1 requires, and nginx.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../server/db/index';
import { createPgDatabase, NGINX_BIN, freePort, repoRoot, startNginx, startServer, stopServer, type ServerProcess } from '../tests/server/processes';
import { loadMedian, PG_URL, type LoadResult } from './lib';
import { seedArticles } from './search';

export const INSTANCES_ARTICLES = 1_000;
export const INSTANCES_CONNECTIONS = 50;
const PASSWORD = 'Bench@2026xyz';

export interface InstancesBenchRow {
  setup: string;
  result: LoadResult;
}

export async function runInstancesBench(log: (line: string) => void = console.log): Promise<InstancesBenchRow[] | string> {
  if (!PG_URL) return 'Not run: needs PostgreSQL (BENCH_DATABASE_URL), which WORKERS > 1 requires.';
  if (!NGINX_BIN) return 'Not run: nginx is not installed (apt-get install nginx).';
  const database = await createPgDatabase(PG_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-instances-'));
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, STATIC_DIR: path.join(dataDir, 'none'), LOG_LEVEL: 'warn' };
  const rows: InstancesBenchRow[] = [];
  let server: ServerProcess | undefined;
  try {
    log(`instances: seeding ${INSTANCES_ARTICLES} articles…`);
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/index.ts', '--seed-only'], { cwd: repoRoot, env: { ...process.env, ...env } });
    const db = openDatabase({ databaseUrl: database.url, sqliteFile: '' });
    try {
      await seedArticles(db.kysely, INSTANCES_ARTICLES);
    } finally {
      await db.close();
    }
    const list = (port: number) => `http://127.0.0.1:${port}/api/v1/public/articles?category=news&current=1&pageSize=10`;
    for (const workers of [1, 2]) {
      server = await startServer({ ...env, PORT: String(await freePort()), WORKERS: String(workers) });
      const direct = await loadMedian(list(server.port), 3, { connections: INSTANCES_CONNECTIONS });
      rows.push({ setup: `WORKERS=${workers}, direct`, result: direct });
      log(`instances WORKERS=${workers} direct: ${direct.rps.toFixed(0)} req/s, p99 ${direct.p99} ms`);
      const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
      const staticRoot = path.join(nginxDir, 'dist');
      fs.mkdirSync(staticRoot);
      const nginx = await startNginx(nginxDir, [server.port], staticRoot);
      try {
        const proxied = await loadMedian(list(nginx.port), 3, { connections: INSTANCES_CONNECTIONS });
        rows.push({ setup: `WORKERS=${workers}, through nginx`, result: proxied });
        log(`instances WORKERS=${workers} nginx: ${proxied.rps.toFixed(0)} req/s, p99 ${proxied.p99} ms`);
      } finally {
        await nginx.stop();
        fs.rmSync(nginxDir, { recursive: true, force: true });
      }
      await stopServer(server, 'SIGTERM');
      server = undefined;
    }
    return rows;
  } finally {
    await stopServer(server);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
