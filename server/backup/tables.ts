/**
 * What the backup reads and the restore writes, asked of the database itself so that a table a
 * later migration adds is backed up without anyone remembering to list it: the tables, their
 * columns, their primary keys, and an order in which every foreign key points backwards.
 *
 * Left out: Kysely's migration records (the manifest names the migrations instead), the
 * search index, which is derived from the other tables, differs by dialect (FTS5 / tsvector)
 * and is rebuilt by the restore, and the data versions, which the restore's inserts replace
 * (migration 0015_data_versions).
 */
import { sql } from 'kysely';
import type { DialectName } from '../db/index';
import type { DbOrTrx } from '../db/types';

const DERIVED = /^(kysely_migration|kysely_migration_lock|search_documents|search_tsv|search_fts.*|data_versions)$/;

export interface TableInfo {
  name: string;
  columns: string[];
  /** Primary-key columns (all columns when a table has none), in key order: rows are read in this order. */
  orderBy: string[];
}

export async function listTables(db: DbOrTrx, dialect: DialectName): Promise<TableInfo[]> {
  const names =
    dialect === 'postgres'
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{ name: string }>`select name from sqlite_master
            where type = 'table' and name not like 'sqlite_%'`.execute(db)
        ).rows.map((r) => r.name);
  const tables: TableInfo[] = [];
  for (const name of names.filter((n) => !DERIVED.test(n))) {
    const columns = await columnsOf(db, dialect, name);
    const key = await primaryKeyOf(db, dialect, name);
    tables.push({ name, columns, orderBy: key.length > 0 ? key : columns });
  }
  return sortByForeignKeys(tables, await foreignKeys(db, dialect));
}

async function columnsOf(db: DbOrTrx, dialect: DialectName, table: string): Promise<string[]> {
  if (dialect === 'postgres') {
    const r = await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
    return r.rows.map((row) => row.name);
  }
  const r = await sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`.execute(db);
  return r.rows.map((row) => row.name);
}

async function primaryKeyOf(db: DbOrTrx, dialect: DialectName, table: string): Promise<string[]> {
  if (dialect === 'postgres') {
    const r = await sql<{ name: string }>`select a.attname as name
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indisprimary and i.indrelid = to_regclass(quote_ident(current_schema()) || '.' || quote_ident(${table}))
      order by array_position(i.indkey, a.attnum)`.execute(db);
    return r.rows.map((row) => row.name);
  }
  const r = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db);
  return r.rows.map((row) => row.name);
}

/** [table, the table it refers to] pairs. */
async function foreignKeys(db: DbOrTrx, dialect: DialectName): Promise<[string, string][]> {
  if (dialect === 'postgres') {
    const r = await sql<{ child: string; parent: string }>`select distinct tc.table_name as child, ccu.table_name as parent
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(db);
    return r.rows.map((row) => [row.child, row.parent]);
  }
  const r = await sql<{ child: string; parent: string }>`select distinct m.name as child, f."table" as parent
    from sqlite_master m join pragma_foreign_key_list(m.name) f
    where m.type = 'table'`.execute(db);
  return r.rows.map((row) => [row.child, row.parent]);
}

/** Parents before children; the tables' own order (alphabetical) otherwise, so the result is stable. */
export function sortByForeignKeys(tables: TableInfo[], references: [string, string][]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map<string, Set<string>>();
  for (const [child, parent] of references) {
    if (child === parent || !byName.has(child) || !byName.has(parent)) continue;
    const set = parents.get(child) ?? new Set<string>();
    set.add(parent);
    parents.set(child, set);
  }
  const sorted: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`外键存在循环引用：${name}`);
    state.set(name, 'visiting');
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent);
    state.set(name, 'done');
    const table = byName.get(name);
    if (table) sorted.push(table);
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return sorted;
}
