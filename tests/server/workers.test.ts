/**
 * WORKERS=N (README.md, "Running in production"): N server processes on one port, a dead one
 * replaced, all stopped by one SIGTERM; refused on SQLite, which serves one process.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { ADMIN_PASSWORD, TEST_DATABASE_URL } from './helpers';
import { createPgDatabase, freePort, startServer, stopServer, type ServerProcess } from './processes';
import { until } from '../waits';

function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

describe('WORKERS', () => {
  it('is a whole number or auto, and more than one needs PostgreSQL', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: 'auto', DATABASE_URL: 'postgres://x@localhost/db' }).workers).toBe(Math.max(1, os.availableParallelism()));
    expect(() => loadConfig({ WORKERS: 'two' })).toThrow(/环境变量 WORKERS/);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS=2 需要 PostgreSQL/);
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'runs two processes on one port, replaces one that dies, and stops on one SIGTERM',
    async () => {
      const database = await createPgDatabase(TEST_DATABASE_URL ?? '');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workers-'));
      let server: ServerProcess | undefined;
      try {
        const port = await freePort();
        const running = await startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD, PORT: String(port), WORKERS: '2' });
        server = running;
        expect(server.output()).toContain('（2 个服务进程）');
        const health = async () => ((await (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).json()) as { status: number }).status;
        for (let i = 0; i < 6; i++) expect(await health()).toBe(1);

        const workers = childPids(server.child.pid ?? 0);
        expect(workers).toHaveLength(2);
        process.kill(workers[0] ?? 0, 'SIGKILL');
        // The primary forks a replacement; the other process answers meanwhile.
        await until(() => running.output().includes('正在重新启动'), 'the primary restarting the killed worker', 100);
        expect(server.output()).toContain('意外退出');
        await until(() => childPids(running.child.pid ?? 0).length >= 2, 'a replacement worker', 200);
        const replaced = childPids(server.child.pid ?? 0);
        expect(replaced).toHaveLength(2);
        expect(replaced).not.toContain(workers[0]);
        for (let i = 0; i < 6; i++) expect(await health()).toBe(1);

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
      } finally {
        await stopServer(server);
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!TEST_DATABASE_URL)(
    'stops with a failing exit code when its processes cannot start (the port is taken)',
    async () => {
      const database = await createPgDatabase(TEST_DATABASE_URL ?? '');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workers-taken-'));
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
      const address = taken.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      try {
        await expect(
          startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD, PORT: String(port), WORKERS: '2' }),
        ).rejects.toThrow(/exited with [1-9][0-9]* before starting[\s\S]*服务进程未能启动/);
      } finally {
        taken.close();
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
