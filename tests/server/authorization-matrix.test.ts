/**
 * The authorization matrix (issue 9): every operation of the OpenAPI document, called by seven
 * callers (anonymous, the super administrator, staff without any code, staff with one role,
 * unit A, unit B, a practitioner of unit A), against the live app. The expected outcome of each
 * call comes from the route's own access declaration (server/auth/guard.ts) read independently
 * here; then the ownership rules: what unit A owns, unit B can neither read by id, nor find in
 * its lists, nor download. A new route is covered the day it lands; one with a path parameter
 * this test does not know how to fill fails it until the table below says how.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiStatus } from '@common/schemas/common';
import { AuthType, hasPermission, type PermissionCode } from '@common/permissions';
import { DEMO_PASSWORD, DEMO_PRACTITIONER_ID, DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { routeAccessList, type RouteAccess } from '../../server/auth/guard';
import { addAccount, md5, pngBytes, upload } from './files.helpers';
import { createTestApp, type TestContext } from './helpers';

interface Caller {
  name: string;
  token: string | null;
  authType: number | null;
  permissions: string[];
  unitId: string | null;
  practitionerId: string | null;
}

type Outcome = 'unauthenticated' | 'forbidden' | 'allowed';

/** What the declaration promises, worked out here from the declaration alone. */
function expectedOutcome(access: RouteAccess, caller: Caller): Outcome {
  if (access.public) return 'allowed';
  if (!caller.token || caller.authType === null) return 'unauthenticated';
  if (access.authTypes && !access.authTypes.includes(caller.authType as AuthType)) return 'forbidden';
  if (caller.authType === AuthType.Staff) {
    return access.permission && !hasPermission({ authType: caller.authType, permissions: caller.permissions }, access.permission as PermissionCode) ? 'forbidden' : 'allowed';
  }
  if (access.scope === 'own-unit' && !caller.unitId) return 'forbidden';
  if (access.scope === 'own-practitioner' && !caller.practitionerId) return 'forbidden';
  return 'allowed';
}

function observedOutcome(statusCode: number, status: number | undefined): Outcome {
  if (statusCode === 401 || status === ApiStatus.TokenEmpty || status === ApiStatus.TokenInvalid) return 'unauthenticated';
  if (statusCode === 403 && status === ApiStatus.Forbidden) return 'forbidden';
  return 'allowed';
}

/** A value for every path parameter the API uses: a route with another one fails the test. */
const PARAMS: Record<string, () => string> = {
  id: () => randomUUID(),
  code: () => 'gender',
  md5: () => '0'.repeat(32),
  key: () => 'footer',
  number: () => 'WPRY00000000',
  year: () => '2026',
  practitionerId: () => randomUUID(),
  reviewId: () => randomUUID(),
};

/** Calls that change the caller's own session or consent: made last, logout the very last. */
const LAST = ['POST /api/v1/user/consents/sensitive-pi/withdraw', 'POST /api/v1/user/auth/logout'];

describe('authorization matrix: every operation × seven callers', () => {
  let t: TestContext;
  const callers: Caller[] = [];
  let unitB = '';

  const describeCaller = async (name: string, token: string | null): Promise<Caller> => {
    if (!token) return { name, token, authType: null, permissions: [], unitId: null, practitionerId: null };
    const me = await t.call<{ authType: number; permissions: string[]; unitId: string | null; practitionerId: string | null }>('GET', 'user/current', { token });
    expect(me.body.status, `${name}: ${me.body.message}`).toBe(1);
    return { ...me.body.data, name, token };
  };

  beforeAll(async () => {
    t = await createTestApp('sqlite', { demo: true });
    const other = await t.db.kysely.selectFrom('member_units').select('id').where('id', '!=', DEMO_UNIT_ID).where('status', '=', 'approved').executeTakeFirstOrThrow();
    unitB = other.id;
    callers.push(
      await describeCaller('anonymous', null),
      await describeCaller('super administrator', await t.adminToken()),
      await describeCaller('staff without codes', await addAccount(t, 'matrix_staff', 1, null)),
      await describeCaller('staff with one role', await t.login('demo_staff', DEMO_PASSWORD, 1)),
      await describeCaller('unit A', await t.login('demo_unit', DEMO_PASSWORD, 2)),
      await describeCaller('unit B', await addAccount(t, 'matrix_unit_b', 2, unitB)),
      await describeCaller('practitioner of unit A', await t.login('demo_practitioner', DEMO_PASSWORD, 3)),
    );
    expect(callers[3]?.permissions.length).toBeGreaterThan(0);
    expect(callers[2]?.permissions).toEqual([]);
  }, 120_000);
  afterAll(async () => t?.close());

  it('every operation of the OpenAPI document has a declaration, and every call ends as it promises', async () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const declared = new Map(routeAccessList(t.app).map((r) => [`${r.method} ${r.url}`, r.access]));
    const operations: { method: string; url: string; access: RouteAccess }[] = [];
    for (const [openApiPath, ops] of Object.entries(spec.paths)) {
      if (!openApiPath.startsWith('/api/v1/') || openApiPath.startsWith('/api/v1/docs')) continue;
      const url = openApiPath.replace(/\{(\w+)\}/g, ':$1');
      for (const method of Object.keys(ops).map((m) => m.toUpperCase())) {
        const access = declared.get(`${method} ${url}`);
        expect(access, `${method} ${url} has no access declaration`).toBeDefined();
        if (access) operations.push({ method, url, access });
      }
    }
    expect(operations.length).toBeGreaterThan(150);
    operations.sort((a, b) => LAST.indexOf(`${a.method} ${a.url}`) - LAST.indexOf(`${b.method} ${b.url}`));

    const surprises: string[] = [];
    let calls = 0;
    for (const op of operations) {
      const path = op.url.replace(/:(\w+)/g, (_, name: string) => {
        const fill = PARAMS[name];
        if (!fill) throw new Error(`${op.method} ${op.url}: no value for path parameter :${name} in PARAMS`);
        return encodeURIComponent(fill());
      });
      for (const caller of callers) {
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: path,
          headers: { ...(caller.token ? { token: caller.token } : {}), ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          payload: op.method === 'GET' ? undefined : '{}',
          remoteAddress: `10.9.${callers.indexOf(caller)}.${calls++ % 250}`,
        });
        let status: number | undefined;
        try {
          status = res.json<{ status?: number }>().status;
        } catch {
          status = undefined; // a file, a page
        }
        if (res.statusCode >= 500) surprises.push(`${op.method} ${op.url} as ${caller.name}: HTTP ${res.statusCode}`);
        const expected = expectedOutcome(op.access, caller);
        const observed = observedOutcome(res.statusCode, status);
        if (expected !== observed) surprises.push(`${op.method} ${op.url} as ${caller.name}: expected ${expected}, got ${observed} (HTTP ${res.statusCode}, status ${status})`);
      }
    }
    expect(calls).toBe(operations.length * callers.length);
    expect(surprises).toEqual([]);
  }, 300_000);
});

