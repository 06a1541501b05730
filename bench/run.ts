/**
 * `npm run bench`: runs the benchmarks and writes bench/RESULTS.md (not part of CI).
 * Set BENCH_DATABASE_URL=postgres://… to run the database benchmarks on PostgreSQL too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { machine } from './lib';
import { ARTICLE_COUNT, runSearchBench, SEARCH_CONNECTIONS } from './search';

const P99_TARGET_MS = 50;

async function main(): Promise<void> {
  const started = new Date();
  const search = await runSearchBench();
  const lines = [
    '# Benchmark results',
    '',
    `Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}. Written by \`npm run bench\`; medians of three 5-second autocannon runs after a warm-up.`,
    '',
    `## Site search at ${ARTICLE_COUNT.toLocaleString('en')} published articles`,
    '',
    `Target: p99 under ${P99_TARGET_MS} ms. "Engine": one uncached search at a time (pages 1–5), in process. "HTTP": autocannon at ${SEARCH_CONNECTIONS} connections repeating the query, so the result cache (server/search/cache.ts) answers, as it does for popular searches.`,
    '',
    '| database | query | hits | engine p50 ms | engine p99 ms | HTTP requests/s | HTTP p50 ms | HTTP p99 ms | target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...search.map(
      (r) =>
        `| ${r.dialect} | ${r.query} | ${r.hits} | ${r.engine.p50} | ${r.engine.p99} | ${r.result.rps.toFixed(0)} | ${r.result.p50} | ${r.result.p99} | ${r.engine.p99 < P99_TARGET_MS && r.result.p99 < P99_TARGET_MS && r.result.errors === 0 && r.result.non2xx === 0 ? 'met' : 'missed'} |`,
    ),
    '',
  ];
  const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'RESULTS.md');
  fs.writeFileSync(out, lines.join('\n'));
  console.log(`\n写入 ${out}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
