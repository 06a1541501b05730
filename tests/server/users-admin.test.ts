/**
 * User management beyond CRUD: search by unit and unit name, the unit and role selects,
 * unlocking a locked account, showing the login name and resetting a password once, and a
 * role change that takes effect on the holder's very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@common/schemas/common';
import type { RoleRecord } from '@common/schemas/roles';
import type { RoleOption, UnitOption, UserRecord } from '@common/schemas/users';
import { DEMO_PASSWORD, DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { ADMIN_PASSWORD, createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('user management on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let unitName: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    unitName = (await t.db.kysely.selectFrom('member_units').select('name').where('id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow()).name;
  });
  afterAll(async () => {
    await t?.close();
  });

  const opLogs = (entityId: string) =>
    t.db.kysely.selectFrom('operation_logs').selectAll().where('entity_id', '=', entityId).orderBy('id').execute();

  const createStaff = async (loginAccount: string, password: string, roleIds: string[] = []) => {
    const res = await t.call<{ id: string }>('POST', 'users', {
      token: admin,
      body: { loginAccount, name: loginAccount, authType: 1, password, roleIds },
    });
    expect(res.body.status).toBe(1);
    return res.body.data.id;
  };

  const createRole = async (code: string, permissions: string[]) => {
    const res = await t.call<{ id: string }>('POST', 'roles', { token: admin, body: { code, name: code, permissions } });
    expect(res.body.status).toBe(1);
    return res.body.data.id;
  };

  it('shows the unit name of unit and practitioner accounts, and filters by unit and by unit name', async () => {
    const byUnit = await t.call<Page<UserRecord>>('GET', `users?unitId=${DEMO_UNIT_ID}&pageSize=100`, { token: admin });
    expect(byUnit.body.status).toBe(1);
    const logins = byUnit.body.data.list.map((u) => u.loginAccount);
    expect(logins).toEqual(expect.arrayContaining(['demo_unit', 'demo_practitioner']));
    expect(byUnit.body.data.list.every((u) => u.unitId === DEMO_UNIT_ID && u.unitName === unitName)).toBe(true);
    expect(byUnit.body.data.total).toBe(byUnit.body.data.list.length);

    const unitOnly = await t.call<Page<UserRecord>>('GET', `users?unitId=${DEMO_UNIT_ID}&authType=2`, { token: admin });
    expect(unitOnly.body.data.list.map((u) => u.loginAccount)).toContain('demo_unit');
    expect(unitOnly.body.data.list.every((u) => u.authType === 2)).toBe(true);

    // The keyword finds accounts by a part of their unit's name too.
    const part = unitName.slice(0, 4);
    const byName = await t.call<Page<UserRecord>>('GET', `users?keyword=${encodeURIComponent(part)}&pageSize=100`, { token: admin });
    expect(byName.body.data.list.map((u) => u.loginAccount)).toEqual(expect.arrayContaining(['demo_unit', 'demo_practitioner']));
    expect(byName.body.data.list.every((u) => (u.unitName ?? '').includes(part) || u.name.includes(part) || u.loginAccount.includes(part))).toBe(true);

    const staff = await t.call<Page<UserRecord>>('GET', 'users?keyword=admin&authType=1', { token: admin });
    expect(staff.body.data.list[0]).toMatchObject({ loginAccount: 'admin', unitId: null, unitName: null });

    const none = await t.call<Page<UserRecord>>('GET', 'users?unitId=no-such-unit', { token: admin });
    expect(none.body.data).toMatchObject({ total: 0, list: [] });
  });

  it('offers units and roles for the selects to anyone who may view users, and to nobody else', async () => {
    const part = unitName.slice(0, 4);
    const units = await t.call<UnitOption[]>('GET', `users/unit-options?keyword=${encodeURIComponent(part)}`, { token: admin });
    expect(units.body.data).toContainEqual({ id: DEMO_UNIT_ID, name: unitName });
    expect(units.body.data.every((u) => u.name.includes(part))).toBe(true);
    const one = await t.call<UnitOption[]>('GET', `users/unit-options?id=${DEMO_UNIT_ID}`, { token: admin });
    expect(one.body.data).toEqual([{ id: DEMO_UNIT_ID, name: unitName }]);
    const all = await t.call<UnitOption[]>('GET', 'users/unit-options', { token: admin });
    expect(all.body.data.length).toBeGreaterThan(1);
    expect(all.body.data.length).toBeLessThanOrEqual(20);

    const roles = await t.call<RoleOption[]>('GET', 'users/role-options', { token: admin });
    expect(roles.body.data).toContainEqual(expect.objectContaining({ code: 'super-admin', builtIn: true }));
    expect(roles.body.data).toContainEqual(expect.objectContaining({ code: 'content-editor', name: '内容编辑', builtIn: false }));

    // A user manager without the role codes still gets the role names to assign.
    const viewerRole = await createRole('user-viewer', ['system:user:view']);
    await createStaff('userviewer', 'Viewer123-Kq9', [viewerRole]);
    const viewer = await t.login('userviewer', 'Viewer123-Kq9', 1);
    expect((await t.call('GET', 'users/role-options', { token: viewer })).body.status).toBe(1);
    expect((await t.call('GET', 'roles', { token: viewer })).body.status).toBe(30);

    const editor = await t.login('demo_staff', DEMO_PASSWORD, 1);
    for (const url of ['users/unit-options', 'users/role-options']) {
      const res = await t.call('GET', url, { token: editor });
      expect(res.statusCode).toBe(403);
      expect(res.body.status).toBe(30);
    }
  });

  it('unlocks an account locked by wrong passwords, with the code, once, and logs it', async () => {
    const id = await createStaff('lockme', 'Lock12345-Kq9');
    // Locked for the address that guessed (server/security/loginLockout.ts), not for the owner elsewhere.
    for (let i = 0; i < t.config.loginMaxFailures; i += 1) {
      await t.call('POST', 'user/auth/login', { body: { loginAccount: 'lockme', password: 'wrong-one', authType: 1 }, ip: '10.77.0.1' });
    }
    const locked = await t.call('POST', 'user/auth/login', { body: { loginAccount: 'lockme', password: 'Lock12345-Kq9', authType: 1 }, ip: '10.77.0.1' });
    expect(locked.body.message).toContain('账号已锁定');
    const before = (await t.call<UserRecord>('GET', `users/${id}`, { token: admin })).body.data;
    expect(before.lockedUntil).toBeTruthy();

    const editor = await t.login('demo_staff', DEMO_PASSWORD, 1);
    const refused = await t.call('POST', `users/${id}/unlock`, { token: editor });
    expect(refused.statusCode).toBe(403);

    const unlocked = await t.call('POST', `users/${id}/unlock`, { token: admin });
    expect(unlocked.body).toMatchObject({ status: 1, message: '账号已解锁' });
    const after = (await t.call<UserRecord>('GET', `users/${id}`, { token: admin })).body.data;
    expect(after.lockedUntil).toBeNull();
    expect(after.version).toBe(before.version + 1);
    expect((await t.call('POST', 'user/auth/login', { body: { loginAccount: 'lockme', password: 'Lock12345-Kq9', authType: 1 }, ip: '10.77.0.1' })).body.status).toBe(1);

    const again = await t.call('POST', `users/${id}/unlock`, { token: admin });
    expect(again.body).toMatchObject({ status: 10, message: '该账号未被锁定' });
    expect((await opLogs(id)).filter((l) => l.action === 'unlock')).toHaveLength(1);
    expect((await t.call('POST', 'users/no-such-id/unlock', { token: admin })).statusCode).toBe(404);
  });

  it('shows the login name and resets the password to one shown once, after the caller confirms their own', async () => {
    const id = await createStaff('forgetful', 'Forget123-Kq9');
    const wrong = await t.call('POST', `users/${id}/reset-password`, { token: admin, body: { password: 'not-mine' } });
    expect(wrong.body).toMatchObject({ status: 10, message: '当前密码不正确' });

    const shown = await t.call<{ loginAccount: string; newPassword?: string }>('PUT', 'user/show/login_account', {
      token: admin,
      body: { userId: id, password: ADMIN_PASSWORD },
    });
    expect(shown.body.data).toEqual({ loginAccount: 'forgetful' });

    const reset = await t.call<{ loginAccount: string; newPassword: string }>('POST', `users/${id}/reset-password`, {
      token: admin,
      body: { password: ADMIN_PASSWORD },
    });
    expect(reset.body.status).toBe(1);
    expect(reset.body.data.loginAccount).toBe('forgetful');
    expect(reset.body.data.newPassword.length).toBeGreaterThanOrEqual(8);
    const oldLogin = await t.call('POST', 'user/auth/login', { body: { loginAccount: 'forgetful', password: 'Forget123-Kq9', authType: 1 }, ip: '10.78.0.1' });
    expect(oldLogin.body.status).toBe(10);
    const newLogin = await t.call<{ currentUser: { mustChangePassword: boolean } }>('POST', 'user/auth/login', {
      body: { loginAccount: 'forgetful', password: reset.body.data.newPassword, authType: 1 },
      ip: '10.78.0.2',
    });
    expect(newLogin.body.status).toBe(1);
    expect(newLogin.body.data.currentUser.mustChangePassword).toBe(true);
    // The password is stored only as a hash: reading the user never gives it back.
    expect(JSON.stringify((await t.call('GET', `users/${id}`, { token: admin })).body)).not.toContain(reset.body.data.newPassword);
    expect((await opLogs(id)).map((l) => l.action)).toEqual(expect.arrayContaining(['show-login-account', 'reset-password']));
  });

  it("applies a change to a role on the holder's next request, with the same token", async () => {
    const roleId = await createRole('probe', ['system:user:view']);
    await createStaff('prober', 'Probe1234-Kq9', [roleId]);
    const token = await t.login('prober', 'Probe1234-Kq9', 1);
    expect((await t.call('GET', 'users', { token })).body.status).toBe(1);
    const before = await t.call('GET', 'roles', { token });
    expect(before.statusCode).toBe(403);
    expect(before.body.status).toBe(30);

    const role = (await t.call<RoleRecord>('GET', `roles/${roleId}`, { token: admin })).body.data;
    expect(role.userCount).toBe(1);
    const grant = await t.call('PUT', `roles/${roleId}`, {
      token: admin,
      body: { permissions: ['system:user:view', 'system:role:view'], version: role.version },
    });
    expect(grant.body.status).toBe(1);
    const granted = await t.call<Page<RoleRecord>>('GET', 'roles', { token });
    expect(granted.body.status).toBe(1);
    expect((await t.call<{ permissions: string[] }>('GET', 'user/current', { token })).body.data.permissions).toContain('system:role:view');

    // And taking a code away works the same way.
    const withdraw = await t.call('PUT', `roles/${roleId}`, {
      token: admin,
      body: { permissions: ['system:role:view'], version: role.version + 1 },
    });
    expect(withdraw.body.status).toBe(1);
    expect((await t.call('GET', 'users', { token })).body.status).toBe(30);
    expect((await t.call('GET', 'roles', { token })).body.status).toBe(1);
  });

  it('keeps every built-in role: not deletable, its codes fixed, whoever asks', async () => {
    const all = (await t.call<Page<RoleRecord>>('GET', 'roles?pageSize=100', { token: admin })).body.data.list;
    const builtIn = all.filter((r) => r.builtIn);
    expect(builtIn.map((r) => r.code)).toContain('super-admin');
    for (const role of builtIn) {
      const del = await t.call('DELETE', `roles/${role.id}`, { token: admin });
      expect(del.body).toMatchObject({ status: 10, message: '内置角色不能删除' });
      const change = await t.call('PUT', `roles/${role.id}`, {
        token: admin,
        body: { permissions: role.permissions.length === 1 ? ['workbench:view', 'case:view'] : ['workbench:view'], version: role.version },
      });
      expect(change.body.status).toBe(10);
      expect(change.body.message).toMatch(/^(超级管理员|内置)角色的权限不能修改$/);
      const after = (await t.call<RoleRecord>('GET', `roles/${role.id}`, { token: admin })).body.data;
      expect([...after.permissions].sort()).toEqual([...role.permissions].sort());
    }
  });
});
