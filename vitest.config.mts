import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { CONDITION_WAIT_MS, JOURNEY_MS, TEST_MS } from './tests/waits.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const at = (p: string) => path.join(root, p);

// Vitest's default on two cores is one worker; two keep both cores busy (the suites are
// CPU-bound: a second worker took the unit tests from 7.3 to 5.3 minutes here).
const workers = Math.max(2, os.availableParallelism() - 1);

/**
 * Unit test files that replace modules (vi.mock) need a module registry of their own: a page
 * imported by an earlier file would keep the real module; so do files that say so (ISOLATED,
 * e.g. the one that renders Umi's whole runtime). The others share one registry per worker,
 * which spares each file the import of antd, pro-components and the app (about half of the
 * unit suite's time).
 */
const ISOLATED = 'needs an isolated module registry';
const unitDir = at('tests/unit');
const unitFiles = fs.readdirSync(unitDir).filter((f) => /\.test\.tsx?$/.test(f));
const mocking = unitFiles.filter((f) => {
  const text = fs.readFileSync(path.join(unitDir, f), 'utf8');
  return text.includes('vi.mock(') || text.includes(ISOLATED);
});

// Umi's aliases, so that tests import pages and app code exactly as the build does.
const alias = [
  { find: /^@umijs\/max$/, replacement: at('src/.umi/exports.ts') },
  { find: /^umi$/, replacement: at('src/.umi/exports.ts') },
  { find: /^@@\//, replacement: `${at('src/.umi')}/` },
  { find: /^@\//, replacement: `${at('src')}/` },
  { find: /^@common\//, replacement: `${at('common')}/` },
];

// expect.poll waits for its condition as long as any other wait does (tests/waits.ts). Each
// project says so itself: a project takes nothing from the root's test options.
const expectOptions = { poll: { timeout: CONDITION_WAIT_MS } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          expect: expectOptions,
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'common/**/*.test.ts'],
          exclude: mocking.map((f) => `tests/unit/${f}`),
          setupFiles: [at('tests/unit/setup.ts')],
          testTimeout: TEST_MS,
          hookTimeout: TEST_MS,
          maxWorkers: workers,
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-mocked',
          expect: expectOptions,
          environment: 'happy-dom',
          include: mocking.map((f) => `tests/unit/${f}`),
          setupFiles: [at('tests/unit/setup.ts')],
          testTimeout: TEST_MS,
          hookTimeout: TEST_MS,
          maxWorkers: workers,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          expect: expectOptions,
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: TEST_MS,
          hookTimeout: TEST_MS,
          // Files in parallel: each opens its own SQLite file or PostgreSQL schema, in a database
          // of its worker's own (globalSetup.ts); the tests that start processes take free ports.
          maxWorkers: workers,
          // One module graph per worker instead of one per file: the files import the whole
          // server, which took 140 s of the run; no test relies on fresh module state.
          isolate: false,
          globalSetup: [at('tests/server/globalSetup.ts')],
          setupFiles: [at('tests/server/setup.ts')],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          expect: expectOptions,
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // One real server (built SPA + API, fresh database) for the whole run.
          globalSetup: [at('tests/e2e/globalSetup.ts')],
          testTimeout: JOURNEY_MS,
          hookTimeout: TEST_MS,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
