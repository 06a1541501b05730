/** The mock's kit (mock/kit.ts): the server's answers, guard and list rules every handler module uses. */
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE, STALE_VERSION_MESSAGE } from '@common/messages';
import { ApiStatus } from '@common/schemas/common';
import { limitedStaff, memberUnit, practitioner, superAdmin, type FixtureAccount } from '../../mock/fixtures';
import {
  apiPath,
  bumped,
  callerAndRecord,
  callLog,
  guard,
  hasKeyword,
  matching,
  notFound,
  pageOf,
  parseSort,
  sortBy,
  stale,
} from '../../mock/kit';

const as = (account: FixtureAccount | null, method = 'GET', path = '/things', body?: unknown) =>
  new Request(`http://localhost${apiPath(path)}`, {
    method,
    headers: { ...(account ? { token: account.token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

async function refusal(answer: unknown): Promise<{ http: number; status: number; message: string }> {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  const envelope = (await response.json()) as { status: number; message: string };
  return { http: response.status, status: envelope.status, message: envelope.message };
}

describe('answers', () => {
  it('say what the server says on a stale version and a missing record', async () => {
    expect(await refusal(stale())).toEqual({ http: 409, status: ApiStatus.BusinessError, message: STALE_VERSION_MESSAGE });
    expect(await refusal(notFound('项目'))).toEqual({ http: 404, status: ApiStatus.BusinessError, message: '项目不存在' });
  });
});

describe('guard', () => {
  it('lets staff in with every code, and no one else by default', async () => {
    expect(guard(as(superAdmin), 'project:view')).toBe(superAdmin);
    expect(await refusal(guard(as(limitedStaff), 'project:view'))).toEqual({ http: 403, status: ApiStatus.Forbidden, message: FORBIDDEN_MESSAGE });
    expect(guard(as(limitedStaff), ['workbench:view', 'content:article:view'])).toBe(limitedStaff);
    expect((await refusal(guard(as(memberUnit), 'project:view'))).http).toBe(403);
  });

  it('lets the listed kinds in; codes bind staff only; no token is a 401', async () => {
    expect(guard(as(memberUnit), 'project:view', [1, 2])).toBe(memberUnit);
    expect((await refusal(guard(as(practitioner), 'project:view', [1, 2]))).http).toBe(403);
    expect((await refusal(guard(as(limitedStaff), 'project:view', [1, 2]))).http).toBe(403);
    expect((await refusal(guard(as(null), null, [1, 2, 3]))).http).toBe(401);
  });

  it('answers 401, then 404, then 403 for a named record', async () => {
    const things = [{ id: 't-1', unitId: memberUnit.user.unitId }];
    const of = (account: FixtureAccount | null, id: string) =>
      callerAndRecord(as(account), '事项', () => things.find((t) => t.id === id), (a, t) => a.user.unitId === t.unitId);
    expect((await refusal(of(null, 't-1'))).http).toBe(401);
    expect(await refusal(of(superAdmin, 't-9'))).toMatchObject({ http: 404, message: '事项不存在' });
    expect((await refusal(of(superAdmin, 't-1'))).http).toBe(403);
    expect(of(memberUnit, 't-1')).toEqual({ account: memberUnit, record: things[0] });
  });
});

describe('callLog', () => {
  it('records method, path, query and the JSON body, and leaves the request readable', async () => {
    const log = callLog();
    const request = as(superAdmin, 'POST', '/things/t-1/approve?x=1', { version: 2 });
    expect(await log.record(request)).toEqual({ version: 2 });
    expect(await request.json()).toEqual({ version: 2 });
    await log.record(as(superAdmin, 'GET', '/things?status=open'));
    expect(log.to('post', '/things/t-1/approve')).toEqual([{ method: 'POST', path: '/api/v1/things/t-1/approve', query: { x: '1' }, body: { version: 2 } }]);
    expect(log.to('get', 'things')[0]).toMatchObject({ query: { status: 'open' }, body: null });
    log.clear();
    expect(log.calls).toEqual([]);
  });
});

describe('lists', () => {
  const rows = [
    { id: 'a', name: '甲公司', code: 'ABC', status: 'open', public: true, n: 2 },
    { id: 'b', name: '乙公司', code: null, status: 'closed', public: false, n: null },
    { id: 'c', name: '丙研究院', code: 'xyz', status: 'open', public: false, n: 1 },
  ];
  type Row = (typeof rows)[number];

  it('filter by the parameters given; an empty one is no filter', () => {
    const filter = (query: string) =>
      rows.filter(matching<Row>(new URLSearchParams(query), { status: 'status', public: 'public', keyword: (r, k) => hasKeyword(k, [r.name, r.code], true) })).map((r) => r.id);
    expect(filter('')).toEqual(['a', 'b', 'c']);
    expect(filter('status=open&keyword=')).toEqual(['a', 'c']);
    expect(filter('public=false')).toEqual(['b', 'c']);
    expect(filter('keyword=%20XY%20')).toEqual(['c']);
    expect(filter('keyword=公司&status=closed')).toEqual(['b']);
  });

  it('sort by `field,dir` with empty values last, or by the fallback', () => {
    expect(parseSort('n,desc')).toEqual({ field: 'n', sign: -1 });
    expect(parseSort('n')).toEqual({ field: 'n', sign: 1 });
    expect(parseSort('n;drop')).toBeNull();
    expect(sortBy(rows, 'n', () => 0).map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(sortBy(rows, 'n,desc', () => 0).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortBy(rows, null, (x, y) => y.id.localeCompare(x.id)).map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('page with the defaults the server uses', () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf(items, new URLSearchParams())).toEqual({ list: items.slice(0, 10), total: 25, current: 1, pageSize: 10 });
    expect(pageOf(items, new URLSearchParams('current=3&pageSize=10'))).toMatchObject({ list: [20, 21, 22, 23, 24], current: 3 });
    expect(pageOf(items, new URLSearchParams('current=abc'), 12)).toMatchObject({ current: 1, pageSize: 12 });
  });
});

describe('records', () => {
  it('bumped: a copy one version on, updated now', () => {
    const before = { id: 'a', name: 'x', version: 3, updatedAt: '2026-01-01T00:00:00.000Z' };
    const after = bumped(before, { name: 'y' });
    expect(after).toMatchObject({ id: 'a', name: 'y', version: 4 });
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect(before.version).toBe(3);
  });
});
