/**
 * What the server logs (README.md, "个人信息保护与安全"): never a password, a token, a whole ID
 * number or a phone, even at trace level, even when they are in a query string, a header or a body.
 * (`npm test` also scans the whole server suite's log with scripts/scan-logs.mjs.)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { makeIdCardNo } from '../../server/db/seed/demoData';
import { ADMIN_PASSWORD, createTestApp, dialects } from './helpers';

describe.each(dialects)('log redaction (%s)', (dialect) => {
  it('keeps secrets and personal data out of a trace-level log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const t = await createTestApp(dialect, { demo: true, logger: { level: 'trace', stream } });
    const idCardNo = makeIdCardNo('330106', '19850312', 77, true);
    const phone = '13912345678';
    try {
      await t.call('POST', 'user/auth/login', { body: { loginAccount: 'admin', password: 'Wrong@12345', authType: 1 } });
      const token = await t.adminToken();
      await t.call('GET', `practitioners?keyword=${idCardNo}&phone=${phone}`, { token });
      await t.call('GET', `users?keyword=${phone}`, { token });
      await t.call('POST', 'users', { token, body: { loginAccount: 'x', name: 'x', authType: 1, phone, idCardNo, password: 'Secret@98765-Kq9' } });
      await t.call('PUT', 'user/set/password', { token, body: { oldPassword: ADMIN_PASSWORD, newPassword: 'Changed@12345-Kq9' } });
      await t.call('GET', 'user/current', { token, headers: { cookie: `sid=${token}` } });
      t.app.log.info({ token, password: 'Secret@98765-Kq9', idCardNo, phone, nested: { idCardNo, phone } }, 'a careless log call');

      const log = lines.join('\n');
      expect(lines.length).toBeGreaterThan(10);
      for (const secret of [ADMIN_PASSWORD, 'Wrong@12345', 'Secret@98765-Kq9', 'Changed@12345-Kq9', token, idCardNo, phone]) {
        expect(log.includes(secret), secret).toBe(false);
      }
      // The request lines are still there, without their query strings.
      expect(log).toContain('/api/v1/practitioners?…');

      // And the scanner CI runs over the whole suite's log finds what this log must not hold.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-'));
      const file = path.join(dir, 'bad.log');
      fs.writeFileSync(file, `${log}\n{"msg":"oops ${idCardNo}"}\n`);
      const scan = spawnSync(process.execPath, ['scripts/scan-logs.mjs', file], { encoding: 'utf8' });
      expect(scan.status).toBe(1);
      expect(scan.stderr).toContain('身份证号码');
      // A response time whose fraction has 18 digits that happen to pass the check digit is no ID
      // number (seen in a CI run's log).
      expect(idCardNo).toMatch(/^\d{18}$/);
      fs.writeFileSync(file, `${log}\n{"responseTime":0.${idCardNo}}\n`);
      expect(spawnSync(process.execPath, ['scripts/scan-logs.mjs', file]).status).toBe(0);
      fs.rmSync(dir, { recursive: true, force: true });
    } finally {
      await t.close();
    }
  });
});
