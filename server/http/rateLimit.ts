/**
 * Rate limits kept in the database (rate_limit_events), so that they hold across processes
 * and restarts like the login limit does: registrations per address, certificate look-ups per
 * address. Over the limit: HTTP 429 with a Chinese message, and nothing is counted or changed.
 *
 *   await enforceRateLimit(request, { bucket: 'register', limit: 5, windowMinutes: 60,
 *     message: '注册过于频繁，请稍后再试' });
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types';
import { errors } from './errors';

export interface RateLimitRule {
  /** What is counted ('register', 'certificate-lookup'). */
  bucket: string;
  limit: number;
  windowMinutes: number;
  message: string;
  /** Whose events count together; the client address by default. */
  key?: string;
}

/**
 * Runs `work` in a transaction that no other caller with the same `lockName` runs beside:
 * parallel tries cannot all read "under the limit" before any of them is counted
 * (tests/server/rate-limits-parallel.test.ts).
 * PostgreSQL: a transaction-scoped advisory lock, shared by every instance; SQLite: the one
 * connection already runs transactions one after another.
 */
export function serializedBy<T>(request: FastifyRequest, lockName: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const { db, dialect } = request.server;
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${lockName}))`.execute(trx);
    return work(trx);
  });
}

/** Counts one event of the limit; over it, HTTP 429 with the rule's message and nothing counted. */
export async function enforceRateLimit(request: FastifyRequest, rule: RateLimitRule): Promise<void> {
  await takeRateLimit(request, rule, 1);
}

/**
 * Takes up to `wanted` events of a limit in one serialized step (for work made of many counted
 * parts, such as an import's rows): counts as many as the limit still allows and returns that
 * number; none left, HTTP 429 with the rule's message and nothing counted.
 */
export async function takeRateLimit(request: FastifyRequest, rule: RateLimitRule, wanted: number): Promise<number> {
  const now = request.server.clock();
  const key = rule.key ?? request.ip;
  const since = new Date(now.getTime() - rule.windowMinutes * 60_000).toISOString();
  const granted = await serializedBy(request, `rate-limit:${rule.bucket}:${key}`, async (trx) => {
    const row = await trx
      .selectFrom('rate_limit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', rule.bucket)
      .where('key', '=', key)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    const take = Math.min(wanted, rule.limit - Number(row.n));
    if (take <= 0) throw errors.tooMany(rule.message);
    const at = now.toISOString();
    await trx
      .insertInto('rate_limit_events')
      .values(Array.from({ length: take }, () => ({ bucket: rule.bucket, key, at })))
      .execute();
    return take;
  });
  await pruneOld(request, rule, now);
  return granted;
}

/** Events older than the window no longer count; keep the table to about a day's worth. */
async function pruneOld(request: FastifyRequest, rule: RateLimitRule, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - Math.max(rule.windowMinutes, 24 * 60) * 60_000).toISOString();
  await request.server.db.deleteFrom('rate_limit_events').where('bucket', '=', rule.bucket).where('at', '<', dayAgo).execute();
}
