/**
 * The audit chain's key: AUDIT_KEY, or `audit.key` in the data directory, created once (mode
 * 0600). Separate from the personal-information key, so that rotating that one does not break
 * the verification of old audit rows. Losing it while chained rows exist makes the chain
 * unverifiable, so the server refuses to start instead of starting a new key silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { createKeyFileOnce, DataKeyError, parseDataKey } from '../pii/keys';

export const AUDIT_KEY_FILE = 'audit.key';

export async function loadAuditKey(config: Pick<Config, 'auditKey' | 'dataDir'>, db: Db): Promise<Buffer> {
  if (config.auditKey) return parseDataKey(config.auditKey, '环境变量 AUDIT_KEY');
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  if (fs.existsSync(file)) return parseDataKey(fs.readFileSync(file, 'utf8'), `密钥文件 ${file}`);
  const chained = await db.selectFrom('operation_logs').select('id').where('chain_hash', 'is not', null).limit(1).executeTakeFirst();
  if (chained) {
    throw new DataKeyError(`审计日志已使用哈希链，但密钥文件 ${file} 不存在：请恢复该文件（或设置 AUDIT_KEY）后再启动。未做任何修改。`);
  }
  return createKeyFileOnce(file, `密钥文件 ${file}`);
}
