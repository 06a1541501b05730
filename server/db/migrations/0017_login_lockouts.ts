/**
 * login_lockouts: wrong-password counts and lock-outs per login name, login type and client
 * address (server/security/loginLockout.ts). login_failures (0009) locked a name for everybody,
 * so that one address trying wrong passwords within the address limit kept any account, the
 * super administrator's too, locked for as long as it liked.
 *
 * A new table rather than a new key on login_failures: an instance of the previous version still
 * running beside a new one during an upgrade keeps writing login_failures as it knows it, which
 * nothing reads any more. Its locks in force are not carried over: they cannot be told apart by
 * address, and they lapse within LOGIN_LOCK_MINUTES anyway.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';

export function loginLockoutsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_lockouts')
        .addColumn('login_account', 'text', (c) => c.notNull())
        .addColumn('auth_type', 'integer', (c) => c.notNull())
        // The client address (request.ip, TRUST_PROXY) the wrong tries came from.
        .addColumn('ip', 'text', (c) => c.notNull())
        // Wrong tries in a row from that address since its last success or lock.
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_lockouts_pk', ['login_account', 'auth_type', 'ip'])
        .execute();
      // Old rows are cleared by age (the table must not grow with every name and address).
      await db.schema.createIndex('login_lockouts_updated_idx').on('login_lockouts').column('updated_at').execute();
    },
  };
}
