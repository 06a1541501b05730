/**
 * Staff-ordered lists of the public site (carousel items, friendly links): what both share.
 * Each has a `sort` (ascending on the site), an `enabled` switch and an optional picture;
 * drag-and-drop reordering, enabling/disabling and deleting work the same for both, with the
 * version bumped and the operation log written in the change's transaction.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { AuthType, hasPermission, type PermissionCode } from '@common/permissions';
import { Envelope, IdParams } from '@common/schemas/common';
import { ReorderBody, type SwitchableRowAction } from '@common/schemas/content';
import type { DbOrTrx } from '../db/types';
import { requireUser } from '../security/guard';
import { ok } from '../http/envelope';
import { BizError, errors } from '../http/errors';
import { logOperation } from '../oplog';

const Done = Envelope(Type.Null());

/** The gap between neighbours after a reorder, so that one item can later go between two. */
export const SORT_STEP = 10;

/**
 * One kind of ordered list: its table, the column that names an item in log summaries (tied
 * to its table), and how the log and the messages name it.
 */
export type OrderedKind = ({ table: 'carousels'; labelColumn: 'title' } | { table: 'friendly_links'; labelColumn: 'name' }) & {
  /** operation_logs.entity */
  entity: string;
  /** What staff call one item: 轮播, 友情链接. */
  noun: string;
};

export interface OrderedItem {
  id: string;
  label: string;
  enabled: number;
  version: number;
}

/** One item (id, its name, enabled, version), or a 404 naming the kind. */
export async function loadOrdered(db: DbOrTrx, kind: OrderedKind, id: string): Promise<OrderedItem> {
  const row = await db
    .selectFrom(kind.table)
    .select((eb) => ['id', 'enabled', 'version', eb.ref(kind.labelColumn).as('label')])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw errors.notFound(kind.noun);
  return { id: row.id, label: String(row.label), enabled: Number(row.enabled), version: Number(row.version) };
}

/** Where a new item without a sort goes: after the last one. */
export async function nextSort(db: DbOrTrx, kind: OrderedKind): Promise<number> {
  const row = await db
    .selectFrom(kind.table)
    .select((eb) => eb.fn.max('sort').as('max'))
    .executeTakeFirst();
  const max = row?.max;
  return max === null || max === undefined ? SORT_STEP : Number(max) + SORT_STEP;
}

/**
 * Puts the items in the order of `ids` (sort 10, 20, 30 ...), all in one transaction. `ids`
 * must name every item of the list and nothing else: an unknown id, or a list that misses an
 * item someone added in the meantime, is refused rather than half-applied.
 */
export async function reorderItems(request: FastifyRequest, kind: OrderedKind, ids: readonly string[]): Promise<void> {
  const caller = requireUser(request);
  const now = request.server.clock().toISOString();
  await request.server.db.transaction().execute(async (trx) => {
    const existing = new Set((await trx.selectFrom(kind.table).select('id').execute()).map((r) => r.id));
    const unknown = ids.filter((id) => !existing.has(id));
    if (unknown.length) throw new BizError(`顺序中的${kind.noun}不存在：${unknown.join('、')}`);
    if (ids.length !== existing.size) throw new BizError(`顺序须包含全部${kind.noun}，列表已变化，请刷新后重试`);
    for (const [i, id] of ids.entries()) {
      await trx
        .updateTable(kind.table)
        .set((eb) => ({ sort: (i + 1) * SORT_STEP, version: eb('version', '+', 1), updated_at: now, updated_by: caller.id }))
        .where('id', '=', id)
        .execute();
    }
    await logOperation(trx, request, {
      entity: kind.entity,
      entityId: null,
      action: 'reorder',
      summary: `调整${kind.noun}顺序（${ids.length} 项）`,
    });
  });
}

/** Enables or disables one item (a no-op when it already is). */
export async function setItemEnabled(request: FastifyRequest, kind: OrderedKind, id: string, enabled: boolean): Promise<void> {
  const caller = requireUser(request);
  const now = request.server.clock().toISOString();
  const item = await loadOrdered(request.server.db, kind, id);
  if (!!item.enabled === enabled) return;
  await request.server.db.transaction().execute(async (trx) => {
    await trx
      .updateTable(kind.table)
      .set((eb) => ({ enabled: enabled ? 1 : 0, version: eb('version', '+', 1), updated_at: now, updated_by: caller.id }))
      .where('id', '=', id)
      .execute();
    await logOperation(trx, request, {
      entity: kind.entity,
      entityId: id,
      action: enabled ? 'enable' : 'disable',
      summary: `${enabled ? '启用' : '停用'}${kind.noun} ${item.label}`,
    });
  });
}

/** Deletes one item (its picture stays a stored file). */
export async function deleteItem(request: FastifyRequest, kind: OrderedKind, id: string): Promise<void> {
  const item = await loadOrdered(request.server.db, kind, id);
  await request.server.db.transaction().execute(async (trx) => {
    await trx.deleteFrom(kind.table).where('id', '=', id).execute();
    await logOperation(trx, request, {
      entity: kind.entity,
      entityId: id,
      action: 'delete',
      summary: `删除${kind.noun} ${item.label}`,
    });
  });
}

// ---- routes ------------------------------------------------------------------------------------

type TypeboxApp = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * The row controls of one item for this caller (the staff list shows exactly these): 编辑 and
 * the 启用/停用 switch with the edit code, 删除 with the delete code.
 */
export function orderedRowActions(
  user: Parameters<typeof hasPermission>[0],
  codes: { editCode: PermissionCode; deleteCode: PermissionCode },
  enabled: boolean,
): SwitchableRowAction[] {
  const actions: SwitchableRowAction[] = [];
  if (hasPermission(user, codes.editCode)) actions.push('edit', enabled ? 'disable' : 'enable');
  if (hasPermission(user, codes.deleteCode)) actions.push('delete');
  return actions;
}

export interface OrderedRoutesOptions {
  kind: OrderedKind;
  /** '/carousels', '/friendly-links' */
  path: string;
  tags: string[];
  editCode: PermissionCode;
  deleteCode: PermissionCode;
}

/** The routes both lists share: DELETE /:id, POST /reorder, POST /:id/enable and /:id/disable. */
export function registerOrderedRoutes(app: TypeboxApp, options: OrderedRoutesOptions): void {
  const { kind, path, tags, editCode, deleteCode } = options;
  const staff = (permission: PermissionCode) => ({ access: { authTypes: [AuthType.Staff], permission } });

  app.delete(
    `${path}/:id`,
    { config: staff(deleteCode), schema: { tags, summary: `删除${kind.noun}`, params: IdParams, response: { 200: Done } } },
    async (request) => {
      await deleteItem(request, kind, request.params.id);
      return ok(null, `${kind.noun}已删除`);
    },
  );

  app.post(
    `${path}/reorder`,
    {
      config: staff(editCode),
      schema: { tags, summary: `调整${kind.noun}顺序（按所给顺序排为 10、20、30…）`, body: ReorderBody, response: { 200: Done } },
    },
    async (request) => {
      await reorderItems(request, kind, request.body.ids);
      return ok(null, '顺序已保存');
    },
  );

  for (const [action, enabled, label] of [
    ['enable', true, '启用'],
    ['disable', false, '停用'],
  ] as const) {
    app.post(
      `${path}/:id/${action}`,
      { config: staff(editCode), schema: { tags, summary: `${label}${kind.noun}`, params: IdParams, response: { 200: Done } } },
      async (request) => {
        await setItemEnabled(request, kind, request.params.id, enabled);
        return ok(null, `${kind.noun}已${label}`);
      },
    );
  }
}
