/**
 * Consent, deletion requests and retention (issue 12): fill in.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';

export function personalDataMigration(_dialect: DialectName): Migration {
  return {
    async up(_db: Kysely<unknown>) {
      // Filled in by its issue's work; an empty migration until then.
    },
  };
}
