/** Ownership helpers for later modules, and the operation-log list. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { OperationLogRecord } from '@common/schemas/operationLogs';
import { assertOwnPractitioner, assertSameUnit, unitFilterFor } from '../../server/security/guard';
import type { AuthUser } from '../../server/security/user';
import { BizError } from '../../server/http/errors';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { createTestApp, dialects, type TestContext } from './helpers';

const base: AuthUser = {
  id: 'u',
  loginAccount: 'u',
  name: 'u',
  authType: 2,
  unitId: 'unit-a',
  practitionerId: null,
  permissions: [],
  roleCodes: [],
  roleNames: [],
  mustChangePassword: false,
  lastLoginAt: null,
  sensitivePiConsent: true,
  sessionId: 's',
};

const status30 = (fn: () => void) => {
  try {
    fn();
  } catch (err) {
    return err instanceof BizError ? err.status : 'other';
  }
  return 'passed';
};

describe('ownership scope helpers', () => {
  it('lets a member unit touch only its own unit', () => {
    expect(status30(() => assertSameUnit(base, 'unit-a'))).toBe('passed');
    expect(status30(() => assertSameUnit(base, 'unit-b'))).toBe(30);
    expect(status30(() => assertSameUnit({ ...base, unitId: null }, null))).toBe(30);
    expect(status30(() => assertSameUnit({ ...base, authType: 1, unitId: null }, 'unit-b'))).toBe('passed');
    expect(unitFilterFor(base)).toBe('unit-a');
    expect(unitFilterFor({ ...base, authType: 1, unitId: null })).toBeNull();
  });

  it("lets a practitioner touch only their own record, and their unit its practitioners'", () => {
    const practitioner: AuthUser = { ...base, authType: 3, practitionerId: 'p1' };
    expect(status30(() => assertOwnPractitioner(practitioner, { practitionerId: 'p1', unitId: 'unit-a' }))).toBe('passed');
    expect(status30(() => assertOwnPractitioner(practitioner, { practitionerId: 'p2', unitId: 'unit-a' }))).toBe(30);
    expect(status30(() => assertOwnPractitioner(base, { practitionerId: 'p2', unitId: 'unit-a' }))).toBe('passed');
    expect(status30(() => assertOwnPractitioner(base, { practitionerId: 'p3', unitId: 'unit-b' }))).toBe(30);
  });
});

describe.each(dialects)('operation logs on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records logins, logouts and changes, and lists them newest first to staff with the code', async () => {
    const admin = await t.adminToken();
    const unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    await t.call('POST', 'user/auth/logout', { token: unit });
    const created = await t.call<{ id: string }>('POST', 'roles', {
      token: admin,
      body: { code: 'logged', name: '日志测试', permissions: [] },
    });

    const res = await t.call<Page<OperationLogRecord>>('GET', 'operation-logs?pageSize=100', { token: admin });
    expect(res.body.status).toBe(1);
    const actions = res.body.data.list.map((l) => `${l.entity}:${l.action}`);
    expect(actions.slice(0, 3)).toEqual(['role:create', 'account:logout', 'account:login']);
    const roleLog = res.body.data.list[0];
    expect(roleLog).toMatchObject({ entityId: created.body.data.id, actorName: '超级管理员' });
    expect(roleLog.requestId).toBeTruthy();

    const filtered = await t.call<Page<OperationLogRecord>>('GET', 'operation-logs?entity=role&keyword=日志', { token: admin });
    expect(filtered.body.data.total).toBe(1);

    const staff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    expect((await t.call('GET', 'operation-logs', { token: staff })).body.status).toBe(30);
  });
});
