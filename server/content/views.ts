/**
 * View counts of articles and notices: one per visitor and day, counted on the server.
 * A visitor is a keyed hash of the client address and browser (HMAC with a key kept in
 * app_meta, shared by every server process): the count needs to tell visitors apart, not to
 * know who they are, so no address is stored. Only today's rows are kept.
 *
 * Counting costs a page no query: a new visitor's view is queued in memory and written with
 * the others every FLUSH_INTERVAL_MS (rows into content_views, whose primary key refuses a
 * visitor another process already counted today, and the counts added to the items), and at
 * a graceful stop (the app's onClose). The page shows the stored count plus this process's
 * views not yet written. A crash loses the views of its last few seconds (at most one
 * interval's); a write that fails keeps its views queued for the next.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { beijingDay } from '@common/calendar';
import type { Db, DbOrTrx } from '../db/types';

export type ViewedType = 'article' | 'notice';

const KEY_NAME = 'view_hash_key';
/** How often queued views are written. */
export const FLUSH_INTERVAL_MS = 5_000;
/** Visitors remembered per day (beyond it the memo starts again; the primary key still decides). */
const COUNTED_MEMO_MAX = 100_000;
/** Views waiting while the database refuses the writes: beyond it new views are not counted (memory stays bounded). */
const QUEUE_MAX = 100_000;
/** Rows per insert (4 parameters each). */
const INSERT_BATCH = 200;

interface QueuedView {
  content_type: ViewedType;
  content_id: string;
  visitor: string;
  day: string;
}


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

const itemKey = (type: ViewedType, id: string) => `${type}|${id}`;

export class ViewCounter {
  private key: Promise<string> | null = null;
  private queue: QueuedView[] = [];
  /** Per item: views queued or being written, which the stored count does not hold yet. */
  private readonly unwritten = new Map<string, number>();
  /** Per item: the count as this process last wrote it (a shared cached page may hold an older one). */
  private readonly written = new Map<string, number>();
  /** Visitors counted today by this process, so that a repeated visit costs nothing. */
  private counted = new Set<string>();
  private countedDay = '';
  private lastPurgedDay = '';
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes queued views every FLUSH_INTERVAL_MS until stop(). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is queued (the app's onClose, before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private hashKey(): Promise<string> {
    if (!this.key) {
      const key = loadKey(this.db);
      key.catch(() => {
        if (this.key === key) this.key = null;
      });
      this.key = key;
    }
    return this.key;
  }

  /**
   * Counts one view of `type` `id` by the request's visitor unless they were counted today
   * (by this process; another process's count is refused when the views are written).
   * Returns whether this view was queued.
   */
  async count(request: Pick<FastifyRequest, 'ip' | 'headers'>, type: ViewedType, id: string, now: Date): Promise<boolean> {
    const day = beijingDay(now);
    const agent = String(request.headers['user-agent'] ?? '').slice(0, 300);
    const visitor = createHmac('sha256', await this.hashKey()).update(`${request.ip}|${agent}`).digest('base64url').slice(0, 32);
    if (this.countedDay !== day || this.counted.size >= COUNTED_MEMO_MAX) {
      this.countedDay = day;
      this.counted = new Set();
    }
    const memo = `${type}|${id}|${visitor}`;
    if (this.counted.has(memo)) return false;
    if (this.queue.length >= QUEUE_MAX) return false;
    this.counted.add(memo);
    this.queue.push({ content_type: type, content_id: id, visitor, day });
    const key = itemKey(type, id);
    this.unwritten.set(key, (this.unwritten.get(key) ?? 0) + 1);
    return true;
  }

  /** The count a page shows: the stored one it read (perhaps cached), at least what this process wrote, plus its unwritten views. */
  shown(type: ViewedType, id: string, stored: number): number {
    const key = itemKey(type, id);
    return Math.max(stored, this.written.get(key) ?? 0) + (this.unwritten.get(key) ?? 0);
  }

  /** Writes the queued views now (one at a time: a flush asked for meanwhile waits for this one). */
  flush(): Promise<void> {
    const next = this.writing.then(() => this.write());
    this.writing = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    const today = beijingDay(this.clock());
    const batch = this.queue;
    if (batch.length === 0 && this.lastPurgedDay === today) return;
    this.queue = [];
    try {
      const totals = await this.db.transaction().execute(async (trx) => {
        const added = new Map<string, { type: ViewedType; id: string; views: number }>();
        for (let i = 0; i < batch.length; i += INSERT_BATCH) {
          // A visitor another process counted today is refused by the primary key: not added.
          const inserted = await trx
            .insertInto('content_views')
            .values(batch.slice(i, i + INSERT_BATCH))
            .onConflict((oc) => oc.columns(['content_type', 'content_id', 'visitor', 'day']).doNothing())
            .returning(['content_type', 'content_id'])
            .execute();
          for (const row of inserted) {
            const type: ViewedType = row.content_type === 'notice' ? 'notice' : 'article';
            const key = itemKey(type, row.content_id);
            const entry = added.get(key) ?? { type, id: row.content_id, views: 0 };
            entry.views += 1;
            added.set(key, entry);
          }
        }
        const stored = new Map<string, number>();
        for (const [key, { type, id, views }] of added) {
          const row = await trx
            .updateTable(type === 'article' ? 'articles' : 'notices')
            .set((eb) => ({ view_count: eb('view_count', '+', views) }))
            .where('id', '=', id)
            .returning('view_count')
            .executeTakeFirst();
          if (row) stored.set(key, Number(row.view_count));
        }
        // Only today's rows are kept (yesterday's visitors may count again today).
        if (this.lastPurgedDay !== today) await trx.deleteFrom('content_views').where('day', '<', today).execute();
        return stored;
      });
      this.lastPurgedDay = today;
      for (const [key, count] of totals) this.written.set(key, count);
    } catch (err) {
      // Kept for the next flush, ahead of what came meanwhile.
      this.queue = [...batch, ...this.queue];
      this.log.warn({ err, views: batch.length }, '浏览次数写入失败，稍后重试');
      throw err;
    }
    for (const view of batch) {
      const key = itemKey(view.content_type, view.content_id);
      const left = (this.unwritten.get(key) ?? 0) - 1;
      if (left > 0) this.unwritten.set(key, left);
      else this.unwritten.delete(key);
    }
  }
}
