// `npm test`: type-check, lint, unit and server tests, a production build, then the
// end-to-end journeys in Chromium against the real server. It ends with the plain line
// `N passed, N failed` that CI reads (type-check, lint and build count as one check each).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reportDir = mkdtempSync(path.join(tmpdir(), 'test-report-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e` runs just those steps

let passed = 0;
let failed = 0;
const summary = [];

/** Seconds each step took, printed with the summary (CI's time budget is spent here). */
const seconds = new Map();

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  seconds.set(label, Math.round((Date.now() - started) / 1000));
  return result.status === 0;
}

/** A summary line with the step's time. */
function line(ok, label, detail = '') {
  const took = seconds.has(label) ? `（${seconds.get(label)} s）` : '';
  return `${ok ? '通过' : '失败'}  ${label}${detail}${took}`;
}

function check(label, command, args, step = label) {
  if (only.length && !only.includes(step)) return true;
  const ok = run(label, command, args);
  if (ok) passed += 1;
  else failed += 1;
  summary.push(line(ok, label));
  return ok;
}

/**
 * Runs checks at the same time, each printing its output as one block when it ends (so the
 * log reads as if they had run one after the other).
 */
async function checkTogether(steps) {
  const chosen = steps.filter(([label]) => !only.length || only.includes(label));
  const results = await Promise.all(
    chosen.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          let ended = false;
          const finish = (ok) => {
            if (ended) return;
            ended = true;
            seconds.set(label, Math.round((Date.now() - started) / 1000));
            console.log(`\n=== ${label} ===`);
            process.stdout.write(Buffer.concat(output));
            resolve([label, ok]);
          };
          child.on('error', (err) => {
            output.push(Buffer.from(`${err.message}\n`));
            finish(false);
          });
          child.on('close', (code) => finish(code === 0));
        }),
    ),
  );
  for (const [label, ok] of results) {
    if (ok) passed += 1;
    else failed += 1;
    summary.push(line(ok, label));
  }
}

function vitest(project, env = {}, projects = [project]) {
  if (only.length && !only.includes(project)) return;
  const out = path.join(reportDir, `${project}.json`);
  const ok = run(
    `vitest ${project}`,
    bin('vitest'),
    ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  if (!existsSync(out)) {
    failed += 1;
    summary.push(`失败  vitest ${project}（没有生成报告）`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const p = report.numPassedTests ?? 0;
  // A file that fails to load has a failed suite but no failed test: count it as one failure.
  const suitesFailedWithoutTests = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && !(r.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  const f = (report.numFailedTests ?? 0) + suitesFailedWithoutTests;
  passed += p;
  failed += f;
  summary.push(line(ok, `vitest ${project}`, `: ${p} passed, ${f} failed`));
  if (!ok && p + f === 0) failed += 1;
}

// Type-check and lint each keep one core busy: side by side they take the longer one's time.
await checkTogether([
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
]);
// Two projects, one step: files that mock modules run isolated (vitest.config.mts).
vitest('unit', {}, ['unit', 'unit-mocked']);
// The server suite logs everything at trace level into one file, which is then searched for
// passwords, tokens, ID numbers and phones (README.md, "个人信息保护与安全").
const serverLog = path.join(reportDir, 'server.log');
vitest('server', { TEST_LOG_FILE: serverLog });
check('log-scan', process.execPath, [path.join(root, 'scripts/scan-logs.mjs'), serverLog], 'server');
const built = check('build', process.execPath, [path.join(root, 'node_modules/@umijs/max/bin/max.js'), 'build']);
if (built || existsSync(path.join(root, 'dist/index.html'))) vitest('e2e');
else if (!only.length || only.includes('e2e')) {
  failed += 1;
  summary.push('失败  e2e（前端未能构建）');
}

rmSync(reportDir, { recursive: true, force: true });
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
