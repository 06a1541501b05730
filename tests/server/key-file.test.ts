/**
 * Key files created once (README.md, "Running in production"): processes starting at the same
 * moment on one data directory all end up with the same key, never one each, and leave no temporary
 * file behind.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createKeyFileOnce, parseDataKey } from '../../server/pii/keys';
import { repoRoot } from './processes';

describe('createKeyFileOnce', () => {
  it('keeps the first key: a second call reads it back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'key-once-'));
    try {
      const file = path.join(dir, 'pii.key');
      const first = createKeyFileOnce(file, 'test');
      const second = createKeyFileOnce(file, 'test');
      expect(second.equals(first)).toBe(true);
      expect(parseDataKey(fs.readFileSync(file, 'utf8'), 'test').equals(first)).toBe(true);
      expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
      expect(fs.readdirSync(dir)).toEqual(['pii.key']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('six processes at once: one key for all', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'key-race-'));
    try {
      const file = path.join(dir, 'audit.key');
      const script = `import { createKeyFileOnce } from './server/pii/keys.ts'; console.log(createKeyFileOnce(${JSON.stringify(file)}, 'test').toString('hex'));`;
      const runs = await Promise.all(
        Array.from({ length: 6 }, () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot })),
      );
      const keys = new Set(runs.map((r) => r.stdout.trim()));
      expect(keys.size).toBe(1);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe([...keys][0]);
      expect(fs.readdirSync(dir)).toEqual(['audit.key']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
