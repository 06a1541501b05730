/**
 * Supervision: the messages each decision and reminder leaves for an account (the
 * header bell), and what the inspection, project and case workflows add to their tables.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';

export function supervisionMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // The recipient: one row per account, so read state is per person.
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        // decision | submission | reminder | system
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        // A back-office path to the record (e.g. /Manage/project-management?id=…), or null.
        .addColumn('link', 'text')
        .addColumn('subject_type', 'text')
        .addColumn('subject_id', 'text')
        // Reminders are sent once per key (e.g. inspection-deadline:2026:unitId): see notify.ts.
        .addColumn('dedupe_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema.createIndex('messages_account_idx').on('messages').columns(['account_id', 'created_at']).execute();
      await db.schema.createIndex('messages_unread_idx').on('messages').columns(['account_id', 'read_at']).execute();
      await db.schema.createIndex('messages_dedupe_idx').on('messages').columns(['account_id', 'dedupe_key']).unique().execute();

      // ---- projects and cases (the project / case helper) ------------------------------------
      // The list filters and the workbench's counts: projects by type, risk level and start year;
      // cases of the member window (unit, approved, public) are covered by cases_unit_idx.
      await db.schema.createIndex('projects_type_idx').on('projects').columns(['type', 'status']).execute();
      await db.schema.createIndex('projects_risk_idx').on('projects').columns(['risk_level', 'status']).execute();
      await db.schema.createIndex('projects_start_idx').on('projects').columns(['start_on']).execute();
      await db.schema.createIndex('projects_updated_idx').on('projects').columns(['updated_at']).execute();
      await db.schema.createIndex('cases_updated_idx').on('cases').columns(['updated_at']).execute();

      // ---- business audit and workbench (the queue / messages / workbench helper) ------------
      // The queue: pending reviews of one kind, oldest first, and the pending count per kind.
      await db.schema.createIndex('reviews_pending_kind_idx').on('reviews').columns(['status', 'what', 'submitted_at']).execute();
      // The workbench's year: practitioners registered per month; projects submitted, by type and risk.
      await db.schema.createIndex('practitioners_created_idx').on('practitioners').columns(['created_at']).execute();
      await db.schema.createIndex('projects_submitted_kind_idx').on('projects').columns(['submitted_at', 'type', 'risk_level']).execute();
    },
  };
}
