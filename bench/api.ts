/**
 * The API against this machine's ceiling: with 10,000 published articles and 100,000
 * practitioners, autocannon at 50 connections against the public article list, a public
 * article detail, the public footer and the staff practitioner list with a keyword; beside
 * each, in the same run, a bare Fastify route in the same process returning a body of the same
 * size from memory. Medians of three 5-second runs; SQLite, and PostgreSQL when
 * BENCH_DATABASE_URL is set.
 */
import Fastify from 'fastify';
import { adminToken, benchDialects, loadMedian, openBenchDatabase, settleAfterSeeding, startApp, type LoadResult } from './lib';
import { seedMembership } from './membership';
import { seedArticles } from './search';

export const API_ARTICLES = 10_000;
export const API_CONNECTIONS = 50;

export interface ApiBenchRow {
  dialect: string;
  endpoint: string;
  bytes: number;
  result: LoadResult;
  ceiling: LoadResult;
}

export async function runApiBench(log: (line: string) => void = console.log): Promise<ApiBenchRow[]> {
  const rows: ApiBenchRow[] = [];
  for (const dialect of benchDialects) {
    const bench = await openBenchDatabase(dialect);
    try {
      const { app, url } = await startApp(bench);
      const bodies: string[] = [];
      const ceiling = Fastify({ logger: false });
      ceiling.get<{ Params: { n: string } }>('/:n', async (request, reply) => reply.type('application/json; charset=utf-8').send(bodies[Number(request.params.n)]));
      await ceiling.listen({ port: 0, host: '127.0.0.1' });
      const address = ceiling.server.address();
      const ceilingUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      try {
        log(`api/${dialect}: seeding ${API_ARTICLES} articles and the practitioners…`);
        const articles = await seedArticles(bench.db.kysely, API_ARTICLES);
        await seedMembership(bench.db.kysely, app.pii);
        await settleAfterSeeding(bench);
        const token = await adminToken(url);
        const endpoints: { name: string; path: string; headers?: Record<string, string> }[] = [
          { name: 'public article list', path: '/api/v1/public/articles?category=news&current=1&pageSize=10' },
          { name: 'public article detail', path: `/api/v1/public/articles/${articles[100]?.id ?? ''}` },
          { name: 'public footer', path: '/api/v1/public/site-pages/footer' },
          { name: 'staff practitioner list "张"', path: `/api/v1/practitioners?current=1&pageSize=10&keyword=${encodeURIComponent('张')}`, headers: { token } },
        ];
        for (const endpoint of endpoints) {
          const probe = await fetch(`${url}${endpoint.path}`, { headers: endpoint.headers });
          const body = await probe.text();
          if (probe.status !== 200 || !body.includes('"status":1')) throw new Error(`${endpoint.name}: ${probe.status} ${body.slice(0, 200)}`);
          bodies.push(body);
          const result = await loadMedian(`${url}${endpoint.path}`, 3, { connections: API_CONNECTIONS, headers: endpoint.headers });
          const bare = await loadMedian(`${ceilingUrl}/${bodies.length - 1}`, 3, { connections: API_CONNECTIONS });
          rows.push({ dialect, endpoint: endpoint.name, bytes: Buffer.byteLength(body), result, ceiling: bare });
          log(
            `api/${dialect} ${endpoint.name} (${Buffer.byteLength(body)} B): ${result.rps.toFixed(0)} req/s p50 ${result.p50} p99 ${result.p99} ms; ceiling ${bare.rps.toFixed(0)} req/s (${((100 * result.rps) / bare.rps).toFixed(0)} %)`,
          );
        }
      } finally {
        await ceiling.close();
        await app.close();
      }
    } finally {
      await bench.dispose();
    }
  }
  return rows;
}
