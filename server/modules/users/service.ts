/** Creating, editing, enabling and disabling accounts, with the rules that protect the super administrator. */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { accountKindRefusal, AuthType, SUPER_ADMIN_ROLE_CODE } from '@common/permissions';
import type { UserCreateBody, UserCreateResult, UserUpdateBody } from '@common/schemas/users';
import { checkPasswordStrength } from '@common/passwordPolicy';
import { checkEmail, checkPhone } from '@common/validators';
import { insertAccount } from '../../security/accounts';
import { clearLoginFailures, lockedAccounts } from '../../security/loginLockout';
import { generatePassword, hashPassword } from '../../security/passwords';
import { revokeAccountSessions } from '../../security/sessions';
import type { AuthUser } from '../../security/user';
import type { DbOrTrx } from '../../db/types';
import { assertVersion, updateWithVersion } from '../../db/versioned';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { holdsRole, isSuperAdmin } from '../../security/roles';
import { countEnabledSuperAdmins } from './queries';

function checkContact(phone: string | null | undefined, email: string | null | undefined): void {
  if (phone) {
    const problem = checkPhone(phone);
    if (problem) throw new BizError(problem);
  }
  const emailProblem = email ? checkEmail(email) : undefined;
  if (emailProblem) throw new BizError(emailProblem);
}

/** Which links each account kind needs: staff have roles, units a unit, practitioners both ids. */
function checkKindFields(
  authType: number,
  fields: { unitId: string | null; practitionerId: string | null; roleIds: readonly string[] },
): void {
  if (authType === AuthType.Staff) {
    if (fields.unitId || fields.practitionerId) throw new BizError('协会工作人员账号不能关联单位或从业人员');
    return;
  }
  if (fields.roleIds.length > 0) throw new BizError('只有协会工作人员账号可以分配角色');
  if (!fields.unitId) throw new BizError('请指定所属单位');
  if (authType === AuthType.Practitioner && !fields.practitionerId) throw new BizError('请指定从业人员');
  if (authType === AuthType.MemberUnit && fields.practitionerId) throw new BizError('会员单位账号不能关联从业人员');
}

/**
 * A member unit's or a practitioner's account only for the holders of that kind's management
 * code (common/permissions.ts ACCOUNT_KIND_MANAGER): the user administrator manages staff
 * accounts, and must not make or take over an account that acts as a unit or a practitioner.
 */
function assertManagesKind(caller: AuthUser, authType: number): void {
  const refusal = accountKindRefusal(caller, authType);
  if (refusal) throw errors.forbidden(refusal);
}

/**
 * Checks the role ids exist. Only a super administrator may grant the super-administrator
 * role, and anyone else may grant only roles whose codes they hold themselves (otherwise a
 * user editor could hand themselves any role).
 */
async function checkRoles(db: DbOrTrx, caller: AuthUser, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const roles = await db.selectFrom('roles').select(['id', 'code']).where('id', 'in', [...roleIds]).execute();
  if (roles.length !== roleIds.length) throw new BizError('所选角色不存在');
  if (isSuperAdmin(caller)) return roles.map((r) => r.code);
  if (roles.some((r) => r.code === SUPER_ADMIN_ROLE_CODE)) {
    throw errors.forbidden('只有超级管理员可以授予超级管理员角色');
  }
  const granted = await db
    .selectFrom('role_permissions')
    .select('permission_code')
    .distinct()
    .where('role_id', 'in', [...roleIds])
    .execute();
  const notHeld = granted.map((g) => g.permission_code).filter((c) => !caller.permissions.includes(c));
  if (notHeld.length) throw errors.forbidden(`不能授予自己没有的权限：${notHeld.join('、')}`);
  return roles.map((r) => r.code);
}

export async function createUser(request: FastifyRequest, caller: AuthUser, body: UserCreateBody): Promise<UserCreateResult> {
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const unitId = body.unitId ?? null;
  const practitionerId = body.practitionerId ?? null;
  const roleIds = body.roleIds ?? [];
  assertManagesKind(caller, body.authType);
  checkKindFields(body.authType, { unitId, practitionerId, roleIds });
  checkContact(body.phone, body.email);
  if (body.password !== undefined) {
    // A password someone types is held to the whole rule (common/passwordPolicy.ts), although it
    // must be changed at first login.
    const problem = await checkPasswordStrength(body.password, body.loginAccount, [body.name]);
    if (problem) throw new BizError(problem);
  }
  const exists = await db.selectFrom('accounts').select('id').where('login_account', '=', body.loginAccount).executeTakeFirst();
  if (exists) throw new BizError('登录账号已存在');
  await checkRoles(db, caller, roleIds);

  const password = body.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertAccount(
      trx,
      {
        id,
        loginAccount: body.loginAccount,
        passwordHash,
        authType: body.authType,
        name: body.name,
        phone: body.phone || null,
        email: body.email || null,
        unitId,
        practitionerId,
        enabled: body.enabled !== false,
        // Whoever set this password is not the account's owner.
        mustChangePassword: true,
        createdBy: caller.id,
        roleIds,
      },
      now,
    );
    await logOperation(trx, request, {
      entity: 'account',
      entityId: id,
      action: 'create',
      summary: `新增用户 ${body.loginAccount}（${body.name}）`,
    });
  });
  return body.password === undefined ? { id, initialPassword: password } : { id };
}

