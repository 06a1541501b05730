/**
 * Bad input (a hardness test, README.md "Tests"): every operation of the OpenAPI document, called
 * by the super administrator (so that nothing stops at the guard), with generated invalid input:
 * broken JSON, bodies of the wrong shape, fields of the wrong type, 100 KB strings in bodies (in
 * queries the longest a URL can carry), unknown fields, SQL and HTML payloads and Unicode oddities
 * (NUL, lone surrogates, bidi overrides) in queries and ids, broken multipart. Never an HTTP
 * 500, always an envelope with a message, and the database exactly as before (row counts and a
 * checksum of every table), on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccessList } from '../../server/security/guard';
import { createTestApp, dialects, type TestContext } from './helpers';
import { tableChecksums } from './tableChecksums';

const LONG = '长'.repeat(100 * 1024);
/**
 * The longest text one query parameter can carry over HTTP: Node refuses a request line and
 * headers over 16 KB (431) before the app sees them, and 1,500 such characters are 13.5 KB
 * percent-encoded. Injected URLs skip that limit; 100 KB in every parameter (900 KB each) made
 * up five sixths of this battery's time for a request no client can send.
 */
const LONG_IN_URL = '长'.repeat(1500);
/** Strings that are valid text yet have broken software elsewhere. */
const ODD = [
  "' OR 1=1 --",
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  'a\u0000b',
  '\ud800',
  '\u202egnp.exe😀%',
  '../../../../etc/passwd',
  LONG,
];

/** Bodies no operation accepts: each is the wrong shape, or carries a field no schema declares. */
function badBodies(properties: Record<string, { type?: string | string[] }>): string[] {
  const names = Object.keys(properties);
  const wrongType = (type: string | string[] | undefined) => (String(type).includes('string') ? 12345 : String(type).includes('array') ? 'not-a-list' : 'not-a-number');
  const bodies: unknown[] = [
    [1, 2, 3],
    'text',
    42,
    Object.fromEntries(names.map((n) => [n, wrongType(properties[n]?.type)])),
    Object.fromEntries(names.map((n) => [n, { $gt: '' }])),
    { ...Object.fromEntries(names.map((n) => [n, LONG])), __unknownField: ODD[0] },
    { __proto__: { admin: true }, constructor: { prototype: { admin: true } }, __unknownField: 1 },
  ];
  return [...bodies.map((b) => JSON.stringify(b)), '{"broken": ', '\u0000', ''];
}

/** Percent-encoding; a lone surrogate cannot be encoded, so it goes as the bytes of one (invalid UTF-8). */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80%FF';
  }
}

interface Operation {
  method: string;
  url: string;
  queryNames: string[];
  bodyProperties: Record<string, { type?: string | string[] }> | null;
  multipart: boolean;
}

describe.each(dialects)('bad input to every operation (%s)', (dialect) => {
  let t: TestContext;
  let token = '';
  const operations: Operation[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    token = await t.adminToken();
    const spec = t.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> } }>>;
    };
    const declared = new Set(routeAccessList(t.app).map((r) => `${r.method} ${r.url}`));
    for (const [path, ops] of Object.entries(spec.paths)) {
      if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/docs')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const url = path.replace(/\{(\w+)\}/g, ':$1');
        expect(declared.has(`${method.toUpperCase()} ${url}`), `${method} ${url}`).toBe(true);
        const content = op.requestBody?.content ?? {};
        operations.push({
          method: method.toUpperCase(),
          url,
          queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          bodyProperties: content['application/json']?.schema?.properties ?? (op.requestBody ? {} : null),
          multipart: 'multipart/form-data' in content,
        });
      }
    }
    // Two actions take no input at all (no path, query or body), so none can be bad, and an
    // empty object is simply their call: logging out (it would end the battery's session) and
    // 通知设置's 立即检查 (it queues the notices due, a change by design).
    for (const url of ['/api/v1/user/auth/logout', '/api/v1/notice-rules/scan']) {
      const at = operations.findIndex((o) => o.url === url);
      expect(at, url).toBeGreaterThanOrEqual(0);
      expect(operations[at]).toMatchObject({ queryNames: [], bodyProperties: null, multipart: false });
      operations.splice(at, 1);
    }
  });
  afterAll(async () => t?.close());

  it('never answers 500, always an envelope with a message, and changes nothing', async () => {
    // Some reads bring derived state in step on first use (an open inspection year's subjects
    // after membership changed): every read once, with good input, before the checksum.
    for (const op of operations.filter((o) => o.method === 'GET' && !o.url.includes(':'))) {
      await t.app.inject({ method: 'GET', url: op.url, headers: { token } });
    }
    const before = await tableChecksums(t);
    const problems: string[] = [];
    let calls = 0;
    const send = async (op: Operation, url: string, payload?: string, contentType = 'application/json') => {
      calls++;
      const res = await t.app.inject({
        method: op.method as 'GET',
        url,
        headers: { token, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
        payload,
        remoteAddress: `10.7.${calls % 250}.${Math.floor(calls / 250) % 250}`,
      });
      const what = `${op.method} ${url.slice(0, 120)}${payload !== undefined ? ` body ${payload.slice(0, 60)}` : ''}`;
      if (res.statusCode >= 500) {
        problems.push(`${what}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        return;
      }
      // A file that was found anyway, or a download (the caller's own data as JSON).
      if (!String(res.headers['content-type'] ?? '').includes('json') || res.headers['content-disposition']) return;
      let body: { status?: unknown; message?: unknown };
      try {
        body = res.json();
      } catch {
        problems.push(`${what}: not JSON`);
        return;
      }
      if (typeof body.status !== 'number' || typeof body.message !== 'string' || (body.status !== 1 && !body.message)) {
        problems.push(`${what}: no envelope (${res.body.slice(0, 120)})`);
      }
    };

    for (const op of operations) {
      const fill = (value: string) => op.url.replace(/:(\w+)/g, () => enc(value));
      const base = fill('00000000-0000-4000-8000-000000000000');
      // Ids: the odd strings in every path parameter.
      if (op.url.includes(':')) for (const odd of ODD.slice(0, -1)) await send(op, fill(odd), op.method === 'GET' ? undefined : '{}');
      if (op.method === 'GET') {
        // Queries: every parameter at once with each odd value, then repeated, then a wrong type.
        for (const odd of [...ODD.slice(0, -1), LONG_IN_URL]) await send(op, `${base}?${op.queryNames.map((n) => `${n}=${enc(odd)}`).join('&')}`);
        await send(op, `${base}?${op.queryNames.map((n) => `${n}=1&${n}=2`).join('&')}`);
        await send(op, `${base}?${op.queryNames.map((n) => `${n}[$gt]=`).join('&')}&current=-1&pageSize=1e9`);
        continue;
      }
      if (op.multipart) {
        await send(op, base, '--nope\r\nContent-Disposition: form-data; name="file"\r\n\r\nhalf', 'multipart/form-data; boundary=nope');
        await send(op, base, 'not multipart at all', 'multipart/form-data');
        await send(op, base, '{}');
        continue;
      }
      for (const body of badBodies(op.bodyProperties ?? {})) await send(op, base, body);
    }
    expect(calls).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
    expect(await tableChecksums(t)).toEqual(before);
  });
});
