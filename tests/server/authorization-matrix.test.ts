/**
 * The authorization matrix (a hardness test, README.md "Tests"): every operation of the OpenAPI
 * document, called by seven callers (anonymous, the super administrator, staff without any code,
 * staff with one role, unit A, unit B, a practitioner of unit A), against the live app. The
 * expected outcome of each call comes from the route's own access declaration
 * (server/security/guard.ts) read independently here; then the ownership rules: what unit A owns, unit
 * B can neither read by id, nor find in its lists, nor download. A new route is covered the day it
 * lands; one with a path parameter this test does not know how to fill fails it until the table
 * below says how.
 *
 * Last, the chain step: every operation whose JSON body stores file ids (or rich text with inline
 * images) is called with a file of another unit in each file field, and the caller must still not
 * be able to read that file afterwards (attaching follows reading: server/files/attach.ts). The
 * routes come from the OpenAPI document; one without a body builder in CHAIN_ROUTES fails it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiStatus, type ApiEnvelope } from '@common/schemas/common';
import { CONTENT_MAX } from '@common/schemas/content';
import { FILE_ID_PATTERN, type StoredFile } from '@common/schemas/files';
import { AuthType, hasPermission, type PermissionCode } from '@common/permissions';
import { insertAccount } from '../../server/security/accounts';
import { hashPassword } from '../../server/security/passwords';
import { insertRole } from '../../server/security/roles';
import { DEMO_PASSWORD, DEMO_PRACTITIONER_ID, DEMO_UNIT_ID } from '../../server/db/seed/demo';
import { makeCreditCode, makeIdCardNo } from '../../server/db/seed/demoData';
import { routeAccessList, type RouteAccess } from '../../server/security/guard';
import { addAccount, md5, multipart, pngBytes, upload } from './files.helpers';
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

/**
 * Public routes whose handlers apply the file read rules to the id themselves (server/files/routes.ts):
 * an id no file has (PARAMS gives a random one) is answered as a file the caller may not read, so
 * that the answer does not tell whether the file exists.
 */
