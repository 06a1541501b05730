/** Reading carousel items: the staff list and record, and what the home page shows now. */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Page } from '@common/schemas/common';
import type { hasPermission } from '@common/permissions';
import type { CarouselListItem, CarouselListQuery, CarouselRecord } from '@common/schemas/content';
import type { PublicCarouselItem } from '@common/schemas/public';
import { toBool } from '../../db/index';
import type { CarouselRow, Database, DbOrTrx } from '../../db/types';
import { filesById, toFileRef, toPublicFile } from '../../content/files';
import { orderedRowActions } from '../../content/ordering';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';

const SORTABLE = {
  sort: 'sort',
  title: 'title',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const;

/** Enabled, and `now` (ISO text, which compares as time) within its dates. */
export function isLive(row: Pick<CarouselRow, 'enabled' | 'show_from' | 'show_until'>, now: string): boolean {
  return toBool(row.enabled) && (!row.show_from || row.show_from <= now) && (!row.show_until || row.show_until > now);
}

/** The same rule as `isLive`, as a `where`. */
function liveCarousel(eb: ExpressionBuilder<Database, 'carousels'>, now: string): Expression<SqlBool> {
  return eb.and([
    eb('enabled', '=', 1),
    eb.or([eb('show_from', 'is', null), eb('show_from', '<=', now)]),
    eb.or([eb('show_until', 'is', null), eb('show_until', '>', now)]),
  ]);
}

async function toRecords(db: DbOrTrx, rows: CarouselRow[], now: string): Promise<CarouselRecord[]> {
  const files = await filesById(
    db,
    rows.map((r) => r.image_file_id),
  );
  return rows.map((row) => {
    const image = row.image_file_id ? files.get(row.image_file_id) : undefined;
    return {
      id: row.id,
      title: row.title,
      imageFileId: row.image_file_id,
      image: image ? toFileRef(image) : null,
      link: row.link,
      sort: Number(row.sort),
      enabled: toBool(row.enabled),
      showFrom: row.show_from,
      showUntil: row.show_until,
      live: isLive(row, now),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      version: Number(row.version),
    };
  });
}

export async function listCarousels(
  db: DbOrTrx,
  user: Parameters<typeof hasPermission>[0],
  query: CarouselListQuery,
  now: string,
): Promise<Page<CarouselListItem>> {
  const page = paging(query);
  const { current, pageSize } = page;
  const sort = parseSort(query.sort, SORTABLE, { column: 'sort', direction: 'asc' });

  let base = db.selectFrom('carousels');
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['title', 'link'], keyword));
  if (query.enabled !== undefined) base = base.where('enabled', '=', query.enabled ? 1 : 0);

  const { rows, total } = await fetchPage(base, page, (q) => q.selectAll().orderBy(sort.column, sort.direction).orderBy('created_at').orderBy('id'));
  const codes = { editCode: 'content:carousel:edit', deleteCode: 'content:carousel:delete' } as const;
  const list = (await toRecords(db, rows, now)).map((r) => ({ ...r, actions: orderedRowActions(user, codes, r.enabled) }));
  return { list, total, current, pageSize };
}

export async function findCarousel(db: DbOrTrx, id: string, now: string): Promise<CarouselRecord | undefined> {
  const row = await db.selectFrom('carousels').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await toRecords(db, [row], now))[0] : undefined;
}

/** What the home page shows at `now`, in the staff's order (the public home page calls this). */
export async function listLiveCarousels(db: DbOrTrx, now: string): Promise<PublicCarouselItem[]> {
  const rows = await db
    .selectFrom('carousels')
    .select(['id', 'title', 'image_file_id', 'link'])
    .where((eb) => liveCarousel(eb, now))
    .orderBy('sort')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const files = await filesById(
    db,
    rows.map((r) => r.image_file_id),
  );
  return rows.map((row) => {
    const image = row.image_file_id ? files.get(row.image_file_id) : undefined;
    return { id: row.id, title: row.title, image: image ? toPublicFile(image) : null, link: row.link };
  });
}
