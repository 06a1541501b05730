// `npm run dev`: the API server (restarting on change) and Umi's dev server, which proxies
// /api to it (config/proxy.ts). Both stop together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '8000';

const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Open the SPA on the dev server's port (8001); 8000 serves only what was last built.
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/@umijs/max/bin/max.js'), 'dev'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort, PORT: process.env.WEB_PORT ?? '8001' },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
