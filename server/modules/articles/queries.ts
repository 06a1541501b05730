/** Reading articles: the staff list and record, and the public list and detail. */
import type { ExpressionBuilder } from 'kysely';
import type { Page } from '@common/schemas/common';
import { hasPermission } from '@common/permissions';
import type { ArticleListItem, ArticleListQuery, ArticleRecord, PublishableRowAction, PublishState } from '@common/schemas/content';
import type { PublicArticle, PublicArticleItem, PublicArticleListQuery } from '@common/schemas/public';
import { attachmentsOf, filesById, toFileRef, toPublicFile } from '../../content/files';
import { findNeighbours } from '../../content/neighbours';
import { dayEnd, dayStart, liveArticle, publishRowActions, publishStateOf } from '../../content/publishing';
import type { ArticleRow, Database, DbOrTrx } from '../../db/types';
import { toBool } from '../../db/index';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';

const SORTABLE = {
  publishAt: 'publish_at',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  viewCount: 'view_count',
  title: 'title',
} as const;

type Eb = ExpressionBuilder<Database, 'articles'>;

/** Rows in a given publishing state at `now` (what the state column of the list shows). */
function inState(eb: Eb, state: PublishState, now: string) {
  switch (state) {
    case 'draft':
    case 'offline':
      return eb('status', '=', state);
    case 'scheduled':
      return eb.and([eb('status', '=', 'published'), eb('publish_at', '>', now)]);
    case 'published':
      return liveArticle(eb, now);
    case 'expired':
      // Articles do not expire.
      return eb.val(false);
  }
}

export async function toArticleRecords(db: DbOrTrx, rows: ArticleRow[], now: string, withContent: boolean): Promise<ArticleRecord[]> {
  const ids = rows.map((r) => r.id);
  const [attachments, covers] = await Promise.all([attachmentsOf(db, 'article', ids), filesById(db, rows.map((r) => r.cover_file_id))]);
  return rows.map((r) => {
    const files = attachments.get(r.id) ?? [];
    const cover = r.cover_file_id ? covers.get(r.cover_file_id) : undefined;
    return {
      id: r.id,
      title: r.title,
      category: r.category,
      summary: r.summary,
      content: withContent ? r.content : '',
      author: r.author,
      source: r.source,
      coverFileId: r.cover_file_id,
      cover: cover ? toFileRef(cover) : null,
      attachmentFileIds: files.map((f) => f.file_id),
      attachments: files.map(toFileRef),
      status: r.status,
      state: publishStateOf(r, now),
      publishAt: r.publish_at,
      pinned: toBool(r.pinned),
      viewCount: r.view_count,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      version: r.version,
    };
  });
}

/** The row buttons of one article for this caller (the staff list shows exactly these). */
export function actionsFor(user: Parameters<typeof hasPermission>[0], state: PublishState): PublishableRowAction[] {
  return publishRowActions(state, {
    edit: hasPermission(user, 'content:article:edit'),
    publish: hasPermission(user, 'content:article:publish'),
    delete: hasPermission(user, 'content:article:delete'),
  });
}

export async function listArticles(
  db: DbOrTrx,
  user: Parameters<typeof hasPermission>[0],
  query: ArticleListQuery,
  now: string,
): Promise<Page<ArticleListItem>> {
  const page = paging(query);
  const { current, pageSize } = page;
  const sort = parseSort(query.sort, SORTABLE, { column: 'updated_at', direction: 'desc' });
  let base = db.selectFrom('articles');
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['title', 'summary', 'author', 'source'], keyword));
  if (query.category) base = base.where('category', '=', query.category);
  if (query.state) {
    const state = query.state;
    base = base.where((eb) => inState(eb, state, now));
  }
  if (query.pinned !== undefined) base = base.where('pinned', '=', query.pinned ? 1 : 0);
  if (query.publishFrom) base = base.where('publish_at', '>=', dayStart(query.publishFrom));
  if (query.publishTo) base = base.where('publish_at', '<', dayEnd(query.publishTo));

  const { rows, total } = await fetchPage(base, page, (q) => q.selectAll().orderBy(sort.column, sort.direction).orderBy('id'));
  const list = (await toArticleRecords(db, rows, now, false)).map((r) => ({ ...r, actions: actionsFor(user, r.state) }));
  return { list, total, current, pageSize };
}

export async function findArticleRow(db: DbOrTrx, id: string): Promise<ArticleRow | undefined> {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

// ---- public -------------------------------------------------------------------------------------

type PublicRow = Pick<ArticleRow, 'id' | 'title' | 'category' | 'summary' | 'publish_at' | 'pinned' | 'view_count' | 'cover_file_id'>;
const PUBLIC_COLUMNS = ['id', 'title', 'category', 'summary', 'publish_at', 'pinned', 'view_count', 'cover_file_id'] as const;

async function toPublicItems(db: DbOrTrx, rows: PublicRow[]): Promise<PublicArticleItem[]> {
  const [attachments, covers] = await Promise.all([
    attachmentsOf(
      db,
      'article',
      rows.map((r) => r.id),
    ),
    filesById(
      db,
      rows.map((r) => r.cover_file_id),
    ),
  ]);
  return rows.map((r) => {
    const cover = r.cover_file_id ? covers.get(r.cover_file_id) : undefined;
    return {
      id: r.id,
      title: r.title,
      category: r.category,
      summary: r.summary,
      // Live rows always have one (liveArticle requires publish_at <= now).
      publishAt: r.publish_at ?? '',
      pinned: toBool(r.pinned),
      viewCount: r.view_count,
      cover: cover ? toPublicFile(cover) : null,
      attachments: (attachments.get(r.id) ?? []).map(toPublicFile),
    };
  });
}

/** A category's public list: pinned first, then newest. */
export async function listPublicArticles(db: DbOrTrx, query: PublicArticleListQuery, now: string): Promise<Page<PublicArticleItem>> {
  const { current, pageSize, offset } = paging(query);
  let base = db
    .selectFrom('articles')
    .where((eb) => liveArticle(eb, now))
    .where('category', '=', query.category);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['title', 'summary'], keyword));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(PUBLIC_COLUMNS)
    .orderBy('pinned', 'desc')
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  return { list: await toPublicItems(db, rows), total: Number(total), current, pageSize };
}

/** The newest live articles of a category (the home page's columns). */
export async function latestPublicArticles(db: DbOrTrx, category: ArticleRow['category'], limit: number, now: string): Promise<PublicArticleItem[]> {
  return (await listPublicArticles(db, { category, current: 1, pageSize: limit }, now)).list;
}

/** One live article with its neighbours in its category's list. */
export async function findPublicArticle(db: DbOrTrx, id: string, now: string): Promise<PublicArticle | undefined> {
  const row = await db
    .selectFrom('articles')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => liveArticle(eb, now))
    .executeTakeFirst();
  if (!row || !row.publish_at) return undefined;
  const { previous, next } = await findNeighbours(
    db.selectFrom('articles').select(['id', 'title']).where((eb) => liveArticle(eb, now)).where('category', '=', row.category),
    { id: row.id, pinned: row.pinned, publish_at: row.publish_at },
  );
  const [item] = await toPublicItems(db, [row]);
  return {
    ...item,
    author: row.author,
    source: row.source,
    content: row.content,
    previous,
    next,
  };
}