async function loadTarget(request: FastifyRequest, caller: AuthUser, id: string) {
  const target = await request.server.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!target) throw errors.notFound('用户');
  const targetIsSuperAdmin = await holdsRole(request.server.db, id, SUPER_ADMIN_ROLE_CODE);
  if (targetIsSuperAdmin && !isSuperAdmin(caller)) throw errors.forbidden('只有超级管理员可以修改超级管理员账号');
  // Editing, binding, enabling, disabling and unlocking alike.
  assertManagesKind(caller, target.auth_type);
  return { target, targetIsSuperAdmin };
}

export async function updateUser(request: FastifyRequest, caller: AuthUser, id: string, body: UserUpdateBody): Promise<void> {
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const { target, targetIsSuperAdmin } = await loadTarget(request, caller, id);
  assertVersion(target.version, body.version);

  const unitId = body.unitId !== undefined ? body.unitId : target.unit_id;
  const practitionerId = body.practitionerId !== undefined ? body.practitionerId : target.practitioner_id;
  const currentRoles = await db.selectFrom('account_roles').select('role_id').where('account_id', '=', id).execute();
  const roleIds = body.roleIds ?? currentRoles.map((r) => r.role_id);
  checkKindFields(target.auth_type, { unitId, practitionerId, roleIds });
  checkContact(body.phone, body.email);
  const roleCodes = await checkRoles(db, caller, body.roleIds ?? []);

  const losesSuperAdmin =
    body.roleIds !== undefined && targetIsSuperAdmin && !roleCodes.includes(SUPER_ADMIN_ROLE_CODE);
  if (losesSuperAdmin && target.enabled && (await countEnabledSuperAdmins(db)) <= 1) {
    throw new BizError('不能移除最后一个启用的超级管理员的超级管理员角色');
  }

  const changed = (Object.keys(body) as (keyof UserUpdateBody)[]).filter((k) => k !== 'version');
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'accounts',
      id,
      body.version,
      {
        name: body.name ?? target.name,
        phone: body.phone !== undefined ? body.phone || null : target.phone,
        email: body.email !== undefined ? body.email || null : target.email,
        unit_id: unitId,
        practitioner_id: practitionerId,
      },
      { now, by: caller.id },
    );
    if (body.roleIds !== undefined) {
      await trx.deleteFrom('account_roles').where('account_id', '=', id).execute();
      if (body.roleIds.length) {
        await trx.insertInto('account_roles').values(body.roleIds.map((role_id) => ({ account_id: id, role_id }))).execute();
      }
    }
    await logOperation(trx, request, {
      entity: 'account',
      entityId: id,
      action: 'update',
      summary: `修改用户 ${target.login_account}：${changed.join('、') || '无字段变化'}`,
    });
  });
}

export async function setUserEnabled(request: FastifyRequest, caller: AuthUser, id: string, enabled: boolean): Promise<void> {
  const { db } = request.server;
  const now = request.server.clock();
  const { target, targetIsSuperAdmin } = await loadTarget(request, caller, id);
  if (!enabled) {
    if (id === caller.id) throw new BizError('不能停用自己的账号');
    if (targetIsSuperAdmin && target.enabled && (await countEnabledSuperAdmins(db)) <= 1) {
      throw new BizError('不能停用最后一个启用的超级管理员');
    }
  }
  if (!!target.enabled === enabled) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('accounts')
      .set((eb) => ({
        enabled: enabled ? 1 : 0,
        version: eb('version', '+', 1),
        updated_at: now.toISOString(),
        updated_by: caller.id,
      }))
      .where('id', '=', id)
      .execute();
    // Enabling also lifts a lock-out: staff looked at the account.
    if (enabled) await clearLoginFailures(trx, { loginAccount: target.login_account, authType: target.auth_type });
    if (!enabled) await revokeAccountSessions(trx, id, now);
    await logOperation(trx, request, {
      entity: 'account',
      entityId: id,
      action: enabled ? 'enable' : 'disable',
      summary: `${enabled ? '启用' : '停用'}用户 ${target.login_account}`,
    });
  });
}

/**
 * 解锁: lifts a lock-out after too many wrong passwords before it runs out (the person
 * called the association). Refused when the account is not locked, so that a stale list
 * does not log an action that changed nothing.
 */
export async function unlockUser(request: FastifyRequest, caller: AuthUser, id: string): Promise<void> {
  const { db } = request.server;
  const now = request.server.clock();
  const { target } = await loadTarget(request, caller, id);
  const name = { loginAccount: target.login_account, authType: target.auth_type };
  // Locked for at least one address (server/security/loginLockout.ts); the unlock lifts every one.
  if ((await lockedAccounts(db, [target], now)).size === 0) throw new BizError('该账号未被锁定');
  await db.transaction().execute(async (trx) => {
    await clearLoginFailures(trx, name);
    await trx
      .updateTable('accounts')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: now.toISOString(), updated_by: caller.id }))
      .where('id', '=', id)
      .execute();
    await logOperation(trx, request, {
      entity: 'account',
      entityId: id,
      action: 'unlock',
      summary: `解锁用户 ${target.login_account}`,
    });
  });
}
