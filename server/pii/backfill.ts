/**
 * Encrypts personal information an older version stored as plaintext (migration 0004 renamed
 * the columns but could not encrypt: it has no key). Runs at every start before the server
 * listens; batch by batch, each batch one transaction, so a crash resumes where it stopped.
 * Rows already encrypted are not touched, so running it again is harmless.
 */
import { sql } from 'kysely';
import type { AppDb } from '../db/index';
import { PII_PREFIX, type FieldCipher } from './cipher';
import { encryptPractitionerPii } from './fields';

const BATCH = 500;

export async function encryptPlaintextPii(db: AppDb, pii: FieldCipher): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db.kysely
      .selectFrom('practitioners')
      .select(['id', 'id_card_enc', 'phone_enc'])
      .where((eb) =>
        eb.or([
          eb('id_card_enc', 'not like', `${PII_PREFIX}%`),
          eb('id_card_hash', 'is', null),
          eb.and([eb('phone_enc', 'is not', null), eb('phone_enc', 'not like', `${PII_PREFIX}%`)]),
        ]),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await db.kysely.transaction().execute(async (trx) => {
      for (const row of rows) {
        const idCardNo = row.id_card_enc.startsWith(PII_PREFIX) ? pii.decrypt(row.id_card_enc) : row.id_card_enc;
        const phone = row.phone_enc && row.phone_enc.startsWith(PII_PREFIX) ? pii.decrypt(row.phone_enc) : row.phone_enc;
        await trx
          .updateTable('practitioners')
          .set(encryptPractitionerPii(pii, { idCardNo, phone }))
          .where('id', '=', row.id)
          .execute();
      }
    });
    done += rows.length;
  }
  if (done > 0 && db.dialect === 'sqlite') {
    // The plaintext pages live on in the WAL until it is checkpointed and truncated.
    await sql`pragma wal_checkpoint(truncate)`.execute(db.kysely);
  }
  return done;
}
