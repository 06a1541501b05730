/**
 * Sessions: opaque tokens with a sliding idle expiry. The row keeps the token's hash,
 * when it was last seen and when it expires; logout and account changes set revoked_at.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTrx, SessionRow } from '../db/types';
import { hashToken, newToken } from './tokens';

/** last_seen_at is written at most this often, to spare a write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionPolicy {
  idleMinutes: number;
}

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

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
      expires_at: addMinutes(input.now, input.policy.idleMinutes).toISOString(),
      revoked_at: null,
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, sessionId: id };
}

/** The live session for a token, slid forward; null when unknown, revoked or idle too long. */
export async function findLiveSession(
  db: DbOrTrx,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<SessionRow | null> {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!session || session.revoked_at !== null) return null;
  const idleDeadline = addMinutes(new Date(session.last_seen_at), policy.idleMinutes);
  if (now >= idleDeadline || now.toISOString() >= session.expires_at) return null;

  if (now.getTime() - new Date(session.last_seen_at).getTime() >= TOUCH_INTERVAL_MS) {
    const lastSeen = now.toISOString();
    const expires = addMinutes(now, policy.idleMinutes).toISOString();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeen, expires_at: expires })
      .where('id', '=', session.id)
      .execute();
    return { ...session, last_seen_at: lastSeen, expires_at: expires };
  }
  return session;
}

export async function revokeSession(db: DbOrTrx, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
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
