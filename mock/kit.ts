/**
 * The kit of mock/'s handler modules: what they all answer, check and record the way the server
 * does, so that each module holds only its own records and rules.
 *
 * - answers: `done()` (an ok envelope), `bad()` (status 10), `forbidden()` (403, status 30),
 *   `notFound('项目')` (404), `stale()` (409 on a stale version), `download()` (an export);
 *   the words are the server's, from common/messages.ts;
 * - `guard(request, code, kinds)`: the caller's fixture account, or the server's 401/403;
 *   `callerAndRecord()`: the caller and the record a route names, or 401/404/403;
 * - `callLog()`: the calls a module answered ({ method, path, query, body }), for assertions;
 *   `log.guard()` records a call and guards it;
 * - lists: `matching()` (filters from the query), `parseSort()` / `sortBy()`, `pageOf()`;
 * - records: `bumped()` / `bump()` (one version on, updated now), `reviewEntry()`,
 *   `beijingToday()`.
 */
import { HttpResponse } from 'msw';
import { beijingDay } from '@common/calendar';
import { FORBIDDEN_MESSAGE, notFoundMessage, STALE_VERSION_MESSAGE } from '@common/messages';
import { AuthType, type PermissionCode } from '@common/permissions';
import { ApiStatus, type Page } from '@common/schemas/common';
import type { ReviewHistoryEntry } from '@common/schemas/membership';
import { apiPath, bad, failure, ok } from './envelopes';
import type { FixtureAccount } from './fixtures';
import { authenticate } from './sessions';

export { apiPath, bad, failure, ok } from './envelopes';
export { authenticate } from './sessions';
export type { FixtureAccount } from './fixtures';

/* ---------- answers ---------- */

/** An ok envelope with `data` (null by default) and the server's message, or `message`. */
export const done = (data: unknown = null, message?: string): Response => HttpResponse.json(ok(data, message));

/** HTTP 403 with status 30: no permission code, or not the caller's record. */
export const forbidden = (message: string = FORBIDDEN_MESSAGE): Response =>
  HttpResponse.json(failure(ApiStatus.Forbidden, message), { status: 403 });

/** HTTP 404: '项目' → 项目不存在. */
export const notFound = (what: string): Response => bad(notFoundMessage(what), 404);

/** HTTP 409: the version sent is not the record's any more. */
export const stale = (): Response => bad(STALE_VERSION_MESSAGE, 409);

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A file as an export or template answers it: `fileName` in Content-Disposition (RFC 5987).
 * No body by default: the test DOM's XHR cannot build a blob answer from one (msw's interceptor
 * fails); the headers are what the pages read.
 */
export function download(fileName: string | null, body: BodyInit | null = null, contentType: string = XLSX_TYPE): Response {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (fileName) headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  return new HttpResponse(body, { headers });
}

/* ---------- who may call ---------- */

export const ALL_KINDS: readonly AuthType[] = [AuthType.Staff, AuthType.MemberUnit, AuthType.Practitioner];

/**
 * The caller's fixture account, or the server's answer: 401 without a live token (see
 * ./sessions.ts), 403 when the account's kind is not among `kinds` (staff only by default) or
 * when a staff account lacks one of `codes`. Units and practitioners are scoped by the
 * modules' own ownership rules, not by codes.
 */
export function guard(
  request: Request,
  codes: PermissionCode | readonly PermissionCode[] | null = null,
  kinds: readonly number[] = [AuthType.Staff],
): FixtureAccount | Response {
  const account = authenticate(request);
  if (account instanceof Response) return account;
  if (!kinds.includes(account.user.authType)) return forbidden();
  const needed: readonly PermissionCode[] = codes === null ? [] : typeof codes === 'string' ? [codes] : codes;
  if (account.user.authType === AuthType.Staff && !needed.every((c) => account.user.permissions.includes(c))) return forbidden();
  return account;
}

/**
 * The caller and the record a route names, in the server's order of refusals: 401 without a
 * live token, 404 when `find` finds nothing, 403 unless the caller `may` touch it.
 */
export function callerAndRecord<R>(
  request: Request,
  what: string,
  find: () => R | undefined,
  may: (account: FixtureAccount, record: R) => boolean,
): { account: FixtureAccount; record: R } | Response {
  const account = authenticate(request);
  if (account instanceof Response) return account;
  const record = find();
  if (record === undefined) return notFound(what);
  if (!may(account, record)) return forbidden();
  return { account, record };
}

/* ---------- recorded calls ---------- */

export interface ApiCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  /** The JSON body (null for GET and DELETE, or when there is none). */
  body: unknown;
}

