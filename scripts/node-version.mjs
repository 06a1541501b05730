// The Node.js this project runs on: package.json's `engines.node` (the one place it is said,
// README.md "Runtime"). `node scripts/node-version.mjs` (npm's preinstall, and the start of
// `npm start` and `npm test`) stops with a clear message on an older Node, before anything
// is installed or started: the server needs Node's own SQLite module (server/db/sqlite.ts).
// Plain Node, no dependencies: it runs before the install.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The lowest version package.json's engines.node (">=X.Y.Z") allows, as [major, minor, patch]. */
export function requiredNode() {
  const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node ?? '';
  const match = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node must read ">=X.Y.Z", not "${range}"`);
  return match.slice(1).map(Number);
}

/** Whether `version` ("22.16.0", no "v") is at least `floor`. */
export function satisfies(version, floor) {
  const have = version.split('.').map((part) => Number.parseInt(part, 10));
  for (let i = 0; i < 3; i += 1) {
    if ((have[i] ?? 0) !== floor[i]) return (have[i] ?? 0) > floor[i];
  }
  return true;
}

/** Exits with a message unless the running Node is at least the required one. */
export function requireSupportedNode() {
  const floor = requiredNode();
  if (satisfies(process.versions.node, floor)) return;
  const wanted = floor.join('.');
  console.error(
    [
      `需要 Node.js ${wanted} 或更高版本（22 LTS），当前为 ${process.version}。`,
      `This project needs Node.js ${wanted} or later (the 22 LTS line); this is ${process.version}.`,
      'Install Node.js 22 LTS, or on Linux put it first on PATH for this shell from the npm registry:',
      '  source scripts/provision-node.sh',
      '(README.md, "Runtime")',
    ].join('\n'),
  );
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) requireSupportedNode();
