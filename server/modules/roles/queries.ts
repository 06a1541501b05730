/** Reading roles with their codes and how many accounts hold them. */
import type { Page } from '@common/schemas/common';
import { hasPermission } from '@common/permissions';
import type { RoleListItem, RoleListQuery, RoleRecord, RoleRowAction } from '@common/schemas/roles';
import { toBool } from '../../db/index';
import type { DbOrTrx, RoleRow } from '../../db/types';
import { matchesKeyword, paging, parseSort } from '../../http/paging';

const SORTABLE = { code: 'code', name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' } as const;

async function details(db: DbOrTrx, roleIds: string[]) {
  const codes = new Map<string, string[]>();
  const counts = new Map<string, number>();
  if (roleIds.length === 0) return { codes, counts };
  const perms = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'permission_code'])
    .where('role_id', 'in', roleIds)
    .orderBy('permission_code')
    .execute();
  for (const p of perms) codes.set(p.role_id, [...(codes.get(p.role_id) ?? []), p.permission_code]);
  const holders = await db
    .selectFrom('account_roles')
    .select((eb) => ['role_id', eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', roleIds)
    .groupBy('role_id')
    .execute();
  for (const h of holders) counts.set(h.role_id, Number(h.n));
  return { codes, counts };
}

function toRecord(row: RoleRow, d: Awaited<ReturnType<typeof details>>): RoleRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    builtIn: toBool(row.built_in),
    permissions: d.codes.get(row.id) ?? [],
    userCount: d.counts.get(row.id) ?? 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** The row buttons of one role for this caller (the list shows exactly these). */
export function actionsFor(user: Parameters<typeof hasPermission>[0], role: Pick<RoleRecord, 'builtIn'>): RoleRowAction[] {
  const actions: RoleRowAction[] = [];
  if (hasPermission(user, 'system:role:edit')) actions.push('edit');
  if (hasPermission(user, 'system:role:delete') && !role.builtIn) actions.push('delete');
  return actions;
}

export async function listRoles(db: DbOrTrx, user: Parameters<typeof hasPermission>[0], query: RoleListQuery): Promise<Page<RoleListItem>> {
  const { current, pageSize, offset } = paging(query);
  const sort = parseSort(query.sort, SORTABLE, { column: 'created_at', direction: 'asc' });
  let base = db.selectFrom('roles');
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['code', 'name'], keyword));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy(sort.column, sort.direction).orderBy('id').limit(pageSize).offset(offset).execute();
  const d = await details(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => toRecord(r, d)).map((r) => ({ ...r, actions: actionsFor(user, r) }));
  return { list, total: Number(total), current, pageSize };
}

export async function findRole(db: DbOrTrx, id: string): Promise<RoleRecord | undefined> {
  const row = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row, await details(db, [id])) : undefined;
}
