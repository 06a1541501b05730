/** Reading notices: the staff list and record, and the public list and detail. */
import type { ExpressionBuilder } from 'kysely';
import type { Page } from '@common/schemas/common';
import { hasPermission } from '@common/permissions';
import type { NoticeListItem, NoticeListQuery, NoticeRecord, PublishableRowAction, PublishState } from '@common/schemas/content';
import type { PublicNotice, PublicNoticeItem, PublicNoticeListQuery } from '@common/schemas/public';
import { attachmentsOf, toFileRef, toPublicFile } from '../../content/files';
import { findNeighbours } from '../../content/neighbours';
import { dayEnd, dayStart, liveNotice, publishRowActions, publishStateOf } from '../../content/publishing';
import type { Database, DbOrTrx, NoticeRow } from '../../db/types';
import { toBool } from '../../db/index';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';

const SORTABLE = {
  publishAt: 'publish_at',
  expireAt: 'expire_at',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  title: 'title',
} as const;

type Eb = ExpressionBuilder<Database, 'notices'>;

function inState(eb: Eb, state: PublishState, now: string) {
  switch (state) {
    case 'draft':
    case 'offline':
      return eb('status', '=', state);
    case 'scheduled':
      return eb.and([eb('status', '=', 'published'), eb('publish_at', '>', now)]);
    case 'published':
      return liveNotice(eb, now);
    case 'expired':
      return eb.and([eb('status', '=', 'published'), eb('publish_at', '<=', now), eb('expire_at', '<=', now)]);
  }
}

export async function toNoticeRecords(db: DbOrTrx, rows: NoticeRow[], now: string, withContent: boolean): Promise<NoticeRecord[]> {
  const attachments = await attachmentsOf(
    db,
    'notice',
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const files = attachments.get(r.id) ?? [];
    return {
      id: r.id,
      title: r.title,
      content: withContent ? r.content : '',
      attachmentFileIds: files.map((f) => f.file_id),
      attachments: files.map(toFileRef),
      status: r.status,
      state: publishStateOf(r, now),
      publishAt: r.publish_at,
      expireAt: r.expire_at,
      pinned: toBool(r.pinned),
      viewCount: r.view_count,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      version: r.version,
    };
  });
}

/** The row buttons of one notice for this caller: the edit code also publishes and takes offline. */
export function actionsFor(user: Parameters<typeof hasPermission>[0], state: PublishState): PublishableRowAction[] {
  const edit = hasPermission(user, 'content:notice:edit');
  return publishRowActions(state, { edit, publish: edit, delete: hasPermission(user, 'content:notice:delete') });
}

export async function listNotices(
  db: DbOrTrx,
  user: Parameters<typeof hasPermission>[0],
  query: NoticeListQuery,
  now: string,
): Promise<Page<NoticeListItem>> {
  const page = paging(query);
  const { current, pageSize } = page;
  const sort = parseSort(query.sort, SORTABLE, { column: 'updated_at', direction: 'desc' });
  let base = db.selectFrom('notices');
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['title'], keyword));
  if (query.state) {
    const state = query.state;
    base = base.where((eb) => inState(eb, state, now));
  }
  if (query.pinned !== undefined) base = base.where('pinned', '=', query.pinned ? 1 : 0);
  if (query.publishFrom) base = base.where('publish_at', '>=', dayStart(query.publishFrom));
  if (query.publishTo) base = base.where('publish_at', '<', dayEnd(query.publishTo));
  const { rows, total } = await fetchPage(base, page, (q) => q.selectAll().orderBy(sort.column, sort.direction).orderBy('id'));
  const list = (await toNoticeRecords(db, rows, now, false)).map((r) => ({ ...r, actions: actionsFor(user, r.state) }));
  return { list, total, current, pageSize };
}

export async function findNoticeRow(db: DbOrTrx, id: string): Promise<NoticeRow | undefined> {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

// ---- public -------------------------------------------------------------------------------------

const toPublicItem = (r: Pick<NoticeRow, 'id' | 'title' | 'publish_at' | 'expire_at' | 'pinned' | 'view_count'>): PublicNoticeItem => ({
  id: r.id,
  title: r.title,
  publishAt: r.publish_at ?? '',
  expireAt: r.expire_at,
  pinned: toBool(r.pinned),
  viewCount: r.view_count,
});

export async function listPublicNotices(db: DbOrTrx, query: PublicNoticeListQuery, now: string): Promise<Page<PublicNoticeItem>> {
  const { current, pageSize, offset } = paging(query);
  let base = db.selectFrom('notices').where((eb) => liveNotice(eb, now));
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['title'], keyword));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'title', 'publish_at', 'expire_at', 'pinned', 'view_count'])
    .orderBy('pinned', 'desc')
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  return { list: rows.map(toPublicItem), total: Number(total), current, pageSize };
}

export async function findPublicNotice(db: DbOrTrx, id: string, now: string): Promise<PublicNotice | undefined> {
  const row = await db.selectFrom('notices').selectAll().where('id', '=', id).where((eb) => liveNotice(eb, now)).executeTakeFirst();
  if (!row || !row.publish_at) return undefined;
  const { previous, next } = await findNeighbours(
    db.selectFrom('notices').select(['id', 'title']).where((eb) => liveNotice(eb, now)),
    { id: row.id, pinned: row.pinned, publish_at: row.publish_at },
  );
  const files = (await attachmentsOf(db, 'notice', [row.id])).get(row.id) ?? [];
  return {
    ...toPublicItem(row),
    content: row.content,
    attachments: files.map(toPublicFile),
    previous,
    next,
  };
}
