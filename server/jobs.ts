/**
 * Daily housekeeping inside the server (no extra process): run once at start, then every day;
 * beside it the notices' loops (scan every NOTICE_SCAN_MINUTES, send every few seconds).
 * The credit scan records overdue inspections as bad-conduct events (modules/inspections/overdue.ts).
 * The sweep removes files sent without an account that no submission claimed (files/sweeper.ts).
 * Each job is safe to repeat and to run on several instances at once (WORKERS, or several
 * machines on one database): the audit
 * purge takes the chain's lock.
 */
import type { FastifyInstance } from 'fastify';
import { purgeExpiredAudit } from './audit/retention';
import { FileStorage } from './files/storage';
import { sweepUnclaimedUploads } from './files/sweeper';
import { anonymiseExpiredPersonalData, eraseExpiredComplainants } from './pii/retention';
import { remindInspectionDeadlines } from './modules/inspections/reminders';
import { recordOverdueInspections } from './modules/inspections/overdue';
import { DUE_NOTICE_FINDERS } from './notifications/kinds';
import { NotificationService } from './notifications/service';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function runDailyJobs(app: FastifyInstance): Promise<void> {
  try {
    const purged = await purgeExpiredAudit(app.db, app, app.appConfig.auditRetentionDays);
    if (purged > 0) app.log.info({ purged }, '已按保存期限清除过期审计记录');
  } catch (err) {
    app.log.error({ err }, '清除过期审计记录失败');
  }
  try {
    // Personal data past PERSONAL_DATA_RETENTION_DAYS (left practitioners, rejected registrations).
    const anonymised = await anonymiseExpiredPersonalData(app.db, {
      now: app.clock(),
      retentionDays: app.appConfig.personalDataRetentionDays,
      files: new FileStorage(app.appConfig.dataDir),
      log: app,
    });
    if (anonymised.practitioners + anonymised.units > 0) app.log.info(anonymised, '已按保存期限匿名化个人信息');
  } catch (err) {
    app.log.error({ err }, '按保存期限匿名化个人信息失败');
  }
  try {
    // Complainants of complaints closed longer than PERSONAL_DATA_RETENTION_DAYS ago.
    const erased = await eraseExpiredComplainants(app.db, { now: app.clock(), retentionDays: app.appConfig.personalDataRetentionDays, log: app });
    if (erased > 0) app.log.info({ complaints: erased }, '已按保存期限删除投诉人信息');
  } catch (err) {
    app.log.error({ err }, '按保存期限删除投诉人信息失败');
  }
  try {
    // Files sent without an account (complaints, registrations) that no submission claimed.
    const swept = await sweepUnclaimedUploads(app.db, { now: app.clock(), files: new FileStorage(app.appConfig.dataDir), log: app });
    if (swept.records > 0) app.log.info(swept, '已清除未提交的未登录上传文件');
  } catch (err) {
    app.log.error({ err }, '清除未提交的未登录上传文件失败');
  }
  try {
    // Annual inspection: units with records still to submit, three days before the deadline (once).
    const reminded = await remindInspectionDeadlines(app.db, app.clock());
    if (reminded > 0) app.log.info({ reminded }, '已发送年检截止提醒');
  } catch (err) {
    app.log.error({ err }, '发送年检截止提醒失败');
  }
  try {
    // Credit: inspections not submitted by their year's deadline, each an event once.
    const overdue = await recordOverdueInspections(app.db, app, app.clock());
    if (overdue > 0) app.log.info({ overdue }, '已登记逾期未提交年检的不良行为记录');
  } catch (err) {
    app.log.error({ err }, '登记逾期年检的不良行为记录失败');
  }
  // The jobs changed data outside any request.
  app.readCache.clear();
}

/**
 * Starts the daily timer and the notices' scanner and sender (server/notifications; neither keeps
 * the process alive); returns the function that stops them, which waits for the batch of notices
 * in hand.
 */
export function startDailyJobs(app: FastifyInstance): () => Promise<void> {
  void runDailyJobs(app);
  const timer = setInterval(() => void runDailyJobs(app), DAY_MS);
  timer.unref();
  const notices = new NotificationService(app, DUE_NOTICE_FINDERS);
  notices.start();
  return async () => {
    clearInterval(timer);
    await notices.stop();
  };
}
