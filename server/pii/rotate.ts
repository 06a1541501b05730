/**
 * Key rotation (`npm run rotate-key`): every encrypted value and every blind index is rewritten
 * under a new key, batch by batch, each batch one transaction. Run it with the server stopped
 * (the server refuses to start while a rotation is unfinished). A crash leaves a marker; running
 * the command again resumes where it stopped, and every value stays readable with the old or the
 * new key meanwhile.
 *
 * Key file mode: the new key is written to `pii.key.next` first (kept across a crash), the old
 * one is copied to `pii.key.retired-<keyId>` at the end (backups taken before the rotation need
 * it), then `pii.key.next` atomically replaces `pii.key`.
 * DATA_KEY mode: the new key comes from DATA_KEY_NEW; afterwards the operator sets DATA_KEY to it.
 */
import fs from 'node:fs';
import type { Config } from '../config';
import type { AppDb } from '../db/index';
import { createFieldCipher, isEncrypted, keyIdOf, PII_PREFIX, type FieldCipher } from './cipher';
import { normaliseAddress } from '../notifications/render';
import { encryptPractitionerPii } from './fields';
import { DataKeyError, keyFilePath, nextKeyFilePath, parseDataKey, ROTATION_MARKER, storeKeyCheck, writeKeyFile } from './keys';

export { nextKeyFilePath, ROTATION_MARKER };

const BATCH = 500;

/** Whether a rotation was started and not finished (the server must not start then). */
export async function rotationInProgress(db: AppDb, dataDir: string): Promise<boolean> {
  if (fs.existsSync(nextKeyFilePath(dataDir))) return true;
  const row = await db.kysely.selectFrom('app_meta').select('value').where('key', '=', ROTATION_MARKER).executeTakeFirst();
  return !!row;
}

export interface RotationResult {
  fromKeyId: string;
  toKeyId: string;
  rows: number;
}

type RotateConfig = Pick<Config, 'dataKey' | 'dataCipher' | 'dataDir'> & { dataKeyNew?: string | null };

function readKeys(config: RotateConfig): { old: Buffer; next: Buffer; fileMode: boolean } {
  if (config.dataKey) {
    if (!config.dataKeyNew) throw new DataKeyError('使用 DATA_KEY 时，请在 DATA_KEY_NEW 中给出新密钥');
    return { old: parseDataKey(config.dataKey, '环境变量 DATA_KEY'), next: parseDataKey(config.dataKeyNew, '环境变量 DATA_KEY_NEW'), fileMode: false };
  }
  const file = keyFilePath(config.dataDir);
  if (!fs.existsSync(file)) throw new DataKeyError(`密钥文件 ${file} 不存在，无法轮换`);
  const old = parseDataKey(fs.readFileSync(file, 'utf8'), `密钥文件 ${file}`);
  const nextFile = nextKeyFilePath(config.dataDir);
  const next = fs.existsSync(nextFile) ? parseDataKey(fs.readFileSync(nextFile, 'utf8'), `密钥文件 ${nextFile}`) : writeKeyFile(nextFile);
  return { old, next, fileMode: true };
}

