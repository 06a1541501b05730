/**
 * Impossible input (a hardness test, README.md "Tests"): values that fit a field's declared
 * shape yet mean nothing — a date that is not in the calendar, a date-time in year 99999, a
 * page number no list reaches, an integer JavaScript or the column cannot hold, a range whose
 * start is after its end — and values at and just beyond each declared bound (minimum/maximum,
 * minLength/maxLength, minItems/maxItems, enum outsiders). Everything is generated from each
 * operation's own schema in the OpenAPI document, so a route added later is covered the day it
 * appears, and every field must be declared by a kind of common/schemas/kinds.ts.
 *
 * Called as the super administrator (or, for a route only they may call, the demo unit or
 * practitioner), so that nothing stops at the guard, on both databases:
 * - never an HTTP 500, always the envelope with a message;
 * - a value out of bounds or impossible is refused with 400, status 10 and a message naming the
 *   field by its title (a reversed range: both titles), and the database is exactly as before
 *   (row counts and a checksum of every table);
 * - a value at a bound that is valid may succeed: only "no 500, an envelope" is asserted, and
 *   writes with such values run last, after the checksum.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_YEAR_MAX,
  CALENDAR_YEAR_MIN,
  INT32_MAX,
  KIND_MESSAGES,
  PAGE_NUMBER_MAX,
  RANGE_START_KEYWORD,
  type RangeStart,
} from '@common/schemas/kinds';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { routeAccessList, type RouteAccess } from '../../server/security/guard';
import { createTestApp, dialects, type TestContext } from './helpers';
import { tableChecksums } from './tableChecksums';
import { ROUTE_WALK_MS } from '../waits';

/** A value as JSON holds it: what a body is built of. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A schema as the OpenAPI document shows it (fastify-swagger writes a nullable union as `nullable: true`). */
interface FieldSchema {
  type?: string | string[];
  title?: string;
  enum?: Json[];
  const?: Json;
  anyOf?: FieldSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  [RANGE_START_KEYWORD]?: RangeStart;
}

type Place = 'path' | 'query' | 'body';

interface Field {
  place: Place;
  /** Property names (and array indexes) from the body's root; one name in a path or query. */
  path: (string | number)[];
  schema: FieldSchema;
  required: boolean;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  /** Fastify's form: /api/v1/users/:id */
  url: string;
  fields: Field[];
  body: FieldSchema | null;
  /** Who may call it (the guard answers before validation, so the battery calls as someone allowed). */
  access: RouteAccess;
}

/** A value to try: its text in a path or query, its literal in a JSON body. */
interface Trial {
  text: string;
  json: string;
  refused: boolean;
  why: string;
}

/** A date written by its shape alone (what schemas declared before the kinds): still tried, and refused by the declaration check. */
const BARE_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const KIND_FORMATS = new Set(['date', 'date-time']);
const SAFE = Number.MAX_SAFE_INTEGER;

const DATES_ALLOWED = [`${CALENDAR_YEAR_MIN}-01-01`, `${CALENDAR_YEAR_MAX}-12-31`, '2024-02-29'];
const DATES_IMPOSSIBLE = [
  '2025-02-30',
  '2025-13-01',
  '0000-00-00',
  '2023-02-29',
  '2025-04-31',
  `${CALENDAR_YEAR_MIN - 1}-12-31`,
  `${CALENDAR_YEAR_MAX + 1}-01-01`,
];
const DATE_TIMES_ALLOWED = [`${CALENDAR_YEAR_MIN}-01-01T00:00:00Z`, `${CALENDAR_YEAR_MAX}-12-31T23:59:59.999Z`, '2024-02-29T12:00:00+08:00'];
const DATE_TIMES_IMPOSSIBLE = [
  '2025-02-30T10:00:00Z',
  '2025-13-01T00:00:00Z',
  '99999-01-01T00:00:00Z',
  '+099999-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '2025-12-31T23:59:60Z',
  '2025-01-01T24:00:00Z',
  '2025-01-01T10:00:00+24:00',
  `${CALENDAR_YEAR_MIN - 1}-12-31T23:59:59Z`,
  `${CALENDAR_YEAR_MAX + 1}-01-01T00:00:00Z`,
];
/** Integers past what a 32-bit column, JavaScript (2^53) or a 64-bit column holds, and floating-point oddities. */
const HUGE_NUMBERS = ['2147483648', '9007199254740993', '9223372036854775808', '-9223372036854775809', '1e308', '-0'];