describe('ownership: what unit A owns, unit B cannot reach', () => {
  let t: TestContext;
  const tokens: Record<string, string | null> = {};

  beforeAll(async () => {
    t = await createTestApp('sqlite', { demo: true });
    const other = await t.db.kysely.selectFrom('member_units').select('id').where('id', '!=', DEMO_UNIT_ID).where('status', '=', 'approved').executeTakeFirstOrThrow();
    tokens.anonymous = null;
    tokens.admin = await t.adminToken();
    tokens.unitA = await t.login('demo_unit', DEMO_PASSWORD, 2);
    tokens.unitB = await addAccount(t, 'owner_unit_b', 2, other.id);
    tokens.practitionerA = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
  }, 120_000);
  afterAll(async () => t?.close());

  /** Unit A's own records of each kind that units read by id. */
  async function ownedByA(): Promise<[string, string][]> {
    const db = t.db.kysely;
    const project = await db.selectFrom('projects').select('id').where('unit_id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow();
    const kase = await db.selectFrom('cases').select('id').where('unit_id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow();
    const inspection = await db.selectFrom('annual_inspections').select('id').where('unit_id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow();
    return [
      ['practitioners', DEMO_PRACTITIONER_ID],
      ['projects', project.id],
      ['cases', kase.id],
      ['annual-inspections', inspection.id],
    ];
  }

  it('reading by id: unit A and staff read it; unit B and the anonymous are refused', async () => {
    for (const [resource, id] of await ownedByA()) {
      const as = (who: string) => t.call('GET', `${resource}/${id}`, { token: tokens[who] ?? undefined });
      expect((await as('admin')).body.status, `${resource} as admin`).toBe(1);
      expect((await as('unitA')).body.status, `${resource} as unit A`).toBe(1);
      const b = await as('unitB');
      expect([403, 404], `${resource} as unit B: ${b.statusCode}`).toContain(b.statusCode);
      expect(b.body.status).not.toBe(1);
      expect((await as('anonymous')).statusCode).toBe(401);
    }
    // The practitioner reads their own record.
    expect((await t.call('GET', `practitioners/${DEMO_PRACTITIONER_ID}`, { token: tokens.practitionerA ?? undefined })).body.status).toBe(1);
  });

  it("listing: unit B's lists hold none of unit A's records", async () => {
    for (const resource of ['practitioners', 'projects', 'cases', 'annual-inspections']) {
      const a = await t.call<{ list: { unitId?: string }[]; total: number }>('GET', `${resource}?current=1&pageSize=100`, { token: tokens.unitA ?? undefined });
      const b = await t.call<{ list: { unitId?: string }[]; total: number }>('GET', `${resource}?current=1&pageSize=100`, { token: tokens.unitB ?? undefined });
      expect(a.body.status, `${resource} as unit A: ${a.body.message}`).toBe(1);
      expect(b.body.status, `${resource} as unit B: ${b.body.message}`).toBe(1);
      expect(a.body.data.total, resource).toBeGreaterThan(0);
      const aIds = new Set(a.body.data.list.map((r) => JSON.stringify(r)));
      expect(b.body.data.list.filter((r) => aIds.has(JSON.stringify(r))), resource).toEqual([]);
      for (const row of b.body.data.list) if (row.unitId !== undefined) expect(row.unitId).not.toBe(DEMO_UNIT_ID);
    }
  });

  it('files: what unit A uploaded downloads for unit A only', async () => {
    const content = pngBytes(4096);
    const fileId = randomUUID();
    const stored = await upload(t, tokens.unitA ?? undefined, content, { fileId, name: '资质证明.png' });
    expect(stored.body.status).toBe(1);
    const download = (who: string) => t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: tokens[who] ? { token: tokens[who] ?? '' } : {} });
    const own = await download('unitA');
    expect(own.statusCode).toBe(200);
    expect(md5(own.rawPayload)).toBe(md5(content));
    expect((await download('unitB')).statusCode).toBe(403);
    expect((await download('anonymous')).statusCode).toBe(401);
  });
});
