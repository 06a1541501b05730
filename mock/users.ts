/**
 * msw handlers for user and permission management (/users, /roles), stateful like the server:
 * lists filter (keyword over login account, name, phone and unit name; kind, unit, enabled,
 * role), sort and page; create, update (a stale version is HTTP 409), enable/disable
 * (never yourself), unlock (only a locked account), reset-password (the caller's own password
 * first; a new one answered once), the unit and role selects, and roles with their codes
 * (built-in and assigned roles cannot be deleted). Every route checks the token and the code.
 *
 * The four fixture accounts are users here too (same ids), so that the default
 * PUT /user/show/login_account handler finds them.
 *
 *   usersDb.users / usersDb.roles      // the records as they stand now (mutable)
 *   usersCallsTo('post', '/users/user-locked/unlock')
 *   RESET_PASSWORD                     // the password reset-password answers
 *
 * `resetUsersMock()` (through `resetMockState()`, after each test) restores the fixtures.
 */
import { http, type HttpHandler } from 'msw';
import { AUTH_MESSAGES } from '@common/messages';
import { ALL_PERMISSION_CODES, hasPermission, isPermissionCode, type PermissionCode } from '@common/permissions';
import type { RoleCreateBody, RoleListItem, RoleRecord, RoleUpdateBody } from '@common/schemas/roles';
import type { UserCreateBody, UserListItem, UserRecord, UserRowAction, UserUpdateBody } from '@common/schemas/users';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME, LIMITED_STAFF_CODES } from './fixtures';
import { apiPath, bad, callLog, done, hasKeyword, matching, notFound, pageOf, sortBy, stale, type ApiCall, type FixtureAccount } from './kit';
import { passwords } from './sessions';

/** What POST /users/:id/reset-password answers as the new password. */
export const RESET_PASSWORD = 'Gen@7Kq2Wx9p';
/** What POST /users answers as the generated initial password. */
export const INITIAL_PASSWORD = 'Init@5Rt8Yu3e';

export const OTHER_UNIT_ID = 'unit-0002';
export const OTHER_UNIT_NAME = '之江社会风险研究院有限公司';
const UNITS = [
  { id: FIXTURE_UNIT_ID, name: FIXTURE_UNIT_NAME },
  { id: OTHER_UNIT_ID, name: OTHER_UNIT_NAME },
];

const log = callLog();
export type UsersCall = ApiCall;
export const usersCalls = log.calls;
export const usersCallsTo = log.to;

/* ---------- fixtures ---------- */

const T0 = '2026-10-01T02:00:00.000Z';

function role(id: string, code: string, name: string, permissions: readonly string[], builtIn = false): RoleRecord {
  return { id, code, name, description: null, builtIn, permissions: [...permissions], userCount: 0, createdAt: T0, updatedAt: T0, version: 0 };
}

function fixtureRoles(): RoleRecord[] {
  return [
    { ...role('role-super', 'super-admin', '超级管理员', ALL_PERMISSION_CODES, true), description: '内置角色，拥有全部权限' },
    role('role-news', 'news-editor', '新闻编辑', LIMITED_STAFF_CODES),
    role('role-auditor', 'auditor', '审核员', ['member:unit:view', 'member:unit:approve']),
  ];
}

function user(id: string, fields: Partial<UserRecord>): UserRecord {
  return {
    id,
    loginAccount: id,
    name: id,
    authType: 1,
    phone: null,
    email: null,
    unitId: null,
    unitName: null,
    practitionerId: null,
    roleIds: [],
    roleNames: [],
    enabled: true,
    mustChangePassword: false,
    lastLoginAt: null,
    lockedUntil: null,
    createdAt: T0,
    updatedAt: T0,
    version: 1,
    ...fields,
  };
}