const noSuchId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function nonNull(schema: FieldSchema): FieldSchema {
  const branches = schema.anyOf?.filter((b) => b.type !== 'null');
  return branches?.length === 1 ? { title: schema.title, ...branches[0] } : schema;
}

function enumMembers(schema: FieldSchema): Json[] | undefined {
  if (schema.enum) return schema.enum;
  if (schema.anyOf?.length && schema.anyOf.every((b) => b.enum || b.const !== undefined)) return schema.anyOf.flatMap((b) => b.enum ?? (b.const !== undefined ? [b.const] : []));
  return undefined;
}

const PLAIN_KINDS = ['integer', 'number', 'string', 'array', 'object', 'boolean'] as const;
type Kind = 'enum' | 'date' | 'date-time' | (typeof PLAIN_KINDS)[number] | 'other';

function kindOf(schema: FieldSchema): Kind {
  if (enumMembers(schema)) return 'enum';
  const type = String(schema.type);
  if (type === 'string' && (schema.format === 'date' || schema.pattern === BARE_DATE_PATTERN)) return 'date';
  if (type === 'string' && schema.format === 'date-time') return 'date-time';
  return PLAIN_KINDS.find((kind) => kind === type) ?? 'other';
}

function titleOf(field: Field): string {
  return field.schema.title ?? String(field.path[field.path.length - 1]);
}

/** A valid value of `schema` (the i-th, for lists of distinct items). */
function sampleOf(schema: FieldSchema, i = 0): Json {
  const members = enumMembers(schema);
  if (members) return members[i % members.length];
  switch (kindOf(schema)) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? Math.min(0, schema.maximum ?? 0);
      return Math.min(min + i, schema.maximum ?? SAFE);
    }
    case 'date':
      return '2025-06-01';
    case 'date-time':
      return '2025-06-01T08:00:00Z';
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, (_, k) => sampleOf(schema.items ?? {}, k));
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleOf(nonNull(schema.properties?.[name] ?? {}))]));
    case 'string': {
      const min = schema.minLength ?? 0;
      const candidates = [noSuchId(i), `x${i}`.padEnd(Math.max(min, 2), 'x'), 'abc', `${'0'.repeat(31)}${i % 10}`, 'https://example.org/', '/x', 'a@example.org', '09:30'];
      const fits = candidates.find((c) => c.length >= min && c.length <= (schema.maxLength ?? Infinity) && (!schema.pattern || new RegExp(schema.pattern, 'u').test(c)));
      if (fits === undefined) throw new Error(`no sample fits ${JSON.stringify(schema)}: add a candidate`);
      return fits;
    }
    default:
      return null;
  }
}

const allowed = (value: string, why: string): Trial => ({ text: value, json: JSON.stringify(value), refused: false, why });
const refused = (value: string, why: string): Trial => ({ text: value, json: JSON.stringify(value), refused: true, why });

