/**
 * A typed client for one resource of the API, so that each back-office resource is one line
 * of types instead of eight hand-written calls:
 *
 *   GET    /<path>?current&pageSize&keyword&sort=field,desc&…   list   → Page<row or T>
 *   GET    /<path>/<id>                                         get    → T
 *   POST   /<path>                                              create → { id }
 *   PUT    /<path>/<id>        (body carries `version`)         update → null
 *   DELETE /<path>/<id>                                         remove → null
 *   POST   /<path>/<id>/<action>                                action
 *   POST   /<path>/batch-<name>  { ids }                        batch  → { count }
 *
 *   export const articles = resource<{ record: ArticleRecord; row: ArticleListItem; query: ArticleListQuery;
 *     create: ArticleCreateBody; update: ArticleUpdateBody; action: 'publish' | 'offline';
 *     batch: 'publish' | 'offline' | 'delete' }>('/articles');
 */
import type { CreatedResult, Page } from '@common/schemas/common';
import type { BatchResult } from '@common/schemas/content';
import { api, type RequestOptions } from './api';

/** The types one resource is made of. `action` and `batch` name the allowed verbs. */
export interface ResourceTypes {
  record: unknown;
  /** A list row, when it differs from the record (it carries the caller's `actions`). */
  row?: unknown;
  query: object;
  create: object;
  /** Updates carry the version they read (optimistic locking: a stale one is HTTP 409). */
  update: { version: number };
  action?: string;
  batch?: string;
}

/**
 * What a list accepts: the resource's typed query, or a list page's query as the URL holds
 * it (strings; the server validates every value and names the field it refuses).
 */
export type ListQuery<R extends ResourceTypes> = Partial<R['query']> | Record<string, string | number | boolean | undefined>;

/** What the list answers: the resource's `row`, else its record. */
export type RowOf<R extends ResourceTypes> = R extends { row: infer W } ? W : R['record'];

type ActionName<R extends ResourceTypes> = R['action'] extends string ? R['action'] : never;
type BatchName<R extends ResourceTypes> = R['batch'] extends string ? R['batch'] : never;

export interface ResourceClient<R extends ResourceTypes> {
  /** The path under /api/v1, e.g. '/articles'. */
  readonly path: string;
  list(query?: ListQuery<R>, options?: RequestOptions): Promise<Page<RowOf<R>>>;
  get(id: string, options?: RequestOptions): Promise<R['record']>;
  create(body: R['create'], options?: RequestOptions): Promise<CreatedResult>;
  update(id: string, body: R['update'], options?: RequestOptions): Promise<null>;
  remove(id: string, options?: RequestOptions): Promise<null>;
  /** POST /<path>/<id>/<name> with an optional body; most actions answer null. */
  action<T = null>(id: string, name: ActionName<R>, body?: object, options?: RequestOptions): Promise<T>;
  /** POST /<path>/batch-<name> { ids }: all or nothing; the answer counts the records changed. */
  batch(name: BatchName<R>, ids: readonly string[], options?: RequestOptions): Promise<BatchResult>;
}

/** Drops empty values, so that a cleared filter does not send `?state=`. */
export function cleanQuery(query: object | undefined): Record<string, unknown> | undefined {
  if (!query) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = value;
  }
  return out;
}

export function resource<R extends ResourceTypes>(path: string): ResourceClient<R> {
  const base = `/${path.replace(/^\/+|\/+$/g, '')}`;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    path: base,
    list: (query, options) => api<Page<RowOf<R>>>(base, { ...options, params: cleanQuery(query) }),
    get: (id, options) => api<R['record']>(one(id), options),
    create: (body, options) => api<CreatedResult>(base, { ...options, method: 'POST', data: body }),
    update: (id, body, options) => api<null>(one(id), { ...options, method: 'PUT', data: body }),
    remove: (id, options) => api<null>(one(id), { ...options, method: 'DELETE' }),
    action: <T>(id: string, name: string, body?: object, options?: RequestOptions) =>
      api<T>(`${one(id)}/${name}`, { ...options, method: 'POST', data: body ?? {} }),
    batch: (name, ids, options) =>
      api<BatchResult>(`${base}/batch-${name}`, { ...options, method: 'POST', data: { ids: [...ids] } }),
  };
}
