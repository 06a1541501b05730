// `npm start`: build the front end when it is missing or older than its sources, compile the
// server (about a second, every start: scripts/serverBundle.mjs), then run it; it serves the
// built SPA and the API on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle, serverNodeArgs } from './serverBundle.mjs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.STATIC_DIR ?? 'dist');
const sources = ['src', 'common', 'public', 'config', '.umirc.ts', 'package.json'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    // Umi's generated folders change on every setup; they are outputs, not sources.
    if (entry.startsWith('.umi')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const indexHtml = path.join(dist, 'index.html');
const stale =
  !existsSync(indexHtml) ||
  Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) > statSync(indexHtml).mtimeMs;

if (stale && process.env.SKIP_BUILD !== '1') {
  console.log('正在构建前端（首次启动或源码有更新），请稍候……');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/@umijs/max/bin/max.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const entry = await buildServerBundle();
const server = spawn(process.execPath, [...serverNodeArgs(entry), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, STATIC_DIR: dist },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
