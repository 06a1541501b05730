/**
 * Starts the real server once for the end-to-end run: the built SPA from dist/ and the API
 * on a free port, with a fresh SQLite database (or TEST_DATABASE_URL is NOT used here: the
 * journeys check the product as `npm start` runs it) and the demo accounts seeded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN } from './accounts';
import { startMailbox } from './mailbox';
import { buildScratchServerBundle, serverNodeArgs } from '../../scripts/serverBundle.mjs';
import { PROCESS_START_MS } from '../waits';

const root = path.resolve(__dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /**
     * The server's SQLite file (DATA_DIR/app.db, server/config.ts), for a journey that must move a
     * date the server's real clock would take days to reach (credit.test.ts: the 7-day 公示).
     */
    sqliteFile: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + PROCESS_START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`服务进程已退出（${child.exitCode}），日志：${logFile}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`服务在 ${PROCESS_START_MS / 1000} 秒内没有就绪，日志：${logFile}`);
}

/**
 * The built front end: dist/, or E2E_STATIC_DIR (a copy of a build, for a checkout where
 * another `npm run build` may empty dist/ while the journeys run).
 */
const staticDir = process.env.E2E_STATIC_DIR ? path.resolve(process.env.E2E_STATIC_DIR) : path.join(root, 'dist');

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`${path.join(staticDir, 'index.html')} 不存在：端到端测试针对构建后的前端，请先运行 \`npm run build\``);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  // E-mail goes to a real SMTP server in this run (./mailbox.ts); the scanner looks every minute.
  const mailbox = await startMailbox();
  const log = createWriteStream(logFile);
  // The server compiled as `npm start` runs it (scripts/serverBundle.mjs), into a folder of this run.
  const bundle = await buildScratchServerBundle(`e2e-${process.pid}`);
  const child = spawn(process.execPath, serverNodeArgs(bundle.entry), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: staticDir,
      ADMIN_ACCOUNT: E2E_ADMIN.loginAccount,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...mailbox.env,
      NOTICE_SCAN_MINUTES: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, logFile);
  project.provide('baseURL', baseURL);
  // DATABASE_URL is empty above: SQLite in DATA_DIR under the name server/config.ts gives it.
  project.provide('sqliteFile', path.join(dataDir, 'app.db'));
  project.provide('mailboxURL', mailbox.url);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r).once('error', r));
    log.end();
    await mailbox.close();
    if (process.env.KEEP_E2E_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
    bundle.remove();
  };
}
