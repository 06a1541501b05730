// The API server compiled ahead of time (esbuild): server/index.ts as one ES module and the
// sheet-reading worker as another, beside it, under the name server/excel/import.ts starts it
// by (sheetWorkerBoot.mjs, found next to the running module). Packages stay in node_modules,
// so the output directory must be inside the repository.
//
// Why: `npm start` and the tests that start real server processes ran the TypeScript through
// tsx's loader, which compiled and resolved every module at each start (about 3 s here, 5 s of
// CPU, against 1.4 s and 1.7 s for the bundle), and the sheet worker compiled its TypeScript again
// in each new worker thread (README.md, "Benchmarks").
import { build } from 'esbuild';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where `npm start` puts it (ignored by git). */
export const defaultServerBundleDir = path.join(repoRoot, 'dist-server');

/**
 * Builds the bundle into `outDir` and resolves to the entry's path. Built beside and then renamed
 * into place, so that a process starting meanwhile never reads half a file.
 */
export async function buildServerBundle(outDir = defaultServerBundleDir) {
  const staging = `${outDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(outDir), { recursive: true });
  await build({
    absWorkingDir: repoRoot,
    entryPoints: { index: 'server/index.ts', sheetWorkerBoot: 'server/excel/sheetWorker.ts' },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    tsconfig: path.join(repoRoot, 'tsconfig.json'),
    logLevel: 'warning',
  });
  // The old bundle out of the way first: a rename onto a non-empty directory fails.
  const old = `${outDir}.${process.pid}.old`;
  rmSync(old, { recursive: true, force: true });
  try {
    renameSync(outDir, old);
  } catch {
    // none yet
  }
  renameSync(staging, outDir);
  rmSync(old, { recursive: true, force: true });
  return path.join(outDir, 'index.mjs');
}

/**
 * A bundle of its own for a test run or a benchmark (`tag` names it), under node_modules/.cache
 * (inside the repository, so that its packages resolve); `remove()` deletes it afterwards.
 */
export async function buildScratchServerBundle(tag) {
  const dir = path.join(repoRoot, 'node_modules/.cache/wenping-server', tag);
  const entry = await buildServerBundle(dir);
  return { entry, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The arguments for `node` that run a bundle's entry (stack traces point into the TypeScript). */
export function serverNodeArgs(entry) {
  return ['--enable-source-maps', entry];
}

// `npm run build:server`: the bundle for a release (deploy/systemd/wenping.service runs it).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = await buildServerBundle();
  console.log(`已编译服务端：${path.relative(repoRoot, entry)}`);
}
