/** Bad input on every endpoint group: always status 10 with a Chinese message naming the field, never 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type CallOptions, type TestContext } from './helpers';

interface BadCase {
  name: string;
  method: string;
  url: string;
  options?: Omit<CallOptions, 'token'>;
  message: string;
  httpStatus?: number;
}

const long = (n: number) => 'x'.repeat(n);

const CASES: BadCase[] = [
  // login
  { name: 'login: broken JSON', method: 'POST', url: 'user/auth/login', options: { rawBody: '{"loginAccount":' }, message: '请求体不是有效的JSON' },
  { name: 'login: empty JSON body', method: 'POST', url: 'user/auth/login', options: { rawBody: '' }, message: '请求体不能为空' },
  { name: 'login: JSON null', method: 'POST', url: 'user/auth/login', options: { rawBody: 'null' }, message: '请求体不能为空' },
  { name: 'login: missing account', method: 'POST', url: 'user/auth/login', options: { body: { password: 'a', authType: 1 } }, message: '登录账号不能为空' },
  { name: 'login: empty account', method: 'POST', url: 'user/auth/login', options: { body: { loginAccount: '', password: 'a', authType: 1 } }, message: '登录账号不能为空' },
  { name: 'login: long password', method: 'POST', url: 'user/auth/login', options: { body: { loginAccount: 'a', password: long(65), authType: 1 } }, message: '密码长度不能超过64个字符' },
  { name: 'login: authType as text (no coercion)', method: 'POST', url: 'user/auth/login', options: { body: { loginAccount: 'a', password: 'b', authType: '1' } }, message: '登录类型取值无效' },
  { name: 'login: authType out of range', method: 'POST', url: 'user/auth/login', options: { body: { loginAccount: 'a', password: 'b', authType: 4 } }, message: '登录类型取值无效' },
  { name: 'login: unknown field', method: 'POST', url: 'user/auth/login', options: { body: { loginAccount: 'a', password: 'b', authType: 1, foo: 1 } }, message: '不允许的字段：foo' },
  { name: 'login: account as number', method: 'POST', url: 'user/auth/login', options: { body: { loginAccount: 5, password: 'b', authType: 1 } }, message: '登录账号应为文本' },
  { name: 'login: array body', method: 'POST', url: 'user/auth/login', options: { body: [] }, message: '请求体应为对象' },
  // own password
  { name: 'set password: missing new', method: 'PUT', url: 'user/set/password', options: { body: { oldPassword: 'a' } }, message: '新密码不能为空' },
  { name: 'set password: old as number', method: 'PUT', url: 'user/set/password', options: { body: { oldPassword: 1, newPassword: 'b' } }, message: '原密码应为文本' },
  { name: 'set password: broken JSON', method: 'PUT', url: 'user/set/password', options: { rawBody: '{' }, message: '请求体不是有效的JSON' },
  // show login account
  { name: 'show account: reset as text', method: 'PUT', url: 'user/show/login_account', options: { body: { userId: 'x', password: 'y', reset: 'yes' } }, message: '重置密码应为布尔值（true/false）' },
  { name: 'show account: missing user', method: 'PUT', url: 'user/show/login_account', options: { body: { password: 'y' } }, message: '用户不能为空' },
  // users
  { name: 'users: page not an integer', method: 'GET', url: 'users?current=abc', message: '页码应为整数' },
  { name: 'users: page size too big', method: 'GET', url: 'users?pageSize=1000', message: '每页条数不能大于100' },
  { name: 'users: page below 1', method: 'GET', url: 'users?current=0', message: '页码不能小于1' },
  { name: 'users: unknown query field', method: 'GET', url: 'users?foo=1', message: '不允许的字段：foo' },
  { name: 'users: bad sort', method: 'GET', url: 'users?sort=name;drop', message: '排序格式不正确' },
  { name: 'users: unknown sort field', method: 'GET', url: 'users?sort=passwordHash,asc', message: '不支持按 passwordHash 排序' },
  { name: 'users: keyword too long', method: 'GET', url: `users?keyword=${long(101)}`, message: '关键字长度不能超过100个字符' },
  { name: 'users: enabled not boolean', method: 'GET', url: 'users?enabled=maybe', message: '状态应为布尔值（true/false）' },
  { name: 'users: id too long', method: 'GET', url: `users/${long(65)}`, message: '编号长度不能超过64个字符' },
  { name: 'users: create without name', method: 'POST', url: 'users', options: { body: { loginAccount: 'abc', authType: 1 } }, message: '姓名不能为空' },
  { name: 'users: create with long name', method: 'POST', url: 'users', options: { body: { loginAccount: 'abc', name: long(51), authType: 1 } }, message: '姓名长度不能超过50个字符' },
  { name: 'users: create with spaces in account', method: 'POST', url: 'users', options: { body: { loginAccount: 'a b', name: 'n', authType: 1 } }, message: '登录账号格式不正确' },
  { name: 'users: create with enabled as text', method: 'POST', url: 'users', options: { body: { loginAccount: 'ab', name: 'n', authType: 1, enabled: 'true' } }, message: '状态应为布尔值（true/false）' },
  { name: 'users: create with unknown field', method: 'POST', url: 'users', options: { body: { loginAccount: 'ab', name: 'n', authType: 1, isAdmin: true } }, message: '不允许的字段：isAdmin' },
  { name: 'users: phone as number', method: 'POST', url: 'users', options: { body: { loginAccount: 'ab', name: 'n', authType: 1, phone: 123 } }, message: '手机号码应为文本或空值' },
  { name: 'users: phone too long', method: 'POST', url: 'users', options: { body: { loginAccount: 'ab', name: 'n', authType: 1, phone: long(21) } }, message: '手机号码长度不能超过20个字符' },
  { name: 'users: role ids not strings', method: 'POST', url: 'users', options: { body: { loginAccount: 'ab', name: 'n', authType: 1, roleIds: [1] } }, message: '角色应为文本' },
  { name: 'users: update without version', method: 'PUT', url: 'users/x', options: { body: { name: 'n' } }, message: '版本号不能为空' },
  { name: 'users: update with version as text', method: 'PUT', url: 'users/x', options: { body: { name: 'n', version: '1' } }, message: '版本号应为整数' },
  { name: 'users: reset without own password', method: 'POST', url: 'users/x/reset-password', options: { body: {} }, message: '当前密码不能为空' },
  { name: 'users: broken JSON', method: 'POST', url: 'users', options: { rawBody: '{"a":}' }, message: '请求体不是有效的JSON' },
  // roles
  { name: 'roles: permissions not an array', method: 'POST', url: 'roles', options: { body: { code: 'ab', name: 'n', permissions: 'x' } }, message: '权限应为数组' },
  { name: 'roles: missing code', method: 'POST', url: 'roles', options: { body: { name: 'n', permissions: [] } }, message: '角色编码不能为空' },
  { name: 'roles: bad code', method: 'POST', url: 'roles', options: { body: { code: 'A B', name: 'n', permissions: [] } }, message: '角色编码格式不正确' },
  { name: 'roles: duplicate codes', method: 'POST', url: 'roles', options: { body: { code: 'ab', name: 'n', permissions: ['a', 'a'] } }, message: '权限不能有重复项' },
  { name: 'roles: long description', method: 'PUT', url: 'roles/x', options: { body: { description: long(201), version: 0 } }, message: '描述长度不能超过200个字符' },
  { name: 'roles: unknown field on update', method: 'PUT', url: 'roles/x', options: { body: { code: 'new', version: 0 } }, message: '不允许的字段：code' },
  // dictionaries
  { name: 'dict: bad code', method: 'GET', url: 'dict/item/BAD-CODE', message: '字典编码格式不正确' },
  { name: 'dict: unknown code', method: 'GET', url: 'dict/item/no_such_dict', message: '字典不存在', httpStatus: 404 },
];

describe.each(dialects)('validation on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(CASES)('$name', async ({ method, url, options, message, httpStatus }) => {
    const res = await t.call(method, url, { ...options, token: admin });
    expect(res.body).toEqual({ status: 10, success: false, message, data: null });
    expect(res.statusCode).toBe(httpStatus ?? 400);
  });

  it('does not coerce body types but does coerce query strings', async () => {
    const res = await t.call<{ pageSize: number; current: number }>('GET', 'users?current=1&pageSize=20&authType=1&enabled=true', {
      token: admin,
    });
    expect(res.body.status).toBe(1);
    expect(res.body.data).toMatchObject({ current: 1, pageSize: 20 });
    const defaults = await t.call<{ pageSize: number; current: number }>('GET', 'users', { token: admin });
    expect(defaults.body.data).toMatchObject({ current: 1, pageSize: 10 });
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 10, success: false });
  });

  it('refuses a plain-text body as not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 10, message: '请求体应为对象' });
  });

  it('refuses a JSON body over the size limit with 413', async () => {
    const res = await t.call('POST', 'user/auth/login', { rawBody: JSON.stringify({ loginAccount: long(2 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.body).toMatchObject({ status: 10, message: '请求体过大' });
  });
});
