/** Creating, editing and deleting roles. Built-in roles keep their codes and cannot be deleted. */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isPermissionCode, SUPER_ADMIN_ROLE_CODE } from '@common/permissions';
import type { RoleCreateBody, RoleUpdateBody } from '@common/schemas/roles';
import { insertRole, syncRolePermissions } from '../../security/roles';
import type { AuthUser } from '../../security/user';
import { assertVersion, updateWithVersion } from '../../db/versioned';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { isSuperAdmin } from '../../security/roles';

/** Codes must exist; a staff member who is not super administrator may grant only codes they hold. */
function checkCodes(caller: AuthUser, codes: readonly string[]): void {
  const unknown = codes.filter((c) => !isPermissionCode(c));
  if (unknown.length) throw new BizError(`未知的权限编码：${unknown.join('、')}`);
  if (isSuperAdmin(caller)) return;
  const notHeld = codes.filter((c) => !caller.permissions.includes(c));
  if (notHeld.length) throw errors.forbidden(`不能授予自己没有的权限：${notHeld.join('、')}`);
}

export async function createRole(request: FastifyRequest, caller: AuthUser, body: RoleCreateBody): Promise<{ id: string }> {
  const { db } = request.server;
  checkCodes(caller, body.permissions);
  const exists = await db.selectFrom('roles').select('id').where('code', '=', body.code).executeTakeFirst();
  if (exists) throw new BizError('角色编码已存在');
  const id = randomUUID();
  const now = request.server.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    await insertRole(
      trx,
      { id, code: body.code, name: body.name, description: body.description ?? null, createdBy: caller.id, permissions: body.permissions },
      now,
    );
    await logOperation(trx, request, {
      entity: 'role',
      entityId: id,
      action: 'create',
      summary: `新增角色 ${body.name}（${body.code}），权限 ${body.permissions.length} 项`,
    });
  });
  return { id };
}

export async function updateRole(request: FastifyRequest, caller: AuthUser, id: string, body: RoleUpdateBody): Promise<void> {
  const { db } = request.server;
  const role = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!role) throw errors.notFound('角色');
  assertVersion(role.version, body.version);
  if (body.permissions !== undefined) {
    if (role.built_in) {
      const held = await db.selectFrom('role_permissions').select('permission_code').where('role_id', '=', id).execute();
      const same =
        held.length === body.permissions.length && held.every((h) => body.permissions?.includes(h.permission_code));
      // Built-in roles (the super administrator, the three separated administrators) keep the
      // codes the seed gives them.
      if (!same) throw new BizError(role.code === SUPER_ADMIN_ROLE_CODE ? '超级管理员角色的权限不能修改' : '内置角色的权限不能修改');
    } else {
      checkCodes(caller, body.permissions);
    }
  }
  const now = request.server.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'roles',
      id,
      body.version,
      { name: body.name ?? role.name, description: body.description !== undefined ? body.description : role.description },
      { now, by: caller.id },
    );
    if (body.permissions !== undefined && !role.built_in) await syncRolePermissions(trx, id, body.permissions);
    const changed = (Object.keys(body) as (keyof RoleUpdateBody)[]).filter((k) => k !== 'version');
    await logOperation(trx, request, {
      entity: 'role',
      entityId: id,
      action: 'update',
      summary: `修改角色 ${role.name}（${role.code}）：${changed.join('、') || '无字段变化'}`,
    });
  });
}

export async function deleteRole(request: FastifyRequest, id: string): Promise<void> {
  const { db } = request.server;
  const role = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!role) throw errors.notFound('角色');
  if (role.built_in) throw new BizError('内置角色不能删除');
  await db.transaction().execute(async (trx) => {
    const holders = await trx
      .selectFrom('account_roles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(holders.n) > 0) throw new BizError(`该角色已分配给${Number(holders.n)}个用户，不能删除`);
    await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
    await trx.deleteFrom('roles').where('id', '=', id).execute();
    await logOperation(trx, request, { entity: 'role', entityId: id, action: 'delete', summary: `删除角色 ${role.name}（${role.code}）` });
  });
}
