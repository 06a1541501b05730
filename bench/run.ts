/**
 * `npm run bench [-- name …]`: runs the benchmarks (all, or those named: search,
 * membership, supervision, expert-draw, instances, api, load, frontend, files)
 * and writes their sections of bench/RESULTS.md, leaving the other sections as they were
 * (not part of CI). Set BENCH_DATABASE_URL=postgres://… to run the database benchmarks on
 * PostgreSQL too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { machine } from './lib';
import { BULK_ROWS, LIST_CONNECTIONS, PRACTITIONER_COUNT, runMembershipBench, UNIT_COUNT } from './membership';
import { ARTICLE_COUNT, runSearchBench, SEARCH_CONNECTIONS } from './search';
import { API_ARTICLES, API_CONNECTIONS, runApiBench } from './api';
import { LOAD_CONNECTIONS, LOAD_SECONDS, runLoadBench } from './load';
import { INSTANCES_ARTICLES, INSTANCES_CONNECTIONS, runInstancesBench } from './instances';
import { runSupervisionBench, SUPERVISION_CONNECTIONS, SUPERVISION_SIZES } from './supervision';
import { LIGHTHOUSE_RETRIES, LIGHTHOUSE_RUNS, runFrontendBench } from './frontend';
import { MIN_GOOD_RUNS } from './lighthouseRuns';
import { FILES_RUNS, HASH_GOOD_RUNS, runHashBench, runUploadBench } from './files';
import { EXPERT_DRAW_SIZES, EXPERT_DRAW_TARGET_MS, IN_PROCESS_TARGET_MS, runExpertDrawBench } from './expert-draw';

const P99_TARGET_MS = 50;
/**
 * The staff practitioner list with a keyword at 50 connections: 100,000 records searched by
 * prefix, counted and paged, the caller authenticated, on every request (no answer is shared
 * between staff members), so its bound under load is wider than a public read's.
 */
const STAFF_LIST_LOAD_P99_MS = 100;
const met = (ok: boolean) => (ok ? 'met' : 'missed');

