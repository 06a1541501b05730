/**
 * The staff practitioner list with a keyword (a surname, typically one character) at 100,000
 * practitioners: the name index gains the default order's columns (updated_at, id), so that
 * the count and the page's ids come from the index alone and only the page's rows are read
 * (server/modules/practitioners/queries.ts listPractitioners). It replaces the index on name
 * alone, of which it is an extension (every look-up by name or name prefix still uses it).
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';

export function practitionerNameIndexMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('practitioners_name_updated_idx').on('practitioners').columns(['name', 'updated_at', 'id']).execute();
      await db.schema.dropIndex('practitioners_name_idx').execute();
    },
  };
}