function fixtureUsers(): UserRecord[] {
  return [
    user('user-admin', { loginAccount: 'admin', name: '系统管理员', roleIds: ['role-super'], lastLoginAt: '2026-11-20T08:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z' }),
    user('user-staff', { loginAccount: 'staff', name: '协会工作人员', roleIds: ['role-news'], phone: '13800000001', createdAt: '2026-02-01T00:00:00.000Z' }),
    user('user-unit', { loginAccount: 'unit', name: '张联络', authType: 2, unitId: FIXTURE_UNIT_ID, createdAt: '2026-03-01T00:00:00.000Z' }),
    user('user-practitioner', {
      loginAccount: 'practitioner',
      name: '李评估',
      authType: 3,
      unitId: FIXTURE_UNIT_ID,
      practitionerId: 'practitioner-0001',
      createdAt: '2026-04-01T00:00:00.000Z',
    }),
    user('user-locked', { loginAccount: 'wangwu', name: '王五', lockedUntil: '2099-01-01T00:00:00.000Z', createdAt: '2026-05-01T00:00:00.000Z' }),
    user('user-disabled', { loginAccount: 'zhaoliu', name: '赵六', enabled: false, createdAt: '2026-06-01T00:00:00.000Z' }),
    user('user-zhijiang', { loginAccount: 'zhijiang', name: '之江联络员', authType: 2, unitId: OTHER_UNIT_ID, createdAt: '2026-07-01T00:00:00.000Z' }),
  ];
}

export const usersDb: { users: UserRecord[]; roles: RoleRecord[] } = { users: [], roles: [] };
let sequence = 0;

export function resetUsersMock(): void {
  usersDb.users = fixtureUsers();
  usersDb.roles = fixtureRoles();
  log.clear();
  sequence = 0;
}
resetUsersMock();

/* ---------- reading ---------- */

/** A user as the server answers it: role and unit names joined in. */
function present(u: UserRecord): UserRecord {
  const held = usersDb.roles.filter((r) => u.roleIds.includes(r.id));
  return {
    ...u,
    roleIds: held.map((r) => r.id),
    roleNames: held.map((r) => r.name),
    unitName: UNITS.find((x) => x.id === u.unitId)?.name ?? null,
  };
}

function presentRole(r: RoleRecord): RoleRecord {
  return { ...r, userCount: usersDb.users.filter((u) => u.roleIds.includes(r.id)).length };
}

/** A list row with what `account` may do, as the server's actionsFor answers (server/modules/users/queries.ts). */
function userRow(account: FixtureAccount, u: UserRecord): UserListItem {
  const may = (code: PermissionCode) => hasPermission(account.user, code);
  const actions: UserRowAction[] = [];
  if (may('system:user:edit')) actions.push('edit');
  if (may('system:user:enable')) {
    if (!u.enabled) actions.push('enable');
    else if (u.id !== account.user.userId) actions.push('disable');
    if (u.lockedUntil) actions.push('unlock');
  }
  if (may('system:user:reset-password')) actions.push('show-login', 'reset-password');
  return { ...u, actions };
}

/** A role row with what `account` may do (server/modules/roles/queries.ts actionsFor). */
function roleRow(account: FixtureAccount, r: RoleRecord): RoleListItem {
  const actions: RoleListItem['actions'] = [];
  if (hasPermission(account.user, 'system:role:edit')) actions.push('edit');
  if (hasPermission(account.user, 'system:role:delete') && !r.builtIn) actions.push('delete');
  return { ...r, actions };
}

const userFilter = (params: URLSearchParams) =>
  matching<UserRecord>(params, {
    keyword: (u, keyword) => hasKeyword(keyword, [u.loginAccount, u.name, u.phone, u.unitName], true),
    authType: 'authType',
    enabled: 'enabled',
    unitId: 'unitId',
    roleId: (u, roleId) => u.roleIds.includes(roleId),
  });

/* ---------- plumbing ---------- */

const now = () => new Date().toISOString();

function findUser(id: unknown): UserRecord | undefined {
  return usersDb.users.find((u) => u.id === id);
}

function replaceUser(next: UserRecord): void {
  usersDb.users = usersDb.users.map((u) => (u.id === next.id ? next : u));
}

function findRole(id: unknown): RoleRecord | undefined {
  return usersDb.roles.find((r) => r.id === id);
}

/* ---------- handlers ---------- */

