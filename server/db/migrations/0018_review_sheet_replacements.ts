/**
 * A score sheet as it was before someone replaced it (review_sheets keeps only the seat's
 * current sheet): every criterion's points, the total, comments, conclusion, who sent it and
 * when, and who replaced it, when and why. Staff replace an expert's sheet only with a reason
 * (server/modules/expert-reviews/service.ts enterSheet); the task's page shows these under the
 * sheet, and closing counts them in the result.
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';

const restrictNotNull = (target: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(target).onDelete('restrict');

export function reviewSheetReplacementsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('review_sheet_replacements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('task_id', 'text', restrictNotNull('review_tasks.id'))
        .addColumn('seat_id', 'text', restrictNotNull('review_seats.id'))
        .addColumn('expert_id', 'text', restrictNotNull('experts.id'))
        // The replaced sheet, whole, as review_sheets held it.
        .addColumn('scores', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('comments', 'text')
        .addColumn('conclusion', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('entered_by_name', 'text')
        .addColumn('submitted_at', 'text', (c) => c.notNull())
        // The replacement: staff (with their reason) or the expert again through their link.
        .addColumn('replaced_at', 'text', (c) => c.notNull())
        .addColumn('replaced_by', 'text')
        .addColumn('replaced_by_name', 'text')
        .addColumn('replaced_by_source', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .execute();
      await db.schema.createIndex('review_sheet_replacements_task_idx').on('review_sheet_replacements').columns(['task_id', 'seat_id']).execute();
    },
  };
}
