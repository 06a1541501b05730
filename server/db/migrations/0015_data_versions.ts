/**
 * A version token per set of tables that a process keeps in memory: every committed change to
 * those tables replaces the token (a trigger in the same transaction), so a process that read
 * the token before reading the tables knows, by reading it again, whether its copy is still
 * the tables' content, on one database shared by several instances too.
 *
 * One set today, 'expert_library': the columns of `experts` and the rows of
 * `expert_specialties` that the draw's 回避 rules read (server/quality/libraryCache.ts).
 *
 * - SQLite fires triggers per row; PostgreSQL per statement (a bulk import replaces the token
 *   once), TRUNCATE included.
 * - The token is random, never a counter: a restored backup brings back an older state, and a
 *   counter would then reach again a number a process had cached for another content.
 * - The table is derived state: a backup leaves it out (server/backup/tables.ts) and the
 *   restore's inserts into `experts` replace the token.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../index';

/** The library's columns the draw reads: a change to another column (a phone, a photo) keeps the token. */
const EXPERT_COLUMNS = ['id', 'active', 'category', 'work_unit', 'practitioner_id'];

export function dataVersionsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('data_versions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('token', 'text', (c) => c.notNull())
        .execute();
      if (dialect === 'postgres') {
        await sql`insert into data_versions (name, token) values ('expert_library', gen_random_uuid()::text)`.execute(db);
        await sql`create function expert_library_changed() returns trigger language plpgsql as $$
          begin
            insert into data_versions (name, token) values ('expert_library', gen_random_uuid()::text)
              on conflict (name) do update set token = excluded.token;
            return null;
          end $$`.execute(db);
        await sql`create trigger experts_library_version after insert or delete or update of ${sql.raw(EXPERT_COLUMNS.join(', '))} on experts
          for each statement execute function expert_library_changed()`.execute(db);
        await sql`create trigger experts_library_version_truncate after truncate on experts
          for each statement execute function expert_library_changed()`.execute(db);
        await sql`create trigger expert_specialties_library_version after insert or update or delete or truncate on expert_specialties
          for each statement execute function expert_library_changed()`.execute(db);
        return;
      }
      const bump = "insert or replace into data_versions (name, token) values ('expert_library', lower(hex(randomblob(16))));";
      await sql`insert into data_versions (name, token) values ('expert_library', lower(hex(randomblob(16))))`.execute(db);
      for (const [name, when] of [
        ['experts_library_version_insert', 'after insert on experts'],
        ['experts_library_version_delete', 'after delete on experts'],
        ['experts_library_version_update', `after update of ${EXPERT_COLUMNS.join(', ')} on experts`],
        ['expert_specialties_library_version_insert', 'after insert on expert_specialties'],
        ['expert_specialties_library_version_delete', 'after delete on expert_specialties'],
        ['expert_specialties_library_version_update', 'after update on expert_specialties'],
      ]) {
        await sql.raw(`create trigger ${name} ${when} begin ${bump} end`).execute(db);
      }
    },
  };
}