/** The values to try in one field: at and beyond its bounds, and impossible values of its kind. */
function trialsOf(raw: FieldSchema, place: Place): Trial[] {
  const schema = nonNull(raw);
  switch (kindOf(schema)) {
    case 'enum': {
      const members = enumMembers(schema) ?? [];
      const first = members[0];
      const outsider = typeof first === 'number' ? Math.max(...members.map(Number)) + 1 : 'zz-not-a-member';
      return [
        { text: String(first), json: JSON.stringify(first), refused: false, why: 'an enum member' },
        { text: String(outsider), json: JSON.stringify(outsider), refused: true, why: 'outside the enum' },
      ];
    }
    case 'integer':
    case 'number': {
      const integer = kindOf(schema) === 'integer';
      const min = schema.minimum ?? -SAFE;
      const max = schema.maximum ?? SAFE;
      const inBounds = (n: number) => Number.isFinite(n) && n >= min && n <= max && (!integer || Number.isSafeInteger(n));
      const literals = new Set([String(min), String(max), String(min - 1), String(max + 1), ...HUGE_NUMBERS]);
      if (integer) literals.add('1.5');
      // JSON has no Infinity or NaN, but 1e400 parses to Infinity; a query may spell them out.
      for (const odd of place === 'body' ? ['1e400', '-1e400'] : ['Infinity', 'NaN', '1e309']) literals.add(odd);
      return [...literals].map((text) => ({ text, json: text, refused: !inBounds(Number(text)), why: `the number ${text}` }));
    }
    case 'date':
      return [...DATES_ALLOWED.map((d) => allowed(d, 'a date at a bound')), ...DATES_IMPOSSIBLE.map((d) => refused(d, 'an impossible date'))];
    case 'date-time':
      return [
        ...DATE_TIMES_ALLOWED.map((d) => allowed(d, 'a date-time at a bound')),
        ...DATE_TIMES_IMPOSSIBLE.map((d) => refused(d, 'an impossible date-time')),
      ];
    case 'string': {
      const min = schema.minLength ?? 0;
      const trials: Trial[] = [allowed(String(sampleOf(schema)), 'a valid text')];
      // An empty segment is no path at all (another route, or none).
      if (min > 0 && !(place === 'path' && min === 1)) trials.push(refused('x'.repeat(min - 1), `shorter than ${min}`));
      if (schema.maxLength !== undefined) {
        const sample = String(sampleOf(schema));
        const longest = schema.pattern ? sample.padEnd(schema.maxLength, 'x') : '长'.repeat(schema.maxLength);
        if (!schema.pattern || new RegExp(schema.pattern, 'u').test(longest)) trials.push(allowed(longest, `${schema.maxLength} characters`));
        trials.push(refused('长'.repeat(schema.maxLength + 1), `longer than ${schema.maxLength}`));
      }
      return trials;
    }
    case 'array': {
      if (place !== 'body') return [];
      const list = (n: number) => JSON.stringify(Array.from({ length: n }, (_, k) => sampleOf(nonNull(schema.items ?? {}), k)));
      const trials: Trial[] = [];
      const min = schema.minItems ?? 0;
      if (min > 0) trials.push({ text: '', json: list(min - 1), refused: true, why: `fewer than ${min} items` });
      if (schema.maxItems !== undefined) {
        trials.push({ text: '', json: list(schema.maxItems), refused: false, why: `${schema.maxItems} items` });
        trials.push({ text: '', json: list(schema.maxItems + 1), refused: true, why: `more than ${schema.maxItems} items` });
      }
      return trials;
    }
    default:
      return [];
  }
}

/** Every field of a body, nested objects and the first item of a list of objects included. */
function bodyFields(schema: FieldSchema, path: (string | number)[] = []): Field[] {
  const out: Field[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const here = [...path, name];
    const inner = nonNull(property);
    out.push({ place: 'body', path: here, schema: property, required: schema.required?.includes(name) ?? false });
    if (kindOf(inner) === 'object') out.push(...bodyFields(inner, here));
    const items = inner.items ? nonNull(inner.items) : undefined;
    if (kindOf(inner) === 'array' && items && kindOf(items) === 'object') out.push(...bodyFields(items, [...here, 0]));
  }
  return out;
}

