/** /roles: permission management (roles are sets of codes from common/permissions.ts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, IdParams, PageResult } from '@common/schemas/common';
import { RoleCreateBody, RoleListItem, RoleListQuery, RoleRecord, RoleUpdateBody } from '@common/schemas/roles';
import { requireUser } from '../../security/guard';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { findRole, listRoles } from './queries';
import { createRole, deleteRole, updateRole } from './service';

const tags = ['权限管理'];
const Done = Envelope(Type.Null());

const rolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/roles',
    {
      config: { access: { authTypes: [1], permission: 'system:role:view' } },
      schema: { tags, summary: '角色列表', querystring: RoleListQuery, response: { 200: Envelope(PageResult(RoleListItem)) } },
    },
    async (request) => ok(await listRoles(app.db, requireUser(request), request.query)),
  );

  app.get(
    '/roles/:id',
    {
      config: { access: { authTypes: [1], permission: 'system:role:view' } },
      schema: { tags, summary: '角色详情', params: IdParams, response: { 200: Envelope(RoleRecord) } },
    },
    async (request) => {
      const role = await findRole(app.db, request.params.id);
      if (!role) throw errors.notFound('角色');
      return ok(role);
    },
  );

  app.post(
    '/roles',
    {
      config: { access: { authTypes: [1], permission: 'system:role:edit' } },
      schema: { tags, summary: '新增角色', body: RoleCreateBody, response: { 200: Envelope(Type.Object({ id: Type.String() })) } },
    },
    async (request) => ok(await createRole(request, requireUser(request), request.body), '角色已创建'),
  );

  app.put(
    '/roles/:id',
    {
      config: { access: { authTypes: [1], permission: 'system:role:edit' } },
      schema: { tags, summary: '修改角色（带上读取时的 version）', params: IdParams, body: RoleUpdateBody, response: { 200: Done } },
    },
    async (request) => {
      await updateRole(request, requireUser(request), request.params.id, request.body);
      return ok(null, '角色已保存');
    },
  );

  app.delete(
    '/roles/:id',
    {
      config: { access: { authTypes: [1], permission: 'system:role:delete' } },
      schema: { tags, summary: '删除角色（内置或已分配的不能删除）', params: IdParams, response: { 200: Done } },
    },
    async (request) => {
      await deleteRole(request, request.params.id);
      return ok(null, '角色已删除');
    },
  );
};

export default rolesRoutes;
