/**
 * Lock-outs after wrong passwords (LOGIN_MAX_FAILURES in a row lock for LOGIN_LOCK_MINUTES),
 * counted per login name, login type and client address in login_lockouts, whether or not an
 * account holds that name with that type: an unknown name is counted, locked and answered exactly
 * as an existing one (the same message, the same lock timing), so that the lock-out does not tell
 * which names exist.
 *
 * Per address, not per name alone: a lock of the name for everybody let anyone, from one address
 * and within the address limit, keep any account (the super administrator's) locked for as long
 * as they liked, a denial of service no staff unlock could outlast. A delay growing with the
 * failures, the other way to slow guessing without a captcha, has the same flaw if it holds the
 * name for everybody, and is this lock under another name if it holds only the addresses that
 * failed; a lock says plainly what happened and staff can lift it. The owner, from another
 * address, logs in meanwhile. Guessing from many addresses is still bounded: each address by its
 * lock and by the failed-login limit per address (LOGIN_RATE_LIMIT, modules/auth/service.ts), the
 * addresses themselves by TRUST_PROXY (a forged X-Forwarded-For is not a new address), and the
 * guesses by the password rules.
 *
 * A success resets its own address's count; staff (unlock, enable, password reset) lift the name's
 * counts and locks at every address; a lock resets the count it ended; a count left alone for a
 * day is forgotten.
 *
 * The count is raised in the database in one statement (an upsert), not from a row read
 * before, so that parallel wrong tries all count and only the try that reaches the limit
 * locks and logs it; a try that arrives once the name is locked for its address does not count.
 */
import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../db/types';
import { logOperation } from '../oplog';

export interface LoginName {
  loginAccount: string;
  authType: number;
}

/** Counts older than this (with no lock in force) are forgotten: the table does not grow with every name tried. */
const FORGET_AFTER_MINUTES = 24 * 60;

export function lockedOutMessage(minutes: number): string {
  return `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`;
}

const minutesUntil = (from: Date, until: string) => Math.max(1, Math.ceil((new Date(until).getTime() - from.getTime()) / 60_000));

/** The lock-out answer for the name tried from `ip` at `now`, or null when it is not locked there. */
export async function lockedOutAnswer(db: DbOrTrx, name: LoginName, ip: string, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('login_lockouts')
    .select('locked_until')
    .where('login_account', '=', name.loginAccount)
    .where('auth_type', '=', name.authType)
    .where('ip', '=', ip)
    .executeTakeFirst();
  const until = row?.locked_until;
  return until && until > now.toISOString() ? lockedOutMessage(minutesUntil(now, until)) : null;
}

/**
 * Counts a failed login of the name from the request's address; the LOGIN_MAX_FAILURES-th in a
 * row from there locks the name for that address (logged once, with the account when one holds
 * the name). Returns whether the try is answered as locked.
 */
export async function countLoginFailure(request: FastifyRequest, name: LoginName, now: Date, accountId: string | null): Promise<'wrong' | 'locked'> {
  const { appConfig: config, db } = request.server;
  const ip = request.ip;
  const at = now.toISOString();
  const raised = await db
    .insertInto('login_lockouts')
    .values({ login_account: name.loginAccount, auth_type: name.authType, ip, failures: 1, locked_until: null, updated_at: at })
    .onConflict((oc) =>
      oc
        .columns(['login_account', 'auth_type', 'ip'])
        .doUpdateSet((eb) => ({ failures: eb(eb.ref('login_lockouts.failures'), '+', 1), updated_at: at }))
        // Tries that were checked before a parallel one locked the name do not count any more.
        .where((eb) => eb.or([eb('login_lockouts.locked_until', 'is', null), eb('login_lockouts.locked_until', '<=', at)])),
    )
    .returning('failures')
    .executeTakeFirst();
  await forgetOldFailures(db, now);
  if (!raised) return 'locked';
  const failures = Number(raised.failures);
  if (failures < config.loginMaxFailures) return 'wrong';

  const lockedUntil = new Date(now.getTime() + config.loginLockMinutes * 60_000).toISOString();
  // Every try that raised the count to the limit or past it is answered as locked, whichever of them
  // wins the lock: a later try's lock can commit before the try that reached the limit gets there.
  await db.transaction().execute(async (trx) => {
    // Only the try that finds the count still at the limit locks (another may have already).
    const result = await trx
      .updateTable('login_lockouts')
      .set({ failures: 0, locked_until: lockedUntil, updated_at: at })
      .where('login_account', '=', name.loginAccount)
      .where('auth_type', '=', name.authType)
      .where('ip', '=', ip)
      .where('failures', '>=', config.loginMaxFailures)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return;
    await logOperation(
      trx,
      request,
      {
        entity: 'account',
        entityId: accountId,
        action: 'lock',
        summary: `登录账号 ${name.loginAccount}（登录类型 ${name.authType}）从地址 ${ip} 连续${failures}次登录失败，对该地址锁定${config.loginLockMinutes}分钟`,
      },
      { id: null, name: null },
    );
  });
  return 'locked';
}

/**
 * A success lifts the count of its own address (`ip`): a login of the owner must not give back the
 * tries of an address that was guessing. Staff (no `ip`) lift the name's counts and locks everywhere.
 */
export async function clearLoginFailures(db: DbOrTrx, name: LoginName, ip?: string): Promise<void> {
  let query = db.deleteFrom('login_lockouts').where('login_account', '=', name.loginAccount).where('auth_type', '=', name.authType);
  if (ip !== undefined) query = query.where('ip', '=', ip);
  await query.execute();
}

/**
 * The accounts (login name and type) locked at `now` for at least one address, with the end of
 * the last such lock, keyed by `lockKey`: what staff see in the user list and may lift (解锁).
 */
export async function lockedAccounts(db: DbOrTrx, accounts: readonly { login_account: string; auth_type: number }[], now: Date): Promise<Map<string, string>> {
  const names = [...new Set(accounts.map((a) => a.login_account))];
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('login_lockouts')
    .select(['login_account', 'auth_type', 'locked_until'])
    .where('login_account', 'in', names)
    .where('locked_until', '>', now.toISOString())
    .execute();
  const locks = new Map<string, string>();
  for (const r of rows) {
    const key = lockKey(r.login_account, r.auth_type);
    const until = r.locked_until;
    if (until && until > (locks.get(key) ?? '')) locks.set(key, until);
  }
  return locks;
}

export const lockKey = (loginAccount: string, authType: number) => `${Number(authType)}:${loginAccount}`;

async function forgetOldFailures(db: DbOrTrx, now: Date): Promise<void> {
  const at = now.toISOString();
  const before = new Date(now.getTime() - FORGET_AFTER_MINUTES * 60_000).toISOString();
  await db
    .deleteFrom('login_lockouts')
    .where('updated_at', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .execute();
}
