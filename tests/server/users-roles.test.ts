/** User and role management: CRUD, optimistic locking, enable/disable rules, permissions, operation log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, SUPER_ADMIN_ROLE_CODE } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type { RoleRecord } from '@common/schemas/roles';
import type { UserRecord } from '@common/schemas/users';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('users and roles on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    adminId = (await t.call<{ userId: string }>('GET', 'user/current', { token: admin })).body.data.userId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const opLogs = (entityId: string) =>
    t.db.kysely.selectFrom('operation_logs').selectAll().where('entity_id', '=', entityId).orderBy('id').execute();

  it('creates, reads, lists and updates a user with optimistic locking', async () => {
    const created = await t.call<{ id: string; initialPassword?: string }>('POST', 'users', {
      token: admin,
      body: { loginAccount: 'zhangsan', name: '张三', authType: 1, phone: '13800000000', email: 'zs@example.com', password: 'Zhang1234-Kq9' },
    });
    expect(created.body.status).toBe(1);
    expect(created.body.data.initialPassword).toBeUndefined();
    const id = created.body.data.id;

    const dup = await t.call('POST', 'users', { token: admin, body: { loginAccount: 'zhangsan', name: '重复', authType: 1 } });
    expect(dup.body).toMatchObject({ status: 10, message: '登录账号已存在' });

    const one = await t.call<UserRecord>('GET', `users/${id}`, { token: admin });
    expect(one.body.data).toMatchObject({ loginAccount: 'zhangsan', name: '张三', enabled: true, version: 0, roleIds: [] });
    expect(one.body.data).not.toHaveProperty('passwordHash');

    const list = await t.call<Page<UserRecord>>('GET', 'users?keyword=zhang&authType=1&current=1&pageSize=5', { token: admin });
    expect(list.body.data).toMatchObject({ total: 1, current: 1, pageSize: 5 });
    expect(list.body.data.list[0].loginAccount).toBe('zhangsan');
    const units = await t.call<Page<UserRecord>>('GET', 'users?authType=2', { token: admin });
    expect(units.body.data.list.every((u) => u.authType === 2)).toBe(true);
    const sorted = await t.call<Page<UserRecord>>('GET', 'users?sort=loginAccount,asc&pageSize=100', { token: admin });
    const names = sorted.body.data.list.map((u) => u.loginAccount);
    expect(names).toEqual([...names].sort());

    const roles = await t.call<Page<RoleRecord>>('GET', 'roles', { token: admin });
    const editor = roles.body.data.list.find((r) => r.code === 'content-editor');
    expect(editor).toBeDefined();

    const updated = await t.call('PUT', `users/${id}`, {
      token: admin,
      body: { name: '张三丰', roleIds: [editor?.id], version: 0 },
    });
    expect(updated.body.status).toBe(1);
    const stale = await t.call('PUT', `users/${id}`, { token: admin, body: { name: '旧版本', version: 0 } });
    expect(stale.body).toMatchObject({ status: 10, success: false, message: '数据已被他人修改，请刷新后重试' });
    const after = await t.call<UserRecord>('GET', `users/${id}`, { token: admin });
    expect(after.body.data).toMatchObject({ name: '张三丰', version: 1, roleNames: ['内容编辑'] });

    const missing = await t.call('GET', 'users/no-such-id', { token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatchObject({ status: 10, message: '用户不存在' });

    const logs = await opLogs(id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'update']);
    expect(logs[0]).toMatchObject({ actor_id: adminId, entity: 'account' });
    expect(logs[0].request_id).toBeTruthy();
    expect(logs[0].summary).toContain('zhangsan');
  });

  it('lets exactly one of two simultaneous updates of the same version win', async () => {
    const created = await t.call<{ id: string }>('POST', 'users', {
      token: admin,
      body: { loginAccount: 'racer', name: '并发', authType: 1 },
    });
    const id = created.body.data.id;
    const results = await Promise.all(
      ['甲', '乙', '丙'].map((name) => t.call('PUT', `users/${id}`, { token: admin, body: { name, version: 0 } })),
    );
    expect(results.filter((r) => r.body.status === 1)).toHaveLength(1);
    expect(results.filter((r) => r.body.message === '数据已被他人修改，请刷新后重试')).toHaveLength(2);
    expect((await t.call<UserRecord>('GET', `users/${id}`, { token: admin })).body.data.version).toBe(1);
  });

  it('checks the fields each kind of account needs', async () => {
    const unitWithoutUnit = await t.call('POST', 'users', { token: admin, body: { loginAccount: 'u1', name: '单位', authType: 2 } });
    expect(unitWithoutUnit.body).toMatchObject({ status: 10, message: '请指定所属单位' });
    const unitWithRole = await t.call('POST', 'users', {
      token: admin,
      body: { loginAccount: 'u2', name: '单位', authType: 2, unitId: 'x', roleIds: ['r'] },
    });
    expect(unitWithRole.body.message).toBe('只有协会工作人员账号可以分配角色');
    const badPhone = await t.call('POST', 'users', { token: admin, body: { loginAccount: 'u3', name: '电话', authType: 1, phone: '123' } });
    expect(badPhone.body.status).toBe(10);
    expect(badPhone.body.message).toContain('手机号码');
    const badRole = await t.call('POST', 'users', { token: admin, body: { loginAccount: 'u4', name: '角色', authType: 1, roleIds: ['nope'] } });
    expect(badRole.body.message).toBe('所选角色不存在');
    const weak = await t.call('POST', 'users', { token: admin, body: { loginAccount: 'u5', name: '弱', authType: 1, password: 'abc' } });
    expect(weak.body.message).toBe('密码长度应为8至64位');
  });

  it('enables and disables accounts, but never yourself or the last super administrator', async () => {
    const self = await t.call('POST', `users/${adminId}/disable`, { token: admin });
    expect(self.body).toMatchObject({ status: 10, message: '不能停用自己的账号' });

    const superRole = (await t.call<Page<RoleRecord>>('GET', 'roles?keyword=super', { token: admin })).body.data.list[0];
    expect(superRole.code).toBe(SUPER_ADMIN_ROLE_CODE);
    const second = await t.call<{ id: string }>('POST', 'users', {
      token: admin,
      body: { loginAccount: 'admin2', name: '第二管理员', authType: 1, roleIds: [superRole.id], password: 'Boss2345-Kq9' },
    });
    const admin2 = await t.login('admin2', 'Boss2345-Kq9', 1);
    // With two super administrators, one may disable the other...
    const off = await t.call('POST', `users/${adminId}/disable`, { token: admin2 });
    expect(off.body.status).toBe(1);
    // ...but not the last one left; and removing its super-admin role is refused the same way.
    const last = await t.call('POST', `users/${second.body.data.id}/disable`, { token: admin2 });
    expect(last.body.status).toBe(10);
    const v = (await t.call<UserRecord>('GET', `users/${second.body.data.id}`, { token: admin2 })).body.data.version;
    const demote = await t.call('PUT', `users/${second.body.data.id}`, { token: admin2, body: { roleIds: [], version: v } });
    expect(demote.body).toMatchObject({ status: 10, message: '不能移除最后一个启用的超级管理员的超级管理员角色' });

    const on = await t.call('POST', `users/${adminId}/enable`, { token: admin2 });
    expect(on.body.status).toBe(1);
    // Disabling ended the first administrator's sessions: log in again for the next tests.
    expect((await t.call('GET', 'user/current', { token: admin })).body.status).toBe(20);
    admin = await t.adminToken();
    const logs = await opLogs(adminId);
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['disable', 'enable']));
    const listed = await t.call<Page<UserRecord>>('GET', 'users?enabled=true&pageSize=100', { token: admin2 });
    expect(listed.body.data.list.every((u) => u.enabled)).toBe(true);
  });

  it('refuses staff without the code with status 30, and other kinds too', async () => {
    const staff = await t.login('demo_staff', DEMO_PASSWORD, 1);
    for (const [method, url] of [
      ['GET', 'users'],
      ['POST', 'users'],
      ['GET', 'roles'],
      ['DELETE', 'roles/x'],
    ] as const) {
      const res = await t.call(method, url, { token: staff, body: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 30, success: false, message: '没有权限执行此操作', data: null });
    }
    const unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    expect((await t.call('GET', 'users', { token: unit })).body.status).toBe(30);
  });

  it('manages roles: create, update with version, delete unless in use or built in', async () => {
    const created = await t.call<{ id: string }>('POST', 'roles', {
      token: admin,
      body: { code: 'reviewer', name: '审核员', description: '审核会员', permissions: ['member:unit:view', 'member:unit:approve'] },
    });
    expect(created.body.status).toBe(1);
    const id = created.body.data.id;
    const unknownCode = await t.call('POST', 'roles', { token: admin, body: { code: 'bad', name: '坏', permissions: ['nope:x'] } });
    expect(unknownCode.body).toMatchObject({ status: 10, message: '未知的权限编码：nope:x' });
    const dup = await t.call('POST', 'roles', { token: admin, body: { code: 'reviewer', name: '重复', permissions: [] } });
    expect(dup.body.message).toBe('角色编码已存在');

    const one = await t.call<RoleRecord>('GET', `roles/${id}`, { token: admin });
    expect(one.body.data).toMatchObject({ code: 'reviewer', builtIn: false, userCount: 0, version: 0 });
    expect(one.body.data.permissions).toEqual(['member:unit:approve', 'member:unit:view']);

    const upd = await t.call('PUT', `roles/${id}`, { token: admin, body: { name: '审核员2', permissions: ['member:unit:view'], version: 0 } });
    expect(upd.body.status).toBe(1);
    const stale = await t.call('PUT', `roles/${id}`, { token: admin, body: { name: '旧', version: 0 } });
    expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
    expect((await t.call<RoleRecord>('GET', `roles/${id}`, { token: admin })).body.data).toMatchObject({
      name: '审核员2',
      permissions: ['member:unit:view'],
      version: 1,
    });

    // In use: cannot delete.
    await t.call('POST', 'users', { token: admin, body: { loginAccount: 'rev1', name: '审核', authType: 1, roleIds: [id] } });
    const inUse = await t.call('DELETE', `roles/${id}`, { token: admin });
    expect(inUse.body).toMatchObject({ status: 10, message: '该角色已分配给1个用户，不能删除' });

    const free = await t.call<{ id: string }>('POST', 'roles', { token: admin, body: { code: 'temp', name: '临时', permissions: [] } });
    const del = await t.call('DELETE', `roles/${free.body.data.id}`, { token: admin });
    expect(del.body.status).toBe(1);
    expect((await t.call('GET', `roles/${free.body.data.id}`, { token: admin })).statusCode).toBe(404);
    expect((await opLogs(free.body.data.id)).map((l) => l.action)).toEqual(['create', 'delete']);

    // The built-in super-administrator role: codes fixed, not deletable.
    const superRole = (await t.call<Page<RoleRecord>>('GET', 'roles?keyword=super-admin', { token: admin })).body.data.list[0];
    expect(superRole.builtIn).toBe(true);
    expect([...superRole.permissions].sort()).toEqual([...ALL_PERMISSION_CODES].sort());
    const change = await t.call('PUT', `roles/${superRole.id}`, {
      token: admin,
      body: { permissions: ['workbench:view'], version: superRole.version },
    });
    expect(change.body).toMatchObject({ status: 10, message: '超级管理员角色的权限不能修改' });
    const rename = await t.call('PUT', `roles/${superRole.id}`, { token: admin, body: { description: '全部权限', version: superRole.version } });
    expect(rename.body.status).toBe(1);
    const delSuper = await t.call('DELETE', `roles/${superRole.id}`, { token: admin });
    expect(delSuper.body.message).toBe('内置角色不能删除');
  });

  it('keeps a role editor from granting codes they do not hold', async () => {
    const role = await t.call<{ id: string }>('POST', 'roles', {
      token: admin,
      body: { code: 'role-admin', name: '角色管理员', permissions: ['system:role:view', 'system:role:edit'] },
    });
    await t.call('POST', 'users', {
      token: admin,
      body: { loginAccount: 'roleadmin', name: '角色管理', authType: 1, roleIds: [role.body.data.id], password: 'Role12345-Kq9' },
    });
    const token = await t.login('roleadmin', 'Role12345-Kq9', 1);
    const grab = await t.call('POST', 'roles', { token, body: { code: 'grab', name: '越权', permissions: ['system:user:edit'] } });
    expect(grab.statusCode).toBe(403);
    expect(grab.body.status).toBe(30);
    const fine = await t.call('POST', 'roles', { token, body: { code: 'viewer', name: '查看', permissions: ['system:role:view'] } });
    expect(fine.body.status).toBe(1);
  });

  it('keeps a user editor from handing out roles with codes they do not hold', async () => {
    const editorRole = await t.call<{ id: string }>('POST', 'roles', {
      token: admin,
      body: { code: 'user-editor', name: '用户编辑', permissions: ['system:user:view', 'system:user:edit'] },
    });
    const bigRole = await t.call<{ id: string }>('POST', 'roles', {
      token: admin,
      body: { code: 'big', name: '大权限', permissions: ['system:user:view', 'system:role:delete'] },
    });
    const created = await t.call<{ id: string }>('POST', 'users', {
      token: admin,
      body: { loginAccount: 'ueditor', name: '用户编辑', authType: 1, roleIds: [editorRole.body.data.id], password: 'Edit12345-Kq9' },
    });
    const token = await t.login('ueditor', 'Edit12345-Kq9', 1);
    const self = await t.call('PUT', `users/${created.body.data.id}`, {
      token,
      body: { roleIds: [editorRole.body.data.id, bigRole.body.data.id], version: 0 },
    });
    expect(self.statusCode).toBe(403);
    expect(self.body).toMatchObject({ status: 30, message: '不能授予自己没有的权限：system:role:delete' });
    const superRole = (await t.call<Page<RoleRecord>>('GET', 'roles?keyword=super-admin', { token: admin })).body.data.list[0];
    const grabSuper = await t.call('POST', 'users', {
      token,
      body: { loginAccount: 'sneaky', name: '越权', authType: 1, roleIds: [superRole.id] },
    });
    expect(grabSuper.body.status).toBe(30);
    const ok = await t.call('POST', 'users', {
      token,
      body: { loginAccount: 'helper', name: '助手', authType: 1, roleIds: [editorRole.body.data.id] },
    });
    expect(ok.body.status).toBe(1);
  });
});
