/**
 * server/index.ts as a real process, compiled as `npm start` runs it (./processes.ts): migrate,
 * seed, print the admin and demo logins once.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openSqliteFile } from '../../server/db/sqlite';
import { describe, expect, it } from 'vitest';
import { FULL_COST_N } from '../../server/security/passwords';
import { DEMO_PASSWORD } from '../../server/db/seed/demoAccounts';
import { repoRoot as root, serverCommand } from './processes';
import { PROCESS_START_MS } from '../waits';

const execFileAsync = promisify(execFile);
/** The compiled server with these arguments, to its exit. */
const run = async (args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) => execFileAsync(process.execPath, await serverCommand(args), options);

describe('server/index.ts --seed-only', () => {
  it('creates the super administrator with a generated password printed once, and the demo logins', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-start-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'silent' };
    try {
      const first = await run(['--seed-only', '--demo'], { cwd: root, env });
      expect(first.stdout).toMatch(/已创建超级管理员：账号 admin，初始密码 \S{16}（仅显示这一次/);
      expect(first.stdout).toContain(`demo_unit / ${DEMO_PASSWORD}`);
      expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(true);
      // A server process hashes chosen passwords at full cost, whatever the tests' own cost (./passwordCost.ts).
      const db = openSqliteFile(path.join(dataDir, 'app.db'), { readOnly: true });
      try {
        const hashes = db.prepare("select login_account, password_hash from accounts where login_account in ('admin', 'demo_unit') order by login_account").all() as unknown as { login_account: string; password_hash: string }[];
        expect(hashes.map((h) => [h.login_account, h.password_hash.split('$').slice(0, 2).join('$')])).toEqual([
          ['admin', `scrypt$${FULL_COST_N}`],
          ['demo_unit', `scrypt$${FULL_COST_N}`],
        ]);
      } finally {
        db.close();
      }

      const second = await run(['--seed-only'], { cwd: root, env });
      expect(second.stdout).not.toContain('初始密码');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Two processes, the first seeding the whole demo: seconds on a quiet machine, over 30 s
    // beside the journeys (npm test runs them side by side).
  });

  it('refuses a weak ADMIN_PASSWORD', async () => {
    const env = { ...process.env, ADMIN_PASSWORD: 'admin', LOG_LEVEL: 'silent' };
    await expect(run(['--seed-only'], { cwd: root, env })).rejects.toMatchObject({
      stderr: expect.stringContaining('ADMIN_PASSWORD 不符合密码规则'),
    });
  });

  it('refuses a bad setting with a clear message', async () => {
    const env = { ...process.env, PORT: 'eighty', LOG_LEVEL: 'silent' };
    await expect(run(['--seed-only'], { cwd: root, env })).rejects.toMatchObject({
      stderr: expect.stringContaining('环境变量 PORT'),
    });
  });
});

describe('server/index.ts', () => {
  it('listens, answers, and exits cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-serve-'));
    // node itself, not a wrapper (tsx's relayed SIGTERM only once it had heard that the server
    // installed its handler, and on a busy machine died of the signal itself, exit 143).
    const child = spawn(process.execPath, await serverCommand(), {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Admin@12345' },
    });
    try {
      let output = '';
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start line in: ${output}`)), PROCESS_START_MS);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const m = /服务已启动: http:\/\/localhost:(\d+)/.exec(output);
          if (m) {
            clearTimeout(timer);
            resolve(Number(m[1]));
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(await health.json()).toMatchObject({ status: 1, data: { database: 'sqlite' } });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