export interface CallLog {
  /** Every call recorded, in order (cleared by the module's reset). */
  readonly calls: ApiCall[];
  /** Records the call; resolves to its JSON body (the request itself stays unread). */
  record(request: Request): Promise<unknown>;
  /** Records the call, then `guard()`s it. */
  guard(request: Request, codes?: Parameters<typeof guard>[1], kinds?: Parameters<typeof guard>[2]): Promise<FixtureAccount | Response>;
  /** The recorded calls with this method and path (under /api/v1). */
  to(method: string, path: string): ApiCall[];
  clear(): void;
}

export function callLog(): CallLog {
  const calls: ApiCall[] = [];
  const record = async (request: Request): Promise<unknown> => {
    const body: unknown =
      request.method === 'GET' || request.method === 'DELETE' ? null : await request.clone().json().catch(() => null);
    const url = new URL(request.url);
    calls.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    return body;
  };
  return {
    calls,
    record,
    async guard(request, codes, kinds) {
      await record(request);
      return guard(request, codes, kinds);
    },
    to: (method, path) => calls.filter((c) => c.method === method.toUpperCase() && c.path === apiPath(path)),
    clear() {
      calls.length = 0;
    },
  };
}

/* ---------- lists ---------- */

/**
 * A list filter from the query. Each rule applies when its parameter is present and not empty:
 * a field name (the field's value, as text, equals the parameter) or a test of the item against
 * the parameter's value.
 */
export function matching<T>(
  params: URLSearchParams,
  rules: Record<string, (keyof T & string) | ((item: T, value: string) => boolean)>,
): (item: T) => boolean {
  return (item) =>
    Object.entries(rules).every(([key, rule]) => {
      const value = params.get(key);
      if (!value) return true;
      return typeof rule === 'function' ? rule(item, value) : String(item[rule] ?? '') === value;
    });
}

/** Whether one of `values` contains the keyword (trimmed; `ignoreCase` for codes and accounts). */
export function hasKeyword(keyword: string, values: readonly (string | null | undefined)[], ignoreCase = false): boolean {
  const k = ignoreCase ? keyword.trim().toLowerCase() : keyword.trim();
  return values.some((v) => (ignoreCase ? (v ?? '').toLowerCase() : (v ?? '')).includes(k));
}

/** The server's `sort` parameter, `field` or `field,asc|desc` (asc by default); null when absent or malformed. */
export function parseSort(sort: string | null): { field: string; sign: 1 | -1 } | null {
  const m = sort ? /^([A-Za-z]+)(?:,(asc|desc))?$/.exec(sort) : null;
  return m ? { field: m[1], sign: m[2] === 'desc' ? -1 : 1 } : null;
}

/** Sorted by `sort` (empty values last either way), or by `fallback` without one. */
export function sortBy<T>(items: readonly T[], sort: string | null, fallback: (a: T, b: T) => number): T[] {
  const by = parseSort(sort);
  if (!by) return [...items].sort(fallback);
  return [...items].sort((a, b) => {
    const x = (a as Record<string, unknown>)[by.field];
    const y = (b as Record<string, unknown>)[by.field];
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (x < y ? -1 : 1) * by.sign;
  });
}

/** One page of `items` as `?current=&pageSize=` ask for it (1 and `defaultSize` without them). */
export function pageOf<T>(items: readonly T[], params: URLSearchParams, defaultSize = 10): Page<T> {
  const current = Math.max(1, Number(params.get('current')) || 1);
  const pageSize = Math.max(1, Number(params.get('pageSize')) || defaultSize);
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
}

/* ---------- records ---------- */

interface Versioned {
  version: number;
  updatedAt: string;
}

/** A copy of `r` with `change`, one version on, updated now. */
export function bumped<R extends Versioned>(r: R, change: Partial<R> = {}): R {
  return { ...r, ...change, version: r.version + 1, updatedAt: new Date().toISOString() };
}

/** `r` itself changed by `change`, one version on, updated now. */
export function bump<R extends Versioned>(r: R, change: Partial<R>): void {
  Object.assign(r, change, { version: r.version + 1, updatedAt: new Date().toISOString() });
}

/** A review history entry: pending and undecided unless `fields` say otherwise. */
export function reviewEntry(
  id: string,
  fields: Pick<ReviewHistoryEntry, 'what' | 'submittedAt'> & Partial<ReviewHistoryEntry>,
): ReviewHistoryEntry {
  return {
    id,
    status: 'pending',
    submittedByName: null,
    decidedAt: null,
    decidedByName: null,
    comment: null,
    payload: null,
    ...fields,
  };
}

/** Today's date in Beijing (the server's calendar), yyyy-mm-dd. */
export const beijingToday = (): string => beijingDay();
