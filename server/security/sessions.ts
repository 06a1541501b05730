/**
 * Sessions: opaque tokens with a sliding idle expiry and, for staff, an absolute one. The row
 * keeps the token's hash, when it began, when it was last seen and when it expires (the
 * earlier of the two deadlines, as of the last touch); logout, a forced logout and account
 * changes set revoked_at.
 *
 * 等保 身份鉴别: staff sessions end after STAFF_SESSION_IDLE_MINUTES (30) idle and
 * SESSION_MAX_HOURS (12) after login; units and practitioners keep SESSION_IDLE_MINUTES (120)
 * and no absolute limit.
 */
import { randomUUID } from 'node:crypto';
import { AuthType } from '@common/permissions';
import type { Config } from '../config';
import type { DbOrTrx, SessionRow } from '../db/types';
import { prepareOnPostgres } from '../db/preparedStatements';
import { hashToken, newToken } from './tokens';
import { identityColumns, type IdentityRow } from './user';

/** last_seen_at is written at most this often, to spare a write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionPolicy {
  idleMinutes: number;
  /** Hours from login after which the session ends whatever the activity; 0 = no limit. */
  maxHours: number;
}

/** The policy for an account kind, from the configuration. */
export function sessionPolicyFor(
  config: Pick<Config, 'sessionIdleMinutes' | 'staffSessionIdleMinutes' | 'sessionMaxHours'>,
  authType: number,
): SessionPolicy {
  if (authType === AuthType.Staff) return { idleMinutes: config.staffSessionIdleMinutes, maxHours: config.sessionMaxHours };
  return { idleMinutes: config.sessionIdleMinutes, maxHours: 0 };
}

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/** The moment the session ends if nothing happens after `lastSeen`. */
function deadline(createdAt: Date, lastSeen: Date, policy: SessionPolicy): Date {
  const idle = addMinutes(lastSeen, policy.idleMinutes);
  if (policy.maxHours <= 0) return idle;
  const absolute = addMinutes(createdAt, policy.maxHours * 60);
  return absolute < idle ? absolute : idle;
}

export async function createSession(
  db: DbOrTrx,
  input: { accountId: string; now: Date; policy: SessionPolicy; ip: string | null; userAgent: string | null },
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const id = randomUUID();
  const now = input.now.toISOString();
  await db
    .insertInto('sessions')
    .values({
      id,
      token_hash: hashToken(token),
      account_id: input.accountId,
      created_at: now,
      last_seen_at: now,
      expires_at: deadline(input.now, input.now, input.policy).toISOString(),
      revoked_at: null,
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, sessionId: id };
}

/** Stands for the token's hash in the compiled statement below (never a real hash: those are hex). */
const TOKEN_HASH_SLOT = '{token hash}';

function selectLiveSession(db: DbOrTrx) {
  return db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'sessions.id',
      'sessions.token_hash',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.ip',
      'sessions.user_agent',
    ])
    .select(identityColumns(db))
    .where('sessions.token_hash', '=', TOKEN_HASH_SLOT);
}

type LiveSessionRow = Awaited<ReturnType<ReturnType<typeof selectLiveSession>['executeTakeFirstOrThrow']>>;

const compiledStatements = new WeakMap<DbOrTrx, ReturnType<ReturnType<typeof selectLiveSession>['compile']>>();

/**
 * The session-and-identity statement, built and compiled once per database handle: building
 * it (roles and codes as JSON subqueries) cost more than running it, on every request. On
 * PostgreSQL it is also kept prepared on each connection (../db/preparedStatements.ts): planning
 * it cost more than running it too.
 */
function liveSessionStatement(db: DbOrTrx) {
  let statement = compiledStatements.get(db);
  if (!statement) {
    statement = selectLiveSession(db).compile();
    prepareOnPostgres(statement.sql);
    compiledStatements.set(db, statement);
  }
  return statement;
}

/** A live session with its account, as one statement reads them (./user.ts identityColumns). */
export interface LiveSession {
  session: SessionRow;
  identity: IdentityRow;
}

/**
 * The live session for a token, slid forward, with its account's identity; null when unknown,
 * revoked, idle too long or (staff) too old. `policyFor` gives the policy of the session's
 * account kind. One statement per request (two when last_seen_at is due to move), and nothing
 * remembered between requests: a revocation, a disabled account or a changed role counts
 * from the next request on, on every instance.
 */
export async function findLiveSession(
  db: DbOrTrx,
  token: string,
  now: Date,
  policyFor: (authType: number) => SessionPolicy,
): Promise<LiveSession | null> {
  const tokenHash = hashToken(token);
  const statement = liveSessionStatement(db);
  const { rows } = await db.executeQuery<LiveSessionRow>({
    ...statement,
    parameters: statement.parameters.map((value) => (value === TOKEN_HASH_SLOT ? tokenHash : value)),
  });
  const found = rows[0];
  if (!found || found.revoked_at !== null) return null;
  const { id, token_hash, created_at, last_seen_at, expires_at, revoked_at, ip, user_agent, ...identity } = found;
  const session: SessionRow = { id, token_hash, account_id: identity.account_id, created_at, last_seen_at, expires_at, revoked_at, ip, user_agent };
  const policy = policyFor(identity.auth_type);
  const createdAt = new Date(session.created_at);
  const lastSeenAt = new Date(session.last_seen_at);
  if (now >= deadline(createdAt, lastSeenAt, policy)) return null;

  if (now.getTime() - lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    const lastSeen = now.toISOString();
    const expires = deadline(createdAt, now, policy).toISOString();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeen, expires_at: expires })
      .where('id', '=', session.id)
      .execute();
    return { session: { ...session, last_seen_at: lastSeen, expires_at: expires }, identity };
  }
  return { session, identity };
}

/** Ends one session; true when it was live (not already ended). */
export async function revokeSession(db: DbOrTrx, sessionId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every session of an account, except `keepSessionId` (the caller's own) when given. */
export async function revokeAccountSessions(
  db: DbOrTrx,
  accountId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}
