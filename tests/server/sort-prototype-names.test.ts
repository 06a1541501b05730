/**
 * Sort fields that are names on every object's prototype (`constructor`, `toString`,
 * `valueOf`, `hasOwnProperty`, `__proto__`…): every GET operation of the OpenAPI document with
 * a sort query parameter, called by the super administrator with each of them in every form
 * the API takes (`field`, `field,asc`, `field,desc`, and `-field`, which it does not), answers
 * as it answers an unknown field in the same form: HTTP 400 with a Chinese message where that
 * is refused (every list that sorts), the list in its default order where the sort is not used
 * (the operation log), never a 500. The sort check looks among its own table's keys only
 * (parseSort in server/http/paging.ts).
 *
 * Also the other lookups of a client-sent name in a table: a file name's extension
 * (server/files/detect.ts) and a rich text's entity names (server/content/sanitize.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@common/schemas/files';
import { htmlToText } from '../../server/content/sanitize';
import { detectType } from '../../server/files/detect';
import { upload, zipBytes } from './files.helpers';
import { createTestApp, dialects, type TestContext } from './helpers';

/** Every name an object literal answers to without having it. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const FORMS = (field: string) => [field, `${field},asc`, `${field},desc`, `-${field}`];
const CHINESE = /[\u4e00-\u9fff]/;

interface SortedOperation {
  url: string;
  sortName: string;
  /** The other query parameters the operation requires, filled in. */
  required: string;
}

/** A value for each required query parameter of a sorted list: one without a value here fails the test until it has one. */
const REQUIRED_QUERY: Record<string, string> = { year: '2026', q: '稳评' };

describe.each(dialects)('sort fields named like prototype members (%s)', (dialect) => {
  let t: TestContext;
  let token = '';
  const operations: SortedOperation[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { demo: true });
    token = await t.adminToken();
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>> };
    for (const [path, ops] of Object.entries(spec.paths)) {
      if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/docs')) continue;
      const query = (ops.get?.parameters ?? []).filter((p) => p.in === 'query');
      const sortName = query.find((p) => /sort|order/i.test(p.name))?.name;
      if (!sortName) continue;
      const required = query
        .filter((p) => p.required && p.name !== sortName)
        .map((p) => {
          const value = Object.hasOwn(REQUIRED_QUERY, p.name) ? REQUIRED_QUERY[p.name] : undefined;
          if (value === undefined) throw new Error(`GET ${path}: no value for the required query parameter ${p.name} in REQUIRED_QUERY`);
          return `&${p.name}=${encodeURIComponent(value)}`;
        })
        .join('');
      operations.push({ url: path.replace(/\{\w+\}/g, () => randomUUID()), sortName, required });
    }
  });
  afterAll(async () => t?.close());

  const get = (op: SortedOperation, value: string) =>
    t.app.inject({ method: 'GET', url: `${op.url}?${op.sortName}=${encodeURIComponent(value)}${op.required}`, headers: { token } }).catch((err: Error) => {
      // A download that breaks off half-way (an error after its first bytes).
      throw new Error(`GET ${op.url}?${op.sortName}=${value}: ${err.message}`);
    });

  it('finds the sorted lists: units, practitioners and the others', () => {
    const urls = operations.map((o) => o.url);
    expect(urls).toContain('/api/v1/member-units');
    expect(urls).toContain('/api/v1/practitioners');
    expect(operations.length).toBeGreaterThanOrEqual(14);
  });

  it('answers every prototype name, in every form, as it answers an unknown field: 400 with a Chinese message, or the default order', async () => {
    const problems: string[] = [];
    let refusingLists = 0;
    for (const op of operations) {
      const unknownForms = FORMS('noSuchField');
      for (const [i, value] of unknownForms.entries()) {
        const unknown = await get(op, value);
        // A list that sorts refuses an unknown field; one that does not sort ignores it (then
        // a name the parameter's pattern refuses, like __proto__, is still a 400).
        const expected = unknown.statusCode === 400 ? [400] : [200, 400];
        if (i === 0 && unknown.statusCode === 400) refusingLists += 1;
        if (!expected.includes(unknown.statusCode)) problems.push(`GET ${op.url}?${op.sortName}=${value}: HTTP ${unknown.statusCode}`);
        for (const name of PROTOTYPE_NAMES) {
          const sent = FORMS(name)[i];
          const res = await get(op, sent);
          const what = `GET ${op.url}?${op.sortName}=${sent}`;
          if (!expected.includes(res.statusCode)) {
            problems.push(`${what}: HTTP ${res.statusCode} where an unknown field gets ${unknown.statusCode}: ${res.body.slice(0, 160)}`);
            continue;
          }
          // An export that does not sort: the file, in its default order.
          if (res.statusCode === 200 && !String(res.headers['content-type']).includes('json')) continue;
          const body = res.json<{ status?: unknown; success?: unknown; message?: unknown }>();
          const envelope = res.statusCode === 200 ? body.status === 1 : body.success === false && body.status === 10 && typeof body.message === 'string' && CHINESE.test(body.message);
          if (!envelope) problems.push(`${what}: ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(refusingLists).toBeGreaterThanOrEqual(14);
  });

  it('still sorts by the fields a list offers', async () => {
    const units = await t.call<{ list: { name: string }[] }>('GET', 'member-units?sort=name,desc', { token });
    expect(units.statusCode).toBe(200);
    expect(units.body.data.list.length).toBeGreaterThan(0);
  });

  it('refuses an upload whose extension is a prototype name instead of failing on it', async () => {
    for (const ext of ['constructor', '__proto__']) {
      expect(detectType(zipBytes(), `名单.${ext}`)).toBeNull();
      const res = await upload<StoredFile>(t, token, zipBytes(), { name: `名单.${ext}` });
      expect(res.statusCode, `名单.${ext}`).toBe(400);
      expect(res.body.message).toMatch(CHINESE);
    }
    expect(detectType(zipBytes(), '名单.zip')?.contentType).toBe('application/zip');
  });

  it('leaves an entity named like a prototype member as it is written', () => {
    expect(htmlToText('<p>a &constructor; b &amp; c</p>')).toBe('a &constructor; b & c');
  });
});