/** Each benchmark renders its own section of RESULTS.md. */
const BENCHMARKS: Record<string, () => Promise<string[]>> = {
  search: async () => {
    const search = await runSearchBench();
    return [
      `## Site search at ${ARTICLE_COUNT.toLocaleString('en')} published articles`,
      '',
      `Target: p99 under ${P99_TARGET_MS} ms. "Engine": one uncached search at a time (pages 1–5), in process. "HTTP": autocannon at ${SEARCH_CONNECTIONS} connections repeating the query, so the result cache (server/fulltext/cache.ts) answers, as it does for popular searches.`,
      '',
      '| database | query | hits | engine p50 ms | engine p99 ms | HTTP requests/s | HTTP p50 ms | HTTP p99 ms | target |',
      '|---|---|---:|---:|---:|---:|---:|---:|---|',
      ...search.map(
        (r) =>
          `| ${r.dialect} | ${r.query} | ${r.hits} | ${r.engine.p50} | ${r.engine.p99} | ${r.result.rps.toFixed(0)} | ${r.result.p50} | ${r.result.p99} | ${met(r.engine.p99 < P99_TARGET_MS && r.result.p99 < P99_TARGET_MS && r.result.errors === 0 && r.result.non2xx === 0)} |`,
      ),
    ];
  },
  membership: async () => {
    const rows = await runMembershipBench();
    return [
      `## Membership at ${PRACTITIONER_COUNT.toLocaleString('en')} practitioners in ${UNIT_COUNT} units`,
      '',
      `Targets: the staff practitioner list with a keyword p99 under ${P99_TARGET_MS} ms one request at a time and under ${STAFF_LIST_LOAD_P99_MS} ms at ${LIST_CONNECTIONS} connections; ${BULK_ROWS.toLocaleString('en')} practitioners export in under 5 s and import (validated, each row a record, an account with its password hash, a review record and a log row) in under 15 s, with the server's memory growth under 100 MB. "One at a time": ${200} sequential requests through HTTP with different surnames and pages; "${LIST_CONNECTIONS} connections": autocannon, median of three 5-second runs. Memory: the resident set of the process that runs the server, sampled every 20 ms.`,
      '',
      '| database | list hits | one at a time p50 / p99 ms | 50 connections req/s | p99 ms | export rows | export s | export MB | import rows | import s | import MB | targets |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...rows.map(
        (r) =>
          `| ${r.dialect} | ${r.listHits} | ${r.listEngine.p50} / ${r.listEngine.p99} | ${r.listHttp.rps.toFixed(0)} | ${r.listHttp.p99} | ${r.exportRows} | ${r.exportSeconds} | ${r.exportMemoryMb} | ${r.importRows}${r.importFailures ? ` (${r.importFailures} failed)` : ''} | ${r.importSeconds} | ${r.importMemoryMb} | list ${met(r.listEngine.p99 < P99_TARGET_MS)} (one at a time), ${met(r.listHttp.p99 < STAFF_LIST_LOAD_P99_MS)} (50 conn.); export ${met(r.exportSeconds < 5 && r.exportMemoryMb < 100)}; import ${met(r.importSeconds < 15 && r.importMemoryMb < 100 && r.importFailures === 0)} |`,
      ),
    ];
  },
  supervision: async () => {
    const rows = await runSupervisionBench();
    const s = SUPERVISION_SIZES;
    return [
      `## Supervision: the review queue and the workbench at ${s.units} units, ${s.practitioners.toLocaleString('en')} practitioners, ${s.projects.toLocaleString('en')} projects and ${s.years} years of inspections`,
      '',
      `Target: p99 under 100 ms. "One at a time": 200 sequential requests through HTTP, the read cache emptied before each (the queries' own cost); "${SUPERVISION_CONNECTIONS} connections": autocannon, median of three 5-second runs, with the read cache (server/http/readCache.ts: one computation shared by requests within 3 s, cleared by every write) as many staff opening the same page would share it.`,
      '',
      '| database | endpoint | one at a time p50 / p99 ms | 50 connections req/s | p50 ms | p99 ms | target |',
      '|---|---|---:|---:|---:|---:|---|',
      ...rows.map(
        (r) =>
          `| ${r.dialect} | ${r.endpoint} | ${r.one.p50} / ${r.one.p99} | ${r.http.rps.toFixed(0)} | ${r.http.p50} | ${r.http.p99} | ${met(r.one.p99 < 100)} (one at a time), ${met(r.http.p99 < 100 && r.http.errors === 0 && r.http.non2xx === 0)} (50 conn.) |`,
      ),
    ];
  },
  'expert-draw': async () => {
    const rows = await runExpertDrawBench();
    const s = EXPERT_DRAW_SIZES;
    return [
      `## Quality review: the expert draw at ${s.experts.toLocaleString('en')} experts with ${s.conflictsEach} declared conflicts each`,
      '',
      `Targets: the draw and its verification p99 under ${EXPERT_DRAW_TARGET_MS} ms; the 回避 rules and the draw in process well under ${IN_PROCESS_TARGET_MS} ms. One request at a time through HTTP: ${s.drawRuns} draws (each a new round of one task, the whole pool recorded each time) and ${s.verifyRuns} verifications over the rounds drawn; in process: classifyPool + drawPanel ${s.inProcessRuns} times on the library in memory with all ${(s.experts * s.conflictsEach).toLocaleString('en')} conflicts handed over. A measurement that failed says so instead of a time.`,
      '',
      '| database | measure | runs | p50 ms | p99 ms | max ms | seen | target |',
      '|---|---|---:|---:|---:|---:|---|---|',
      ...rows.map((r) => {
        if (!r.timing.ok) return `| ${r.dialect} | ${r.measure} | failed | | | | ${r.detail}; ${r.timing.error} | failed |`;
        const target = r.dialect === 'in process' ? IN_PROCESS_TARGET_MS : EXPERT_DRAW_TARGET_MS;
        return `| ${r.dialect} | ${r.measure} | ${r.timing.runs} | ${r.timing.p50} | ${r.timing.p99} | ${r.timing.max} | ${r.detail} | ${met(r.timing.p99 < target)} |`;
      }),
    ];
  },
  api: async () => {
    const rows = await runApiBench();
    return [
      `## The API against this machine's ceiling (${API_ARTICLES.toLocaleString('en')} articles, 100,000 practitioners)`,
      '',
      `Measured with autocannon at ${API_CONNECTIONS} connections (its own process), medians of three 5-second runs; "ceiling" = a bare Fastify route in the same process returning a body of the same size from memory, measured right after. Targets: public reads at ≥ 50 % of the ceiling with p99 under ${P99_TARGET_MS} ms; the staff practitioner list p99 under ${STAFF_LIST_LOAD_P99_MS} ms.`,
      '',
      '| database | endpoint | body bytes | requests/s | p50 ms | p99 ms | ceiling requests/s | share | target |',
      '|---|---|---:|---:|---:|---:|---:|---:|---|',
      ...rows.map((r) => {
        const share = r.result.rps / r.ceiling.rps;
        const isPublic = r.endpoint.startsWith('public');
        const ok = r.result.p99 < (isPublic ? P99_TARGET_MS : STAFF_LIST_LOAD_P99_MS) && (!isPublic || share >= 0.5) && r.result.errors === 0 && r.result.non2xx === 0;
        return `| ${r.dialect} | ${r.endpoint} | ${r.bytes} | ${r.result.rps.toFixed(0)} | ${r.result.p50} | ${r.result.p99} | ${r.ceiling.rps.toFixed(0)} | ${(100 * share).toFixed(0)} % | ${met(ok)} |`;
      }),
    ];
  },
  load: async () => {
    const rows = await runLoadBench();
    return [
      `## Load: ${LOAD_SECONDS / 60} minutes of mixed reads and writes at ${LOAD_CONNECTIONS} connections`,
      '',
      'The mix: the public home, article list and detail, the footer, the staff article list (with and without a keyword), and one request in five a staff member saving a draft article; autocannon cycling through the mix in its own process. Passes with zero errors and non-2xx answers and memory that levels off (last minute within 15 % of the first).',
      '',
      '| database | requests | writes | requests/s | p50 ms | p99 ms | errors | non-2xx | memory first → last minute MB (max) | target |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
      ...rows.map((r) => {
        const flat = r.rssLastMinuteMb <= r.rssFirstMinuteMb * 1.15;
        return `| ${r.dialect} | ${r.requests} | ${r.writes} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.rssFirstMinuteMb} → ${r.rssLastMinuteMb} (${r.rssMaxMb}) | ${met(r.errors === 0 && r.non2xx === 0 && flat)} |`;
      }),
    ];
  },
  instances: async () => {
    const rows = await runInstancesBench();
    const title = `## Several instances: the public article list (${INSTANCES_ARTICLES.toLocaleString('en')} articles, PostgreSQL)`;
    if (typeof rows === 'string') return [title, '', rows];
    const base = rows[0]?.result.rps ?? 1;
    const byName = new Map(rows.map((r) => [r.setup, r.result.rps]));
    return [
      title,
      '',
      `WORKERS=1 against WORKERS=2 on this machine, and through nginx (deploy/nginx/wenping.conf) against direct, in one run. Real server processes; autocannon at ${INSTANCES_CONNECTIONS} connections in its own process (which competes for the same cores), medians of three 5-second runs.`,
      '',
      '| setup | requests/s | p50 ms | p99 ms | errors | vs WORKERS=1 direct | nginx vs direct |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map((r) => {
        const direct = byName.get(r.setup.replace('through nginx', 'direct')) ?? r.result.rps;
        const viaNginx = r.setup.endsWith('through nginx') ? (r.result.rps / direct).toFixed(2) : '';
        return `| ${r.setup} | ${r.result.rps.toFixed(0)} | ${r.result.p50} | ${r.result.p99} | ${r.result.errors + r.result.non2xx} | ${(r.result.rps / base).toFixed(2)} | ${viaNginx} |`;
      }),
    ];
  },
  files: async () => {
    const up = await runUploadBench();
    const hash = await runHashBench();
    return [
      '## Files: a large upload, the instant upload, hashing in the browser',
      '',
      `Upload: ${up.sizeMb} MB through POST /file/upload on loopback (the real server process, SQLite, multipart streamed from disk; the server hashes in a worker thread while it writes a temporary file, then renames it into the store) against \`cp\` of the same file to the same disk, medians of ${FILES_RUNS} runs, each with new content; memory: the server's resident set during the upload (/proc, every 50 ms) minus before. Instant upload: the same content again under a new id (status by MD5, then /file/upload/instant). Hashing: the built MD5 worker (2 MB chunks; engine: ${hash.ok ? hash.engine : 'not measured'}) on ${hash.sizeMb} MB in Chromium under the app's Content-Security-Policy, each run in a fresh browser context, against \`md5sum\`, medians of ${HASH_GOOD_RUNS} good runs (a failed run is retried and named, never counted); the longest main-thread task meanwhile.`,
      '',
      '| measure | result | target |',
      '|---|---:|---|',
      `| upload ${up.sizeMb} MB | ${up.uploadSeconds} s (cp ${up.cpSeconds} s): ${up.ratio} × cp | ≥ 0.5 × cp: ${met(up.ratio >= 0.5)} |`,
      `| server memory growth during the upload | ${up.memoryGrowthMb} MB | < 64 MB: ${met(up.memoryGrowthMb < 64)} |`,
      `| second upload of the same content | ${up.instantMs} ms, ${up.instantStoredOnce ? 'no second copy stored' : 'a second copy was stored'} | instant: ${met(up.instantStoredOnce && up.instantMs < 1000)} |`,
      ...(hash.ok
        ? [
            `| hashing ${hash.sizeMb} MB in Chromium | ${hash.browserMbPerS} MB/s (md5sum ${hash.md5sumMbPerS} MB/s): ${hash.ratio} × md5sum${hash.sameDigest ? '' : ', DIGEST DIFFERS'} | ≥ 0.4 × md5sum: ${met(hash.ratio >= 0.4 && hash.sameDigest)} |`,
            `| longest main-thread task while hashing | ${hash.longestTaskMs} ms | none over 100 ms: ${met(hash.longestTaskMs <= 100)} |`,
          ]
        : [`| hashing ${hash.sizeMb} MB in Chromium | failed: ${hash.error.replaceAll('|', '/')} | ≥ 0.4 × md5sum: failed |`]),
    ];
  },
  frontend: async () => {
    const { bytes, lighthouse } = await runFrontendBench();
    const JS_TARGET_KB = 300;
    return [
      '## Front end: bytes of a first visit, and Lighthouse',
      '',
      `The built app (dist/) served by the real server with the demo data, in Debian's Chromium. Bytes: JavaScript and CSS bodies as sent (compressed) on a first visit with an empty cache, lazy chunks included. Target: \`/\` under ${JS_TARGET_KB} KB of JavaScript.`,
      '',
      '| page | path | JS files | JS KB | CSS KB | target |',
      '|---|---|---:|---:|---:|---|',
      ...bytes.map((b) => `| ${b.page} | \`${b.path}\` | ${b.jsFiles} | ${b.jsKb} | ${b.cssKb} | ${b.path === '/' ? met(b.jsKb < JS_TARGET_KB) : ''} |`),
      '',
      `Lighthouse 12 (npm), its desktop and mobile presets, median of ${Math.max(LIGHTHOUSE_RUNS, MIN_GOOD_RUNS)} good runs (a run Lighthouse reports as failed is retried up to ${LIGHTHOUSE_RETRIES} times, and a row without enough good runs says why). Targets: performance ≥ 98 desktop and ≥ 90 mobile; accessibility and best practices 100; on mobile LCP ≤ 2500 ms and TBT ≤ 200 ms.`,
      '',
      '| page | form factor | performance | accessibility | best practices | LCP ms | TBT ms | runs | targets |',
      '|---|---|---:|---:|---:|---:|---:|---|---|',
      ...lighthouse.map((r) => {
        const runs = `${r.goodRuns} good${r.failedRuns.length ? `, ${r.failedRuns.length} failed (${r.failedRuns.join('; ')})` : ''}`;
        if (!r.ok) return `| ${r.page} | ${r.formFactor} | failed | | | | | ${runs} | failed: ${r.error} |`;
        const m = r.metrics;
        const mobile = r.formFactor === 'mobile';
        const ok = m.performance >= (mobile ? 90 : 98) && m.accessibility === 100 && m.bestPractices === 100 && (!mobile || (m.lcpMs <= 2500 && m.tbtMs <= 200));
        return `| ${r.page} | ${r.formFactor} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.lcpMs} | ${m.tbtMs} | ${runs} | ${met(ok)} |`;
      }),
    ];
  },
};

const RESULTS = path.join(path.dirname(new URL(import.meta.url).pathname), 'RESULTS.md');

/** Replaces (or appends) the section between `<!-- bench:name -->` markers. */
function writeSection(text: string, name: string, body: string[]): string {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const section = [start, ...body, end].join('\n');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) return text.slice(0, from) + section + text.slice(to + end.length);
  return `${text.trimEnd()}\n\n${section}\n`;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((n) => !(n in BENCHMARKS));
  if (unknown.length) throw new Error(`未知的基准测试：${unknown.join(', ')}（可选：${Object.keys(BENCHMARKS).join(', ')}）`);
  const names = wanted.length ? wanted : Object.keys(BENCHMARKS);
  let text = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : '';
  if (!text.startsWith('# Benchmark results')) text = '# Benchmark results\n\nWritten by `npm run bench`; each section says when and where it ran.\n';
  for (const name of names) {
    const started = new Date();
    const body = await BENCHMARKS[name]();
    const stamp = `_Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}._`;
    text = writeSection(text, name, [body[0], '', stamp, ...body.slice(1), '']);
    fs.writeFileSync(RESULTS, text);
  }
  console.log(`\n写入 ${RESULTS}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
