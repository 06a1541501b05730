/**
 * When articles and notices are public: status 'published' and a publishAt that has come
 * (scheduled publishing needs no timer process: the moment passes and the item is public),
 * and for notices an expireAt that has not. One definition for the public lists, the
 * detail pages, the sitemap and the search index.
 */
import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { PUBLIC_MESSAGES } from '@common/messages';
import type { PublishableRowAction, PublishState } from '@common/schemas/content';
import { KIND_MESSAGES } from '@common/schemas/kinds';
import type { Database, PublishStatus } from '../db/types';
import { BizError } from '../http/errors';

export function publishStateOf(
  row: { status: PublishStatus; publish_at: string | null; expire_at?: string | null },
  now: string,
): PublishState {
  if (row.status === 'draft') return 'draft';
  if (row.status === 'offline') return 'offline';
  if (row.publish_at && row.publish_at > now) return 'scheduled';
  if (row.expire_at && row.expire_at <= now) return 'expired';
  return 'published';
}

/**
 * The row buttons of an article or notice for a caller who may (or may not) edit, publish and
 * delete: 发布 (now or at a set time) until it is public, 下线 while it is or will be public
 * (an expired notice included). The staff list shows exactly these.
 */
export function publishRowActions(
  state: PublishState,
  may: { edit: boolean; publish: boolean; delete: boolean },
): PublishableRowAction[] {
  const actions: PublishableRowAction[] = [];
  if (may.edit) actions.push('edit');
  if (may.publish && state !== 'published' && state !== 'expired') actions.push('publish');
  if (may.publish && state !== 'draft' && state !== 'offline') actions.push('offline');
  if (may.delete) actions.push('delete');
  return actions;
}

/** `where` for the articles a visitor may see at `now` (ISO text compares as time). */
export function liveArticle(eb: ExpressionBuilder<Database, 'articles'>, now: string): Expression<SqlBool> {
  return eb.and([eb('articles.status', '=', 'published'), eb('articles.publish_at', '<=', now)]);
}

/** `where` for the notices a visitor may see at `now`: published, due, and not expired. */
export function liveNotice(eb: ExpressionBuilder<Database, 'notices'>, now: string): Expression<SqlBool> {
  return eb.and([
    eb('notices.status', '=', 'published'),
    eb('notices.publish_at', '<=', now),
    eb.or([eb('notices.expire_at', 'is', null), eb('notices.expire_at', '>', now)]),
  ]);
}

/** The stored status and publishAt for "save as draft" / "publish (now or at publishAt)". */
/** What the public site is told of an item that does not exist or is not public now (one answer for both). */
export const CONTENT_GONE_MESSAGE = PUBLIC_MESSAGES.contentGone;

export function publishFields(
  saveAs: 'draft' | 'publish',
  publishAt: string | null | undefined,
  now: string,
  previous?: { status: PublishStatus; publish_at: string | null },
): { status: PublishStatus; publish_at: string | null } {
  const at = publishAt ? new Date(publishAt).toISOString() : null;
  if (saveAs === 'draft') {
    // A draft keeps a planned time if one was given; an item taken back to draft keeps its history.
    return { status: 'draft', publish_at: at ?? previous?.publish_at ?? null };
  }
  return { status: 'published', publish_at: at ?? now };
}

/** A notice must not expire before it is published. */
export function assertExpiryAfterPublish(publishAt: string | null, expireAt: string | null): void {
  if (publishAt && expireAt && expireAt <= publishAt) throw new BizError(KIND_MESSAGES.rangeNotAfter('失效时间', '发布时间'));
}

/** '2026-03-01' (a Beijing calendar day) → the ISO instant it starts. */
export function dayStart(day: string): string {
  return new Date(`${day}T00:00:00+08:00`).toISOString();
}

/** '2026-03-31' → the ISO instant the next day starts (an exclusive bound). */
export function dayEnd(day: string): string {
  return new Date(new Date(`${day}T00:00:00+08:00`).getTime() + 86_400_000).toISOString();
}
