/**
 * Real server processes for the tests and benchmarks of several instances (README.md,
 * "Running in production"): the compiled server as `npm start` runs it (scripts/serverBundle.mjs;
 * `node` itself, not a wrapper, so that a signal reaches the server), free ports, throw-away
 * PostgreSQL databases, and a private nginx configured from deploy/nginx/wenping.conf.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { buildScratchServerBundle, serverNodeArgs } from '../../scripts/serverBundle.mjs';
import { PROCESS_START_MS } from '../waits';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Set by the server suite's globalSetup.ts: the bundle it compiled once for the whole run. */
export const SERVER_BUNDLE_ENV = 'TEST_SERVER_BUNDLE';

let compiled: Promise<string> | undefined;

/**
 * The compiled server's entry: the run's (SERVER_BUNDLE_ENV), or one compiled now for this
 * process (a benchmark, a test file run outside the suite), inside the repository so that its
 * packages resolve.
 */
export function serverEntry(): Promise<string> {
  const given = process.env[SERVER_BUNDLE_ENV];
  if (given) return Promise.resolve(given);
  if (!compiled) {
    compiled = buildScratchServerBundle(`p${process.pid}`).then(({ entry, remove }) => {
      process.once('exit', remove);
      return entry;
    });
  }
  return compiled;
}

/** The command line that runs the compiled server with these arguments. */
export async function serverCommand(args: string[] = []): Promise<string[]> {
  return [...serverNodeArgs(await serverEntry()), ...args];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
}

/** Starts the compiled server/index.ts and resolves once it prints its start line. */
export async function startServer(env: Record<string, string>, timeoutMs = PROCESS_START_MS): Promise<ServerProcess> {
  const child = spawn(process.execPath, await serverCommand(), {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start line within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      const m = /服务已启动: http:\/\/localhost:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before starting:\n${output}`));
    });
  });
  return { child, port, output: () => output, exited };
}

export async function stopServer(server: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

/** A new database on the test PostgreSQL server; drop() removes it. */
export async function createPgDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `inst_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const NGINX_BIN = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? null;

/**
 * deploy/nginx/wenping.conf with these ports and paths, inside a minimal main configuration.
 * Throws when the site file no longer has a line this relies on, so that the file and its test
 * cannot drift apart.
 */
export function privateNginxConfig(dir: string, listenPort: number, upstreamPorts: number[], staticRoot: string, options: { servedBy?: boolean } = {}): string {
  let site = fs.readFileSync(path.join(repoRoot, 'deploy/nginx/wenping.conf'), 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(site)) throw new Error(`deploy/nginx/wenping.conf no longer contains ${pattern}`);
    site = site.replace(pattern, by);
  };
  replace(/^\s*server 127\.0\.0\.1:8000 (.*);$/m, upstreamPorts.map((p) => `    server 127.0.0.1:${p} $1;`).join('\n'));
  replace(/^\s*listen 80;$/m, `    listen 127.0.0.1:${listenPort};`);
  replace(/^\s*root \/opt\/wenping\/dist;$/m, `    root ${staticRoot};`);
  // Which instance answered: only in tests (production should not reveal it).
  if (options.servedBy) replace(/location @app \{\n/, 'location @app {\n        add_header X-Served-By $upstream_addr always;\n');
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'daemon off;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    '  types { text/html html; application/javascript js; text/css css; }',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    `  include ${path.join(dir, 'site.conf')};`,
    '}',
  ].join('\n');
}

export interface PrivateNginx {
  port: number;
  stop(): Promise<void>;
}

/** Starts nginx on a free port in front of `upstreamPorts`; `dir` holds its configuration and temp files. */
export async function startNginx(dir: string, upstreamPorts: number[], staticRoot: string, options: { servedBy?: boolean } = {}): Promise<PrivateNginx> {
  if (!NGINX_BIN) throw new Error('nginx is not installed');
  for (const d of [dir, staticRoot]) fs.chmodSync(d, 0o755);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, privateNginxConfig(dir, port, upstreamPorts, staticRoot, options));
  const child = spawn(NGINX_BIN, ['-c', conf, '-p', dir], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const started = Date.now();
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      if (Date.now() - started > PROCESS_START_MS || child.exitCode !== null) throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
