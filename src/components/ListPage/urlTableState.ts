/**
 * A list's state in the URL (`?current=2&pageSize=20&sort=publishAt,desc&state=draft&keyword=…`),
 * so that a link, a reload or Back shows the same page of the same filtered list. Plain
 * functions (no React) so that the rules are easy to test; useUrlTableState wraps them.
 *
 * The URL uses the API's own names (`current`, `pageSize`, `keyword`,
 * `sort=field,asc|desc` and the resource's filters), so the query a list sends is the query
 * its address shows. Keys a table does not own (a page's `tab`, say) are left alone.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@common/api';

export type SortDirection = 'asc' | 'desc';
/** antd's column sort order. */
export type SortOrder = 'ascend' | 'descend' | null;

export interface TableSort {
  field: string;
  order: SortDirection;
}

export interface TableQuery {
  current: number;
  pageSize: number;
  sort?: TableSort;
  /** Filters and `keyword`, as the API takes them (strings in the URL). */
  filters: Record<string, string>;
}

export const PAGING_KEYS = ['current', 'pageSize', 'sort'] as const;
export const KEYWORD_KEY = 'keyword';

const SORT_RE = /^([A-Za-z]+)(?:,(asc|desc))?$/;

/** `publishAt,desc` → { field: 'publishAt', order: 'desc' }; the API's default order is asc. */
export function parseSort(value: string | null | undefined): TableSort | undefined {
  const m = value ? SORT_RE.exec(value) : null;
  return m ? { field: m[1], order: (m[2] as SortDirection | undefined) ?? 'asc' } : undefined;
}

export function formatSort(sort: TableSort | undefined): string | undefined {
  return sort ? `${sort.field},${sort.order}` : undefined;
}

/** ProTable's sorter ({ publishAt: 'descend' }) → the API's; the first ordered column wins. */
export function fromProSort(sorter: Record<string, SortOrder | undefined> | undefined): TableSort | undefined {
  for (const [field, order] of Object.entries(sorter ?? {})) {
    if (order === 'ascend') return { field, order: 'asc' };
    if (order === 'descend') return { field, order: 'desc' };
  }
  return undefined;
}

export function toProSortOrder(sort: TableSort | undefined, field: string): SortOrder | undefined {
  if (!sort || sort.field !== field) return undefined;
  return sort.order === 'desc' ? 'descend' : 'ascend';
}

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!value || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

export interface TableQueryOptions {
  /** The filter keys this table owns (its search form's fields and range ends), keyword included. */
  filterKeys: readonly string[];
  defaultPageSize?: number;
  /** Sortable fields: a `sort` naming anything else is ignored. */
  sortFields?: readonly string[];
}

/** Reads a table's state from the URL; unknown or malformed values fall back to defaults. */
export function parseTableQuery(params: URLSearchParams, options: TableQueryOptions): TableQuery {
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const sort = parseSort(params.get('sort'));
  const filters: Record<string, string> = {};
  for (const key of options.filterKeys) {
    const value = params.get(key);
    if (value !== null && value !== '') filters[key] = value;
  }
  return {
    current: positiveInt(params.get('current'), 1),
    pageSize: positiveInt(params.get('pageSize'), defaultPageSize, MAX_PAGE_SIZE),
    sort: sort && (!options.sortFields || options.sortFields.includes(sort.field)) ? sort : undefined,
    filters,
  };
}

/**
 * Writes a table's state into `params` (a copy is returned): its own keys are replaced,
 * others kept; defaults (page 1, the default page size, no sort) are left out of the URL.
 */
export function writeTableQuery(params: URLSearchParams, query: TableQuery, options: TableQueryOptions): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...PAGING_KEYS, ...options.filterKeys]) next.delete(key);
  for (const key of options.filterKeys) {
    const value = query.filters[key];
    if (value !== undefined && value !== '') next.set(key, value);
  }
  const sort = formatSort(query.sort);
  if (sort) next.set('sort', sort);
  if (query.current > 1) next.set('current', String(query.current));
  if (query.pageSize !== (options.defaultPageSize ?? DEFAULT_PAGE_SIZE)) next.set('pageSize', String(query.pageSize));
  return next;
}

/** The part of the URL a table owns, in a stable order: to tell our own writes from navigation. */
export function ownedSearch(params: URLSearchParams, options: TableQueryOptions): string {
  const keys = [...PAGING_KEYS, ...options.filterKeys];
  return keys
    .filter((k) => params.get(k) !== null && params.get(k) !== '')
    .map((k) => `${k}=${params.get(k)}`)
    .join('&');
}

/** The API query of a table state: paging, `sort=field,dir` and the filters. */
export function toApiQuery(query: TableQuery): Record<string, string | number> {
  const sort = formatSort(query.sort);
  return { ...query.filters, current: query.current, pageSize: query.pageSize, ...(sort ? { sort } : {}) };
}
