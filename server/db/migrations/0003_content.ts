/**
 * The public site's supporting tables (the content issue):
 * - search_documents: one row per searchable public item (article, notice, member unit,
 *   expert) with its plain text and visibility, kept in step by server/search/indexer.ts;
 *   the word index beside it is dialect-specific: an FTS5 table on SQLite, a tsvector column
 *   with a GIN index on PostgreSQL (both hold the same tokens, see server/search/tokenize.ts);
 * - content_views: who (a keyed hash of address and browser, never the address) read which
 *   article or notice on which day, so a visitor counts once per day;
 * - app_meta: small facts about the installation (the search index's version).
 * Notices get a view count like articles.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../index';

export function contentMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('search_documents')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text')
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('label', 'text')
        .addColumn('date', 'text')
        .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('visible_from', 'text')
        .addColumn('visible_until', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('search_documents_type_idx').on('search_documents').columns(['doc_type', 'doc_id']).execute();

      if (dialect === 'postgres') {
        await sql`alter table search_documents add column tsv tsvector not null default ''::tsvector`.execute(db);
        await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
      } else {
        // Tokens are made by our own tokenizer and joined by spaces; unicode61 only splits
        // on the spaces (CJK characters are letters to it), so each bigram stays one token.
        await sql`create virtual table search_fts using fts5(key unindexed, tokens, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
      }

      await db.schema
        .createTable('content_views')
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('content_id', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_views_pk', ['content_type', 'content_id', 'visitor', 'day'])
        .execute();
      await db.schema.createIndex('content_views_day_idx').on('content_views').column('day').execute();

      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('notices').addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      // The public lists: pinned first, newest first, per category.
      await db.schema.createIndex('articles_pinned_idx').on('articles').columns(['category', 'pinned', 'publish_at']).execute();
    },
  };
}
