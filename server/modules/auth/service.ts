/**
 * Logging in and out, changing one's password, and staff revealing or resetting another
 * account's login (a password is never stored recoverably, so it is shown once, when generated).
 */
import type { FastifyRequest } from 'fastify';
import type { CurrentUser, LoginBody, LoginResult } from '@common/schemas/auth';
import { AUTH_MESSAGES } from '@common/messages';
import { checkPasswordStrength, PASSWORD_MESSAGES } from '@common/passwordPolicy';
import { clearLoginFailures, countLoginFailure, lockedOutAnswer, lockedOutMessage, type LoginName } from '../../security/loginLockout';
import { hashPassword, verifyLoginPassword, verifyPassword } from '../../security/passwords';
import { passwordHashOf } from '../../security/loginAccount';
import { setAccountPassword } from '../../security/accounts';
import { accountStateOf, type AccountState } from '../../security/accountGate';
import { createSession, revokeAccountSessions, revokeSession, sessionPolicyFor } from '../../security/sessions';
import { loadAuthUser, type AuthUser } from '../../security/user';
import { toBool } from '../../db/index';
import type { AccountRow, DbOrTrx } from '../../db/types';
import { BizError, errors } from '../../http/errors';
import { serializedBy } from '../../http/rateLimit';
import { logOperation } from '../../oplog';

/** One message for unknown account, wrong authType and wrong password: no account enumeration. */
export const WRONG_CREDENTIALS_MESSAGE = AUTH_MESSAGES.loginFailed;
export const LOGIN_RATE_LIMITED_MESSAGE = '登录尝试过于频繁，请稍后再试';

/**
 * The current user as the front end keeps it; `state`: what the account must do first (the
 * account gate). `name` is whom the account stands for: a practitioner as their record names
 * them now (a corrected record renames them; the account keeps the name it was created with),
 * anyone else by the account's name; `unitName` is the account's unit as it is named now.
 */
export async function currentUserOf(db: DbOrTrx, user: AuthUser, state?: AccountState | null): Promise<CurrentUser> {
  const [person, unit] = await Promise.all([
    user.practitionerId
      ? db.selectFrom('practitioners').select('name').where('id', '=', user.practitionerId).executeTakeFirst()
      : undefined,
    user.unitId ? db.selectFrom('member_units').select('name').where('id', '=', user.unitId).executeTakeFirst() : undefined,
  ]);
  return {
    userId: user.id,
    loginAccount: user.loginAccount,
    name: person?.name || user.name,
    authType: user.authType,
    unitId: user.unitId,
    unitName: unit?.name ?? null,
    practitionerId: user.practitionerId,
    permissions: user.permissions,
    roleNames: user.roleNames,
    mustChangePassword: user.mustChangePassword,
    ...(state ? { passwordExpired: state.passwordExpired, consentRequired: state.consentRequired } : {}),
    lastLoginAt: user.lastLoginAt,
  };
}

