/** Creating and editing carousel items (ordering, enabling and deleting are in content/ordering.ts). */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { CarouselCreateBody, CarouselUpdateBody } from '@common/schemas/content';
import { KIND_MESSAGES } from '@common/schemas/kinds';
import { requireUser } from '../../security/guard';
import { nextSort, type OrderedKind } from '../../content/ordering';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';

export const CAROUSEL_KIND: OrderedKind = { table: 'carousels', entity: 'carousel', noun: '轮播', labelColumn: 'title' };

const IMAGE_FIELD = '轮播图片';

/** Stored as UTC ISO text, so that the live check compares text as time whatever offset was sent. */
const instant = (value: string | null): string | null => (value ? new Date(value).toISOString() : null);

function assertShowDates(showFrom: string | null, showUntil: string | null): void {
  if (showFrom && showUntil && showUntil <= showFrom) throw new BizError(KIND_MESSAGES.rangeNotAfter('展示结束时间', '展示开始时间'));
}

export async function createCarousel(request: FastifyRequest, body: CarouselCreateBody): Promise<string> {
  const caller = requireUser(request);
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const showFrom = instant(body.showFrom ?? null);
  const showUntil = instant(body.showUntil ?? null);
  assertShowDates(showFrom, showUntil);
  await assertAttachable(db, caller, request.server.clock(), [body.imageFileId], IMAGE_FIELD, { imagesOnly: true });

  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('carousels')
      .values({
        id,
        title: body.title,
        image_file_id: body.imageFileId,
        link: body.link || null,
        sort: body.sort ?? (await nextSort(trx, CAROUSEL_KIND)),
        enabled: body.enabled === false ? 0 : 1,
        show_from: showFrom,
        show_until: showUntil,
        ...newAuditColumns(now, caller.id),
      })
      .execute();
    await logOperation(trx, request, { entity: CAROUSEL_KIND.entity, entityId: id, action: 'create', summary: `新增轮播 ${body.title}` });
  });
  return id;
}

/** Fields left out of the body keep their values; null clears link and dates. */
export async function updateCarousel(request: FastifyRequest, id: string, body: CarouselUpdateBody): Promise<void> {
  const caller = requireUser(request);
  const { db } = request.server;
  const now = request.server.clock().toISOString();
  const row = await db.selectFrom('carousels').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound('轮播');
  assertVersion(row.version, body.version);

  const showFrom = body.showFrom !== undefined ? instant(body.showFrom) : row.show_from;
  const showUntil = body.showUntil !== undefined ? instant(body.showUntil) : row.show_until;
  assertShowDates(showFrom, showUntil);
  await assertAttachable(db, caller, request.server.clock(), [body.imageFileId], IMAGE_FIELD, { imagesOnly: true, kept: [row.image_file_id ?? ''] });

  const changed = (Object.keys(body) as (keyof CarouselUpdateBody)[]).filter((k) => k !== 'version');
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'carousels',
      id,
      body.version,
      {
        title: body.title,
        image_file_id: body.imageFileId,
        link: body.link !== undefined ? body.link || null : row.link,
        sort: body.sort ?? row.sort,
        enabled: body.enabled !== undefined ? (body.enabled ? 1 : 0) : row.enabled,
        show_from: showFrom,
        show_until: showUntil,
      },
      { now, by: caller.id },
    );
    await logOperation(trx, request, {
      entity: CAROUSEL_KIND.entity,
      entityId: id,
      action: 'update',
      summary: `修改轮播 ${body.title}：${changed.join('、')}`,
    });
  });
}
