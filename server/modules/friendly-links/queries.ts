/** Reading friendly links: the staff list and record, and the enabled ones for the site's footer. */
import type { Page } from '@common/schemas/common';
import type { hasPermission } from '@common/permissions';
import type { FriendlyLinkListItem, FriendlyLinkListQuery, FriendlyLinkRecord } from '@common/schemas/content';
import type { PublicFriendlyLink } from '@common/schemas/public';
import { toBool } from '../../db/index';
import type { DbOrTrx, FriendlyLinkRow } from '../../db/types';
import { filesById, toFileRef, toPublicFile } from '../../content/files';
import { orderedRowActions } from '../../content/ordering';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';

const SORTABLE = {
  sort: 'sort',
  name: 'name',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const;

async function toRecords(db: DbOrTrx, rows: FriendlyLinkRow[]): Promise<FriendlyLinkRecord[]> {
  const files = await filesById(
    db,
    rows.map((r) => r.logo_file_id),
  );
  return rows.map((row) => {
    const logo = row.logo_file_id ? files.get(row.logo_file_id) : undefined;
    return {
      id: row.id,
      name: row.name,
      url: row.url,
      logoFileId: row.logo_file_id,
      logo: logo ? toFileRef(logo) : null,
      sort: Number(row.sort),
      enabled: toBool(row.enabled),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      version: Number(row.version),
    };
  });
}

export async function listFriendlyLinks(
  db: DbOrTrx,
  user: Parameters<typeof hasPermission>[0],
  query: FriendlyLinkListQuery,
): Promise<Page<FriendlyLinkListItem>> {
  const page = paging(query);
  const { current, pageSize } = page;
  const sort = parseSort(query.sort, SORTABLE, { column: 'sort', direction: 'asc' });

  let base = db.selectFrom('friendly_links');
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['name', 'url'], keyword));
  if (query.enabled !== undefined) base = base.where('enabled', '=', query.enabled ? 1 : 0);

  const { rows, total } = await fetchPage(base, page, (q) => q.selectAll().orderBy(sort.column, sort.direction).orderBy('created_at').orderBy('id'));
  const codes = { editCode: 'content:link:edit', deleteCode: 'content:link:delete' } as const;
  const list = (await toRecords(db, rows)).map((r) => ({ ...r, actions: orderedRowActions(user, codes, r.enabled) }));
  return { list, total, current, pageSize };
}

export async function findFriendlyLink(db: DbOrTrx, id: string): Promise<FriendlyLinkRecord | undefined> {
  const row = await db.selectFrom('friendly_links').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await toRecords(db, [row]))[0] : undefined;
}

/** The enabled links in the staff's order (the public home page calls this). */
export async function listEnabledLinks(db: DbOrTrx): Promise<PublicFriendlyLink[]> {
  const rows = await db
    .selectFrom('friendly_links')
    .select(['id', 'name', 'url', 'logo_file_id'])
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const files = await filesById(
    db,
    rows.map((r) => r.logo_file_id),
  );
  return rows.map((row) => {
    const logo = row.logo_file_id ? files.get(row.logo_file_id) : undefined;
    return { id: row.id, name: row.name, url: row.url, logo: logo ? toPublicFile(logo) : null };
  });
}
