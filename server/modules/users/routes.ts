/** /users: account management for association staff. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ShowLoginAccountResult } from '@common/schemas/auth';
import { Envelope, IdParams, PageResult } from '@common/schemas/common';
import {
  ResetPasswordBody,
  RoleOption,
  UnitOption,
  UnitOptionsQuery,
  UserCreateBody,
  UserCreateResult,
  UserListItem,
  UserListQuery,
  UserRecord,
  UserUpdateBody,
} from '@common/schemas/users';
import { requireUser } from '../../security/guard';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { showOrResetLogin } from '../../security/loginAccount';
import { findUser, listUsers, roleOptions, unitOptions } from './queries';
import { createUser, setUserEnabled, unlockUser, updateUser } from './service';

const tags = ['用户管理'];
const Done = Envelope(Type.Null());

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users',
    {
      config: { access: { authTypes: [1], permission: 'system:user:view' } },
      schema: { tags, summary: '用户列表', querystring: UserListQuery, response: { 200: Envelope(PageResult(UserListItem)) } },
    },
    async (request) => ok(await listUsers(app.db, requireUser(request), request.query, app.clock())),
  );

  // Static paths: Fastify matches them before /users/:id.
  app.get(
    '/users/unit-options',
    {
      config: { access: { authTypes: [1], permission: 'system:user:view' } },
      schema: {
        tags,
        summary: '所属单位选项（按名称搜索，最多 20 个）',
        querystring: UnitOptionsQuery,
        response: { 200: Envelope(Type.Array(UnitOption)) },
      },
    },
    async (request) => ok(await unitOptions(app.db, request.query)),
  );

  app.get(
    '/users/role-options',
    {
      config: { access: { authTypes: [1], permission: 'system:user:view' } },
      schema: { tags, summary: '角色选项（分配角色、按角色筛选）', response: { 200: Envelope(Type.Array(RoleOption)) } },
    },
    async () => ok(await roleOptions(app.db)),
  );

  app.get(
    '/users/:id',
    {
      config: { access: { authTypes: [1], permission: 'system:user:view' } },
      schema: { tags, summary: '用户详情', params: IdParams, response: { 200: Envelope(UserRecord) } },
    },
    async (request) => {
      const user = await findUser(app.db, request.params.id, app.clock());
      if (!user) throw errors.notFound('用户');
      return ok(user);
    },
  );

  app.post(
    '/users',
    {
      config: { access: { authTypes: [1], permission: 'system:user:edit' } },
      schema: {
        tags,
        summary: '新增用户（未给密码时生成一个，只返回这一次）',
        body: UserCreateBody,
        response: { 200: Envelope(UserCreateResult) },
      },
    },
    async (request) => ok(await createUser(request, requireUser(request), request.body), '用户已创建'),
  );

  app.put(
    '/users/:id',
    {
      config: { access: { authTypes: [1], permission: 'system:user:edit' } },
      schema: { tags, summary: '修改用户（带上读取时的 version）', params: IdParams, body: UserUpdateBody, response: { 200: Done } },
    },
    async (request) => {
      await updateUser(request, requireUser(request), request.params.id, request.body);
      return ok(null, '用户已保存');
    },
  );

  for (const [action, enabled, label] of [
    ['enable', true, '启用'],
    ['disable', false, '停用'],
  ] as const) {
    app.post(
      `/users/:id/${action}`,
      {
        config: { access: { authTypes: [1], permission: 'system:user:enable' } },
        schema: { tags, summary: `${label}用户`, params: IdParams, response: { 200: Done } },
      },
      async (request) => {
        await setUserEnabled(request, requireUser(request), request.params.id, enabled);
        return ok(null, `用户已${label}`);
      },
    );
  }

  app.post(
    '/users/:id/unlock',
    {
      config: { access: { authTypes: [1], permission: 'system:user:enable' } },
      schema: { tags, summary: '解锁（密码错误次数过多被锁定的账号）', params: IdParams, response: { 200: Done } },
    },
    async (request) => {
      await unlockUser(request, requireUser(request), request.params.id);
      return ok(null, '账号已解锁');
    },
  );

  app.post(
    '/users/:id/reset-password',
    {
      config: { access: { authTypes: [1], permission: 'system:user:reset-password' } },
      schema: {
        tags,
        summary: '重置密码（确认本人密码；新密码只返回这一次）',
        params: IdParams,
        body: ResetPasswordBody,
        response: { 200: Envelope(ShowLoginAccountResult) },
      },
    },
    async (request) =>
      ok(
        await showOrResetLogin(request, requireUser(request), {
          userId: request.params.id,
          password: request.body.password,
          reset: true,
        }),
        '密码已重置',
      ),
  );
};

export default usersRoutes;
