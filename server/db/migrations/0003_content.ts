/**
 * The public site's supporting tables (the content issue):
 * - search_documents: one row per searchable public item (article, notice, member unit,
 *   expert) with its title, summary and visibility, kept in step by server/fulltext/indexer.ts;
 *   the word index beside it is dialect-specific: a contentless FTS5 table on SQLite, a
 *   tsvector table with a GIN index on PostgreSQL (both hold the same tokens, see
 *   server/fulltext/tokenize.ts);
 * - content_views: who (a keyed hash of address and browser, never the address) read which
 *   article or notice on which day, so a visitor counts once per day;
 * - app_meta: small facts about the installation (the search index's version).
 * Notices get a view count like articles.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../index';
import { autoId } from './0001_core';

export function contentMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Small rows (no long text): a search ranks thousands of matches on these columns
      // alone; the page's hits read their text from the source tables.
      await autoId(db.schema.createTable('search_documents'), dialect)
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text')
        .addColumn('label', 'text')
        .addColumn('date', 'text')
        .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('visible_from', 'text')
        .addColumn('visible_until', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('search_documents_type_idx').on('search_documents').columns(['doc_type', 'doc_id']).execute();
      // The search cache asks for the next publication or expiry time.
      await db.schema.createIndex('search_documents_from_idx').on('search_documents').column('visible_from').execute();
      await db.schema.createIndex('search_documents_until_idx').on('search_documents').column('visible_until').execute();

      if (dialect === 'postgres') {
        // Beside the documents, so that their rows stay small for ranking (see server/fulltext/query.ts).
        await sql`create table search_tsv (id bigint primary key references search_documents (id) on delete cascade, tsv tsvector not null)`.execute(db);
        await sql`create index search_tsv_idx on search_tsv using gin (tsv)`.execute(db);
      } else {
        // Tokens are made by our own tokenizer and joined by spaces; unicode61 only splits
        // on the spaces (CJK characters are letters to it), so each bigram stays one token.
        // Contentless: the index keeps no copy of the text; rowid = search_documents.id.
        await sql`create virtual table search_fts using fts5(tokens, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
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