export async function rotateKey(
  db: AppDb,
  config: RotateConfig,
  options: {
    onBatch?: (done: number) => void;
    batchSize?: number;
    /** Tests: stop after this many batches, as a crash would. */
    stopAfterBatches?: number;
  } = {},
): Promise<RotationResult> {
  const keys = readKeys(config);
  const oldCipher = createFieldCipher(keys.old, config.dataCipher);
  const newCipher = createFieldCipher(keys.next, config.dataCipher);
  if (oldCipher.keyId === newCipher.keyId) throw new DataKeyError('新密钥与当前密钥相同');
  const decrypt = (stored: string): string => {
    if (!isEncrypted(stored)) return stored;
    return (keyIdOf(stored) === newCipher.keyId ? newCipher : oldCipher).decrypt(stored);
  };

  await db.kysely
    .insertInto('app_meta')
    .values({ key: ROTATION_MARKER, value: JSON.stringify({ from: oldCipher.keyId, to: newCipher.keyId }), updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();

  const current = `${PII_PREFIX}___:${newCipher.keyId}:%`;
  let rows = 0;
  let batches = 0;
  for (;;) {
    const page = await db.kysely
      .selectFrom('practitioners')
      .select(['id', 'id_card_enc', 'phone_enc'])
      .where((eb) =>
        eb.or([eb('id_card_enc', 'not like', current), eb.and([eb('phone_enc', 'is not', null), eb('phone_enc', 'not like', current)])]),
      )
      .orderBy('id')
      .limit(options.batchSize ?? BATCH)
      .execute();
    if (page.length === 0) break;
    if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) {
      throw new Error('rotation interrupted (test)');
    }
    await db.kysely.transaction().execute(async (trx) => {
      for (const row of page) {
        const phone = row.phone_enc ? decrypt(row.phone_enc) : null;
        await trx
          .updateTable('practitioners')
          .set(encryptPractitionerPii(newCipher, { idCardNo: decrypt(row.id_card_enc), phone }))
          .where('id', '=', row.id)
          .execute();
      }
    });
    rows += page.length;
    batches += 1;
    options.onBatch?.(rows);
  }

  // The addresses notices were sent to (server/notifications): re-encrypted, their keyed hash
  // (the list's look-up by address) recomputed under the new key.
  for (;;) {
    const page = await db.kysely
      .selectFrom('notification_deliveries')
      .select(['id', 'address_enc'])
      .where('address_enc', 'is not', null)
      .where('address_enc', 'not like', current)
      .orderBy('id')
      .limit(options.batchSize ?? BATCH)
      .execute();
    if (page.length === 0) break;
    if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) {
      throw new Error('rotation interrupted (test)');
    }
    await db.kysely.transaction().execute(async (trx) => {
      for (const row of page) {
        const address = decrypt(row.address_enc ?? '');
        await trx
          .updateTable('notification_deliveries')
          .set({ address_enc: newCipher.encrypt(address), address_hash: newCipher.blindIndex(normaliseAddress(address)) })
          .where('id', '=', row.id)
          .execute();
      }
    });
    rows += page.length;
    batches += 1;
    options.onBatch?.(rows);
  }

  // The complainants' phones and e-mails (server/modules/complaints): re-encrypted.
  for (;;) {
    const page = await db.kysely
      .selectFrom('complaints')
      .select(['id', 'complainant_phone_enc', 'complainant_email_enc'])
      .where((eb) =>
        eb.or([
          eb.and([eb('complainant_phone_enc', 'is not', null), eb('complainant_phone_enc', 'not like', current)]),
          eb.and([eb('complainant_email_enc', 'is not', null), eb('complainant_email_enc', 'not like', current)]),
        ]),
      )
      .orderBy('id')
      .limit(options.batchSize ?? BATCH)
      .execute();
    if (page.length === 0) break;
    if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) {
      throw new Error('rotation interrupted (test)');
    }
    await db.kysely.transaction().execute(async (trx) => {
      for (const row of page) {
        const again = (stored: string | null) => (stored ? newCipher.encrypt(decrypt(stored)) : null);
        await trx
          .updateTable('complaints')
          .set({ complainant_phone_enc: again(row.complainant_phone_enc), complainant_email_enc: again(row.complainant_email_enc) })
          .where('id', '=', row.id)
          .execute();
      }
    });
    rows += page.length;
    batches += 1;
    options.onBatch?.(rows);
  }

  await storeKeyCheck(db.kysely, newCipher);
  if (keys.fileMode) {
    const file = keyFilePath(config.dataDir);
    fs.copyFileSync(file, `${file}.retired-${oldCipher.keyId}`);
    fs.chmodSync(`${file}.retired-${oldCipher.keyId}`, 0o600);
    fs.renameSync(nextKeyFilePath(config.dataDir), file);
  }
  await db.kysely.deleteFrom('app_meta').where('key', '=', ROTATION_MARKER).execute();
  return { fromKeyId: oldCipher.keyId, toKeyId: newCipher.keyId, rows };
}

export type { FieldCipher };
