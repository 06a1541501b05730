/**
 * Quality review (评审与质量抽查): review tasks for filed projects, the expert draws and the
 * samplings (both append-only: no route updates or deletes a row of expert_draws or
 * review_samplings), the panel's seats and their answers, score sheets, the experts' personal
 * links (hashed tokens), ratings, the task's history, and what the expert library gains for the
 * draw: a category, an optional link to a practitioner record, and declared conflicts.
 *
 * The code is in server/modules/expert-reviews; the table types in ../qualityReviewTypes.ts.
 * JSON is stored as text, as elsewhere (../domainTypes.ts).
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';
import { auditColumns, autoId } from './0001_core';

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const restrictNotNull = (target: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(target).onDelete('restrict');
const intDefault = (value: number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);
const textDefault = (value: string) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);

export function qualityReviewMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const index = async (name: string, table: string, columns: string[]) => db.schema.createIndex(name).on(table).columns(columns).execute();

      // ---- the expert library --------------------------------------------------------------
      // dictionary expert_category (社科研究 / 工程技术 / 综合管理)
      await db.schema.alterTable('experts').addColumn('category', 'text').execute();
      // The expert's own practitioner record, if they are (or were) a practitioner: the draw
      // excludes them from reviewing their units' projects (server/quality/pool.ts).
      await db.schema.alterTable('experts').addColumn('practitioner_id', 'text').execute();
      await index('experts_category_idx', 'experts', ['category', 'active']);
      await index('experts_practitioner_idx', 'experts', ['practitioner_id']);

      await auditColumns(
        db.schema
          .createTable('expert_conflicts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('expert_id', 'text', (c) => c.notNull().references('experts.id').onDelete('cascade'))
          .addColumn('unit_name', 'text', notNull)
          // The name as the draw compares it (spaces and bracket widths evened out), so that the
          // draw reads only the conflicts naming the units of one project.
          .addColumn('unit_key', 'text', notNull)
          // worked | directed | advised | shareholder | relative (common/schemas/reviewTasks.ts)
          .addColumn('kind', 'text', notNull)
          .addColumn('relation', 'text')
          .addColumn('from_on', 'text', notNull)
          .addColumn('to_on', 'text')
          .addColumn('note', 'text'),
      ).execute();
      await index('expert_conflicts_expert_idx', 'expert_conflicts', ['expert_id']);
      await index('expert_conflicts_unit_idx', 'expert_conflicts', ['unit_key', 'expert_id']);

      // ---- samplings (append-only) ---------------------------------------------------------
      await db.schema
        .createTable('review_samplings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('period_from', 'text', notNull)
        .addColumn('period_to', 'text', notNull)
        // What was asked: a share in percent, or a number of projects.
        .addColumn('share_percent', 'integer')
        .addColumn('asked_count', 'integer')
        .addColumn('sample_size', 'integer', notNull)
        // JSON: the candidates' ids as sorted, and the sampled ids in the order drawn.
        .addColumn('candidates', 'text', notNull)
        .addColumn('sampled', 'text', notNull)
        .addColumn('seed', 'text', notNull)
        .addColumn('algorithm_version', 'text', notNull)
        // JSON: the review tasks' settings the sampling opened them with.
        .addColumn('task_settings', 'text', notNull)
        // SHA-256 of the record's canonical JSON; the operation-log row carries it too.
        .addColumn('digest', 'text', notNull)
        .addColumn('note', 'text')
        .addColumn('operator_id', 'text')
        .addColumn('operator_name', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await index('review_samplings_created_idx', 'review_samplings', ['created_at']);

      // ---- review tasks --------------------------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('review_tasks')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('project_id', 'text', restrictNotNull('projects.id'))
          // The assessing unit (the project's): scopes the task for a unit's own view.
          .addColumn('unit_id', 'text', restrictNotNull('member_units.id'))
          // dictionary review_reason
          .addColumn('reason', 'text', notNull)
          .addColumn('sampling_id', 'text', (c) => c.references('review_samplings.id').onDelete('restrict'))
          .addColumn('review_on', 'text', notNull)
          .addColumn('review_time', 'text')
          .addColumn('place', 'text')
          .addColumn('online', 'integer', intDefault(0))
          .addColumn('panel_size', 'integer', notNull)
          .addColumn('backup_count', 'integer', notNull)
          .addColumn('required_categories', 'text', textDefault('[]'))
          .addColumn('wanted_specialties', 'text', textDefault('[]'))
          .addColumn('supervisor', 'text', notNull)
          .addColumn('note', 'text')
          // JSON: the rubric as it was when the task was opened (criteria and their maximum points).
          .addColumn('rubric', 'text', notNull)
          .addColumn('status', 'text', textDefault('awaiting_draw'))
          .addColumn('cancel_reason', 'text')
          // The panel's score in hundredths of a point (exact; the API speaks points).
          .addColumn('result_score_centi', 'integer')
          .addColumn('result_conclusion', 'text')
          .addColumn('closed_at', 'text')
          .addColumn('closed_by', 'text')
          .addColumn('revision_status', 'text')
          .addColumn('revision_note', 'text')
          .addColumn('revision_submitted_at', 'text')
          .addColumn('revision_decided_at', 'text')
          .addColumn('revision_comment', 'text')
          .addColumn('unit_comment', 'text')
          .addColumn('unit_comment_at', 'text'),
      ).execute();
      await index('review_tasks_status_idx', 'review_tasks', ['status', 'review_on']);
      await index('review_tasks_unit_idx', 'review_tasks', ['unit_id', 'review_on']);
      await index('review_tasks_project_idx', 'review_tasks', ['project_id']);
      await index('review_tasks_sampling_idx', 'review_tasks', ['sampling_id']);
      await index('review_tasks_updated_idx', 'review_tasks', ['updated_at']);

      // ---- draws (append-only) -------------------------------------------------------------
      await db.schema
        .createTable('expert_draws')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('task_id', 'text', restrictNotNull('review_tasks.id'))
        .addColumn('round', 'integer', notNull)
        // initial | redraw | supplementary
        .addColumn('kind', 'text', notNull)
        .addColumn('reason', 'text')
        .addColumn('seed', 'text', notNull)
        .addColumn('algorithm_version', 'text', notNull)
        // JSON: the panel rules and the draw context; the pool (eligible with their facts,
        // excluded with rule and reason); the ranked result.
        .addColumn('rules', 'text', notNull)
        .addColumn('pool', 'text', notNull)
        .addColumn('result', 'text', notNull)
        .addColumn('digest', 'text', notNull)
        .addColumn('warning', 'text')
        .addColumn('supervisor', 'text', notNull)
        .addColumn('operator_id', 'text')
        .addColumn('operator_name', 'text')
        .addColumn('drawn_at', 'text', notNull)
        .addUniqueConstraint('expert_draws_round_uq', ['task_id', 'round'])
        .execute();

      // ---- seats: who was drawn, their answers ---------------------------------------------
      await auditColumns(
        db.schema
          .createTable('review_seats')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('task_id', 'text', restrictNotNull('review_tasks.id'))
          .addColumn('draw_id', 'text', restrictNotNull('expert_draws.id'))
          .addColumn('expert_id', 'text', restrictNotNull('experts.id'))
          // Position in the round's ranked result (1 = first drawn).
          .addColumn('draw_rank', 'integer', notNull)
          // The backups' order within their round (1 = first to move up); null on a panel seat.
          .addColumn('backup_rank', 'integer')
          // The panel seat (1..panel size) the expert holds or held; null for a backup not called.
          .addColumn('seat_no', 'integer')
          // invited | confirmed | declined | no_answer | standby | void
          .addColumn('status', 'text', notNull)
          .addColumn('invited_at', 'text')
          .addColumn('answer_deadline', 'text')
          .addColumn('answer_reason', 'text')
          .addColumn('answered_at', 'text')
          .addColumn('answered_by_name', 'text'),
      ).execute();
      await index('review_seats_task_idx', 'review_seats', ['task_id', 'status']);
      await index('review_seats_expert_idx', 'review_seats', ['expert_id', 'status']);

      // ---- score sheets, links, ratings --------------------------------------------------
      await auditColumns(
        db.schema
          .createTable('review_sheets')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('task_id', 'text', restrictNotNull('review_tasks.id'))
          .addColumn('seat_id', 'text', (c) => c.notNull().unique().references('review_seats.id').onDelete('restrict'))
          .addColumn('expert_id', 'text', restrictNotNull('experts.id'))
          // JSON: { criterion: points }
          .addColumn('scores', 'text', notNull)
          .addColumn('total', 'integer', notNull)
          .addColumn('comments', 'text')
          .addColumn('conclusion', 'text', notNull)
          // staff (entered from the paper sheet) | expert (through the personal link)
          .addColumn('source', 'text', notNull)
          .addColumn('entered_by_name', 'text')
          .addColumn('submitted_at', 'text', notNull),
      ).execute();
      await index('review_sheets_task_idx', 'review_sheets', ['task_id']);

      await db.schema
        .createTable('review_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('task_id', 'text', restrictNotNull('review_tasks.id'))
        .addColumn('seat_id', 'text', restrictNotNull('review_seats.id'))
        .addColumn('expert_id', 'text', restrictNotNull('experts.id'))
        // SHA-256 of the token: the token itself is shown once and never stored.
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', notNull)
        .addColumn('created_by', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('last_used_at', 'text')
        .execute();
      await index('review_links_seat_idx', 'review_links', ['seat_id']);

      await db.schema
        .createTable('expert_ratings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('task_id', 'text', restrictNotNull('review_tasks.id'))
        .addColumn('expert_id', 'text', restrictNotNull('experts.id'))
        .addColumn('rating', 'integer', notNull)
        .addColumn('comment', 'text')
        .addColumn('rated_by', 'text')
        .addColumn('rated_by_name', 'text')
        .addColumn('rated_at', 'text', notNull)
        .addUniqueConstraint('expert_ratings_uq', ['task_id', 'expert_id'])
        .execute();
      await index('expert_ratings_expert_idx', 'expert_ratings', ['expert_id', 'rated_at']);

      // ---- the task's history (append-only) ------------------------------------------------
      await autoId(db.schema.createTable('review_events'), dialect)
        .addColumn('task_id', 'text', (c) => c.notNull().references('review_tasks.id').onDelete('restrict'))
        .addColumn('at', 'text', notNull)
        .addColumn('actor_id', 'text')
        .addColumn('actor_name', 'text')
        .addColumn('kind', 'text', notNull)
        // What happened, in words that name no expert (a unit may read the history after closing).
        .addColumn('summary', 'text', notNull)
        // The seat concerned, if any: staff holding review:draw:view see its expert.
        .addColumn('seat_id', 'text')
        .execute();
      await index('review_events_task_idx', 'review_events', ['task_id']);
    },
  };
}
