/**
 * The audit trail's list (GET /operation-logs) filters by actor, event, object, result and time
 * (days as the page sends them); the export needs system:log:export; the integrity check
 * answers the number of rows checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { AuditVerifyResult, OperationLogRecord } from '@common/schemas/operationLogs';
import { insertRole } from '../../server/security/roles';
import { beijingDay } from '@common/calendar';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { addAccount } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('operation-log filters on %s', (dialect) => {
  let t: TestContext;
  let viewer: string;
  let exporter: string;
  let nobody: string;
  let unitAccountId = '';
  let unitName = '';

  async function staff(login: string, codes: string[]): Promise<string> {
    const roleId = await insertRole(t.db.kysely, { code: `role-${login}`, name: login, permissions: codes }, new Date().toISOString());
    await addAccount(t, login, 1, null);
    const account = await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', login).executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('account_roles').values({ account_id: account.id, role_id: roleId }).execute();
    return t.login(login, 'Other@2026x', 1);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    viewer = await staff('log_viewer', ['system:log:view']);
    exporter = await staff('log_exporter', ['system:log:view', 'system:log:export']);
    nobody = await staff('log_nobody', ['workbench:view']);
    const account = await t.db.kysely.selectFrom('accounts').select(['id', 'name']).where('login_account', '=', 'demo_unit').executeTakeFirstOrThrow();
    unitAccountId = account.id;
    unitName = account.name;
    await t.call('POST', 'user/auth/login', { body: { loginAccount: 'demo_unit', password: 'Wrong@2026x', authType: 2 }, ip: '10.3.3.3' });
    await t.login('demo_unit', DEMO_PASSWORD, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string, token = viewer) => {
    const res = await t.call<Page<OperationLogRecord>>('GET', `operation-logs?pageSize=100&${query}`, { token });
    expect(res.body.status).toBe(1);
    return res.body.data.list;
  };

  it('filters by actor name, event, result and object', async () => {
    const byActor = await list(`actor=${encodeURIComponent(unitName.slice(0, 2))}`);
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((r) => (r.actorName ?? '').includes(unitName.slice(0, 2)))).toBe(true);

    const failures = await list('action=login-failed&result=failure');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((r) => r.action === 'login-failed' && r.result === 'failure')).toBe(true);
    expect(failures.some((r) => r.ip === '10.3.3.3')).toBe(true);

    const object = await list(`entity=account&entityId=${unitAccountId}`);
    expect(object.length).toBeGreaterThanOrEqual(2);
    expect(object.every((r) => r.entity === 'account' && r.entityId === unitAccountId)).toBe(true);
    expect(new Set(object.map((r) => r.action))).toEqual(new Set(['login', 'login-failed']));
  });

  it('filters by day (Beijing time, both ends inclusive)', async () => {
    const today = beijingDay(t.clock.now());
    expect((await list(`fromDay=${today}&toDay=${today}`)).length).toBeGreaterThan(0);
    t.clock.advanceMinutes(3 * 24 * 60);
    // Staff sessions end after 30 idle minutes: log in again.
    viewer = await t.login('log_viewer', 'Other@2026x', 1);
    await t.login('demo_unit', DEMO_PASSWORD, 2);
    const later = beijingDay(t.clock.now());
    const rows = await list(`fromDay=${later}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => beijingDay(new Date(r.createdAt)) >= later)).toBe(true);
    expect((await list(`toDay=${today}&fromDay=${today}`)).every((r) => beijingDay(new Date(r.createdAt)) === today)).toBe(true);
    const bad = await t.call('GET', 'operation-logs?fromDay=2026-1-1', { token: viewer });
    expect(bad.body.status).toBe(10);
  });

  it('needs system:log:view to read and verify, system:log:export to export', async () => {
    viewer = await t.login('log_viewer', 'Other@2026x', 1);
    exporter = await t.login('log_exporter', 'Other@2026x', 1);
    nobody = await t.login('log_nobody', 'Other@2026x', 1);
    expect((await t.call('GET', 'operation-logs', { token: nobody })).statusCode).toBe(403);
    expect((await t.call('GET', 'operation-logs/verify', { token: nobody })).statusCode).toBe(403);
    const verify = await t.call<AuditVerifyResult>('GET', 'operation-logs/verify', { token: viewer });
    expect(verify.body.data).toMatchObject({ ok: true, firstBad: null });
    expect(verify.body.data.checked).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/operation-logs/export', headers: { token: viewer } })).statusCode).toBe(403);
    const file = await t.app.inject({ method: 'GET', url: '/api/v1/operation-logs/export?action=login-failed', headers: { token: exporter } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });
});
