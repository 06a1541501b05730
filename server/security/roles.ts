/**
 * Creating role rows and setting their permission codes: role management and the seeds go
 * through these, so a new role's columns are written down once. Also the roles accounts hold,
 * and the super administrator checks of the account, session and role modules.
 */
import { randomUUID } from 'node:crypto';
import { SUPER_ADMIN_ROLE_CODE } from '@common/permissions';
import type { DbOrTrx } from '../db/types';
import { newAuditColumns } from '../db/versioned';
import type { AuthUser } from './user';

export interface NewRoleInput {
  /** Defaults to a new UUID. */
  id?: string;
  code: string;
  name: string;
  description?: string | null;
  /** Built-in roles (the super administrator's) cannot be deleted. Defaults to false. */
  builtIn?: boolean;
  /** The account that created the role (also its first updater); null for seeds. */
  createdBy?: string | null;
  /** Permission codes the role starts with (checked by the caller). */
  permissions?: readonly string[];
}

/** Inserts a role (version 0) and its codes; `now` is an ISO timestamp. Returns the id. */
export async function insertRole(db: DbOrTrx, input: NewRoleInput, now: string): Promise<string> {
  const id = input.id ?? randomUUID();
  await db
    .insertInto('roles')
    .values({
      id,
      code: input.code,
      name: input.name,
      description: input.description ?? null,
      built_in: input.builtIn ? 1 : 0,
      ...newAuditColumns(now, input.createdBy ?? null),
    })
    .execute();
  if (input.permissions?.length) await syncRolePermissions(db, id, input.permissions);
  return id;
}

/** Makes a role hold exactly `codes`, touching only the differences. */
export async function syncRolePermissions(db: DbOrTrx, roleId: string, codes: readonly string[]): Promise<void> {
  const held = await db.selectFrom('role_permissions').select('permission_code').where('role_id', '=', roleId).execute();
  const heldSet = new Set(held.map((r) => r.permission_code));
  const wanted = new Set(codes);
  const stale = [...heldSet].filter((c) => !wanted.has(c));
  const missing = [...wanted].filter((c) => !heldSet.has(c));
  if (stale.length) {
    await db.deleteFrom('role_permissions').where('role_id', '=', roleId).where('permission_code', 'in', stale).execute();
  }
  if (missing.length) {
    await db
      .insertInto('role_permissions')
      .values(missing.map((permission_code) => ({ role_id: roleId, permission_code })))
      .execute();
  }
}

/** The roles each of `accountIds` holds (one row per account and role), ordered by role code. */
export async function rolesOfAccounts(
  db: DbOrTrx,
  accountIds: readonly string[],
): Promise<{ account_id: string; id: string; code: string; name: string }[]> {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('account_roles')
    .innerJoin('roles', 'roles.id', 'account_roles.role_id')
    .select(['account_roles.account_id', 'roles.id', 'roles.code', 'roles.name'])
    .where('account_roles.account_id', 'in', [...accountIds])
    .orderBy('roles.code')
    .execute();
}

/** Whether the caller holds the built-in super administrator role (only they may touch a super administrator's account). */
export function isSuperAdmin(user: AuthUser): boolean {
  return user.roleCodes.includes(SUPER_ADMIN_ROLE_CODE);
}

/** Whether the account holds the role with `roleCode`. */
export async function holdsRole(db: DbOrTrx, accountId: string, roleCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_roles')
    .innerJoin('roles', 'roles.id', 'account_roles.role_id')
    .select('roles.id')
    .where('account_roles.account_id', '=', accountId)
    .where('roles.code', '=', roleCode)
    .executeTakeFirst();
  return !!row;
}
