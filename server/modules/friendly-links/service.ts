/** Creating and editing friendly links (ordering, enabling and deleting are in content/ordering.ts). */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FriendlyLinkCreateBody, FriendlyLinkUpdateBody } from '@common/schemas/content';
import { requireUser } from '../../security/guard';
import { nextSort, type OrderedKind } from '../../content/ordering';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { errors } from '../../http/errors';
import { logOperation } from '../../oplog';

export const FRIENDLY_LINK_KIND: OrderedKind = { table: 'friendly_links', entity: 'friendly-link', noun: '友情链接', labelColumn: 'name' };

const LOGO_FIELD = '友情链接标志';

export async function createFriendlyLink(request: FastifyRequest, body: FriendlyLinkCreateBody): Promise<string> {
  const caller = requireUser(request);
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  await assertAttachable(db, caller, request.server.clock(), [body.logoFileId], LOGO_FIELD, { imagesOnly: true });

  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('friendly_links')
      .values({
        id,
        name: body.name,
        url: body.url,
        logo_file_id: body.logoFileId ?? null,
        sort: body.sort ?? (await nextSort(trx, FRIENDLY_LINK_KIND)),
        enabled: body.enabled === false ? 0 : 1,
        ...newAuditColumns(now, caller.id),
      })
      .execute();
    await logOperation(trx, request, {
      entity: FRIENDLY_LINK_KIND.entity,
      entityId: id,
      action: 'create',
      summary: `新增友情链接 ${body.name}（${body.url}）`,
    });
  });
  return id;
}

/** Fields left out of the body keep their values; a null logo removes it. */
export async function updateFriendlyLink(request: FastifyRequest, id: string, body: FriendlyLinkUpdateBody): Promise<void> {
  const caller = requireUser(request);
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const row = await db.selectFrom('friendly_links').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound('友情链接');
  assertVersion(row.version, body.version);
  await assertAttachable(db, caller, request.server.clock(), [body.logoFileId], LOGO_FIELD, { imagesOnly: true, kept: [row.logo_file_id ?? ''] });

  const changed = (Object.keys(body) as (keyof FriendlyLinkUpdateBody)[]).filter((k) => k !== 'version');
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'friendly_links',
      id,
      body.version,
      {
        name: body.name,
        url: body.url,
        logo_file_id: body.logoFileId !== undefined ? body.logoFileId : row.logo_file_id,
        sort: body.sort ?? row.sort,
        enabled: body.enabled !== undefined ? (body.enabled ? 1 : 0) : row.enabled,
      },
      { now, by: caller.id },
    );
    await logOperation(trx, request, {
      entity: FRIENDLY_LINK_KIND.entity,
      entityId: id,
      action: 'update',
      summary: `修改友情链接 ${body.name}：${changed.join('、')}`,
    });
  });
}
