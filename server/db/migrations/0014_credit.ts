/**
 * Credit and complaints (docs/domain.md, "Credit and complaints"): complaints from the public
 * with their steps, credit events (bad conduct and commendations, manual or made by the system
 * from a source record), the versioned rules of the yearly rating, the ratings with each unit's
 * score and the units' objections during 公示.
 *
 * Tables only; the first rules version is the base seed's, so that a restore (which builds a
 * backup's schema with these migrations into an empty database) finds them empty. Table types
 * in ../creditTypes.ts.
 */
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { auditColumns } from './0001_core';

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export function creditMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const index = async (name: string, table: string, columns: string[]) => db.schema.createIndex(name).on(table).columns(columns).execute();

      await auditColumns(
        db.schema
          .createTable('complaints')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('complaint_no', 'text', (c) => c.notNull().unique())
          // complaint (投诉, named) | report (举报, may be anonymous)
          .addColumn('kind', 'text', notNull)
          .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('complainant_name', 'text')
          .addColumn('complainant_phone_enc', 'text')
          // Optional, encrypted like the phone: the progress notices go there too.
          .addColumn('complainant_email_enc', 'text')
          .addColumn('unit_id', 'text', (c) => c.notNull().references('member_units.id').onDelete('restrict'))
          .addColumn('practitioner_id', 'text', (c) => c.references('practitioners.id').onDelete('set null'))
          .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
          .addColumn('title', 'text', notNull)
          .addColumn('content', 'text', notNull)
          .addColumn('query_code_hash', 'text', notNull)
          // pending → accepted | declined; accepted → answered → concluded; accepted → concluded
          .addColumn('status', 'text', notNull)
          .addColumn('submitted_at', 'text', notNull)
          .addColumn('accept_due_on', 'text', notNull)
          .addColumn('decided_at', 'text')
          .addColumn('decided_by', 'text')
          .addColumn('decision_reason', 'text')
          .addColumn('answer_due_on', 'text')
          .addColumn('conclude_due_on', 'text')
          .addColumn('unit_answer', 'text')
          .addColumn('answered_at', 'text')
          .addColumn('answered_by', 'text')
          // upheld (属实) | partly (部分属实) | rejected (不属实)
          .addColumn('conclusion', 'text')
          .addColumn('handling', 'text')
          .addColumn('concluded_at', 'text')
          .addColumn('concluded_by', 'text')
          // Set when the retention rule erased the complainant's name and phone.
          .addColumn('erased_at', 'text'),
      ).execute();
      await index('complaints_status_idx', 'complaints', ['status', 'submitted_at']);
      await index('complaints_unit_idx', 'complaints', ['unit_id', 'status']);

      await db.schema
        .createTable('complaint_steps')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('complaint_id', 'text', (c) => c.notNull().references('complaints.id').onDelete('cascade'))
        .addColumn('step', 'text', notNull)
        // What the complainant reads for this step (no staff names, nothing about the complainant).
        .addColumn('public_note', 'text')
        .addColumn('at', 'text', notNull)
        .addColumn('actor_id', 'text')
        .execute();
      await index('complaint_steps_complaint_idx', 'complaint_steps', ['complaint_id', 'at']);

      await db.schema
        .createTable('credit_rule_versions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('version_no', 'integer', (c) => c.notNull().unique())
        .addColumn('base_score', 'integer', notNull)
        // JSON { A: 90, B: 75, C: 60 }: the lowest score of each tier; below C is D.
        .addColumn('tiers', 'text', notNull)
        // JSON CreditKindRule[]: each kind of event with its points and its term in months.
        .addColumn('kinds', 'text', notNull)
        .addColumn('note', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('created_by', 'text')
        .execute();

      await auditColumns(
        db.schema
          .createTable('credit_events')
          .addColumn('id', 'text', (c) => c.primaryKey())
          // unit | practitioner
          .addColumn('subject_type', 'text', notNull)
          // The unit the event counts against: the practitioner's unit at the time for a practitioner's.
          .addColumn('unit_id', 'text', (c) => c.notNull().references('member_units.id').onDelete('restrict'))
          .addColumn('practitioner_id', 'text', (c) => c.references('practitioners.id').onDelete('restrict'))
          // bad (不良行为) | good (表彰)
          .addColumn('polarity', 'text', notNull)
          .addColumn('kind', 'text', notNull)
          .addColumn('occurred_on', 'text', notNull)
          .addColumn('points', 'integer', notNull)
          // Why staff gave points other than the kind's rule (a manual event's override), else null.
          .addColumn('points_note', 'text')
          .addColumn('term_until', 'text', notNull)
          .addColumn('description', 'text', notNull)
          // manual | complaint | annual_inspection | review_task | practitioner
          .addColumn('source_type', 'text', notNull)
          .addColumn('source_id', 'text')
          // kind:source for events the system makes: the same source never makes its event twice.
          .addColumn('auto_key', 'text', (c) => c.unique())
          .addColumn('rule_version_id', 'text', (c) => c.notNull().references('credit_rule_versions.id').onDelete('restrict'))
          // active | withdrawn
          .addColumn('status', 'text', notNull)
          .addColumn('withdraw_reason', 'text')
          .addColumn('withdrawn_at', 'text')
          .addColumn('withdrawn_by', 'text'),
      ).execute();
      await index('credit_events_unit_idx', 'credit_events', ['unit_id', 'occurred_on']);
      await index('credit_events_practitioner_idx', 'credit_events', ['practitioner_id', 'occurred_on']);
      await index('credit_events_term_idx', 'credit_events', ['status', 'term_until']);

      await auditColumns(
        db.schema
          .createTable('credit_ratings')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('year', 'integer', (c) => c.notNull().unique())
          .addColumn('rule_version_id', 'text', (c) => c.notNull().references('credit_rule_versions.id').onDelete('restrict'))
          // initial (初评) → publicity (公示) → final (终评, locked)
          .addColumn('status', 'text', notNull)
          .addColumn('started_at', 'text', notNull)
          .addColumn('publicity_from', 'text')
          .addColumn('publicity_until', 'text')
          .addColumn('finalized_at', 'text')
          .addColumn('finalized_by', 'text'),
      ).execute();

      await db.schema
        .createTable('credit_rating_units')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('rating_id', 'text', (c) => c.notNull().references('credit_ratings.id').onDelete('cascade'))
        .addColumn('unit_id', 'text', (c) => c.notNull().references('member_units.id').onDelete('restrict'))
        .addColumn('unit_name', 'text', notNull)
        .addColumn('score', 'integer', notNull)
        .addColumn('tier', 'text', notNull)
        // JSON CreditScoreItem[]: each event behind the score with the points it carried.
        .addColumn('items', 'text', notNull)
        .addColumn('computed_at', 'text', notNull)
        .addUniqueConstraint('credit_rating_units_rating_unit_uq', ['rating_id', 'unit_id'])
        .execute();
      await index('credit_rating_units_unit_idx', 'credit_rating_units', ['unit_id']);

      await auditColumns(
        db.schema
          .createTable('credit_objections')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('rating_id', 'text', (c) => c.notNull().references('credit_ratings.id').onDelete('cascade'))
          .addColumn('unit_id', 'text', (c) => c.notNull().references('member_units.id').onDelete('restrict'))
          .addColumn('content', 'text', notNull)
          // pending | upheld | rejected
          .addColumn('status', 'text', notNull)
          .addColumn('answer', 'text')
          // JSON string[]: the events withdrawn because the objection was upheld.
          .addColumn('withdrawn_event_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('answered_at', 'text')
          .addColumn('answered_by', 'text')
          .addUniqueConstraint('credit_objections_rating_unit_uq', ['rating_id', 'unit_id']),
      ).execute();
    },
  };
}
