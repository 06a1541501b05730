/**
 * Personal data (PIPL: kept only as long as needed, erased on request): when a practitioner's
 * or a rejected registration's personal data
 * was anonymised (by the retention job, or by an approved deletion request after the person
 * withdrew their consent). The stamp makes both idempotent: an anonymised record is never
 * touched again. Indexes serve the retention job's daily look-up of expired records.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';

export function personalDataMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('practitioners').addColumn('anonymised_at', 'text').execute();
      await db.schema.alterTable('member_units').addColumn('anonymised_at', 'text').execute();
      await db.schema.createIndex('practitioners_retention_idx').on('practitioners').columns(['status', 'anonymised_at']).execute();
      await db.schema.createIndex('member_units_retention_idx').on('member_units').columns(['status', 'anonymised_at']).execute();
    },
  };
}
