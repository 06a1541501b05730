/** List conventions of API.md: `current`, `pageSize` (10 by default, at most 100), `sort=field,desc`. */
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

/** Maps `field,desc` onto an allowed column; an unknown field is a status-10 error. */
export function parseSort<C extends string>(
  sort: string | undefined,
  allowed: Record<string, C>,
  fallback: Sort<C>,
): Sort<C> {
  if (!sort) return fallback;
  const [field, dir] = sort.split(',');
  const column = allowed[field];
  if (!column) throw new BizError(`不支持按 ${field} 排序`);
  return { column, direction: dir === 'desc' ? 'desc' : 'asc' };
}

/** A LIKE pattern matching `keyword` anywhere, with % and _ taken literally (escape '\'). */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
