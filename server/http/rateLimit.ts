/**
 * Rate limits kept in the database (rate_limit_events), so that they hold across processes
 * and restarts like the login limit does: registrations per address, certificate look-ups per
 * address. Over the limit: HTTP 429 with a Chinese message, and nothing is counted or changed.
 *
 *   await enforceRateLimit(request, { bucket: 'register', limit: 5, windowMinutes: 60,
 *     message: '注册过于频繁，请稍后再试' });
 */
import type { FastifyRequest } from 'fastify';
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

export async function enforceRateLimit(request: FastifyRequest, rule: RateLimitRule): Promise<void> {
  const { db } = request.server;
  const now = request.server.clock();
  const key = rule.key ?? request.ip;
  const since = new Date(now.getTime() - rule.windowMinutes * 60_000).toISOString();
  const row = await db
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bucket', '=', rule.bucket)
    .where('key', '=', key)
    .where('at', '>=', since)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= rule.limit) throw errors.tooMany(rule.message);
  await db.insertInto('rate_limit_events').values({ bucket: rule.bucket, key, at: now.toISOString() }).execute();
  // Events older than the window no longer count; keep the table to about a day's worth.
  const dayAgo = new Date(now.getTime() - Math.max(rule.windowMinutes, 24 * 60) * 60_000).toISOString();
  await db.deleteFrom('rate_limit_events').where('bucket', '=', rule.bucket).where('at', '<', dayAgo).execute();
}
