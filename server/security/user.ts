/** The authenticated caller, as the guard puts it on `request.user`. */
import type { AuthType } from '@common/permissions';
import type { DbOrTrx } from '../db/types';
import { toBool } from '../db/index';
import { rolesOfAccounts } from './roles';

export interface AuthUser {
  id: string;
  loginAccount: string;
  name: string;
  authType: AuthType;
  unitId: string | null;
  practitionerId: string | null;
  /** Permission codes through roles (staff only; empty for other kinds). */
  permissions: string[];
  roleCodes: string[];
  roleNames: string[];
  mustChangePassword: boolean;
  /** When the password was last set (staff passwords expire). */
  passwordChangedAt?: string | null;
  lastLoginAt: string | null;
  /** The session this request came with. */
  sessionId: string;
}

/** Loads an enabled account with its roles and codes; null when missing or disabled. */
export async function loadAuthUser(db: DbOrTrx, accountId: string, sessionId: string): Promise<AuthUser | null> {
  const account = await db
    .selectFrom('accounts')
    .select([
      'id',
      'login_account',
      'name',
      'auth_type',
      'unit_id',
      'practitioner_id',
      'enabled',
      'must_change_password',
      'password_changed_at',
      'last_login_at',
    ])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account || !toBool(account.enabled)) return null;

  const roles = await rolesOfAccounts(db, [accountId]);
  let permissions: string[] = [];
  // Only staff carry codes (common/permissions.ts): a stray role on another kind grants nothing.
  if (account.auth_type === 1 && roles.length > 0) {
    const rows = await db
      .selectFrom('role_permissions')
      .select('permission_code')
      .distinct()
      .where(
        'role_id',
        'in',
        roles.map((r) => r.id),
      )
      .orderBy('permission_code')
      .execute();
    permissions = rows.map((r) => r.permission_code);
  }
  return {
    id: account.id,
    loginAccount: account.login_account,
    name: account.name,
    authType: account.auth_type as AuthType,
    unitId: account.unit_id,
    practitionerId: account.practitioner_id,
    permissions,
    roleCodes: roles.map((r) => r.code),
    roleNames: roles.map((r) => r.name),
    mustChangePassword: toBool(account.must_change_password),
    passwordChangedAt: account.password_changed_at,
    lastLoginAt: account.last_login_at,
    sessionId,
  };
}
