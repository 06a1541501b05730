/**
 * Passwords and sessions (等保 身份鉴别):
 * - accounts.password_changed_at: when the account's password was last set (staff passwords
 *   expire after PASSWORD_MAX_AGE_DAYS). Existing accounts start their clock now, so that an
 *   upgrade does not lock every staff member out at once.
 * - sessions (revoked_at, expires_at): the list of who is online reads live sessions only.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../index';

export function accountSecurityMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('accounts').addColumn('password_changed_at', 'text').execute();
      const now = new Date().toISOString();
      await sql`update accounts set password_changed_at = ${now} where password_changed_at is null`.execute(db);
      await db.schema.createIndex('sessions_live_idx').on('sessions').columns(['revoked_at', 'expires_at']).execute();
    },
  };
}
