/**
 * `npm run audit:verify`: walks the audit trail's hash chain and names the first row that no
 * longer fits (an edited or deleted row). Exit 0 when intact, 1 otherwise.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { migrateToLatest } from '../db/migrations/index';
import { verifyChain } from './chain';
import { loadAuditKey } from './key';

async function main(): Promise<number> {
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const result = await verifyChain(db.kysely, await loadAuditKey(config, db.kysely));
    if (result.ok) {
      console.log(`审计日志完整：已校验 ${result.checked} 条记录`);
      return 0;
    }
    const bad = result.firstBad;
    console.error(`审计日志不完整：第 ${bad?.id} 条记录（${bad?.createdAt}）与哈希链不符：${bad?.reason}。此前 ${result.checked} 条记录完好。`);
    return 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
