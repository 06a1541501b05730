/**
 * `npm run rotate-key`: re-encrypts the personal information under a new key (see rotate.ts).
 * Stop the server first; run again after a crash to finish.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { migrateToLatest } from '../db/migrations/index';
import { rotateKey } from './rotate';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const result = await rotateKey(db, { ...config, dataKeyNew: process.env.DATA_KEY_NEW?.trim() || null }, {
      onBatch: (done) => console.log(`已重新加密 ${done} 条记录`),
    });
    console.log(`密钥轮换完成：${result.fromKeyId} → ${result.toKeyId}，共 ${result.rows} 条记录。`);
    console.log(
      config.dataKey
        ? '请把环境变量 DATA_KEY 改为 DATA_KEY_NEW 的值后再启动服务，并备份新密钥。'
        : `新密钥已写入 ${config.dataDir}/pii.key；旧密钥保存在 pii.key.retired-${result.fromKeyId}（恢复轮换前的备份时需要），请一并妥善备份。`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
