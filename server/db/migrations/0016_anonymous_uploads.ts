/**
 * anonymous_uploads: one row per file the public sends without an account (a complaint's
 * attachments, a registration's materials: server/files/anonymousUpload.ts), for the day after:
 *
 * - the bytes one address sent in the last 24 hours (ANONYMOUS_UPLOAD_DAILY_MB);
 * - the bytes sent and not yet claimed by a submission, over every address (ANONYMOUS_UPLOAD_TOTAL_MB);
 * - the files never claimed, which the daily sweep removes (server/files/sweeper.ts).
 *
 * `file_id` is cleared when the submission claims the file, in its transaction, so that no row
 * ties an address to a complaint once it is made; rows leave after a day.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';

export function anonymousUploadsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('anonymous_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // 'complaint' or 'register': which public upload it came through.
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        // Null once claimed (or never stored).
        .addColumn('file_id', 'text')
        .execute();
      await db.schema.createIndex('anonymous_uploads_address_idx').on('anonymous_uploads').columns(['address', 'at']).execute();
      await db.schema.createIndex('anonymous_uploads_at_idx').on('anonymous_uploads').column('at').execute();
      await db.schema.createIndex('anonymous_uploads_file_idx').on('anonymous_uploads').column('file_id').execute();
    },
  };
}
