/**
 * login_failures: wrong-password counts and lock-outs per login name and login type, whether
 * or not an account holds that name (server/security/loginLockout.ts). Kept on the account before,
 * only an existing account could be locked, so the lock-out answer told which names exist.
 *
 * The lock-outs in force move over with their counts; accounts.failed_login_count and
 * accounts.locked_until stay (an instance of the previous version still running beside a new
 * one during an upgrade writes them) but nothing reads them any more.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../index';

export function loginFailuresMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_failures')
        .addColumn('login_account', 'text', (c) => c.notNull())
        .addColumn('auth_type', 'integer', (c) => c.notNull())
        // Wrong tries in a row since the last success or lock.
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_failures_pk', ['login_account', 'auth_type'])
        .execute();
      // Old rows are cleared by age (the table must not grow with every name anybody tries).
      await db.schema.createIndex('login_failures_updated_idx').on('login_failures').column('updated_at').execute();

      const now = new Date().toISOString();
      await sql`insert into login_failures (login_account, auth_type, failures, locked_until, updated_at)
        select login_account, auth_type, failed_login_count,
          case when locked_until > ${now} then locked_until else null end, ${now}
        from accounts
        where failed_login_count > 0 or locked_until > ${now}`.execute(db);
    },
  };
}
