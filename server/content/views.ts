/**
 * View counts of articles and notices: one per visitor and day, counted on the server.
 * A visitor is a keyed hash of the client address and browser (HMAC with a key kept in
 * app_meta, shared by every server process): the count needs to tell visitors apart, not to
 * know who they are, so no address is stored. Only today's rows are kept.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../db/types';

const KEY_NAME = 'view_hash_key';
const keys = new WeakMap<object, Promise<string>>();
let lastPurgedDay = '';
/**
 * Views this process has counted today, so that a visitor's repeated visits cost no write. Only
 * a shortcut: the primary key of content_views decides (another instance may have counted the
 * visitor; then its insert is refused there). Bounded; forgotten at the day's change.
 */
const countedToday = new WeakMap<object, Set<string>>();
const COUNTED_MEMO_MAX = 100_000;

async function loadKey(db: DbOrTrx): Promise<string> {
  const fresh = randomBytes(32).toString('hex');
  await db
    .insertInto('app_meta')
    .values({ key: KEY_NAME, value: fresh, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', KEY_NAME).executeTakeFirstOrThrow();
  return row.value;
}

function hashKey(db: DbOrTrx): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** 'YYYY-MM-DD' of an instant in Beijing time (UTC+8, no daylight saving). */
export function beijingDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Counts one view of `type` `id` by the request's visitor unless they were counted today.
 * Returns whether this view was counted.
 */
export async function countView(
  db: DbOrTrx,
  request: FastifyRequest,
  type: 'article' | 'notice',
  id: string,
  now: Date,
): Promise<boolean> {
  const day = beijingDay(now);
  const agent = String(request.headers['user-agent'] ?? '').slice(0, 300);
  const visitor = createHmac('sha256', await hashKey(db)).update(`${request.ip}|${agent}`).digest('base64url').slice(0, 32);
  if (lastPurgedDay !== day) {
    lastPurgedDay = day;
    countedToday.delete(db);
    await db.deleteFrom('content_views').where('day', '<', day).execute();
  }
  // A visitor this process has already counted today: the database would refuse the row anyway.
  const memo = `${day}|${type}|${id}|${visitor}`;
  let counted = countedToday.get(db);
  if (!counted || counted.size >= COUNTED_MEMO_MAX) countedToday.set(db, (counted = new Set()));
  if (counted.has(memo)) return false;
  counted.add(memo);
  const inserted = await db
    .insertInto('content_views')
    .values({ content_type: type, content_id: id, visitor, day })
    .onConflict((oc) => oc.columns(['content_type', 'content_id', 'visitor', 'day']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  const table = type === 'article' ? 'articles' : 'notices';
  await db
    .updateTable(table)
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
  return true;
}

/** The count as stored now (a public page's cached answer may hold an older one). */
export async function currentViewCount(db: DbOrTrx, type: 'article' | 'notice', id: string): Promise<number> {
  const table = type === 'article' ? 'articles' : 'notices';
  const row = await db.selectFrom(table).select('view_count').where('id', '=', id).executeTakeFirst();
  return Number(row?.view_count ?? 0);
}