/** A range's two ends: declared by the kinds (DateRange), or named like one (xFrom/xTo, from/to, startOn/endOn, showFrom/showUntil). */
interface Range {
  start: Field;
  end: Field;
  declared: boolean;
  /** The end must be later than the start, not merely not earlier. */
  strictlyAfter: boolean;
}

const stem = (name: string, ends: RegExp) => name.replace(ends, '{}');
const START = /(From|Start|Begin)(?=[A-Z]|$)|^(from|start|begin)(?=[A-Z]|$)/;
const END = /(To|End|Until)(?=[A-Z]|$)|^(to|end|until)(?=[A-Z]|$)/;

function rangesOf(fields: Field[]): Range[] {
  const ranges: Range[] = [];
  const isTime = (f: Field) => ['date', 'date-time'].includes(kindOf(nonNull(f.schema)));
  const sameParent = (a: Field, b: Field) => a.place === b.place && JSON.stringify(a.path.slice(0, -1)) === JSON.stringify(b.path.slice(0, -1));
  const name = (f: Field) => String(f.path[f.path.length - 1]);
  for (const end of fields.filter(isTime)) {
    const marker = nonNull(end.schema)[RANGE_START_KEYWORD];
    const byName = fields.find((s) => s !== end && isTime(s) && sameParent(s, end) && START.test(name(s)) && END.test(name(end)) && stem(name(s), START) === stem(name(end), END));
    const byMarker = marker ? fields.find((s) => sameParent(s, end) && name(s) === marker.field) : undefined;
    const start = byMarker ?? byName;
    if (start) ranges.push({ start, end, declared: byMarker !== undefined, strictlyAfter: marker?.strictlyAfter === true });
  }
  return ranges;
}

function childOf(node: Json, step: string | number): Json | undefined {
  if (Array.isArray(node)) return typeof step === 'number' ? node[step] : undefined;
  return node !== null && typeof node === 'object' && typeof step === 'string' ? node[step] : undefined;
}

function setChild(node: Json, step: string | number, value: Json): void {
  if (Array.isArray(node) && typeof step === 'number') node[step] = value;
  else if (node !== null && typeof node === 'object' && !Array.isArray(node) && typeof step === 'string') node[step] = value;
  else throw new Error(`no place for ${String(step)} in ${JSON.stringify(node)}`);
}

/** A request with one field (or a range's two ends) changed from the operation's base input. */
function requestOf(op: Operation, changes: { field: Field; json: string; text: string }[]): { url: string; payload?: string } {
  const values = new Map<Field, { json: string; text: string }>(changes.map((c) => [c.field, c]));
  let url = op.url;
  for (const field of op.fields.filter((f) => f.place === 'path')) {
    const text = values.get(field)?.text ?? String(sampleOf(nonNull(field.schema)));
    url = url.replace(`:${String(field.path[0])}`, encodeURIComponent(text));
  }
  const query = op.fields
    .filter((f) => f.place === 'query' && (f.required || values.has(f)))
    .map((f) => `${String(f.path[0])}=${encodeURIComponent(values.get(f)?.text ?? String(sampleOf(nonNull(f.schema))))}`);
  if (query.length) url += `?${query.join('&')}`;
  if (!op.body) return { url };
  const body = sampleOf(op.body);
  const literals: string[] = [];
  for (const change of changes.filter((c) => c.field.place === 'body')) {
    // Down to the field's parent, making what is missing (a nested object, a list's first item).
    let node = body;
    let schema: FieldSchema = op.body;
    for (const step of change.field.path.slice(0, -1)) {
      schema = nonNull(typeof step === 'number' ? (schema.items ?? {}) : (schema.properties?.[step] ?? {}));
      let child = childOf(node, step);
      if (child === undefined || child === null) {
        child = sampleOf(schema);
        setChild(node, step, child);
      }
      node = child;
    }
    setChild(node, change.field.path[change.field.path.length - 1], `@@trial${literals.length}@@`);
    literals.push(change.json);
  }
  const payload = literals.reduce((text, literal, i) => text.replace(`"@@trial${i}@@"`, literal), JSON.stringify(body));
  return { url, payload };
}