export async function login(request: FastifyRequest, body: LoginBody): Promise<LoginResult> {
  const app = request.server;
  const config = app.appConfig;
  const now = app.clock();
  const ip = request.ip;

  // The attempt is counted before the password is checked, so that parallel tries from one
  // address cannot all pass the limit; a successful login marks it as such.
  const attemptId = await reserveLoginAttempt(request, body.loginAccount.slice(0, 64), now);
  // A refused login is a security event of the audit trail too (the account name tried, the
  // address and the user agent), logged on its own because the refusal rolls nothing back.
  const logRefusal = (why: string, account?: AccountRow) =>
    logOperation(
      app.db,
      request,
      {
        entity: 'account',
        entityId: account?.id ?? null,
        action: 'login-failed',
        result: 'failure',
        summary: `登录失败（账号 ${body.loginAccount.slice(0, 64)}，登录类型 ${body.authType}）：${why}`,
      },
      { id: account?.id ?? null, name: account?.name ?? null },
    );

  const account = await app.db
    .selectFrom('accounts')
    .selectAll()
    .where('login_account', '=', body.loginAccount)
    .executeTakeFirst();
  // The account the name and type log in to, if any. Everything up to the password's verdict
  // takes the same steps without one (server/security/loginLockout.ts, verifyLoginPassword), so that
  // neither the answers nor their timing tell which names exist.
  const holder = account && account.auth_type === body.authType ? account : undefined;
  const name: LoginName = { loginAccount: body.loginAccount, authType: body.authType };

  const lockedOut = await lockedOutAnswer(app.db, name, ip, now);
  if (lockedOut) {
    await logRefusal('账号锁定中', account);
    throw new BizError(lockedOut);
  }
  const passwordMatches = await verifyLoginPassword(body.password, holder?.password_hash ?? null);
  if (!holder || !passwordMatches) {
    await logRefusal(!account ? '账号不存在' : !holder ? '登录类型不符' : '密码错误', account);
    const verdict = await countLoginFailure(request, name, now, holder?.id ?? null);
    throw new BizError(verdict === 'locked' ? lockedOutMessage(config.loginLockMinutes) : WRONG_CREDENTIALS_MESSAGE);
  }
  if (!toBool(holder.enabled)) {
    await logRefusal('账号已停用', holder);
    throw new BizError('账号已停用，请联系管理员');
  }

  const { token, sessionId } = await app.db.transaction().execute(async (trx) => {
    await clearLoginFailures(trx, name, ip);
    await trx.updateTable('accounts').set({ last_login_at: now.toISOString() }).where('id', '=', holder.id).execute();
    const created = await createSession(trx, {
      accountId: holder.id,
      now,
      policy: sessionPolicyFor(config, holder.auth_type),
      ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    await trx.updateTable('login_attempts').set({ succeeded: 1 }).where('id', '=', attemptId).execute();
    await logOperation(
      trx,
      request,
      { entity: 'account', entityId: holder.id, action: 'login', summary: `登录（${holder.login_account}）` },
      { id: holder.id, name: holder.name },
    );
    return created;
  });

  await pruneOldSessions(request, now);
  const user = await loadAuthUser(app.db, holder.id, sessionId);
  if (!user) throw errors.tokenInvalid();
  return { token, currentUser: await currentUserOf(app.db, user, await accountStateOf(app.db, config, now, user)) };
}

/**
 * At most `loginRateLimit` failed attempts per client address in the window; HTTP 429 beyond.
 * Counts and records this attempt (as failed until it succeeds) in one serialized step.
 */
async function reserveLoginAttempt(request: FastifyRequest, loginAccount: string, now: Date): Promise<number> {
  const { appConfig: config, db } = request.server;
  const since = new Date(now.getTime() - config.loginRateWindowMinutes * 60_000).toISOString();
  const id = await serializedBy(request, `login:${request.ip}`, async (trx) => {
    // Failed attempts only: an office behind one address must not be locked out by its own
    // successful logins, while guessing (all failures) is still cut off.
    const row = await trx
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', request.ip)
      .where('succeeded', '=', 0)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= config.loginRateLimit) throw errors.tooMany(LOGIN_RATE_LIMITED_MESSAGE);
    const inserted = await trx
      .insertInto('login_attempts')
      .values({ ip: request.ip, login_account: loginAccount, succeeded: 0, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  });
  // Old attempts only matter inside the window; keep the table small (a day's worth).
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
  await db.deleteFrom('login_attempts').where('created_at', '<', dayAgo).execute();
  return id;
}

/** Sessions that ended long ago serve nobody; drop them now and then (at login) to keep the table small. */
const SESSION_RETENTION_DAYS = 30;
async function pruneOldSessions(request: FastifyRequest, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - SESSION_RETENTION_DAYS * 24 * 60 * 60_000).toISOString();
  await request.server.db.deleteFrom('sessions').where('expires_at', '<', cutoff).execute();
}

export async function logout(request: FastifyRequest, user: AuthUser): Promise<void> {
  const { db } = request.server;
  await db.transaction().execute(async (trx) => {
    await revokeSession(trx, user.sessionId, request.server.clock());
    await logOperation(trx, request, { entity: 'account', entityId: user.id, action: 'logout', summary: '退出登录' });
  });
}


export async function changeOwnPassword(
  request: FastifyRequest,
  user: AuthUser,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const { db } = request.server;
  // A refused change is a security event too (the audit trail keeps those): logged with its reason.
  const refuse = async (why: string): Promise<never> => {
    await logOperation(db, request, {
      entity: 'account',
      entityId: user.id,
      action: 'change-password',
      result: 'failure',
      summary: `修改本人密码失败：${why}`,
    });
    throw new BizError(why);
  };
  if (!(await verifyPassword(oldPassword, await passwordHashOf(request, user.id)))) await refuse(AUTH_MESSAGES.oldPasswordWrong);
  if (newPassword === oldPassword) await refuse(PASSWORD_MESSAGES.sameAsOld);
  const problem = await checkPasswordStrength(newPassword, user.loginAccount, [user.name]);
  if (problem) await refuse(problem);
  const hash = await hashPassword(newPassword);
  const now = request.server.clock();
  await db.transaction().execute(async (trx) => {
    await setAccountPassword(trx, user.id, { passwordHash: hash, mustChange: false, now: now.toISOString(), by: user.id });
    // Other devices must log in again with the new password; this one stays.
    await revokeAccountSessions(trx, user.id, now, user.sessionId);
    await logOperation(trx, request, { entity: 'account', entityId: user.id, action: 'change-password', summary: '修改本人密码' });
  });
}
