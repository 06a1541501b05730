// `npm test`: type-check, lint and the production build, the unit tests, the server tests and
// the end-to-end journeys in Chromium against the real server. It ends with the plain line
// `N passed, N failed` that CI reads (type-check, lint, build and the log scan count as one
// check each).
//
// CI's budget is 20 minutes on two cores. Every step is CPU-bound except the journeys, which
// keep about one core of two busy, so the steps run in two lanes (below): the build and the
// journeys beside all the others, and the machine stays busy throughout.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reportDir = mkdtempSync(path.join(tmpdir(), 'test-report-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e` runs just those steps
const chosen = (step) => !only.length || only.includes(step);

let passed = 0;
let failed = 0;
const summary = [];

/** Seconds each step took, printed with the summary (CI's time budget is spent here). */
const seconds = new Map();

/**
 * Runs one step's command. Its output is kept and printed whole when the step ends (steps run
 * side by side, and the log reads step by step). Resolves to whether it exited with 0.
 */
function run(label, command, args, { env = {} } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
      resolve(ok);
    };
    child.on('error', (err) => {
      output.push(Buffer.from(`${err.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

/** A summary line with the step's time. */
function line(ok, label, detail = '') {
  const took = seconds.has(label) ? `（${seconds.get(label)} s）` : '';
  return `${ok ? '通过' : '失败'}  ${label}${detail}${took}`;
}

/** A step that passes or fails as a whole (type-check, lint, build, the log scan). */
async function check(label, command, args, options) {
  const ok = await run(label, command, args, options);
  if (ok) passed += 1;
  else failed += 1;
  return () => summary.push(line(ok, label));
}

/** A vitest step: its tests count one by one, read from its JSON report. */
async function vitest(project, { env = {}, projects = [project] } = {}) {
  const out = path.join(reportDir, `${project}.json`);
  const label = `vitest ${project}`;
  const ok = await run(
    label,
    bin('vitest'),
    ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { env },
  );
  if (!existsSync(out)) {
    failed += 1;
    return () => summary.push(`失败  ${label}（没有生成报告）`);
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
  if (!ok && p + f === 0) failed += 1;
  const failures = failuresIn(report);
  return () => summary.push(line(ok, label, `: ${p} passed, ${f} failed`), ...failures);
}

/**
 * The failed tests of a vitest JSON report, one line each with the first line of its error:
 * the summary is the end of the log, the part CI keeps when the log is long.
 */
function failuresIn(report) {
  const escape = String.fromCharCode(27); // the terminal colours vitest puts in its messages
  const firstLine = (text) => String(text ?? '').split(escape).map((part, i) => (i ? part.replace(/^\[[0-9;]*m/, '') : part)).join('').trim().split('\n')[0].slice(0, 300);
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const test of failedTests) lines.push(`      ✗ ${name} > ${test.fullName}：${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && !failedTests.length) lines.push(`      ✗ ${name}：${firstLine(file.message)}`);
  }
  return lines;
}

// Two lanes side by side (each step prints as one block when it ends):
// - the journeys' lane: the production build, then the journeys in Chromium against it. The
//   journeys wait on the browser and the server much of the time: alone they keep about one core
//   of two busy (README.md, "Tests").
// - the checks' lane: type-check and lint side by side, then the unit tests, then the server
//   suite and the scan of its log. These are CPU-bound and take whatever the journeys leave.
// The summary lists the steps in the order below, whichever ended first.
const ORDER = ['typecheck', 'lint', 'build', 'vitest unit', 'vitest server', 'log-scan', 'vitest e2e', 'e2e'];
const adders = new Map();

async function journeysLane() {
  // The journeys need the built app: built here when they run.
  if (chosen('build') || chosen('e2e')) {
    adders.set('build', await check('build', process.execPath, [path.join(root, 'node_modules/@umijs/max/bin/max.js'), 'build']));
  }
  if (!chosen('e2e')) return;
  if (existsSync(path.join(root, 'dist/index.html'))) {
    adders.set('vitest e2e', await vitest('e2e'));
  } else {
    failed += 1;
    adders.set('e2e', () => summary.push('失败  e2e（前端未能构建）'));
  }
}

async function checksLane() {
  const [typecheck, lint] = await Promise.all([
    chosen('typecheck') && check('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
    chosen('lint') && check('lint', bin('eslint'), ['.', '--max-warnings=0']),
  ]);
  if (typecheck) adders.set('typecheck', typecheck);
  if (lint) adders.set('lint', lint);
  // Two projects, one step: files that mock modules run isolated (vitest.config.mts).
  if (chosen('unit')) adders.set('vitest unit', await vitest('unit', { projects: ['unit', 'unit-mocked'] }));
  // The server suite logs everything at trace level into one file, which is then searched for
  // passwords, tokens, ID numbers and phones (README.md, "个人信息保护与安全").
  if (chosen('server')) {
    const serverLog = path.join(reportDir, 'server.log');
    adders.set('vitest server', await vitest('server', { env: { TEST_LOG_FILE: serverLog } }));
    adders.set('log-scan', await check('log-scan', process.execPath, [path.join(root, 'scripts/scan-logs.mjs'), serverLog]));
  }
}

await Promise.all([journeysLane(), checksLane()]);
for (const label of ORDER) adders.get(label)?.();

rmSync(reportDir, { recursive: true, force: true });
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
// Not process.exit(): stdout to a pipe is written asynchronously, and exiting at once could cut
// off the steps' output and this summary, the lines CI reads.
process.exitCode = failed ? 1 : 0;