const userHandlers: HttpHandler[] = [
  http.get(apiPath('/users/unit-options'), async ({ request }) => {
    const account = await log.guard(request, 'system:user:view');
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    const id = params.get('id');
    const keyword = params.get('keyword')?.trim() ?? '';
    return done(UNITS.filter((u) => (id ? u.id === id : u.name.includes(keyword))));
  }),

  http.get(apiPath('/users/role-options'), async ({ request }) => {
    const account = await log.guard(request, 'system:user:view');
    if (account instanceof Response) return account;
    return done(usersDb.roles.map((r) => ({ id: r.id, code: r.code, name: r.name, builtIn: r.builtIn })));
  }),

  http.get(apiPath('/users'), async ({ request }) => {
    const account = await log.guard(request, 'system:user:view');
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    const list = usersDb.users.map(present).filter(userFilter(params));
    const sorted = sortBy(list, params.get('sort'), (a, b) => b.createdAt.localeCompare(a.createdAt));
    return done(pageOf(sorted.map((u) => userRow(account, u)), params));
  }),

  http.get(apiPath('/users/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'system:user:view');
    if (account instanceof Response) return account;
    const found = findUser(params.id);
    return found ? done(present(found)) : notFound('用户');
  }),

  http.post(apiPath('/users'), async ({ request }) => {
    const account = await log.guard(request, 'system:user:edit');
    if (account instanceof Response) return account;
    const body = (await request.json()) as UserCreateBody;
    if (!body.loginAccount || !/^[A-Za-z0-9_.@-]+$/.test(body.loginAccount)) return bad('登录账号格式不正确');
    if (!body.name?.trim()) return bad('姓名不能为空');
    if (usersDb.users.some((u) => u.loginAccount === body.loginAccount)) return bad('登录账号已存在');
    if (body.authType !== 1 && body.roleIds?.length) return bad('只有协会工作人员账号可以分配角色');
    if ((body.roleIds ?? []).some((id) => !findRole(id))) return bad('所选角色不存在');
    sequence += 1;
    const id = `user-new-${sequence}`;
    usersDb.users = [
      user(id, {
        loginAccount: body.loginAccount,
        name: body.name.trim(),
        authType: body.authType,
        phone: body.phone ?? null,
        email: body.email ?? null,
        unitId: body.unitId ?? null,
        practitionerId: body.practitionerId ?? null,
        roleIds: body.roleIds ?? [],
        enabled: body.enabled !== false,
        mustChangePassword: true,
        createdAt: now(),
        updatedAt: now(),
        version: 0,
      }),
      ...usersDb.users,
    ];
    passwords.set(id, body.password ?? INITIAL_PASSWORD);
    return done(body.password === undefined ? { id, initialPassword: INITIAL_PASSWORD } : { id }, '用户已创建');
  }),

  http.put(apiPath('/users/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'system:user:edit');
    if (account instanceof Response) return account;
    const found = findUser(params.id);
    if (!found) return notFound('用户');
    const body = (await request.json()) as UserUpdateBody;
    if (body.version !== found.version) return stale();
    if (body.name !== undefined && !body.name.trim()) return bad('姓名不能为空');
    if (body.roleIds?.length && found.authType !== 1) return bad('只有协会工作人员账号可以分配角色');
    if ((body.roleIds ?? []).some((id) => !findRole(id))) return bad('所选角色不存在');
    replaceUser({
      ...found,
      name: body.name?.trim() ?? found.name,
      phone: body.phone !== undefined ? body.phone : found.phone,
      email: body.email !== undefined ? body.email : found.email,
      roleIds: body.roleIds ?? found.roleIds,
      version: found.version + 1,
      updatedAt: now(),
    });
    return done(null, '用户已保存');
  }),

  ...(['enable', 'disable'] as const).map((action) =>
    http.post(apiPath(`/users/:id/${action}`), async ({ request, params }) => {
      const account = await log.guard(request, 'system:user:enable');
      if (account instanceof Response) return account;
      const found = findUser(params.id);
      if (!found) return notFound('用户');
      if (action === 'disable' && found.id === account.user.userId) return bad('不能停用自己的账号');
      const enabled = action === 'enable';
      replaceUser({
        ...found,
        enabled,
        lockedUntil: enabled ? null : found.lockedUntil,
        version: found.enabled === enabled ? found.version : found.version + 1,
      });
      return done(null, enabled ? '用户已启用' : '用户已停用');
    }),
  ),

  http.post(apiPath('/users/:id/unlock'), async ({ request, params }) => {
    const account = await log.guard(request, 'system:user:enable');
    if (account instanceof Response) return account;
    const found = findUser(params.id);
    if (!found) return notFound('用户');
    if (!found.lockedUntil || found.lockedUntil <= now()) return bad('该账号未被锁定');
    replaceUser({ ...found, lockedUntil: null, version: found.version + 1 });
    return done(null, '账号已解锁');
  }),

  http.post(apiPath('/users/:id/reset-password'), async ({ request, params }) => {
    const account = await log.guard(request, 'system:user:reset-password');
    if (account instanceof Response) return account;
    const body = (await request.json()) as { password?: string } | null;
    if (passwords.get(account.user.userId) !== body?.password) return bad(AUTH_MESSAGES.currentPasswordWrong);
    const found = findUser(params.id);
    if (!found) return notFound('用户');
    passwords.set(found.id, RESET_PASSWORD);
    replaceUser({ ...found, mustChangePassword: true, lockedUntil: null, version: found.version + 1 });
    return done({ loginAccount: found.loginAccount, newPassword: RESET_PASSWORD }, '密码已重置');
  }),
];