const READ_RULE_ROUTES = new Set(['GET /api/v1/file/download/:id', 'GET /api/v1/file/view/:id']);
const unreadableFileOutcome = (caller: Caller): Outcome => (caller.token ? 'forbidden' : 'unauthenticated');

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
  unitId: () => randomUUID(),
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
  });
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
        const expected = READ_RULE_ROUTES.has(`${op.method} ${op.url}`) ? unreadableFileOutcome(caller) : expectedOutcome(op.access, caller);
        const observed = observedOutcome(res.statusCode, status);
        if (expected !== observed) surprises.push(`${op.method} ${op.url} as ${caller.name}: expected ${expected}, got ${observed} (HTTP ${res.statusCode}, status ${status})`);
      }
    }
    expect(calls).toBe(operations.length * callers.length);
    expect(surprises).toEqual([]);
  });
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
  });
  afterAll(async () => t?.close());

  /** Unit A's own records of each kind that units read by id. */
  async function ownedByA(): Promise<[string, string][]> {
    const db = t.db.kysely;
    const project = await db.selectFrom('projects').select('id').where('unit_id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow();
    const kase = await db.selectFrom('cases').select('id').where('unit_id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow();
    const inspection = await db.selectFrom('annual_inspections').select('id').where('unit_id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow();
    const creditEvent = await db.selectFrom('credit_events').select('id').where('unit_id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow();
    return [
      ['practitioners', DEMO_PRACTITIONER_ID],
      ['projects', project.id],
      ['cases', kase.id],
      ['annual-inspections', inspection.id],
      ['credit-events', creditEvent.id],
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

// ---- the chain step: attach a foreign file, then try to read it ------------------------------

/** How a file goes into a field: an id, a list of ids, or an image inside rich text. */
type FieldKind = 'one' | 'many' | 'rich';

interface FileField {
  /** Property names from the body's root ('[]' for the items of an array). */
  path: string[];
  kind: FieldKind;
}

const fieldName = (field: FileField) => field.path.join('.');

type SchemaNode = Record<string, unknown>;
const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema and the members of its anyOf / oneOf / allOf (a nullable field is a union). */
function variantsOf(node: SchemaNode): SchemaNode[] {
  const out = [node];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = node[key];
    if (Array.isArray(list)) for (const member of list) if (isNode(member)) out.push(...variantsOf(member));
  }
  return out;
}

/** Rich text is the content schema (common/schemas/content.ts: a string of at most CONTENT_MAX); or `content` of articles and notices. */
const RICH_TEXT_PATHS = /^\/api\/v1\/(articles|notices)(\/|$)/;

function kindOf(name: string, node: SchemaNode, operationPath: string): FieldKind | null {
  const variants = variantsOf(node);
  const array = variants.some((v) => v.type === 'array');
  const idPattern = variants.some((v) => v.pattern === FILE_ID_PATTERN || (isNode(v.items) && variantsOf(v.items).some((i) => i.pattern === FILE_ID_PATTERN)));
  if (/fileids?$/i.test(name) || idPattern) return array ? 'many' : 'one';
  const richBySchema = variants.some((v) => v.type === 'string' && v.maxLength === CONTENT_MAX);
  if (richBySchema || (name === 'content' && RICH_TEXT_PATHS.test(operationPath))) return 'rich';
  return null;
}

/** Every file field of a request body schema, nested objects and arrays of objects included. */
function fileFieldsOf(schema: unknown, operationPath: string): FileField[] {
  const out = new Map<string, FileField>();
  const walk = (node: unknown, path: string[]) => {
    if (!isNode(node)) return;
    for (const variant of variantsOf(node)) {
      if (isNode(variant.items)) walk(variant.items, [...path, '[]']);
      if (!isNode(variant.properties)) continue;
      for (const [name, property] of Object.entries(variant.properties)) {
        if (!isNode(property)) continue;
        const kind = kindOf(name, property, operationPath);
        if (kind) out.set([...path, name].join('.'), { path: [...path, name], kind });
        else walk(property, [...path, name]);
      }
    }
  };
  walk(schema, []);
  return [...out.values()];
}

/** A stored file as the chain uses it. */
interface Fixture {
  id: string;
  md5: string;
  label: string;
}

interface ChainCaller {
  key: string;
  name: string;
  token: string | null;
  authType: AuthType | null;
}

type CallerSpec = 'anonymous' | 'admin' | 'unitA' | 'practitionerA' | { staff: readonly PermissionCode[] };

interface ChainContext {
  t: TestContext;
  caller: ChainCaller;
  adminToken: string;
  unitB: string;
  /** A number not used before in this run (names, codes, ID numbers). */
  next: () => number;
}

interface BuiltCall {
  /** Values of the operation's path parameters. */
  params?: Record<string, string>;
  /** A valid body; the file fields are filled in afterwards. */
  body: Record<string, unknown>;
}

interface ChainRoute {
  callers: readonly CallerSpec[];
  /**
   * attach (default): the route stores the ids; a foreign file is refused exactly like a missing
   * one. read: the route reads the file (an import) and stores no id; a foreign file is refused.
   * ignore: the route records no file (`why` says how); it may accept the text, the file stays
   * unreadable.
   */
  expect?: 'attach' | 'read' | 'ignore';
  why?: string;
  /** What the caller's own file and the foreign files hold (PNG unless said). */
  kind?: 'png' | 'xlsx';
  /** Once per caller before the attempts: the record the body names (edits), ''. */
  prepare?: (c: ChainContext) => Promise<string>;
  build: (c: ChainContext, record: string) => Promise<BuiltCall>;
  /** Puts a file into a field when an id is not what the field takes (秒传 takes an MD5). */
  place?: (body: Record<string, unknown>, field: FileField, file: Fixture) => void;
  /** More ids that must stay unreadable after a foreign attempt (a record the call would make). */
  alsoUnreadable?: (body: Record<string, unknown>) => string[];
}

const richText = (fileId: string) => `<p>链条测试正文</p><p><img src="/api/v1/file/view/${fileId}" alt="图"></p>`;

/** Puts the file in the field: an id, a one-item list, or an inline image. */
function placeFile(body: Record<string, unknown>, field: FileField, file: Fixture): void {
  if (field.path.includes('[]')) throw new Error(`${fieldName(field)}: a file field inside an array needs the route's own \`place\``);
  let target = body;
  for (const name of field.path.slice(0, -1)) {
    const child = target[name];
    if (!isNode(child)) throw new Error(`${fieldName(field)}: the builder's body has no object at ${name}`);
    target = child;
  }
  const last = field.path[field.path.length - 1];
  target[last] = field.kind === 'rich' ? richText(file.id) : field.kind === 'many' ? [file.id] : file.id;
}

/** A valid 18-character ID number no demo practitioner has (region 110101). */
const freshIdCard = (n: number) => makeIdCardNo('110101', `198${n % 10}0101`, 100 + Math.floor(n / 10), n % 2 === 0);

/** Tables of records a body names with the version read. */
type Versioned = 'articles' | 'notices' | 'carousels' | 'friendly_links' | 'experts' | 'practitioners' | 'projects' | 'cases' | 'annual_inspections' | 'member_units' | 'site_pages';

async function versionOf(t: TestContext, table: Versioned, id: string): Promise<number> {
  const row = await t.db.kysely.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.version);
}

/** Creates a record through the API as the caller and returns its id. */
async function created(c: ChainContext, path: string, body: Record<string, unknown>): Promise<string> {
  const res = await c.t.call<{ id: string }>('POST', path, { token: c.caller.token ?? undefined, body });
  expect(res.body.status, `POST ${path} as ${c.caller.name}: ${res.body.message}`).toBe(1);
  return res.body.data.id;
}

const isStaffCaller = (c: ChainContext) => c.caller.authType === AuthType.Staff;
const ARTICLE_EDITOR: CallerSpec = { staff: ['content:article:edit', 'content:article:publish'] };
const NOTICE_EDITOR: CallerSpec = { staff: ['content:notice:edit'] };
const CAROUSEL_EDITOR: CallerSpec = { staff: ['content:carousel:edit'] };
const LINK_EDITOR: CallerSpec = { staff: ['content:link:edit'] };
const PAGE_EDITOR: CallerSpec = { staff: ['content:site-page:edit'] };
const EXPERT_EDITOR: CallerSpec = { staff: ['expert:edit'] };
const PRACTITIONER_EDITOR: CallerSpec = { staff: ['member:practitioner:edit'] };

const articleBody = (n: number) => ({ title: `链条文章${n}`, category: 'news', content: '<p>正文</p>', saveAs: 'publish' });
const noticeBody = (n: number) => ({ title: `链条公告${n}`, content: '<p>正文</p>', saveAs: 'publish' });
const practitionerBody = (c: ChainContext) => ({
  name: `链条人员${c.next()}`,
  idCardNo: freshIdCard(c.next()),
  ...(isStaffCaller(c) ? { unitId: DEMO_UNIT_ID } : {}),
});

/**
 * Every operation that stores file ids, keyed "METHOD /api/v1/path" as the OpenAPI document
 * spells it, with who may call it and a valid body. Staff callers hold only the codes listed
 * (a role of their own): the super administrator may read every file some permission covers,
 * so for it only a file no record holds is foreign.
 */
const CHAIN_ROUTES: Record<string, ChainRoute> = {
  'POST /api/v1/articles': {
    callers: [ARTICLE_EDITOR, 'admin'],
    build: async (c) => ({ body: articleBody(c.next()) }),
  },
  'PUT /api/v1/articles/{id}': {
    callers: [ARTICLE_EDITOR, 'admin'],
    prepare: (c) => created(c, 'articles', { ...articleBody(c.next()), saveAs: 'draft' }),
    build: async (c, id) => ({ params: { id }, body: { ...articleBody(c.next()), version: await versionOf(c.t, 'articles', id) } }),
  },
  'POST /api/v1/articles/sanitize': {
    callers: [{ staff: ['content:article:edit'] }],
    expect: 'ignore',
    why: 'answers the cleaned HTML (the editor preview) and stores nothing',
    build: async () => ({ body: { content: '<p>预览</p>' } }),
  },
  'POST /api/v1/notices': {
    callers: [NOTICE_EDITOR, 'admin'],
    build: async (c) => ({ body: noticeBody(c.next()) }),
  },
  'PUT /api/v1/notices/{id}': {
    callers: [NOTICE_EDITOR, 'admin'],
    prepare: (c) => created(c, 'notices', { ...noticeBody(c.next()), saveAs: 'draft' }),
    build: async (c, id) => ({ params: { id }, body: { ...noticeBody(c.next()), version: await versionOf(c.t, 'notices', id) } }),
  },
  'POST /api/v1/carousels': {
    callers: [CAROUSEL_EDITOR, 'admin'],
    build: async (c) => ({ body: { title: `链条轮播${c.next()}`, imageFileId: null } }),
  },
  'PUT /api/v1/carousels/{id}': {
    callers: [CAROUSEL_EDITOR, 'admin'],
    prepare: (c) => created(c, 'carousels', { title: `链条轮播${c.next()}`, imageFileId: null }),
    build: async (c, id) => ({ params: { id }, body: { title: `链条轮播${c.next()}`, imageFileId: null, version: await versionOf(c.t, 'carousels', id) } }),
  },
  'POST /api/v1/friendly-links': {
    callers: [LINK_EDITOR, 'admin'],
    build: async (c) => ({ body: { name: `链条链接${c.next()}`, url: 'https://example.com/chain' } }),
  },
  'PUT /api/v1/friendly-links/{id}': {
    callers: [LINK_EDITOR, 'admin'],
    prepare: (c) => created(c, 'friendly-links', { name: `链条链接${c.next()}`, url: 'https://example.com/chain' }),
    build: async (c, id) => ({
      params: { id },
      body: { name: `链条链接${c.next()}`, url: 'https://example.com/chain', version: await versionOf(c.t, 'friendly_links', id) },
    }),
  },
  'PUT /api/v1/site-pages/{key}': {
    callers: [PAGE_EDITOR, 'admin'],
    expect: 'ignore',
    why: 'stores the sanitised HTML but records no file (site pages are no file holder), so an image there opens to nobody new',
    build: async (c) => {
      const page = await c.t.db.kysely.selectFrom('site_pages').select(['id', 'title']).where('key', '=', 'about').executeTakeFirstOrThrow();
      return { params: { key: 'about' }, body: { title: page.title, content: '<p>关于</p>', version: await versionOf(c.t, 'site_pages', page.id) } };
    },
  },
  'POST /api/v1/experts': {
    callers: [EXPERT_EDITOR, 'admin'],
    build: async (c) => ({ body: await expertBody(c) }),
  },
  'PUT /api/v1/experts/{id}': {
    callers: [EXPERT_EDITOR, 'admin'],
    prepare: async (c) => created(c, 'experts', await expertBody(c)),
    build: async (c, id) => ({ params: { id }, body: { ...(await expertBody(c)), version: await versionOf(c.t, 'experts', id) } }),
  },
  'POST /api/v1/practitioners': {
    callers: ['unitA', PRACTITIONER_EDITOR],
    build: async (c) => ({ body: practitionerBody(c) }),
  },
  'PUT /api/v1/practitioners/{id}': {
    callers: ['unitA', PRACTITIONER_EDITOR],
    prepare: (c) => created(c, 'practitioners', practitionerBody(c)),
    build: async (c, id) => {
      const row = await c.t.db.kysely.selectFrom('practitioners').select(['name', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
      return { params: { id }, body: { name: row.name, version: Number(row.version) } };
    },
  },
  'POST /api/v1/practitioners/import': {
    callers: ['unitA', { staff: ['member:practitioner:import'] }],
    expect: 'read',
    why: 'reads the spreadsheet and keeps no file id',
    kind: 'xlsx',
    build: async (c) => ({ body: isStaffCaller(c) ? { unitId: DEMO_UNIT_ID } : {} }),
  },
  'POST /api/v1/projects': {
    callers: ['unitA'],
    build: async (c) => {
      const n = c.next();
      return { body: { name: `链条项目${n}`, code: `CHAIN-P-${n}` } };
    },
  },
  'PUT /api/v1/projects/{id}': {
    callers: ['unitA'],
    prepare: (c) => {
      const n = c.next();
      return created(c, 'projects', { name: `链条项目${n}`, code: `CHAIN-P-${n}` });
    },
    build: async (c, id) => {
      const row = await c.t.db.kysely.selectFrom('projects').select(['name', 'code', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
      return { params: { id }, body: { name: row.name, code: row.code, version: Number(row.version) } };
    },
  },
  'POST /api/v1/review-tasks/{id}/revision': {
    callers: ['unitA'],
    // The demo's closed review of unit A, which waits for its revised report (server/db/seed/demoReviewTasks.ts).
    prepare: async () => 'demo-review-task-1',
    build: async (c, id) => {
      const row = await c.t.db.kysely.selectFrom('review_tasks').select('version').where('id', '=', id).executeTakeFirstOrThrow();
      return { params: { id }, body: { version: Number(row.version), reportFileIds: [] } };
    },
  },
  'POST /api/v1/cases': {
    callers: ['unitA'],
    build: async (c) => ({ body: { title: `链条案例${c.next()}`, public: true } }),
  },
  'PUT /api/v1/cases/{id}': {
    callers: ['unitA'],
    prepare: (c) => created(c, 'cases', { title: `链条案例${c.next()}`, public: true }),
    build: async (c, id) => ({ params: { id }, body: { title: `链条案例${c.next()}`, public: true, version: await versionOf(c.t, 'cases', id) } }),
  },
  'POST /api/v1/annual-inspections/{id}/submit': {
    callers: ['unitA', 'practitionerA'],
    // The caller's own inspection of the open year, still to be submitted (demo data).
    prepare: async (c) => {
      const me = await c.t.call<{ unitId: string | null; practitionerId: string | null }>('GET', 'user/current', { token: c.caller.token ?? undefined });
      const subject = c.caller.authType === AuthType.Practitioner ? me.body.data.practitionerId : me.body.data.unitId;
      const row = await c.t.db.kysely
        .selectFrom('annual_inspections')
        .select('id')
        .where('subject_id', '=', subject ?? '')
        .where('status', '=', 'not_submitted')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    build: async (c, id) => ({
      params: { id },
      body: { version: await versionOf(c.t, 'annual_inspections', id), selfReport: '链条测试自查报告', projectsDone: 1, trainingHours: 8, fileIds: [] },
    }),
  },
  'POST /api/v1/annual-inspections/batch-submit': {
    callers: ['unitA'],
    // A practitioner's inspection of the unit's, still to be submitted (demo data); the files are the batch's, checked before any record.
    prepare: async (c) => {
      const me = await c.t.call<{ unitId: string | null }>('GET', 'user/current', { token: c.caller.token ?? undefined });
      const row = await c.t.db.kysely
        .selectFrom('annual_inspections')
        .select('id')
        .where('unit_id', '=', me.body.data.unitId ?? '')
        .where('subject_type', '=', 'practitioner')
        .where('status', '=', 'not_submitted')
        .orderBy('subject_id', 'desc')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    build: async (c, id) => ({
      body: {
        selfReport: '链条测试批量自查报告',
        fileIds: [],
        items: [{ id, version: await versionOf(c.t, 'annual_inspections', id), projectsDone: 1, trainingHours: 8 }],
      },
    }),
  },
  'POST /api/v1/unit-changes': {
    callers: ['practitionerA', 'unitA'],
    // The practitioner asks to move to unit B; unit A asks to take in an approved practitioner of unit B (by name and ID number).
    prepare: async (c) => {
      if (c.caller.authType === AuthType.Practitioner) return '';
      const open = c.t.db.kysely.selectFrom('unit_changes').select('practitioner_id').where('status', 'in', ['requested', 'released']);
      const p = await c.t.db.kysely
        .selectFrom('practitioners')
        .select(['id', 'name'])
        .where('unit_id', '=', c.unitB)
        .where('status', '=', 'approved')
        .where('id', 'not in', open)
        .executeTakeFirstOrThrow();
      const revealed = await c.t.call<{ value: string | null }>('POST', `practitioners/${p.id}/reveal`, { token: c.adminToken, body: { field: 'idCardNo' } });
      expect(revealed.body.data.value).toBeTruthy();
      return JSON.stringify({ practitionerName: p.name, idCardNo: revealed.body.data.value });
    },
    build: async (c, who) => ({
      body: {
        ...(who ? (JSON.parse(who) as Record<string, string>) : { toUnitId: c.unitB }),
        reason: '链条测试：工作调动',
        releaseLetterFileIds: [],
      },
    }),
  },
  'PUT /api/v1/member-units/mine': {
    callers: ['unitA'],
    build: async (c) => ({ body: { version: await versionOf(c.t, 'member_units', DEMO_UNIT_ID) } }),
  },
  'PUT /api/v1/member-units/{id}': {
    callers: [{ staff: ['member:unit:edit'] }, 'admin'],
    build: async (c) => {
      const u = await c.t.db.kysely.selectFrom('member_units').selectAll().where('id', '=', DEMO_UNIT_ID).executeTakeFirstOrThrow();
      return {
        params: { id: u.id },
        body: {
          name: u.name,
          creditCode: u.credit_code,
          legalRepresentative: u.legal_representative,
          contactPerson: u.contact_person,
          contactPhone: u.contact_phone,
          version: Number(u.version),
        },
      };
    },
  },
  'POST /api/v1/user/auth/register': {
    callers: ['anonymous'],
    build: async (c) => {
      const n = c.next();
      return {
        body: {
          name: `链条评估有限公司${n}`,
          creditCode: makeCreditCode('91', '330106', `MC3H${String(n).padStart(4, '0')}`),
          legalRepresentative: '周链条',
          contactPerson: '李链条',
          contactPhone: '13800001111',
          email: `chain${n}@example.com`,
          address: '杭州市西湖区文三路 1 号',
          businessScope: '社会稳定风险评估。',
          businessLicenceFileIds: [],
          password: 'Mingyuan2026',
          consent: true,
        },
      };
    },
  },
  'POST /api/v1/credit-events': {
    callers: [{ staff: ['credit:event:edit'] }, 'admin'],
    build: async (c) => ({
      body: { subjectType: 'unit', unitId: DEMO_UNIT_ID, kind: 'violation_other', occurredOn: '2026-01-05', description: `链条测试记录${c.next()}`, fileIds: [] },
    }),
  },
  'POST /api/v1/credit-ratings/{id}/objections': {
    callers: ['unitA'],
    // A year in 公示 for unit A to object to (the demo's 2025 rating is final): 2024, started and published.
    prepare: async (c) => {
      const started = await c.t.call<{ id: string }>('POST', 'credit-ratings', { token: c.adminToken, body: { year: 2024 } });
      expect(started.body.status, started.body.message).toBe(1);
      const published = await c.t.call('POST', `credit-ratings/${started.body.data.id}/publicize`, { token: c.adminToken, body: { version: 0 } });
      expect(published.body.status, published.body.message).toBe(1);
      return started.body.data.id;
    },
    build: async (c, id) => ({ params: { id }, body: { content: `链条测试异议${c.next()}`, fileIds: [] } }),
  },
  'POST /api/v1/public/complaints': {
    callers: ['anonymous'],
    // The attachments come through the anonymous upload (the caller's own file is one of those).
    build: async (c) => ({
      body: {
        kind: 'complaint',
        anonymous: false,
        name: '链条投诉人',
        phone: '13800002222',
        unitId: DEMO_UNIT_ID,
        title: `链条投诉${c.next()}`,
        content: '链条测试：投诉内容',
        fileIds: [],
        consent: true,
      },
    }),
  },
  'POST /api/v1/complaints/{id}/reply': {
    callers: ['unitA'],
    // A complaint about unit A, accepted by staff: the unit answers it with its files.
    prepare: async (c) => {
      const submitted = await c.t.call<{ complaintNo: string }>('POST', 'public/complaints', {
        ip: `10.78.0.${c.next() % 250}`,
        body: { kind: 'complaint', anonymous: false, name: '链条投诉人', phone: '13800002222', unitId: DEMO_UNIT_ID, title: '链条申辩', content: '链条测试', consent: true },
      });
      expect(submitted.body.status, submitted.body.message).toBe(1);
      const row = await c.t.db.kysely.selectFrom('complaints').select(['id', 'version']).where('complaint_no', '=', submitted.body.data.complaintNo).executeTakeFirstOrThrow();
      const accepted = await c.t.call('POST', `complaints/${row.id}/accept`, { token: c.adminToken, body: { version: Number(row.version) } });
      expect(accepted.body.status, accepted.body.message).toBe(1);
      return row.id;
    },
    build: async (c, id) => {
      const row = await c.t.db.kysely.selectFrom('complaints').select('version').where('id', '=', id).executeTakeFirstOrThrow();
      return { params: { id }, body: { version: Number(row.version), answer: '链条测试：书面申辩' } };
    },
  },
  'POST /api/v1/file/upload/instant': {
    callers: ['unitA', { staff: ['content:article:edit'] }],
    // 秒传 names content by its MD5: knowing a foreign file's MD5 must not give the caller a readable copy of it.
    build: async () => ({ body: { fileId: randomUUID(), md5: '0'.repeat(32), name: 'chain.png' } }),
    place: (body, _field, file) => {
      body.fileId = randomUUID();
      body.md5 = file.md5;
    },
    alsoUnreadable: (body) => [String(body.fileId)],
  },
};

async function expertBody(c: ChainContext): Promise<Record<string, unknown>> {
  const specialty = await c.t.db.kysely.selectFrom('dict_items').select('value').where('type_code', '=', 'specialty').where('enabled', '=', 1).executeTakeFirstOrThrow();
  return { name: `链条专家${c.next()}`, workUnit: '链条大学', specialties: [specialty.value] };
}

async function xlsxBytes(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('从业人员');
  sheet.addRow(['姓名', '身份证号码', '性别', '手机号码', '电子邮箱', '学历', '专业', '职称', '职务', '入职日期', '培训学时']);
  // One row the import refuses (a bad ID number): the import answers status 1 and stores nothing.
  sheet.addRow([`链条${randomBytes(4).toString('hex')}`, '123']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('chain step: a file of another unit, attached by the caller, stays unreadable', () => {
  let t: TestContext;
  let adminToken = '';
  let unitB = '';
  let unitBAccount = '';
  let counter = 0;
  let address = 0;
  const next = () => (counter += 1);
  /** Unit B's files: one on unit B's own record, one uploaded and held by nothing; per content kind. */
  const foreign: Record<'png' | 'xlsx', Fixture[]> = { png: [], xlsx: [] };

  beforeAll(async () => {
    t = await createTestApp('sqlite', { demo: true });
    adminToken = await t.adminToken();
    const other = await t.db.kysely.selectFrom('member_units').select('id').where('id', '!=', DEMO_UNIT_ID).where('status', '=', 'approved').executeTakeFirstOrThrow();
    unitB = other.id;
    const unitBToken = await addAccount(t, 'chain_unit_b', 2, unitB);
    unitBAccount = (await t.db.kysely.selectFrom('accounts').select('id').where('login_account', '=', 'chain_unit_b').executeTakeFirstOrThrow()).id;
    const put = async (kind: 'png' | 'xlsx', label: string) => {
      const content = kind === 'png' ? pngBytes(2048) : await xlsxBytes();
      const res = await upload<StoredFile>(t, unitBToken, content, { name: kind === 'png' ? '营业执照副本.png' : '人员名单.xlsx' });
      expect(res.body.status, res.body.message).toBe(1);
      const fixture = { id: res.body.data.fileId, md5: md5(content), label };
      foreign[kind].push(fixture);
      return fixture;
    };
    const heldPng = await put('png', "unit B's qualification file");
    const heldXlsx = await put('xlsx', "unit B's qualification file");
    await put('png', "unit B's upload that no record holds");
    await put('xlsx', "unit B's upload that no record holds");
    const version = await versionOf(t, 'member_units', unitB);
    const saved = await t.call('PUT', 'member-units/mine', { token: unitBToken, body: { qualificationFileIds: [heldPng.id, heldXlsx.id], version } });
    expect(saved.body.status, saved.body.message).toBe(1);
    for (const file of [...foreign.png, ...foreign.xlsx]) {
      expect((await download(unitBToken, file.id)).statusCode, `unit B reads ${file.label}`).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  const download = (token: string | null, fileId: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/file/download/${fileId}`, headers: token ? { token } : {} });
  const nextAddress = () => {
    address += 1;
    return `10.77.${Math.floor(address / 250) % 250}.${address % 250}`;
  };

  /** The caller's own file: uploaded with its token, or (anonymous) through the registration upload. */
  async function ownFile(caller: ChainCaller, kind: 'png' | 'xlsx'): Promise<Fixture> {
    const content = kind === 'png' ? pngBytes(2048) : await xlsxBytes();
    const name = kind === 'png' ? '本人文件.png' : '本人名单.xlsx';
    if (caller.token) {
      const res = await upload<StoredFile>(t, caller.token, content, { name });
      expect(res.body.status, `${caller.name} uploads: ${res.body.message}`).toBe(1);
      return { id: res.body.data.fileId, md5: md5(content), label: 'own file' };
    }
    const fileId = randomUUID();
    const { payload, headers } = multipart([
      { name: 'fileId', value: fileId },
      { name: 'md5', value: md5(content) },
      { name: 'file', filename: name, content },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/auth/register/files', payload, headers, remoteAddress: nextAddress() });
    expect(res.json<ApiEnvelope<StoredFile>>().status, res.body).toBe(1);
    return { id: fileId, md5: md5(content), label: 'own file' };
  }

  const callers = new Map<string, ChainCaller>();
  const callerKey = (spec: CallerSpec) => (typeof spec === 'string' ? spec : `staff[${spec.staff.join(' ')}]`);

  async function resolveCaller(spec: CallerSpec): Promise<ChainCaller> {
    const key = callerKey(spec);
    const known = callers.get(key);
    if (known) return known;
    let caller: ChainCaller;
    if (spec === 'anonymous') caller = { key, name: 'anonymous', token: null, authType: null };
    else if (spec === 'admin') caller = { key, name: 'super administrator', token: adminToken, authType: AuthType.Staff };
    else if (spec === 'unitA') caller = { key, name: 'unit A', token: await t.login('demo_unit', DEMO_PASSWORD, 2), authType: AuthType.MemberUnit };
    else if (spec === 'practitionerA') caller = { key, name: 'practitioner of unit A', token: await t.login('demo_practitioner', DEMO_PASSWORD, 3), authType: AuthType.Practitioner };
    else {
      const n = next();
      const now = new Date().toISOString();
      const roleId = await insertRole(t.db.kysely, { code: `chain-role-${n}`, name: `链条角色${n}`, permissions: spec.staff }, now);
      const login = `chain_staff_${n}`;
      await insertAccount(t.db.kysely, { loginAccount: login, passwordHash: await hashPassword('Other@2026x'), authType: AuthType.Staff, name: login, roleIds: [roleId] }, now);
      caller = { key, name: `staff holding only ${spec.staff.join(', ')}`, token: await t.login(login, 'Other@2026x', 1), authType: AuthType.Staff };
    }
    callers.set(key, caller);
    return caller;
  }

  it('every operation that stores file ids: a foreign file is refused, and neither the caller nor a visitor can read it afterwards', async () => {
    // The operations whose JSON body holds a file field, from the OpenAPI document.
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>> };
    const found = new Map<string, FileField[]>();
    for (const [openApiPath, operations] of Object.entries(spec.paths)) {
      if (!openApiPath.startsWith('/api/v1/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const fields = schema ? fileFieldsOf(schema, openApiPath) : [];
        if (fields.length > 0) found.set(`${method.toUpperCase()} ${openApiPath}`, fields);
      }
    }
    expect([...found.keys()].filter((k) => !CHAIN_ROUTES[k]), 'operations that take file ids with no body builder in CHAIN_ROUTES').toEqual([]);
    expect(Object.keys(CHAIN_ROUTES).filter((k) => !found.has(k)), 'CHAIN_ROUTES entries the OpenAPI document no longer has (or no longer with a file field)').toEqual([]);
    expect(found.size).toBeGreaterThanOrEqual(25);

    // Who can read which foreign file before anything is attached (the super administrator reads
    // unit B's record files through member:unit:view): only the others are foreign to a caller.
    const allSpecs = Object.values(CHAIN_ROUTES).flatMap((r) => r.callers);
    const unreadableAtStart = new Map<string, Fixture[]>();
    for (const callerSpec of allSpecs) {
      const caller = await resolveCaller(callerSpec);
      if (unreadableAtStart.has(caller.key)) continue;
      const files: Fixture[] = [];
      for (const file of [...foreign.png, ...foreign.xlsx]) if ((await download(caller.token, file.id)).statusCode !== 200) files.push(file);
      unreadableAtStart.set(caller.key, files);
    }
    for (const file of [...foreign.png, ...foreign.xlsx]) expect((await download(null, file.id)).statusCode, `a visitor reads ${file.label}`).not.toBe(200);

    const problems: string[] = [];
    let attempts = 0;
    for (const [key, fields] of found) {
      const route = CHAIN_ROUTES[key];
      const [method, openApiPath] = key.split(' ');
      const mode = route.expect ?? 'attach';
      const kind = route.kind ?? 'png';
      for (const callerSpec of route.callers) {
        const caller = await resolveCaller(callerSpec);
        const c: ChainContext = { t, caller, adminToken, unitB, next };
        const as = `${key} as ${caller.name}`;
        const record = route.prepare ? await route.prepare(c) : '';
        const own = new Map<string, Fixture>();
        for (const field of fields) own.set(fieldName(field), await ownFile(caller, kind));

        /** One call: every file field holds the caller's own file, except `field`, which holds `file`. */
        const attempt = async (field: FileField | null, file: Fixture | null) => {
          attempts += 1;
          const built = await route.build(c, record);
          const body = structuredClone(built.body);
          for (const f of fields) {
            const chosen = f === field && file ? file : own.get(fieldName(f));
            if (chosen) (route.place ?? placeFile)(body, f, chosen);
          }
          const url = openApiPath.replace(/\{(\w+)\}/g, (_, name: string) => {
            const value = built.params?.[name];
            if (!value) throw new Error(`${key}: the builder gives no value for {${name}}`);
            return encodeURIComponent(value);
          });
          const res = await t.call(method, url.slice('/api/v1/'.length), { token: caller.token ?? undefined, body, ip: nextAddress() });
          if (res.statusCode >= 500) problems.push(`${as}: HTTP ${res.statusCode} ${res.body.message}`);
          return { res, body };
        };

        const foreignFiles = (unreadableAtStart.get(caller.key) ?? []).filter((f) => foreign[kind].includes(f));
        if (foreignFiles.length === 0) problems.push(`${as}: every foreign ${kind} file is readable to this caller from the start; nothing to test`);
        for (const field of fields) {
          const where = `${as}, ${fieldName(field)}`;
          // What the route answers for an id that names no stored file (inline images of no stored file are left out, not refused).
          let missingAnswer: string | null = null;
          if (mode !== 'ignore' && field.kind !== 'rich') {
            const missing = await attempt(field, { id: randomUUID(), md5: randomBytes(16).toString('hex'), label: 'no stored file' });
            if (missing.res.body.status === 1) problems.push(`${where}: a file id that names no stored file was accepted`);
            missingAnswer = missing.res.body.message;
          }
          for (const file of foreignFiles) {
            const { res, body } = await attempt(field, file);
            const answer = `HTTP ${res.statusCode}, status ${res.body.status}, "${res.body.message}"`;
            if (mode !== 'ignore' && res.body.status === 1) problems.push(`${where}: ${file.label} was accepted (${answer})`);
            if (mode === 'attach' && res.body.status !== 1) {
              // Refused exactly like a missing file: the answer does not tell that the id is stored.
              if (missingAnswer !== null && res.body.message !== missingAnswer) problems.push(`${where}: ${file.label} answered ${answer}, a missing file "${missingAnswer}"`);
              if (missingAnswer === null && !/不存在，请重新上传$/.test(res.body.message)) problems.push(`${where}: ${file.label} refused with ${answer}, not as a missing file`);
            }
            for (const id of [file.id, ...(route.alsoUnreadable?.(body) ?? [])]) {
              const read = await download(caller.token, id);
              if (read.statusCode === 200) problems.push(`${where}: after ${answer} the caller READS ${id === file.id ? file.label : `the new record ${id}`}`);
              const visitor = await download(null, id);
              if (visitor.statusCode === 200) problems.push(`${where}: after ${answer} a visitor READS ${id === file.id ? file.label : `the new record ${id}`}`);
            }
          }
        }
        // The positive control, last (some calls can be made once): the same body with the caller's own files is valid.
        const control = await attempt(null, null);
        if (control.res.body.status !== 1) problems.push(`${as}: the control with the caller's own files failed: HTTP ${control.res.statusCode}, "${control.res.body.message}"`);
      }
    }

    // Nobody who could not read a foreign file at the start can read it now, and no record but unit B's holds one.
    for (const [key, files] of unreadableAtStart) {
      const caller = callers.get(key);
      for (const file of files) if (caller && (await download(caller.token, file.id)).statusCode === 200) problems.push(`at the end ${caller.name} READS ${file.label}`);
    }
    const ids = [...foreign.png, ...foreign.xlsx].map((f) => f.id);
    const db = t.db.kysely;
    const attachedElsewhere = await db
      .selectFrom('file_attachments')
      .select(['owner_type', 'owner_id', 'slot', 'file_id'])
      .where('file_id', 'in', ids)
      .where((eb) => eb.or([eb('owner_type', '!=', 'unit'), eb('owner_id', '!=', unitB)]))
      .execute();
    for (const row of attachedElsewhere) problems.push(`a foreign file is attached to ${row.owner_type} ${row.owner_id} (${row.slot})`);
    const columns = [
      await db.selectFrom('member_units').select('id').where('logo_file_id', 'in', ids).execute(),
      await db.selectFrom('practitioners').select('id').where('photo_file_id', 'in', ids).execute(),
      await db.selectFrom('experts').select('id').where('photo_file_id', 'in', ids).execute(),
      await db.selectFrom('articles').select('id').where('cover_file_id', 'in', ids).execute(),
      await db.selectFrom('carousels').select('id').where('image_file_id', 'in', ids).execute(),
      await db.selectFrom('friendly_links').select('id').where('logo_file_id', 'in', ids).execute(),
    ].flat();
    for (const row of columns) problems.push(`a foreign file is in a file column of ${row.id}`);
    const records = await db.selectFrom('stored_files').select(['file_id', 'uploader_id', 'md5']).where('md5', 'in', [...foreign.png, ...foreign.xlsx].map((f) => f.md5)).execute();
    for (const row of records) {
      if (row.uploader_id !== unitBAccount) problems.push(`file ${row.file_id} with a foreign file's content belongs to ${row.uploader_id}`);
    }

    expect(problems).toEqual([]);
    expect(attempts).toBeGreaterThan(100);
  });
});
