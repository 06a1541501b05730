/**
 * The user administrator manages staff accounts only (README.md, "个人信息保护与安全", the three administrator roles): a member unit's
 * account acts as that unit and a practitioner's as that person, so creating, binding, editing,
 * enabling, disabling, unlocking, showing or resetting one needs that kind's management code
 * besides the user code (common/permissions.ts ACCOUNT_KIND_MANAGER), and the rows' actions say
 * so. The built-in 系统管理员 can no longer make itself a unit and read what the unit reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKindRefusal, ACCOUNT_KIND_MANAGER } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type { UserListItem, UserRecord } from '@common/schemas/users';
import { DEMO_PASSWORD, DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { createTestApp, dialects, type TestContext } from './helpers';

const UNIT_REFUSAL = '只有具有“编辑会员单位”权限的工作人员可以新增或管理会员单位账号';
const PRACTITIONER_REFUSAL = '只有具有“编辑从业人员”权限的工作人员可以新增或管理从业人员账号';
const STAFF_PASSWORD = 'Staff1234-Kq9';

describe.each(dialects)('who manages which kind of account on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  /** Holds only the built-in 系统管理员 role (system:user:view/edit/enable/reset-password). */
  let systemAdmin: string;
  let unitAccountId: string;
  let practitionerAccountId: string;

  const accountId = async (login: string) =>
    (await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', login).executeTakeFirstOrThrow()).id;
  const accountCount = async () => Number((await t.db.kysely.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const roleId = async (code: string) => (await t.db.kysely.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  /** A staff account with the given roles (made by the super administrator), logged in. */
  const staffWith = async (login: string, roleIds: string[]) => {
    const res = await t.call('POST', 'users', { token: admin, body: { loginAccount: login, name: login, authType: 1, password: STAFF_PASSWORD, roleIds } });
    expect(res.body.status).toBe(1);
    return t.login(login, STAFF_PASSWORD, 1);
  };
  const newRole = async (code: string, permissions: string[]) => {
    const res = await t.call<{ id: string }>('POST', 'roles', { token: admin, body: { code, name: code, permissions } });
    expect(res.body.status).toBe(1);
    return res.body.data.id;
  };
  const unitBody = (loginAccount: string) => ({ loginAccount, name: '冒充单位', authType: 2, unitId: DEMO_UNIT_ID, password: 'Unit12345-Kq9' });
  const practitionerBody = (loginAccount: string) => ({
    loginAccount,
    name: '冒充人员',
    authType: 3,
    unitId: DEMO_UNIT_ID,
    practitionerId: 'demo-practitioner-3',
    password: 'Prac12345-Kq9',
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    admin = await t.adminToken();
    systemAdmin = await staffWith('sysadmin_only', [await roleId('system-admin')]);
    unitAccountId = await accountId('demo_unit');
    practitionerAccountId = await accountId('demo_practitioner');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the codes in one table, with a clear refusal', () => {
    expect(ACCOUNT_KIND_MANAGER).toEqual({ 1: null, 2: 'member:unit:edit', 3: 'member:practitioner:edit' });
    const userAdmin = { authType: 1, permissions: ['system:user:view', 'system:user:edit'] };
    expect(accountKindRefusal(userAdmin, 1)).toBeNull();
    expect(accountKindRefusal(userAdmin, 2)).toBe(UNIT_REFUSAL);
    expect(accountKindRefusal(userAdmin, 3)).toBe(PRACTITIONER_REFUSAL);
  });

  it("refuses the reviewer's path: the 系统管理员 cannot create an account of a unit or a practitioner, nothing is created", async () => {
    const before = await accountCount();
    const asUnit = await t.call('POST', 'users', { token: systemAdmin, body: unitBody('fake_unit') });
    expect({ httpStatus: asUnit.statusCode, body: asUnit.body }).toEqual({ httpStatus: 403, body: { status: 30, success: false, message: UNIT_REFUSAL, data: null } });
    const asPractitioner = await t.call('POST', 'users', { token: systemAdmin, body: practitionerBody('fake_practitioner') });
    expect(asPractitioner.statusCode).toBe(403);
    expect(asPractitioner.body.message).toBe(PRACTITIONER_REFUSAL);
    expect(await accountCount()).toBe(before);
    const login = await t.call('POST', 'user/auth/login', { body: { loginAccount: 'fake_unit', password: 'Unit12345-Kq9', authType: 2 }, ip: '10.61.0.1' });
    expect(login.body.status).not.toBe(1);
    // Staff accounts stay theirs.
    const staff = await t.call('POST', 'users', { token: systemAdmin, body: { loginAccount: 'new_staff', name: '新同事', authType: 1 } });
    expect(staff.body.status).toBe(1);
  });

  it('nor edit, bind, enable, disable, unlock, show or reset an existing one; their rows offer nothing', async () => {
    const before = (await t.call<UserRecord>('GET', `users/${unitAccountId}`, { token: admin })).body.data;
    const refusals: [string, Promise<{ statusCode: number; body: { message: string } }>][] = [
      ['edit', t.call('PUT', `users/${unitAccountId}`, { token: systemAdmin, body: { name: '改名', version: before.version } })],
      ['bind', t.call('PUT', `users/${unitAccountId}`, { token: systemAdmin, body: { unitId: 'demo-unit-2', version: before.version } })],
      ['disable', t.call('POST', `users/${unitAccountId}/disable`, { token: systemAdmin })],
      ['unlock', t.call('POST', `users/${unitAccountId}/unlock`, { token: systemAdmin })],
      ['reset', t.call('POST', `users/${unitAccountId}/reset-password`, { token: systemAdmin, body: { password: STAFF_PASSWORD } })],
      ['show', t.call('PUT', 'user/show/login_account', { token: systemAdmin, body: { userId: unitAccountId, password: STAFF_PASSWORD } })],
    ];
    for (const [label, call] of refusals) {
      const res = await call;
      expect(res.statusCode, label).toBe(403);
      expect(res.body.message, label).toBe(UNIT_REFUSAL);
    }
    const practitionerReset = await t.call('POST', `users/${practitionerAccountId}/reset-password`, { token: systemAdmin, body: { password: STAFF_PASSWORD } });
    expect(practitionerReset.body.message).toBe(PRACTITIONER_REFUSAL);
    const after = (await t.call<UserRecord>('GET', `users/${unitAccountId}`, { token: admin })).body.data;
    expect(after).toEqual(before);
    expect((await t.login('demo_unit', DEMO_PASSWORD, 2)).length).toBeGreaterThan(0);

    // The list shows the accounts, and offers controls only on the staff ones.
    const list = (await t.call<Page<UserListItem>>('GET', 'users?pageSize=100', { token: systemAdmin })).body.data.list;
    const row = (login: string) => list.find((r) => r.loginAccount === login);
    expect(row('demo_unit')?.actions).toEqual([]);
    expect(row('demo_practitioner')?.actions).toEqual([]);
    expect(row('new_staff')?.actions).toEqual(expect.arrayContaining(['edit', 'disable', 'show-login', 'reset-password']));
  });

  it('the super administrator and the holders of the kind codes still can', async () => {
    const byAdmin = await t.call<{ id: string }>('POST', 'users', { token: admin, body: unitBody('admin_made_unit') });
    expect(byAdmin.body.status).toBe(1);
    expect((await t.login('admin_made_unit', 'Unit12345-Kq9', 2)).length).toBeGreaterThan(0);
    const adminRows = (await t.call<Page<UserListItem>>('GET', 'users?pageSize=100', { token: admin })).body.data.list;
    expect(adminRows.find((r) => r.loginAccount === 'demo_unit')?.actions).toEqual(expect.arrayContaining(['edit', 'disable', 'show-login', 'reset-password']));

    const unitManager = await staffWith('unit_account_manager', [await newRole('unit-accounts', ['system:user:view', 'system:user:edit', 'system:user:enable', 'member:unit:edit'])]);
    const made = await t.call<{ id: string }>('POST', 'users', { token: unitManager, body: unitBody('manager_made_unit') });
    expect(made.body.status).toBe(1);
    const version = (await t.call<UserRecord>('GET', `users/${made.body.data.id}`, { token: unitManager })).body.data.version;
    expect((await t.call('PUT', `users/${made.body.data.id}`, { token: unitManager, body: { unitId: 'demo-unit-2', version } })).body.status).toBe(1);
    expect((await t.call('POST', `users/${made.body.data.id}/disable`, { token: unitManager })).body.status).toBe(1);
    // The unit code opens unit accounts, not practitioners'.
    const refused = await t.call('POST', 'users', { token: unitManager, body: practitionerBody('manager_made_practitioner') });
    expect(refused.body.message).toBe(PRACTITIONER_REFUSAL);
    const rows = (await t.call<Page<UserListItem>>('GET', 'users?pageSize=100', { token: unitManager })).body.data.list;
    expect(rows.find((r) => r.loginAccount === 'demo_unit')?.actions).toEqual(expect.arrayContaining(['edit', 'disable']));
    expect(rows.find((r) => r.loginAccount === 'demo_practitioner')?.actions).toEqual([]);

    const practitionerManager = await staffWith('practitioner_account_manager', [
      await newRole('practitioner-accounts', ['system:user:view', 'system:user:edit', 'member:practitioner:edit']),
    ]);
    const made3 = await t.call('POST', 'users', { token: practitionerManager, body: practitionerBody('manager_made_practitioner') });
    expect(made3.body.status).toBe(1);
    expect((await t.call('POST', 'users', { token: practitionerManager, body: unitBody('practitioner_manager_unit') })).body.message).toBe(UNIT_REFUSAL);
  });

  it('a unit entering a practitioner still gives the practitioner an account (registration: tests/server/registration.test.ts)', async () => {
    const unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    const made = await t.call<{ id: string }>('POST', 'practitioners', { token: unit, body: { name: '账号核验', idCardNo: idCard('11010219870505123'), phone: '13900000777' } });
    expect(made.body.status).toBe(1);
    const account = await t.db.kysely.selectFrom('accounts').select(['auth_type', 'unit_id']).where('practitioner_id', '=', made.body.data.id).executeTakeFirstOrThrow();
    expect(account).toEqual({ auth_type: 3, unit_id: DEMO_UNIT_ID });
  });
});

/** A valid 18-character ID number from its first 17 characters (the check digit appended). */
function idCard(body17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body17[i]) * weights[i];
  return body17 + '10X98765432'[sum % 11];
}
