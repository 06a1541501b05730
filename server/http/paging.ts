/**
 * The lists' conventions (@common/schemas/common `PageQuery`): `current`, `pageSize` (10 by
 * default, at most 100), `sort=field,desc`.
 */
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, type StringReference } from 'kysely';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@common/schemas/common';
import { BizError } from './errors';

export interface Paging {
  current: number;
  pageSize: number;
  offset: number;
}

export function paging(query: { current?: number; pageSize?: number }): Paging {
  const current = Math.max(1, query.current ?? 1);
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, query.pageSize ?? DEFAULT_PAGE_SIZE));
  return { current, pageSize, offset: (current - 1) * pageSize };
}

export interface Sort<C extends string> {
  column: C;
  direction: 'asc' | 'desc';
}

/**
 * Maps `field,desc` onto an allowed column; an unknown field is a status-10 error. The field is
 * looked up among `allowed`'s own keys only: `allowed[field]` alone would find `constructor`,
 * `toString`, `valueOf`… on every object's prototype and hand a function to the query builder.
 */
export function parseSort<C extends string>(
  sort: string | undefined,
  allowed: Record<string, C>,
  fallback: Sort<C>,
): Sort<C> {
  if (!sort) return fallback;
  const [field, dir] = sort.split(',');
  const column = Object.hasOwn(allowed, field) ? allowed[field] : undefined;
  if (!column) throw new BizError(`不支持按 ${field} 排序`);
  return { column, direction: dir === 'desc' ? 'desc' : 'asc' };
}

/** A LIKE pattern matching `keyword` anywhere, with % and _ taken literally (escape '\'). */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The `keyword` filter of a list: any of `columns` contains it, case-insensitively and with
 * % and _ taken literally; a null column counts as ''. Pass the trimmed, non-blank keyword:
 *
 *   const keyword = query.keyword?.trim();
 *   if (keyword) base = base.where((eb) => matchesKeyword(eb, ['code', 'name'], keyword));
 */
export function matchesKeyword<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly StringReference<DB, TB>[],
  keyword: string,
): Expression<SqlBool> {
  const pattern = containsPattern(keyword);
  return eb.or(columns.map((column) => eb(sql`lower(coalesce(${eb.ref(column)}, ''))`, 'like', sql`${pattern} escape '\\'`)));
}

/**
 * One page of a filtered list, with the total: the count of `base`, and `rows(base)` limited
 * to the page. `rows` adds the columns and the order (end the order with a unique column so
 * that pages never overlap):
 *
 *   const { rows, total } = await fetchPage(base, page, (q) => q.selectAll().orderBy(sort.column, sort.direction).orderBy('id'));
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: Paging,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ rows: O[]; total: number }> {
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  const list = await rows(base).limit(page.pageSize).offset(page.offset).execute();
  // On a generic builder Kysely cannot narrow the selection to { total }; it is that row.
  return { rows: list, total: Number((counted as { total?: number } | undefined)?.total ?? 0) };
}