function operationsOf(paths: Record<string, Record<string, OpenApiOperation>>, accessOf: (method: string, url: string) => RouteAccess | undefined): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(paths)) {
    if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/docs')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const fields: Field[] = (op.parameters ?? []).flatMap((p) => {
        const place = p.in === 'query' || p.in === 'path' ? p.in : null;
        return place ? [{ place, path: [p.name], schema: p.schema, required: p.required === true }] : [];
      });
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      if (body) fields.push(...bodyFields(body));
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const known = METHODS.find((m) => m === method.toUpperCase());
      const access = known && accessOf(known, url);
      if (!known || !access) throw new Error(`${method} ${url}: not a method the battery knows, or no access declaration`);
      out.push({ method: known, url, fields, body, access });
    }
  }
  return out;
}

/** The document's paths: each path an object of operations (what fastify-swagger writes; its parts are read as OpenApiOperation). */
function isOpenApiPaths(value: unknown): value is Record<string, Record<string, OpenApiOperation>> {
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  return isObject(value) && Object.values(value ?? {}).every(isObject);
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: FieldSchema }[];
  requestBody?: { content?: Record<string, { schema?: FieldSchema }> };
}

/** What the kinds require of every field a request carries (common/schemas/kinds.ts). */
function declarationProblems(op: Operation): string[] {
  const problems: string[] = [];
  const where = (f: Field) => `${op.method} ${op.url} ${f.place} ${f.path.join('.')}`;
  for (const field of op.fields) {
    const schema = nonNull(field.schema);
    const kind = kindOf(schema);
    if ((kind === 'integer' || kind === 'number') && !(Math.abs(schema.minimum ?? Infinity) <= SAFE && Math.abs(schema.maximum ?? Infinity) <= SAFE)) {
      problems.push(`${where(field)}: a number without safe bounds (use BoundedInteger, PageNumber, Version…)`);
    }
    if (schema.pattern === BARE_DATE_PATTERN) problems.push(`${where(field)}: a date declared by its shape only (use CalendarDate)`);
    if (schema.format && !KIND_FORMATS.has(schema.format)) problems.push(`${where(field)}: format ${schema.format} is no kind`);
    if (kind === 'array' && schema.maxItems === undefined) problems.push(`${where(field)}: a list without maxItems`);
  }
  for (const range of rangesOf(op.fields).filter((r) => !r.declared)) {
    problems.push(`${op.method} ${op.url}: ${range.start.path.join('.')}..${range.end.path.join('.')} is a range not declared with DateRange`);
  }
  return problems;
}

