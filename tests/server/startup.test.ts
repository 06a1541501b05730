/** server/index.ts as a real process: migrate, seed, print the admin and demo logins once. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

describe('server/index.ts --seed-only', () => {
  it('creates the super administrator with a generated password printed once, and the demo logins', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-start-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'silent' };
    try {
      const first = await run(tsx, ['server/index.ts', '--seed-only', '--demo'], { cwd: root, env });
      expect(first.stdout).toMatch(/已创建超级管理员：账号 admin，初始密码 \S{16}（仅显示这一次/);
      expect(first.stdout).toContain('demo_unit / Demo@2026');
      expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(true);

      const second = await run(tsx, ['server/index.ts', '--seed-only'], { cwd: root, env });
      expect(second.stdout).not.toContain('初始密码');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a bad setting with a clear message', async () => {
    const env = { ...process.env, PORT: 'eighty', LOG_LEVEL: 'silent' };
    await expect(run(tsx, ['server/index.ts', '--seed-only'], { cwd: root, env })).rejects.toMatchObject({
      stderr: expect.stringContaining('环境变量 PORT'),
    });
  });
});
