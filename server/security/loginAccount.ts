/**
 * An account's login name shown to staff, and its password reset to a generated one: what user
 * management (POST /users/:id/reset-password) and the login-name look-up
 * (/user/show/login_account) both do, so it lives below the two modules that call it.
 */
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@common/messages';
import { accountKindRefusal, SUPER_ADMIN_ROLE_CODE } from '@common/permissions';
import type { ShowLoginAccountResult } from '@common/schemas/auth';
import { BizError, errors } from '../http/errors';
import { logOperation } from '../oplog';
import { setAccountPassword } from './accounts';
import { clearLoginFailures } from './loginLockout';
import { generatePassword, hashPassword, verifyPassword } from './passwords';
import { holdsRole, isSuperAdmin } from './roles';
import { revokeAccountSessions } from './sessions';
import type { AuthUser } from './user';

/** The stored password hash of an account (a token whose account is gone is refused). */
export async function passwordHashOf(request: FastifyRequest, accountId: string): Promise<string> {
  const row = await request.server.db
    .selectFrom('accounts')
    .select('password_hash')
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw errors.tokenInvalid();
  return row.password_hash;
}

/**
 * Shows an account's login name to staff who confirm with their own password; with
 * `reset`, also gives it a generated password (returned once), which must be changed at
 * the next login, and ends its sessions. Only a super administrator may do this to another
 * super administrator.
 */
export async function showOrResetLogin(
  request: FastifyRequest,
  caller: AuthUser,
  input: { userId: string; password: string; reset: boolean },
): Promise<ShowLoginAccountResult> {
  const { db } = request.server;
  if (!(await verifyPassword(input.password, await passwordHashOf(request, caller.id)))) {
    await logOperation(db, request, {
      entity: 'account',
      entityId: input.userId,
      action: input.reset ? 'reset-password' : 'show-login-account',
      result: 'failure',
      summary: `${input.reset ? '重置密码' : '查看账号'}失败：当前密码不正确`,
    });
    throw new BizError(AUTH_MESSAGES.currentPasswordWrong);
  }
  const target = await db
    .selectFrom('accounts')
    .select(['id', 'login_account', 'name', 'auth_type'])
    .where('id', '=', input.userId)
    .executeTakeFirst();
  if (!target) throw errors.notFound('用户');
  if (!isSuperAdmin(caller) && (await holdsRole(db, target.id, SUPER_ADMIN_ROLE_CODE))) {
    throw errors.forbidden('只有超级管理员可以查看或重置超级管理员的账号');
  }
  // A member unit's or a practitioner's account only for who manages that kind (common/permissions.ts ACCOUNT_KIND_MANAGER).
  const kindRefusal = accountKindRefusal(caller, target.auth_type);
  if (kindRefusal) throw errors.forbidden(kindRefusal);

  if (!input.reset) {
    await logOperation(db, request, {
      entity: 'account',
      entityId: target.id,
      action: 'show-login-account',
      summary: `查看账号 ${target.login_account}`,
    });
    return { loginAccount: target.login_account };
  }

  const newPassword = generatePassword();
  const hash = await hashPassword(newPassword);
  const now = request.server.clock();
  await db.transaction().execute(async (trx) => {
    await setAccountPassword(trx, target.id, { passwordHash: hash, mustChange: true, now: now.toISOString(), by: caller.id });
    // The new password works at once: a lock-out from wrong tries ends with it.
    await clearLoginFailures(trx, { loginAccount: target.login_account, authType: target.auth_type });
    await revokeAccountSessions(trx, target.id, now, target.id === caller.id ? caller.sessionId : undefined);
    await logOperation(trx, request, {
      entity: 'account',
      entityId: target.id,
      action: 'reset-password',
      summary: `重置账号 ${target.login_account} 的密码`,
    });
  });
  return { loginAccount: target.login_account, newPassword };
}