describe.each(dialects)('impossible input to every operation (%s)', (dialect) => {
  let t: TestContext;
  /** The super administrator, or the demo unit or practitioner for a route only they may call. */
  const tokens = { staff: '', unit: '', practitioner: '' };
  const tokenFor = (op: Operation) => {
    const authTypes = op.access.public ? undefined : op.access.authTypes;
    if (!authTypes || authTypes.includes(1)) return tokens.staff;
    return authTypes.includes(2) ? tokens.unit : tokens.practitioner;
  };
  let operations: Operation[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    tokens.staff = await t.adminToken();
    tokens.unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    tokens.practitioner = await t.login('demo_practitioner', DEMO_PASSWORD, 3);
    const declared = routeAccessList(t.app);
    const accessOf = (method: string, url: string) => declared.find((r) => r.method === method && r.url === url)?.access;
    const paths = t.app.swagger().paths;
    if (!isOpenApiPaths(paths)) throw new Error('the OpenAPI document has no paths');
    operations = operationsOf(paths, accessOf)
      // Logging out takes no input and would end the battery's session.
      .filter((op) => !op.url.endsWith('/user/auth/logout'));
  });
  afterAll(async () => t?.close());

  it('declares every field of every request by a kind', () => {
    expect(operations.length).toBeGreaterThan(150);
    expect(operations.flatMap(declarationProblems)).toEqual([]);
  });

  it('says what is wrong with an impossible value, naming the field', async () => {
    const cases: [string, string][] = [
      ['business-audit?submittedFrom=2025-02-30', KIND_MESSAGES.impossibleDate('提交日期起')],
      ['business-audit?submittedFrom=2025-2-3', '提交日期起格式不正确'],
      ['business-audit?submittedFrom=2025-06-02&submittedTo=2025-06-01', KIND_MESSAGES.rangeReversed('提交日期止', '提交日期起')],
      ['operation-logs?from=2025-12-31T23:59:60Z', KIND_MESSAGES.impossibleDateTime('开始时间')],
      ['operation-logs?to=99999-01-01T00:00:00Z', '结束时间格式不正确'],
      ['users?current=9007199254740993', `页码不能大于${PAGE_NUMBER_MAX}`],
      ['users?current=1e308', `页码不能大于${PAGE_NUMBER_MAX}`],
    ];
    for (const [url, message] of cases) {
      const res = await t.call('GET', url, { token: tokens.staff });
      expect([res.statusCode, res.body], url).toEqual([400, { status: 10, success: false, message, data: null }]);
    }
    const notice = { title: '公告', content: '<p>正文</p>', saveAs: 'draft', publishAt: '2025-06-02T00:00:00Z', expireAt: '2025-06-02T00:00:00Z' };
    const res = await t.call('POST', 'notices', { token: tokens.staff, body: notice });
    expect([res.statusCode, res.body.message]).toEqual([400, KIND_MESSAGES.rangeNotAfter('失效时间', '发布时间')]);
    const version = await t.call('PUT', 'roles/no-such-role', { token: tokens.staff, body: { name: '角色', permissions: [], version: 2 ** 31 } });
    expect([version.statusCode, version.body.message]).toEqual([400, `版本号不能大于${INT32_MAX}`]);
  });

  it('never answers 500, refuses every impossible value naming the field, and changes nothing', async () => {
    // Some reads bring derived state in step on first use: every read once before the checksum.
    for (const op of operations.filter((o) => o.method === 'GET' && !o.url.includes(':'))) {
      await t.app.inject({ method: 'GET', url: op.url, headers: { token: tokenFor(op) } });
    }
    const before = await tableChecksums(t);
    const problems: string[] = [];
    let calls = 0;
    let refusals = 0;

    const send = async (op: Operation, changes: { field: Field; json: string; text: string }[], expectRefusal: boolean, titles: string[], why: string) => {
      calls++;
      const { url, payload } = requestOf(op, changes);
      const res = await t.app.inject({
        method: op.method,
        url,
        headers: { token: tokenFor(op), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
        payload,
        remoteAddress: `10.8.${calls % 250}.${Math.floor(calls / 250) % 250}`,
      });
      const what = `${op.method} ${url.slice(0, 140)}${payload !== undefined ? ` body ${payload.slice(0, 140)}` : ''} (${why})`;
      if (res.statusCode >= 500) {
        problems.push(`${what}: HTTP ${res.statusCode} ${res.body.slice(0, 160)}`);
        return;
      }
      const json = String(res.headers['content-type'] ?? '').includes('json') && !res.headers['content-disposition'];
      if (!json) {
        if (expectRefusal) problems.push(`${what}: answered ${res.statusCode} ${String(res.headers['content-type'])}, not a refusal`);
        return;
      }
      let body: { status?: unknown; message?: unknown };
      try {
        body = res.json();
      } catch {
        problems.push(`${what}: not JSON`);
        return;
      }
      if (typeof body.status !== 'number' || typeof body.message !== 'string' || (body.status !== 1 && !body.message)) {
        problems.push(`${what}: no envelope (${res.body.slice(0, 120)})`);
        return;
      }
      if (!expectRefusal) return;
      refusals++;
      const message = String(body.message);
      if (res.statusCode !== 400 || body.status !== 10 || !titles.every((title) => message.includes(title))) {
        problems.push(`${what}: expected 400 naming ${titles.join(' and ')}, got ${res.statusCode} "${message}"`);
      }
    };

    // A field declared alike in many operations (the page number, a version) is validated alike:
    // the first gets every value, each later one half of the values that may pass (those reach
    // the handler) and a third of those that must be refused, in turn, so that together they
    // still meet every value. That keeps the battery near a minute per database.
    const seen = new Map<string, number>();
    const planOf = (op: Operation) =>
      op.fields.flatMap((field) => {
        const key = `${field.place} ${JSON.stringify(field.schema)}`;
        const repeat = seen.get(key) ?? 0;
        seen.set(key, repeat + 1);
        return trialsOf(field.schema, field.place)
          .filter((trial, i) => repeat === 0 || (i + repeat) % (trial.refused ? 3 : 2) === 0)
          .map((trial) => ({ field, trial }));
      });
    const plans = new Map(operations.map((op) => [op, planOf(op)]));
    const trialsOfOp = (op: Operation) => plans.get(op) ?? [];
    const started = Date.now();
    const reads = operations.filter((o) => o.method === 'GET');
    const writes = operations.filter((o) => o.method !== 'GET');

    // Reads: every value, refused or not; the extreme page (the last page number at the largest size).
    for (const op of reads) {
      for (const { field, trial } of trialsOfOp(op)) await send(op, [{ field, ...trial }], trial.refused, [titleOf(field)], trial.why);
      const current = op.fields.find((f) => f.place === 'query' && f.path[0] === 'current');
      const pageSize = op.fields.find((f) => f.place === 'query' && f.path[0] === 'pageSize');
      if (current && pageSize) {
        const last = String(nonNull(current.schema).maximum);
        const largest = String(nonNull(pageSize.schema).maximum);
        await send(op, [{ field: current, text: last, json: last }, { field: pageSize, text: largest, json: largest }], false, [], 'the last page at the largest size');
      }
    }
    // Writes: only what must be refused, so that the database must stay as it was.
    for (const op of writes) {
      for (const { field, trial } of trialsOfOp(op).filter((x) => x.trial.refused)) await send(op, [{ field, ...trial }], true, [titleOf(field)], trial.why);
    }
    // Ranges whose end is before their start (or, where it must be later, equal to it), everywhere.
    for (const op of operations) {
      for (const { start, end, strictlyAfter } of rangesOf(op.fields)) {
        const dateTime = kindOf(nonNull(end.schema)) === 'date-time';
        const [from, to] = dateTime ? ['2025-06-02T00:00:00Z', '2025-06-01T23:59:59Z'] : ['2025-06-02', '2025-06-01'];
        const pairs = strictlyAfter ? [[from, to], [from, from]] : [[from, to]];
        for (const [first, last] of pairs) {
          await send(
            op,
            [
              { field: start, text: first, json: JSON.stringify(first) },
              { field: end, text: last, json: JSON.stringify(last) },
            ],
            true,
            [titleOf(start), titleOf(end)],
            first === last ? 'a range that must not be empty' : 'a reversed range',
          );
        }
      }
    }
    const afterRefusals = await tableChecksums(t);

    // Writes with values at a bound that are valid: they may succeed, they must never fail.
    for (const op of writes) {
      for (const { field, trial } of trialsOfOp(op).filter((x) => !x.trial.refused)) await send(op, [{ field, ...trial }], false, [], trial.why);
    }
    expect(problems).toEqual([]);
    expect(afterRefusals).toEqual(before);
    expect(refusals).toBeGreaterThan(800);
    console.info(`impossible-input (${dialect}): ${calls} calls, ${refusals} refused, ${Date.now() - started} ms`);
  }, ROUTE_WALK_MS);
});
