/** Accounts, roles, sessions, login attempts, dictionaries, stored files, operation logs. */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../index';

type Table = CreateTableBuilder<string, never>;

/** An auto-increment integer primary key on either dialect. */
export function autoId(table: Table, dialect: DialectName, name = 'id'): Table {
  return dialect === 'postgres'
    ? table.addColumn(name, 'bigserial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** created/updated by/at and version (optimistic locking: docs/domain.md), the columns every entity carries. */
export function auditColumns(table: Table): Table {
  return table
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'text', notNull)
    .addColumn('updated_by', 'text');
}

export function coreMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await auditColumns(
        db.schema
          .createTable('accounts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('login_account', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', notNull)
          .addColumn('auth_type', 'integer', notNull)
          .addColumn('name', 'text', notNull)
          .addColumn('phone', 'text')
          .addColumn('email', 'text')
          .addColumn('unit_id', 'text')
          .addColumn('practitioner_id', 'text')
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('last_login_at', 'text')
          .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('locked_until', 'text'),
      ).execute();
      await db.schema.createIndex('accounts_unit_id_idx').on('accounts').column('unit_id').execute();

      await auditColumns(
        db.schema
          .createTable('roles')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', notNull)
          .addColumn('description', 'text')
          .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await db.schema
        .createTable('role_permissions')
        .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('permission_code', 'text', notNull)
        .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_code'])
        .execute();

      await db.schema
        .createTable('account_roles')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('restrict'))
        .addPrimaryKeyConstraint('account_roles_pk', ['account_id', 'role_id'])
        .execute();
      await db.schema.createIndex('account_roles_role_idx').on('account_roles').column('role_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('last_seen_at', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('revoked_at', 'text')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();

      await autoId(db.schema.createTable('login_attempts'), dialect)
        .addColumn('ip', 'text', notNull)
        .addColumn('login_account', 'text', notNull)
        .addColumn('succeeded', 'integer', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('login_attempts_ip_idx')
        .on('login_attempts')
        .columns(['ip', 'created_at'])
        .execute();
      await db.schema.createIndex('login_attempts_time_idx').on('login_attempts').column('created_at').execute();

      await db.schema
        .createTable('dict_types')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', notNull)
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema
        .createTable('dict_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type_code', 'text', (c) => c.notNull().references('dict_types.code').onDelete('cascade'))
        .addColumn('value', 'text', notNull)
        .addColumn('label', 'text', notNull)
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addUniqueConstraint('dict_items_type_value_uq', ['type_code', 'value'])
        .execute();

      await db.schema
        .createTable('stored_files')
        .addColumn('file_id', 'text', (c) => c.primaryKey())
        .addColumn('original_name', 'text', notNull)
        .addColumn('size', 'bigint', notNull)
        .addColumn('content_type', 'text', notNull)
        .addColumn('md5', 'text', notNull)
        .addColumn('storage_key', 'text', notNull)
        .addColumn('uploader_id', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('stored_files_md5_idx').on('stored_files').column('md5').execute();

      await autoId(db.schema.createTable('operation_logs'), dialect)
        .addColumn('actor_id', 'text')
        .addColumn('actor_name', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('entity', 'text', notNull)
        .addColumn('entity_id', 'text')
        .addColumn('action', 'text', notNull)
        .addColumn('summary', 'text', notNull)
        .addColumn('request_id', 'text')
        .addColumn('ip', 'text')
        .execute();
      await db.schema
        .createIndex('operation_logs_entity_idx')
        .on('operation_logs')
        .columns(['entity', 'entity_id'])
        .execute();
      await db.schema.createIndex('operation_logs_time_idx').on('operation_logs').column('created_at').execute();
    },
  };
}
