/**
 * The audit trail (等保 2.0 安全审计; README.md, "个人信息保护与安全"): security events with their
 * result, address and user agent; a hash chain that finds an edited or deleted row (API and
 * `npm run audit:verify`); no route that changes audit rows; the daily purge that keeps the chain
 * verifiable; the three separated administrator roles.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEPARATED_ADMIN_ROLES } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type { AuditVerifyResult, OperationLogRecord } from '@common/schemas/operationLogs';
import type { RoleRecord } from '@common/schemas/roles';
import { purgeExpiredAudit } from '../../server/audit/retention';
import { loadConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { createTestApp, dialects, type TestContext } from './helpers';

const UA = 'Mozilla/5.0 (审计测试)';

describe('audit retention setting', () => {
  it('refuses a retention under 180 days with a clear message', () => {
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '90' })).toThrow(/AUDIT_RETENTION_DAYS 不能小于 180/);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '200' }).auditRetentionDays).toBe(200);
    expect(loadConfig({}).auditRetentionDays).toBe(365);
  });
});

describe.each(dialects)('audit trail (%s)', (dialect) => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    // The purge test moves the clock 400 days on: staff passwords must not expire meanwhile.
    t = await createTestApp(dialect, { demo: true, env: { PASSWORD_MAX_AGE_DAYS: '0' } });
    admin = await t.adminToken();
  });
  afterAll(async () => t?.close());

  const logs = (action: string) =>
    t.db.kysely.selectFrom('operation_logs').selectAll().where('action', '=', action).orderBy('id').execute();
  // A fresh login each time: the purge test moves the clock past the session's idle limit.
  const verify = async () => (await t.call<AuditVerifyResult>('GET', 'operation-logs/verify', { token: await t.adminToken() })).body.data;

  it('records failed and successful logins, lock-out and logout with result, address and user agent', async () => {
    const headers = { 'user-agent': UA };
    await t.call('POST', 'user/auth/login', { body: { loginAccount: 'nobody', password: 'Wrong@1234', authType: 1 }, ip: '10.1.1.1', headers });
    for (let i = 0; i < 5; i += 1) {
      await t.call('POST', 'user/auth/login', { body: { loginAccount: 'demo_unit', password: 'Wrong@1234', authType: 2 }, ip: '10.1.1.2', headers });
    }
    const failed = await logs('login-failed');
    const unknown = failed.find((r) => r.summary.includes('nobody'));
    expect(unknown).toMatchObject({ result: 'failure', ip: '10.1.1.1', user_agent: UA, entity_id: null });
    expect(unknown?.summary).toContain('账号不存在');
    expect(failed.filter((r) => r.summary.includes('demo_unit')).length).toBeGreaterThanOrEqual(5);
    const locks = await logs('lock');
    expect(locks.at(-1)).toMatchObject({ ip: '10.1.1.2', user_agent: UA });

    const ok = await t.call<{ token: string }>('POST', 'user/auth/login', {
      body: { loginAccount: 'demo_staff', password: DEMO_PASSWORD, authType: 1 },
      ip: '10.1.1.3',
      headers,
    });
    await t.call('POST', 'user/auth/logout', { token: ok.body.data.token, ip: '10.1.1.3', headers });
    expect((await logs('login')).at(-1)).toMatchObject({ result: 'success', ip: '10.1.1.3', user_agent: UA });
    expect((await logs('logout')).at(-1)).toMatchObject({ result: 'success', ip: '10.1.1.3' });

    const page = await t.call<Page<OperationLogRecord>>('GET', 'operation-logs?result=failure&pageSize=100', { token: admin });
    expect(page.body.data.list.length).toBeGreaterThan(0);
    expect(page.body.data.list.every((r) => r.result === 'failure')).toBe(true);
  });

  it('keeps an intact chain, and names the first row that was edited or deleted', async () => {
    expect(await verify()).toMatchObject({ ok: true, firstBad: null });
    const rows = await t.db.kysely.selectFrom('operation_logs').select(['id', 'summary']).orderBy('id').execute();
    expect(rows.length).toBeGreaterThan(5);
    const victim = rows[3];
    await t.db.kysely.updateTable('operation_logs').set({ summary: `${victim.summary}（已篡改）` }).where('id', '=', victim.id).execute();
    expect(await verify()).toMatchObject({ ok: false, checked: 3, firstBad: { id: String(victim.id) } });
    await t.db.kysely.updateTable('operation_logs').set({ summary: victim.summary }).where('id', '=', victim.id).execute();
    expect((await verify()).ok).toBe(true);

    // Deleting a row breaks the link of the one after it.
    const gone = rows[4];
    const copy = await t.db.kysely.selectFrom('operation_logs').selectAll().where('id', '=', gone.id).executeTakeFirstOrThrow();
    await t.db.kysely.deleteFrom('operation_logs').where('id', '=', gone.id).execute();
    const broken = await verify();
    expect(broken.ok).toBe(false);
    expect(broken.firstBad?.id).toBe(String(rows[5].id));
    await t.db.kysely.insertInto('operation_logs').values(copy).execute();
    expect((await verify()).ok).toBe(true);

    if (dialect === 'sqlite') {
      // The same check from the command line, on the same database file.
      const cli = (env: Record<string, string>) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'server/audit/verifyCli.ts'], {
          encoding: 'utf8',
          env: { ...process.env, DATA_DIR: t.config.dataDir, ...env },
        });
      const good = cli({});
      expect(good.stdout).toContain('审计日志完整');
      expect(good.status).toBe(0);
      await t.db.kysely.updateTable('operation_logs').set({ actor_name: '某人' }).where('id', '=', victim.id).execute();
      const bad = cli({});
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain(`第 ${victim.id} 条记录`);
      await t.db.kysely.updateTable('operation_logs').set({ actor_name: copy.actor_name }).where('id', '=', victim.id).execute();
      const original = await t.db.kysely.selectFrom('operation_logs').select('actor_name').where('id', '=', victim.id).executeTakeFirstOrThrow();
      expect(original).toBeDefined();
    }
  });

  it('has no route that changes or deletes audit rows', () => {
    const routes = t.app.printRoutes({ commonPrefix: false, includeMeta: false });
    const auditLines = routes.split('\n').filter((l) => /operation-logs|audit/.test(l));
    expect(auditLines.length).toBeGreaterThan(0);
    for (const line of auditLines) expect(line, line).not.toMatch(/\b(POST|PUT|PATCH|DELETE)\b/);
  });

  it('purges rows past the retention period and keeps the chain verifiable', async () => {
    const before = await t.db.kysely.selectFrom('operation_logs').select('id').execute();
    t.clock.advanceMinutes(400 * 24 * 60);
    const purged = await purgeExpiredAudit(t.db.kysely, t.app, 365);
    expect(purged).toBe(before.length);
    const left = await t.db.kysely.selectFrom('operation_logs').selectAll().orderBy('id').execute();
    expect(left[0]).toMatchObject({ action: 'purge', entity: 'audit', actor_name: '系统' });
    expect(left[0].summary).toContain(`清除`);
    const after = await verify();
    expect(after).toMatchObject({ ok: true });
    expect(await purgeExpiredAudit(t.db.kysely, t.app, 365)).toBe(0);
  });

  it('separates the system, security and audit administrators', async () => {
    admin = await t.adminToken();
    const roles = (await t.call<Page<RoleRecord>>('GET', 'roles?pageSize=100', { token: admin })).body.data.list;
    const tokens: Record<string, string> = {};
    for (const r of SEPARATED_ADMIN_ROLES) {
      const role = roles.find((x) => x.code === r.code);
      expect(role, r.code).toBeDefined();
      const login = `t-${r.code}`;
      const created = await t.call('POST', 'users', {
        token: admin,
        body: { loginAccount: login, name: r.name, authType: 1, roleIds: [role?.id], password: 'Role@2026x' },
      });
      expect(created.body.status, created.body.message).toBe(1);
      tokens[r.code] = await t.login(login, 'Role@2026x');
    }
    const can = async (token: string, url: string) => (await t.call('GET', url, { token })).statusCode === 200;
    expect(await can(tokens['system-admin'], 'users')).toBe(true);
    expect(await can(tokens['system-admin'], 'operation-logs')).toBe(false);
    expect(await can(tokens['system-admin'], 'roles')).toBe(false);
    expect(await can(tokens['security-admin'], 'roles')).toBe(true);
    expect(await can(tokens['security-admin'], 'users')).toBe(false);
    expect(await can(tokens['security-admin'], 'operation-logs')).toBe(false);
    expect(await can(tokens['audit-admin'], 'operation-logs')).toBe(true);
    expect(await can(tokens['audit-admin'], 'operation-logs/verify')).toBe(true);
    expect(await can(tokens['audit-admin'], 'users')).toBe(false);
    expect(await can(tokens['audit-admin'], 'roles')).toBe(false);
    // Built in: not deletable.
    const auditRole = roles.find((x) => x.code === 'audit-admin');
    const del = await t.call('DELETE', `roles/${auditRole?.id}`, { token: admin });
    expect(del.body.status).not.toBe(1);
  });

  it('refuses to start without the audit key once the chain exists', async () => {
    const { loadAuditKey } = await import('../../server/audit/key');
    const file = path.join(t.config.dataDir, 'audit.key');
    fs.renameSync(file, `${file}.moved`);
    try {
      await expect(loadAuditKey(t.config, t.db.kysely)).rejects.toThrow(/审计日志已使用哈希链/);
    } finally {
      fs.renameSync(`${file}.moved`, file);
    }
  });
});
