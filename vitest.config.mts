import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const at = (p: string) => path.join(root, p);

// Umi's aliases, so that tests import pages and app code exactly as the build does.
const alias = [
  { find: /^@umijs\/max$/, replacement: at('src/.umi/exports.ts') },
  { find: /^umi$/, replacement: at('src/.umi/exports.ts') },
  { find: /^@@\//, replacement: `${at('src/.umi')}/` },
  { find: /^@\//, replacement: `${at('src')}/` },
  { find: /^@common\//, replacement: `${at('common')}/` },
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'common/**/*.test.ts'],
          setupFiles: [at('tests/unit/setup.ts')],
          testTimeout: 20000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          // Each file opens its own database; PostgreSQL runs share one server, so keep files apart.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // One real server (built SPA + API, fresh database) for the whole run.
          globalSetup: [at('tests/e2e/globalSetup.ts')],
          testTimeout: 90000,
          hookTimeout: 120000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
