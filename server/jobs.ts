/**
 * Daily housekeeping inside the server (no extra process): run once at start, then every day.
 * Each job is safe to repeat and to run on several instances at once (issue 10): the audit
 * purge takes the chain's lock.
 */
import type { FastifyInstance } from 'fastify';
import { purgeExpiredAudit } from './audit/retention';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function runDailyJobs(app: FastifyInstance): Promise<void> {
  try {
    const purged = await purgeExpiredAudit(app.db, app, app.appConfig.auditRetentionDays);
    if (purged > 0) app.log.info({ purged }, '已按保存期限清除过期审计记录');
  } catch (err) {
    app.log.error({ err }, '清除过期审计记录失败');
  }
}

/** Starts the daily timer (it does not keep the process alive); returns the function that stops it. */
export function startDailyJobs(app: FastifyInstance): () => void {
  void runDailyJobs(app);
  const timer = setInterval(() => void runDailyJobs(app), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