function checkCodes(codes: unknown): string | null {
  if (!Array.isArray(codes)) return '权限不能为空';
  const unknown = codes.filter((c) => typeof c !== 'string' || !isPermissionCode(c));
  return unknown.length ? `未知的权限编码：${unknown.join('、')}` : null;
}

const roleHandlers: HttpHandler[] = [
  http.get(apiPath('/roles'), async ({ request }) => {
    const account = await log.guard(request, 'system:role:view');
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    const list = usersDb.roles
      .map(presentRole)
      .filter(matching<RoleRecord>(params, { keyword: (r, keyword) => hasKeyword(keyword, [r.code, r.name], true) }));
    const sorted = sortBy(list, params.get('sort'), (a, b) => a.createdAt.localeCompare(b.createdAt));
    return done(pageOf(sorted.map((r) => roleRow(account, r)), params));
  }),

  http.get(apiPath('/roles/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'system:role:view');
    if (account instanceof Response) return account;
    const found = findRole(params.id);
    return found ? done(presentRole(found)) : notFound('角色');
  }),

  http.post(apiPath('/roles'), async ({ request }) => {
    const account = await log.guard(request, 'system:role:edit');
    if (account instanceof Response) return account;
    const body = (await request.json()) as RoleCreateBody;
    if (!body.code || !/^[a-z][a-z0-9_-]+$/.test(body.code)) return bad('角色编码格式不正确');
    if (!body.name?.trim()) return bad('角色名称不能为空');
    const problem = checkCodes(body.permissions);
    if (problem) return bad(problem);
    if (usersDb.roles.some((r) => r.code === body.code)) return bad('角色编码已存在');
    sequence += 1;
    const id = `role-new-${sequence}`;
    usersDb.roles = [
      ...usersDb.roles,
      { ...role(id, body.code, body.name.trim(), body.permissions), description: body.description ?? null, createdAt: now(), updatedAt: now() },
    ];
    return done({ id }, '角色已创建');
  }),

  http.put(apiPath('/roles/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'system:role:edit');
    if (account instanceof Response) return account;
    const found = findRole(params.id);
    if (!found) return notFound('角色');
    const body = (await request.json()) as RoleUpdateBody;
    if (body.version !== found.version) return stale();
    if (body.permissions !== undefined) {
      const problem = checkCodes(body.permissions);
      if (problem) return bad(problem);
      const same = body.permissions.length === found.permissions.length && body.permissions.every((c) => found.permissions.includes(c));
      if (found.builtIn && !same) return bad('超级管理员角色的权限不能修改');
    }
    usersDb.roles = usersDb.roles.map((r) =>
      r.id === found.id
        ? {
            ...r,
            name: body.name?.trim() ?? r.name,
            description: body.description !== undefined ? body.description : r.description,
            permissions: body.permissions ? [...body.permissions].sort() : r.permissions,
            version: r.version + 1,
            updatedAt: now(),
          }
        : r,
    );
    return done(null, '角色已保存');
  }),

  http.delete(apiPath('/roles/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'system:role:delete');
    if (account instanceof Response) return account;
    const found = findRole(params.id);
    if (!found) return notFound('角色');
    if (found.builtIn) return bad('内置角色不能删除');
    const holders = usersDb.users.filter((u) => u.roleIds.includes(found.id)).length;
    if (holders > 0) return bad(`该角色已分配给${holders}个用户，不能删除`);
    usersDb.roles = usersDb.roles.filter((r) => r.id !== found.id);
    return done(null, '角色已删除');
  }),
];

export const usersHandlers: HttpHandler[] = [...userHandlers, ...roleHandlers];
