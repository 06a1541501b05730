import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, createTestApp, dialects, type TestContext } from './helpers';

describe.each(dialects)('auth on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs the super administrator in and returns the current user', async () => {
    const res = await t.call<{ token: string; currentUser: { permissions: string[]; authType: number } }>(
      'POST',
      'user/auth/login',
      { body: { loginAccount: ADMIN_ACCOUNT, password: ADMIN_PASSWORD, authType: 1 } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(1);
    expect(res.body.success).toBe(true);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.currentUser.permissions).toContain('system:user:view');
    const me = await t.call<{ loginAccount: string }>('GET', 'user/current', { token: res.body.data.token });
    expect(me.body.status).toBe(1);
    expect(me.body.data.loginAccount).toBe(ADMIN_ACCOUNT);
  });
});
