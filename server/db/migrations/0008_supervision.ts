/**
 * Supervision (issue 8): messages and what inspections, projects and cases need: fill in.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';

export function supervisionMigration(_dialect: DialectName): Migration {
  return {
    async up(_db: Kysely<unknown>) {
      // Filled in by its issue's work; an empty migration until then.
    },
  };
}
