/**
 * The domain tables every module builds on (docs/domain.md "Records and their states"); their
 * TypeScript shapes are
 * in ../domainTypes.ts, which also explains the conventions (text ids, ISO timestamps,
 * 'YYYY-MM-DD' dates, 0/1 booleans, money in integer fen, JSON as text).
 *
 * Foreign keys: references between records that carry history (a practitioner's unit, a
 * project's unit, a certificate's unit...) are ON DELETE RESTRICT, so deleting a unit with
 * history fails instead of orphaning or erasing it; pure children of one record (a unit
 * change's steps, an expert's specialties, a project's members) CASCADE with their parent.
 * Polymorphic references (reviews.subject_id, annual_inspections.subject_id,
 * certificates.holder_id, file_attachments.owner_id) cannot have a foreign key; the modules
 * keep them right.
 *
 * Status columns have no CHECK constraint on purpose: SQLite cannot alter one without
 * rebuilding the table, and a later workflow may add a state; the TypeScript unions in
 * domainTypes.ts guard the values instead.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../index';
import { PRACTITIONER_ACTIVE_STATUSES } from '../domainTypes';
import { auditColumns, autoId } from './0001_core';

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const fileRef = (c: ColumnDefinitionBuilder) => c.references('stored_files.file_id').onDelete('restrict');
const restrict = (target: string) => (c: ColumnDefinitionBuilder) => c.references(target).onDelete('restrict');
const restrictNotNull = (target: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(target).onDelete('restrict');
const intDefault = (value: number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);
const textDefault = (value: string) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);

export function domainMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const index = async (name: string, table: string, columns: string[]) =>
        db.schema.createIndex(name).on(table).columns(columns).execute();

      // ---- member units ------------------------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('member_units')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', notNull)
          .addColumn('credit_code', 'text', (c) => c.notNull().unique())
          .addColumn('legal_representative', 'text', notNull)
          .addColumn('contact_person', 'text', notNull)
          .addColumn('contact_phone', 'text', notNull)
          .addColumn('email', 'text')
          .addColumn('address', 'text')
          .addColumn('established_on', 'text')
          // Integer fen in BIGINT: 万元 amounts would overflow a 32-bit integer in fen.
          .addColumn('registered_capital_fen', 'bigint')
          .addColumn('staff_count', 'integer')
          .addColumn('member_level', 'text')
          .addColumn('member_no', 'text', (c) => c.unique())
          .addColumn('join_date', 'text')
          .addColumn('valid_until', 'text')
          .addColumn('business_scope', 'text')
          .addColumn('introduction', 'text')
          .addColumn('logo_file_id', 'text', fileRef)
          .addColumn('show_in_window', 'integer', intDefault(0))
          .addColumn('status', 'text', textDefault('pending'))
          .addColumn('reject_reason', 'text')
          .addColumn('pending_change', 'text')
          .addColumn('pending_change_at', 'text'),
      ).execute();
      await index('member_units_status_idx', 'member_units', ['status', 'member_level']);
      await index('member_units_join_idx', 'member_units', ['join_date']);

      // ---- practitioners -----------------------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('practitioners')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', notNull)
          .addColumn('gender', 'text')
          .addColumn('id_card_no', 'text', notNull)
          .addColumn('phone', 'text')
          .addColumn('email', 'text')
          .addColumn('education', 'text')
          .addColumn('major', 'text')
          .addColumn('professional_title', 'text')
          .addColumn('position', 'text')
          .addColumn('unit_id', 'text', restrictNotNull('member_units.id'))
          .addColumn('entry_date', 'text')
          .addColumn('photo_file_id', 'text', fileRef)
          .addColumn('training_hours', 'integer', intDefault(0))
          .addColumn('certificate_no', 'text', (c) => c.unique())
          .addColumn('certificate_valid_until', 'text')
          .addColumn('status', 'text', textDefault('pending'))
          .addColumn('reject_reason', 'text')
          .addColumn('left_on', 'text'),
      ).execute();
      // One live record per person; rejected and left records are history and may repeat.
      // (Both dialects support partial unique indexes; the values are inlined as literals.)
      await db.schema
        .createIndex('practitioners_id_card_active_uq')
        .on('practitioners')
        .column('id_card_no')
        .unique()
        .where(sql.ref('status'), 'in', sql`(${sql.join(PRACTITIONER_ACTIVE_STATUSES.map((s) => sql.lit(s)))})`)
        .execute();
      await index('practitioners_id_card_idx', 'practitioners', ['id_card_no']);
      await index('practitioners_unit_idx', 'practitioners', ['unit_id', 'status']);
      await index('practitioners_status_idx', 'practitioners', ['status']);

      // ---- experts -----------------------------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('experts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', notNull)
          .addColumn('gender', 'text')
          .addColumn('birth_year', 'integer')
          .addColumn('professional_title', 'text')
          .addColumn('work_unit', 'text')
          .addColumn('position', 'text')
          .addColumn('phone', 'text')
          .addColumn('email', 'text')
          .addColumn('introduction', 'text')
          .addColumn('photo_file_id', 'text', fileRef)
          .addColumn('public', 'integer', intDefault(1))
          .addColumn('active', 'integer', intDefault(1))
          .addColumn('sort', 'integer', intDefault(0)),
      ).execute();
      await index('experts_public_idx', 'experts', ['public', 'active', 'sort']);
      await db.schema
        .createTable('expert_specialties')
        .addColumn('expert_id', 'text', (c) => c.notNull().references('experts.id').onDelete('cascade'))
        .addColumn('specialty', 'text', notNull)
        .addPrimaryKeyConstraint('expert_specialties_pk', ['expert_id', 'specialty'])
        .execute();
      await index('expert_specialties_specialty_idx', 'expert_specialties', ['specialty']);

      // ---- unit changes ------------------------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('unit_changes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('practitioner_id', 'text', restrictNotNull('practitioners.id'))
          .addColumn('from_unit_id', 'text', restrictNotNull('member_units.id'))
          .addColumn('to_unit_id', 'text', restrictNotNull('member_units.id'))
          .addColumn('reason', 'text', notNull)
          .addColumn('status', 'text', textDefault('requested'))
          .addColumn('reject_reason', 'text'),
      ).execute();
      await index('unit_changes_practitioner_idx', 'unit_changes', ['practitioner_id']);
      await index('unit_changes_from_idx', 'unit_changes', ['from_unit_id', 'status']);
      await index('unit_changes_to_idx', 'unit_changes', ['to_unit_id', 'status']);
      await index('unit_changes_status_idx', 'unit_changes', ['status']);

      // Auto-increment id: the history reads in insertion order even within one millisecond.
      await autoId(db.schema.createTable('unit_change_steps'), dialect)
        .addColumn('unit_change_id', 'text', (c) => c.notNull().references('unit_changes.id').onDelete('cascade'))
        .addColumn('step', 'text', notNull)
        .addColumn('actor_id', 'text')
        .addColumn('actor_name', 'text')
        .addColumn('at', 'text', notNull)
        .addColumn('comment', 'text')
        .execute();
      await index('unit_change_steps_change_idx', 'unit_change_steps', ['unit_change_id']);

      // ---- site content ------------------------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('articles')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('title', 'text', notNull)
          .addColumn('category', 'text', notNull)
          .addColumn('summary', 'text')
          .addColumn('cover_file_id', 'text', fileRef)
          .addColumn('content', 'text', notNull)
          .addColumn('author', 'text')
          .addColumn('source', 'text')
          .addColumn('publish_at', 'text')
          .addColumn('status', 'text', textDefault('draft'))
          .addColumn('pinned', 'integer', intDefault(0))
          .addColumn('view_count', 'integer', intDefault(0)),
      ).execute();
      // The public lists: one category, published, newest first.
      await index('articles_public_idx', 'articles', ['category', 'status', 'publish_at']);
      await index('articles_status_idx', 'articles', ['status', 'publish_at']);

      await auditColumns(
        db.schema
          .createTable('notices')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('title', 'text', notNull)
          .addColumn('content', 'text', notNull)
          .addColumn('publish_at', 'text')
          .addColumn('expire_at', 'text')
          .addColumn('status', 'text', textDefault('draft'))
          .addColumn('pinned', 'integer', intDefault(0)),
      ).execute();
      await index('notices_status_idx', 'notices', ['status', 'publish_at']);

      await auditColumns(
        db.schema
          .createTable('carousels')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('title', 'text', notNull)
          .addColumn('image_file_id', 'text', fileRef)
          .addColumn('link', 'text')
          .addColumn('sort', 'integer', intDefault(0))
          .addColumn('enabled', 'integer', intDefault(1))
          .addColumn('show_from', 'text')
          .addColumn('show_until', 'text'),
      ).execute();
      await index('carousels_enabled_idx', 'carousels', ['enabled', 'sort']);

      await auditColumns(
        db.schema
          .createTable('friendly_links')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', notNull)
          .addColumn('url', 'text', notNull)
          .addColumn('logo_file_id', 'text', fileRef)
          .addColumn('sort', 'integer', intDefault(0))
          .addColumn('enabled', 'integer', intDefault(1)),
      ).execute();
      await index('friendly_links_enabled_idx', 'friendly_links', ['enabled', 'sort']);

      await auditColumns(
        db.schema
          .createTable('site_pages')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('key', 'text', (c) => c.notNull().unique())
          .addColumn('title', 'text', notNull)
          .addColumn('content', 'text', textDefault(''))
          .addColumn('data', 'text', textDefault('{}')),
      ).execute();

      // ---- projects ----------------------------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('projects')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', notNull)
          .addColumn('code', 'text', (c) => c.unique())
          .addColumn('unit_id', 'text', restrictNotNull('member_units.id'))
          .addColumn('client', 'text')
          .addColumn('type', 'text')
          .addColumn('region', 'text')
          .addColumn('investment_fen', 'bigint')
          .addColumn('leader_practitioner_id', 'text', restrict('practitioners.id'))
          .addColumn('start_on', 'text')
          .addColumn('end_on', 'text')
          .addColumn('risk_level', 'text')
          .addColumn('conclusion', 'text')
          .addColumn('status', 'text', textDefault('draft'))
          .addColumn('return_reason', 'text')
          .addColumn('submitted_at', 'text')
          .addColumn('filed_at', 'text'),
      ).execute();
      await index('projects_unit_idx', 'projects', ['unit_id', 'status']);
      await index('projects_status_idx', 'projects', ['status', 'submitted_at']);
      await index('projects_leader_idx', 'projects', ['leader_practitioner_id']);

      await db.schema
        .createTable('project_members')
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('practitioner_id', 'text', restrictNotNull('practitioners.id'))
        .addColumn('role', 'text')
        .addColumn('sort', 'integer', intDefault(0))
        .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'practitioner_id'])
        .execute();
      // "Projects they worked on" for a practitioner.
      await index('project_members_practitioner_idx', 'project_members', ['practitioner_id']);

      // ---- annual inspection -------------------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('annual_inspection_years')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('year', 'integer', (c) => c.notNull().unique())
          .addColumn('deadline', 'text', notNull)
          .addColumn('status', 'text', textDefault('open'))
          .addColumn('opened_by', 'text')
          .addColumn('opened_at', 'text', notNull),
      ).execute();

      await auditColumns(
        db.schema
          .createTable('annual_inspections')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('year', 'integer', restrictNotNull('annual_inspection_years.year'))
          .addColumn('subject_type', 'text', notNull)
          .addColumn('subject_id', 'text', notNull)
          .addColumn('subject_name', 'text', notNull)
          .addColumn('unit_id', 'text', restrictNotNull('member_units.id'))
          .addColumn('self_report', 'text')
          .addColumn('projects_done', 'integer')
          .addColumn('training_hours', 'integer')
          .addColumn('status', 'text', textDefault('not_submitted'))
          .addColumn('submitted_at', 'text')
          .addColumn('reviewer_id', 'text')
          .addColumn('review_comment', 'text')
          .addColumn('reviewed_at', 'text')
          .addUniqueConstraint('annual_inspections_subject_uq', ['year', 'subject_type', 'subject_id']),
      ).execute();
      await index('annual_inspections_unit_idx', 'annual_inspections', ['unit_id', 'year']);
      await index('annual_inspections_status_idx', 'annual_inspections', ['year', 'status']);

      // ---- cases, certificates -----------------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('cases')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('unit_id', 'text', restrictNotNull('member_units.id'))
          .addColumn('title', 'text', notNull)
          .addColumn('project_type', 'text')
          .addColumn('client', 'text')
          .addColumn('completed_on', 'text')
          .addColumn('summary', 'text')
          .addColumn('status', 'text', textDefault('pending'))
          .addColumn('public', 'integer', intDefault(0))
          .addColumn('reject_reason', 'text'),
      ).execute();
      await index('cases_unit_idx', 'cases', ['unit_id', 'status']);
      await index('cases_status_idx', 'cases', ['status', 'public']);

      await auditColumns(
        db.schema
          .createTable('certificates')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('kind', 'text', notNull)
          .addColumn('number', 'text', (c) => c.notNull().unique())
          .addColumn('holder_type', 'text', notNull)
          .addColumn('holder_id', 'text', notNull)
          .addColumn('holder_name', 'text', notNull)
          .addColumn('unit_id', 'text', restrict('member_units.id'))
          .addColumn('issued_on', 'text', notNull)
          .addColumn('valid_until', 'text', notNull)
          .addColumn('status', 'text', textDefault('valid'))
          .addColumn('revoked_reason', 'text')
          .addColumn('revoked_at', 'text'),
      ).execute();
      await index('certificates_holder_idx', 'certificates', ['holder_type', 'holder_id']);
      await index('certificates_unit_idx', 'certificates', ['unit_id']);
      await index('certificates_status_idx', 'certificates', ['status', 'valid_until']);

      // ---- reviews (business audit) ------------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('reviews')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('what', 'text', notNull)
          .addColumn('subject_type', 'text', notNull)
          .addColumn('subject_id', 'text', notNull)
          .addColumn('subject_name', 'text', notNull)
          .addColumn('unit_id', 'text', restrict('member_units.id'))
          .addColumn('submitted_by', 'text')
          .addColumn('submitted_by_name', 'text')
          .addColumn('submitted_at', 'text', notNull)
          .addColumn('status', 'text', textDefault('pending'))
          .addColumn('decided_by', 'text')
          .addColumn('decided_by_name', 'text')
          .addColumn('decided_at', 'text')
          .addColumn('comment', 'text')
          .addColumn('payload', 'text'),
      ).execute();
      // The queue: pending first, oldest first.
      await index('reviews_queue_idx', 'reviews', ['status', 'submitted_at']);
      await index('reviews_subject_idx', 'reviews', ['subject_type', 'subject_id']);
      await index('reviews_what_idx', 'reviews', ['what', 'status']);
      await index('reviews_unit_idx', 'reviews', ['unit_id']);

      // ---- file attachments --------------------------------------------------------------
      await db.schema
        .createTable('file_attachments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_type', 'text', notNull)
        .addColumn('owner_id', 'text', notNull)
        .addColumn('slot', 'text', notNull)
        .addColumn('file_id', 'text', restrictNotNull('stored_files.file_id'))
        .addColumn('sort', 'integer', intDefault(0))
        .addColumn('created_at', 'text', notNull)
        .addColumn('created_by', 'text')
        .addUniqueConstraint('file_attachments_uq', ['owner_type', 'owner_id', 'slot', 'file_id'])
        .execute();
      await index('file_attachments_owner_idx', 'file_attachments', ['owner_type', 'owner_id']);
      // "Who may read this file?" starts from the file.
      await index('file_attachments_file_idx', 'file_attachments', ['file_id']);
    },
  };
}
