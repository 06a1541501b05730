/** The app as a whole: health, OpenAPI, 404, error mapping, headers, logging, the guard's start-up check, dictionaries. */
import { Writable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICTIONARIES } from '@common/dictionaries';
import { BizError } from '../../server/http/errors';
import { ok } from '../../server/http/envelope';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, createTestApp, dialects, type TestContext } from './helpers';

/** Test-only routes that fail on purpose. */
const probeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/test/boom', { config: { access: { public: true } } }, async () => {
    throw new Error('secret internal detail');
  });
  app.get('/api/v1/test/biz', { config: { access: { public: true } } }, async () => {
    throw new BizError('自定义业务错误', 10, 409);
  });
  app.get('/api/v1/test/staff-only', { config: { access: { authTypes: [1] } } }, async () => ok('yes'));
};

describe.each(dialects)('app on %s', (dialect) => {
  let t: TestContext;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp(dialect, { plugins: [probeRoutes], demo: true, logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports health with the database kind, without a token', async () => {
    const res = await t.call('GET', 'health');
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 1, success: true, message: '操作成功', data: { database: dialect } });
  });

  it('serves the OpenAPI document and the browsable page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/user/auth/login', '/api/v1/users', '/api/v1/roles/{id}', '/api/v1/dict/item/{code}']),
    );
    type Op = { security?: unknown[]; description?: string };
    const paths = doc.paths as Record<string, Record<string, Op>>;
    expect(paths['/api/v1/user/auth/login'].post.security).toEqual([]);
    expect(paths['/api/v1/users'].get.description).toContain('system:user:view');
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API route with 404 and the envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.call(method, 'no/such/route');
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: 10, success: false, message: '接口不存在', data: null });
    }
  });

  it('maps an unexpected error to 500 "服务器内部错误" without details, and logs it', async () => {
    const res = await t.call('GET', '/api/v1/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ status: 10, success: false, message: '服务器内部错误', data: null });
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(logLines.some((l) => l.includes('secret internal detail'))).toBe(true);
  });

  it('maps a BizError to its status and HTTP status', async () => {
    const res = await t.call('GET', '/api/v1/test/biz');
    expect(res.statusCode).toBe(409);
    expect(res.body).toEqual({ status: 10, success: false, message: '自定义业务错误', data: null });
  });

  it('enforces authTypes declared on a route', async () => {
    const unit = await t.login('demo_unit', DEMO_PASSWORD, 2);
    expect((await t.call('GET', '/api/v1/test/staff-only', { token: unit })).body.status).toBe(30);
    const admin = await t.adminToken();
    expect((await t.call('GET', '/api/v1/test/staff-only', { token: admin })).body.data).toBe('yes');
  });

  it('sets nosniff and echoes or makes a request id', async () => {
    const given = await t.call('GET', 'health', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-content-type-options']).toBe('nosniff');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.call('GET', 'no/route', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-content-type-options']).toBe('nosniff');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps tokens and passwords out of the log', async () => {
    const res = await t.call<{ token: string }>('POST', 'user/auth/login', {
      body: { loginAccount: ADMIN_ACCOUNT, password: ADMIN_PASSWORD, authType: 1 },
    });
    const token = res.body.data.token;
    await t.call('GET', 'user/current', { token });
    const all = logLines.join('');
    expect(all).toContain('"reqId"');
    expect(all).not.toContain(token);
    expect(all).not.toContain(ADMIN_PASSWORD);
  });

  it('serves every seeded dictionary, enabled items in order', async () => {
    for (const dict of DICTIONARIES) {
      const res = await t.call<{ label: string; value: string; sort: number }[]>('GET', `dict/item/${dict.code}`);
      expect(res.body.status).toBe(1);
      expect(res.body.data.map((i) => i.value)).toEqual(dict.items.map((i) => i.value));
    }
    await t.db.kysely.updateTable('dict_items').set({ enabled: 0 }).where('type_code', '=', 'gender').where('value', '=', 'male').execute();
    const gender = await t.call<{ label: string; value: string; sort: number }[]>('GET', 'dict/item/gender');
    expect(gender.body.data).toEqual([{ label: '女', value: 'female', sort: 20 }]);
  });
});

describe.each(dialects)('start-up checks on %s', (dialect) => {
  it('refuses to build an app with an /api route that declares no access', async () => {
    const undeclared: FastifyPluginAsync = async (app) => {
      app.get('/api/v1/forgotten', async () => ok(null));
    };
    await expect(createTestApp(dialect, { plugins: [undeclared] })).rejects.toThrow(/没有声明访问权限/);
  });

  it('refuses an unknown permission code', async () => {
    const typo: FastifyPluginAsync = async (app) => {
      // @ts-expect-error: the code is deliberately not a PermissionCode
      app.get('/api/v1/typo', { config: { access: { permission: 'system:usr:view' } } }, async () => ok(null));
    };
    await expect(createTestApp(dialect, { plugins: [typo] })).rejects.toThrow(/未知的权限编码/);
  });

  it('seeds idempotently and keeps the super-admin role in sync with the codes', async () => {
    const t = await createTestApp(dialect);
    try {
      const { seedBase } = await import('../../server/db/seed/index');
      const { seedDemo } = await import('../../server/db/seed/demo');
      const role = await t.db.kysely.selectFrom('roles').select('id').where('code', '=', 'super-admin').executeTakeFirstOrThrow();
      // A code removed by hand (as if newly added to the table) comes back at the next start.
      await t.db.kysely.deleteFrom('role_permissions').where('role_id', '=', role.id).where('permission_code', '=', 'workbench:view').execute();
      const again = await seedBase(t.db.kysely, { adminAccount: ADMIN_ACCOUNT, adminPassword: null });
      expect(again.createdAdmin).toBeNull();
      await seedDemo(t.db.kysely, new Date(), { pii: t.app.pii });
      await seedDemo(t.db.kysely, new Date(), { pii: t.app.pii });
      const codes = await t.db.kysely.selectFrom('role_permissions').select('permission_code').where('role_id', '=', role.id).execute();
      expect(codes.map((c) => c.permission_code)).toContain('workbench:view');
      const accounts = await t.db.kysely.selectFrom('accounts').select('login_account').execute();
      expect(accounts.map((a) => a.login_account).sort()).toEqual(['admin', 'demo_practitioner', 'demo_staff', 'demo_unit']);
      const items = await t.db.kysely.selectFrom('dict_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(items.n)).toBe(DICTIONARIES.reduce((n, d) => n + d.items.length, 0));
    } finally {
      await t.close();
    }
  });
});
