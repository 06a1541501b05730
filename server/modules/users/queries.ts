/** Reading accounts for user management. */
import type { Page } from '@common/schemas/common';
import {
  UNIT_OPTIONS_LIMIT,
  type RoleOption,
  type UnitOption,
  type UnitOptionsQuery,
  type UserListItem,
  type UserListQuery,
  type UserRecord,
  type UserRowAction,
} from '@common/schemas/users';
import { canManageAccountKind, hasPermission, SUPER_ADMIN_ROLE_CODE } from '@common/permissions';
import { lockedAccounts, lockKey } from '../../security/loginLockout';
import { rolesOfAccounts } from '../../security/roles';
import { toBool } from '../../db/index';
import type { AccountRow, DbOrTrx } from '../../db/types';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';

type AccountListRow = Omit<AccountRow, 'password_hash' | 'failed_login_count' | 'locked_until'>;

const SORTABLE = {
  loginAccount: 'login_account',
  name: 'name',
  authType: 'auth_type',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  lastLoginAt: 'last_login_at',
} as const;

const PUBLIC_COLUMNS = [
  'id',
  'login_account',
  'auth_type',
  'name',
  'phone',
  'email',
  'unit_id',
  'practitioner_id',
  'enabled',
  'must_change_password',
  'password_changed_at',
  'last_login_at',
  'version',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
] as const;

async function rolesByAccount(db: DbOrTrx, accountIds: string[]) {
  const map = new Map<string, { ids: string[]; names: string[] }>();
  for (const r of await rolesOfAccounts(db, accountIds)) {
    const entry = map.get(r.account_id) ?? { ids: [], names: [] };
    entry.ids.push(r.id);
    entry.names.push(r.name);
    map.set(r.account_id, entry);
  }
  return map;
}

/** The names of the accounts' units (member-unit and practitioner accounts). */
async function unitNames(db: DbOrTrx, rows: readonly Pick<AccountListRow, 'unit_id'>[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.unit_id ? [r.unit_id] : [])))];
  if (ids.length === 0) return new Map();
  const units = await db.selectFrom('member_units').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(units.map((u) => [u.id, u.name]));
}

function toRecord(
  row: AccountListRow,
  roles: { ids: string[]; names: string[] } | undefined,
  unitName: string | undefined,
  lockedUntil: string | undefined,
): UserRecord {
  return {
    id: row.id,
    loginAccount: row.login_account,
    name: row.name,
    authType: row.auth_type as 1 | 2 | 3,
    phone: row.phone,
    email: row.email,
    unitId: row.unit_id,
    unitName: row.unit_id ? (unitName ?? null) : null,
    practitionerId: row.practitioner_id,
    roleIds: roles?.ids ?? [],
    roleNames: roles?.names ?? [],
    enabled: toBool(row.enabled),
    mustChangePassword: toBool(row.must_change_password),
    lastLoginAt: row.last_login_at,
    lockedUntil: lockedUntil ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/**
 * The row controls of one account for this caller (the list shows exactly these); the caller's
 * own account cannot be disabled (setUserEnabled refuses it too), and a member unit's or a
 * practitioner's account has none without that kind's management code (./service.ts).
 */
export function actionsFor(
  user: NonNullable<Parameters<typeof hasPermission>[0]> & { id: string },
  account: Pick<UserRecord, 'id' | 'authType' | 'enabled' | 'lockedUntil'>,
): UserRowAction[] {
  const actions: UserRowAction[] = [];
  if (!canManageAccountKind(user, account.authType)) return actions;
  if (hasPermission(user, 'system:user:edit')) actions.push('edit');
  if (hasPermission(user, 'system:user:enable')) {
    if (!account.enabled) actions.push('enable');
    else if (account.id !== user.id) actions.push('disable');
    if (account.lockedUntil) actions.push('unlock');
  }
  if (hasPermission(user, 'system:user:reset-password')) actions.push('show-login', 'reset-password');
  return actions;
}

export async function listUsers(
  db: DbOrTrx,
  user: NonNullable<Parameters<typeof hasPermission>[0]> & { id: string },
  query: UserListQuery,
  now: Date,
): Promise<Page<UserListItem>> {
  const page = paging(query);
  const sort = parseSort(query.sort, SORTABLE, { column: 'created_at', direction: 'desc' });

  let base = db.selectFrom('accounts');
  const keyword = query.keyword?.trim();
  if (keyword) {
    // The login account, the name and phone, or the name of the account's unit.
    base = base.where((eb) =>
      eb.or([
        matchesKeyword(eb, ['login_account', 'name', 'phone'], keyword),
        eb('unit_id', 'in', eb.selectFrom('member_units').select('member_units.id').where((u) => matchesKeyword(u, ['member_units.name'], keyword))),
      ]),
    );
  }
  if (query.authType !== undefined) base = base.where('auth_type', '=', query.authType);
  if (query.enabled !== undefined) base = base.where('enabled', '=', query.enabled ? 1 : 0);
  if (query.unitId) base = base.where('unit_id', '=', query.unitId);
  if (query.roleId) {
    const roleId = query.roleId;
    base = base.where('id', 'in', (eb) =>
      eb.selectFrom('account_roles').select('account_id').where('role_id', '=', roleId),
    );
  }

  const { rows, total } = await fetchPage(base, page, (q) =>
    q.select(PUBLIC_COLUMNS).orderBy(sort.column, sort.direction).orderBy('id'),
  );
  const roles = await rolesByAccount(
    db,
    rows.map((r) => r.id),
  );
  const units = await unitNames(db, rows);
  const locks = await lockedAccounts(db, rows, now);
  return {
    list: rows
      .map((r) => toRecord(r, roles.get(r.id), r.unit_id ? units.get(r.unit_id) : undefined, locks.get(lockKey(r.login_account, r.auth_type))))
      .map((r) => ({ ...r, actions: actionsFor(user, r) })),
    total,
    current: page.current,
    pageSize: page.pageSize,
  };
}

export async function findUser(db: DbOrTrx, id: string, now: Date): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('accounts').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const roles = await rolesByAccount(db, [id]);
  const units = await unitNames(db, [row]);
  const locks = await lockedAccounts(db, [row], now);
  return toRecord(row, roles.get(id), row.unit_id ? units.get(row.unit_id) : undefined, locks.get(lockKey(row.login_account, row.auth_type)));
}

/** Member units for the unit select: by name, or the one a filter names. */
export async function unitOptions(db: DbOrTrx, query: UnitOptionsQuery): Promise<UnitOption[]> {
  let base = db.selectFrom('member_units').select(['id', 'name']);
  const keyword = query.keyword?.trim();
  if (query.id) base = base.where('id', '=', query.id);
  else if (keyword) base = base.where((eb) => matchesKeyword(eb, ['name'], keyword));
  return base.orderBy('name').orderBy('id').limit(UNIT_OPTIONS_LIMIT).execute();
}

/** Every role, for the role select and filter (a handful; no paging). */
export async function roleOptions(db: DbOrTrx): Promise<RoleOption[]> {
  const rows = await db.selectFrom('roles').select(['id', 'code', 'name', 'built_in']).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, builtIn: toBool(r.built_in) }));
}

/** Enabled accounts holding the super-administrator role (never let it drop to zero). */
export async function countEnabledSuperAdmins(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .innerJoin('account_roles', 'account_roles.account_id', 'accounts.id')
    .innerJoin('roles', 'roles.id', 'account_roles.role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('roles.code', '=', SUPER_ADMIN_ROLE_CODE)
    .where('accounts.enabled', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
