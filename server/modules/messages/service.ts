/** Reading and marking one account's messages; `accountId` is always the caller's own. */
import type { Page } from '@common/schemas/common';
import { MESSAGE_SUMMARY_SIZE, type MessageListQuery, type MessageRecord } from '@common/schemas/messages';
import type { DbOrTrx, MessageRow } from '../../db/types';
import { errors } from '../../http/errors';
import { fetchPage, paging } from '../../http/paging';

function toRecord(row: Pick<MessageRow, 'id' | 'kind' | 'title' | 'body' | 'link' | 'created_at' | 'read_at'>): MessageRecord {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, createdAt: row.created_at, readAt: row.read_at };
}

const COLUMNS = ['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'] as const;

export async function listMessages(db: DbOrTrx, accountId: string, query: MessageListQuery): Promise<Page<MessageRecord>> {
  const page = paging(query);
  let base = db.selectFrom('messages').where('account_id', '=', accountId);
  if (query.kind) base = base.where('kind', '=', query.kind);
  if (query.unread === true) base = base.where('read_at', 'is', null);
  if (query.unread === false) base = base.where('read_at', 'is not', null);
  const { rows, total } = await fetchPage(base, page, (q) => q.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'));
  return { list: rows.map(toRecord), total, current: page.current, pageSize: page.pageSize };
}

/** The bell: how many are unread, and the latest few (read or not). Two index look-ups. */
export async function messageSummary(db: DbOrTrx, accountId: string): Promise<{ unread: number; latest: MessageRecord[] }> {
  const counted = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  const latest = await db
    .selectFrom('messages')
    .select(COLUMNS)
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MESSAGE_SUMMARY_SIZE)
    .execute();
  return { unread: Number(counted?.n ?? 0), latest: latest.map(toRecord) };
}

/** Marks one of the caller's messages read (again: no change); another account's id is not found. */
export async function markRead(db: DbOrTrx, accountId: string, id: string, now: Date): Promise<void> {
  const row = await db.selectFrom('messages').select(['id', 'read_at']).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) throw errors.notFound('消息');
  if (row.read_at) return;
  await db.updateTable('messages').set({ read_at: now.toISOString() }).where('id', '=', id).where('account_id', '=', accountId).where('read_at', 'is', null).execute();
}

export async function markAllRead(db: DbOrTrx, accountId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({ read_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
