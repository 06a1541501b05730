/**
 * Membership and personal information (issues 7 and 12):
 *
 * - practitioners: the ID number and the phone are stored encrypted (server/pii). The columns
 *   are renamed so that no code can mistake a ciphertext for a value (`id_card_enc`,
 *   `phone_enc`), and `id_card_hash`, a keyed hash of the normalised ID number, takes over the
 *   "one live record per person" rule and exact look-up. Rows of an existing database keep
 *   their plaintext here and are encrypted at start by `encryptPlaintextPii` (resumable,
 *   batch by batch), because a migration has no access to the key.
 * - consents: what each account agreed to (user agreement and privacy policy at registration,
 *   the separate consent for sensitive personal information), when, from which address, and
 *   its withdrawal.
 * - rate_limit_events: one row per counted event (a registration, a certificate look-up) so
 *   that limits hold across processes and instances like the login limit does.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../index';
import { PRACTITIONER_ACTIVE_STATUSES } from '../domainTypes';
import { autoId } from './0001_core';

export function membershipMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('practitioners_id_card_active_uq').execute();
      await db.schema.dropIndex('practitioners_id_card_idx').execute();
      await db.schema.alterTable('practitioners').renameColumn('id_card_no', 'id_card_enc').execute();
      await db.schema.alterTable('practitioners').renameColumn('phone', 'phone_enc').execute();
      await db.schema.alterTable('practitioners').addColumn('id_card_hash', 'text').execute();
      await db.schema
        .createIndex('practitioners_id_card_active_uq')
        .on('practitioners')
        .column('id_card_hash')
        .unique()
        .where(sql.ref('status'), 'in', sql`(${sql.join(PRACTITIONER_ACTIVE_STATUSES.map((s) => sql.lit(s)))})`)
        .execute();
      await db.schema.createIndex('practitioners_id_card_hash_idx').on('practitioners').column('id_card_hash').execute();
      // The staff list's keyword filter and default order.
      await db.schema.createIndex('practitioners_name_idx').on('practitioners').column('name').execute();
      await db.schema.createIndex('practitioners_updated_idx').on('practitioners').column('updated_at').execute();
      // A unit's own list (and staff in a unit's context), newest first.
      await db.schema.createIndex('practitioners_unit_updated_idx').on('practitioners').columns(['unit_id', 'updated_at']).execute();

      await db.schema
        .createTable('consents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('restrict'))
        // 'terms_privacy' (用户协议与隐私政策) | 'sensitive_pi' (敏感个人信息单独同意)
        .addColumn('kind', 'text', (c) => c.notNull())
        // JSON text: the documents and their versions as shown, e.g. {"terms":"2026-11-01","privacy":"2026-11-01"}
        .addColumn('versions', 'text', (c) => c.notNull())
        .addColumn('agreed_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('withdrawn_at', 'text')
        .execute();
      await db.schema.createIndex('consents_account_idx').on('consents').columns(['account_id', 'kind']).execute();

      await autoId(db.schema.createTable('rate_limit_events'), dialect)
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_events_idx').on('rate_limit_events').columns(['bucket', 'key', 'at']).execute();
    },
  };
}
