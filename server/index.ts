/**
 * The server's entry: read config, open the database, migrate, seed (+ demo data with
 * `--demo` or SEED_DEMO=1; `--seed-only` stops there), listen, and shut down gracefully.
 * With WORKERS=N the first process does all of that but listening, then forks N processes
 * that listen on one port (server/cluster.ts).
 */
import cluster from 'node:cluster';
import { buildApp } from './app';
import { JOBS_ENV, runPrimary } from './cluster';
import { loadConfig, type Config } from './config';
import { openDatabase, type AppDb } from './db/index';
import { migrateToLatest } from './db/migrations/index';
import { seedDemo } from './db/seed/demo';
import { seedBase } from './db/seed/index';
import { withStartupLock } from './db/startupLock';
import { encryptPlaintextPii, loadFieldCipher, type FieldCipher } from './pii/index';
import { sealUnchainedRows } from './audit/chain';
import { loadAuditKey } from './audit/key';
import { startDailyJobs } from './jobs';

interface Keys {
  pii: FieldCipher;
  auditKey: Buffer;
}

/** Migrations, the base seed, the keys and start-up repairs: once, under the start-up lock. */
async function prepareDatabase(db: AppDb, config: Config): Promise<Keys> {
  // Several instances starting at once: one migrates and seeds, the others wait and find it done.
  const { createdAdmin, keys } = await withStartupLock(db, async () => {
    await migrateToLatest(db);
    const { createdAdmin } = await seedBase(db.kysely, { adminAccount: config.adminAccount, adminPassword: config.adminPassword });
    // Before anything reads or writes personal information: a wrong key stops here, untouched.
    const pii = await loadFieldCipher(config, db.kysely);
    const auditKey = await loadAuditKey(config, db.kysely);
    await sealUnchainedRows(db.kysely, db.dialect, auditKey);
    const encrypted = await encryptPlaintextPii(db, pii);
    if (encrypted > 0) console.log(`已加密 ${encrypted} 条从业人员记录中的身份证号码和手机号码`);
    return { createdAdmin, keys: { pii, auditKey } };
  });
  if (createdAdmin) {
    // Printed once, on the start that created the account; it is not stored anywhere readable.
    console.log(
      createdAdmin.generated
        ? `已创建超级管理员：账号 ${createdAdmin.loginAccount}，初始密码 ${createdAdmin.password}（仅显示这一次，首次登录后请修改）`
        : `已创建超级管理员：账号 ${createdAdmin.loginAccount}，密码为环境变量 ADMIN_PASSWORD 的值`,
    );
  }
  return keys;
}

/** Listens until SIGTERM/SIGINT, then lets requests in flight finish and exits. */
async function serve(config: Config, db: AppDb, keys: Keys, options: { dailyJobs: boolean; announce: boolean }): Promise<void> {
  const app = await buildApp({ config, db, pii: keys.pii, auditKey: keys.auditKey });
  let closing = false;
  let stopJobs: () => Promise<void> = async () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '正在停止服务');
    // Health answers 503 from now on, so that a proxy stops sending; requests in flight finish.
    app.lifecycle.draining = true;
    try {
      // The notices' sender finishes the batch in hand (server/notifications/service.ts).
      await stopJobs();
      // close() stops accepting connections and waits for in-flight requests.
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, '停止服务时出错');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (options.dailyJobs) stopJobs = startDailyJobs(app);
  if (options.announce) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`服务已启动: http://localhost:${port}`);
  }
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const config = loadConfig();
  const db = openDatabase(config);

  if (cluster.isWorker) {
    // The primary prepared the database and made the keys before forking this process.
    const keys = { pii: await loadFieldCipher(config, db.kysely), auditKey: await loadAuditKey(config, db.kysely) };
    await serve(config, db, keys, { dailyJobs: process.env[JOBS_ENV] === '1', announce: false });
    return;
  }

  const keys = await prepareDatabase(db, config);
  if (args.has('--demo') || config.seedDemo) {
    const logins = await seedDemo(db.kysely, new Date(), { dataDir: config.dataDir, pii: keys.pii, audit: { key: keys.auditKey, dialect: db.dialect } });
    console.log('演示账号：');
    for (const l of logins) console.log(`  ${l.description}：${l.loginAccount} / ${l.password}（authType ${l.authType}）`);
  }
  if (args.has('--seed-only')) {
    await db.close();
    return;
  }
  if (config.workers > 1) {
    await db.close();
    runPrimary(config.workers, config.port);
    return;
  }
  await serve(config, db, keys, { dailyJobs: true, announce: true });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof Error && err.stack && process.env.LOG_LEVEL === 'debug') console.error(err.stack);
  process.exit(1);
});
