/**
 * The load run (`npm run bench -- load`, not part of CI): three minutes of mixed reads
 * and writes at 50 connections against the real app on SQLite (and PostgreSQL when
 * BENCH_DATABASE_URL is set): the public home, article list and detail, the staff article list,
 * and one write in five (a staff member saving a draft article). autocannon cycles through the
 * mix (a HAR file) in its own process; the server's resident memory is sampled every second.
 * Passes with zero errors and non-2xx answers and memory that levels off (the last minute's
 * median within 15 % of the first minute's).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { adminToken, benchDialects, openBenchDatabase, startApp } from './lib';
import { seedArticles } from './search';

export const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 180);
export const LOAD_CONNECTIONS = 50;

export interface LoadRunRow {
  dialect: string;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  writes: number;
  rssFirstMinuteMb: number;
  rssLastMinuteMb: number;
  rssMaxMb: number;
}

const AUTOCANNON = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'node_modules', 'autocannon', 'autocannon.js');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

export async function runLoadBench(log: (line: string) => void = console.log): Promise<LoadRunRow[]> {
  const rows: LoadRunRow[] = [];
  for (const dialect of benchDialects) {
    const bench = await openBenchDatabase(dialect);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
    try {
      const articles = await seedArticles(bench.db.kysely, 2_000);
      await sql`analyze`.execute(bench.db.kysely);
      const { app, url } = await startApp(bench);
      try {
        const token = await adminToken(url);
        const get = (p: string, headers: Record<string, string> = {}) => ({
          request: { method: 'GET', url: `${url}${p}`, headers: Object.entries(headers).map(([name, value]) => ({ name, value })) },
        });
        const draft = {
          request: {
            method: 'POST',
            url: `${url}/api/v1/articles`,
            headers: [
              { name: 'token', value: token },
              { name: 'content-type', value: 'application/json' },
            ],
            postData: {
              mimeType: 'application/json',
              text: JSON.stringify({ title: '负载测试草稿：关于稳评工作的说明', category: 'work', content: '<p>负载测试期间保存的草稿。</p>', saveAs: 'draft' }),
            },
          },
        };
        const entries = [
          get('/api/v1/public/home'),
          get('/api/v1/public/articles?category=news&current=1&pageSize=10'),
          get(`/api/v1/public/articles/${articles[10]?.id ?? ''}`),
          draft,
          get('/api/v1/public/articles?category=work&current=2&pageSize=10'),
          get('/api/v1/articles?current=1&pageSize=20', { token }),
          get(`/api/v1/public/articles/${articles[20]?.id ?? ''}`),
          draft,
          get('/api/v1/public/site-pages/footer'),
          get('/api/v1/articles?current=1&pageSize=20&keyword=%E7%A8%B3%E8%AF%84', { token }),
        ];
        const har = path.join(work, 'mix.har');
        fs.writeFileSync(har, JSON.stringify({ log: { entries } }));
        const before = await bench.db.kysely.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

        log(`load/${dialect}: ${LOAD_SECONDS} s at ${LOAD_CONNECTIONS} connections…`);
        const samples: number[] = [];
        const sampler = setInterval(() => samples.push(process.memoryUsage().rss), 1000);
        const out = await new Promise<string>((resolve, reject) => {
          execFile(
            process.execPath,
            [AUTOCANNON, '--json', '-c', String(LOAD_CONNECTIONS), '-d', String(LOAD_SECONDS), '--har', har, url],
            { maxBuffer: 64 * 1024 * 1024 },
            (err, stdout) => (err ? reject(err) : resolve(stdout)),
          );
        });
        clearInterval(sampler);
        const result = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; timeouts: number; non2xx: number };
        const after = await bench.db.kysely.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const minute = Math.min(60, Math.floor(samples.length / 3));
        const row: LoadRunRow = {
          dialect,
          seconds: LOAD_SECONDS,
          requests: result.requests.total,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          writes: Number(after.n) - Number(before.n),
          rssFirstMinuteMb: mb(median(samples.slice(0, minute))),
          rssLastMinuteMb: mb(median(samples.slice(-minute))),
          rssMaxMb: mb(Math.max(...samples)),
        };
        rows.push(row);
        log(`load/${dialect}: ${row.requests} requests (${row.writes} writes), ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx}, memory ${row.rssFirstMinuteMb} → ${row.rssLastMinuteMb} MB (max ${row.rssMaxMb})`);
      } finally {
        await app.close();
      }
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
      await bench.dispose();
    }
  }
  return rows;
}
