/**
 * Versioned migrations, in code, run at every start (Kysely's Migrator keeps the record).
 * Add a new entry at the END of `migrationList` for every schema change; never edit a
 * migration that has shipped. Column types are portable: text ids, ISO text timestamps,
 * integer 0/1 booleans; `autoId` picks each dialect's auto-increment key.
 */
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { AppDb, Db, DialectName } from '../index';
import { coreMigration } from './0001_core';
import { domainMigration } from './0002_domain';
import { contentMigration } from './0003_content';
import { membershipMigration } from './0004_membership';
import { auditMigration } from './0005_audit';
import { accountSecurityMigration } from './0006_account_security';
import { personalDataMigration } from './0007_personal_data';
import { supervisionMigration } from './0008_supervision';
import { loginFailuresMigration } from './0009_login_failures';
import { practitionerNameIndexMigration } from './0010_practitioner_name_index';
import { qualityReviewMigration } from './0011_quality_review';
import { notificationsMigration } from './0012_notifications';
import { expertDrawCountsMigration } from './0013_expert_draw_counts';
import { creditMigration } from './0014_credit';
import { dataVersionsMigration } from './0015_data_versions';
import { anonymousUploadsMigration } from './0016_anonymous_uploads';
import { loginLockoutsMigration } from './0017_login_lockouts';
import { reviewSheetReplacementsMigration } from './0018_review_sheet_replacements';

export type MigrationFactory = (dialect: DialectName) => Migration;

/** Order matters: names sort in this order. Later issues append here. */
const migrationList: [name: string, factory: MigrationFactory][] = [
  ['0001_core', coreMigration],
  ['0002_domain', domainMigration],
  ['0003_content', contentMigration],
  ['0004_membership', membershipMigration],
  ['0005_audit', auditMigration],
  ['0006_account_security', accountSecurityMigration],
  ['0007_personal_data', personalDataMigration],
  ['0008_supervision', supervisionMigration],
  ['0009_login_failures', loginFailuresMigration],
  ['0010_practitioner_name_index', practitionerNameIndexMigration],
  ['0011_quality_review', qualityReviewMigration],
  ['0012_notifications', notificationsMigration],
  ['0013_expert_draw_counts', expertDrawCountsMigration],
  ['0014_credit', creditMigration],
  ['0015_data_versions', dataVersionsMigration],
  ['0016_anonymous_uploads', anonymousUploadsMigration],
  ['0017_login_lockouts', loginLockoutsMigration],
  ['0018_review_sheet_replacements', reviewSheetReplacementsMigration],
];

/** Every migration this code knows, in order. */
export const migrationNames: readonly string[] = migrationList.map(([name]) => name);

export async function migrateToLatest(db: AppDb): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Migrates up (or down) to one named migration: tests of a migration start from the schema before it. */
export async function migrateTo(db: AppDb, name: string): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

/**
 * The migrations this code knows that the database has not run (none once it is up to date):
 * an instance must not serve while another is still migrating the shared database.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const done = await sql<{ name: string }>`select name from kysely_migration`
    .execute(db)
    .then((r) => new Set(r.rows.map((row) => row.name)))
    .catch(() => new Set<string>()); // no migration table yet: nothing has run
  return migrationList.map(([name]) => name).filter((name) => !done.has(name));
}

async function migrate(db: AppDb, run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(migrationList.map(([name, factory]) => [name, factory(db.dialect)])),
  };
  // Kysely looks for its own tables in every schema of the database: name ours, or another
  // schema's kysely_migration_lock (another app's, or a test's) would be taken for ours.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db: db.kysely, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown'));
    throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ''}：${cause.message}`, { cause });
  }
}
