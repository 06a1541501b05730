/**
 * The queue's reads: pending review records with their unit's name and the required documents
 * their subjects miss, filtered and paged, the pending count of each kind, one record with its
 * subject's history, and the subject's record itself for the reviewer. The indexes
 * reviews (status, what, submitted_at) and (status, submitted_at) serve them (0008).
 */
import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import { hasPermission } from '@common/permissions';
import { REVIEW_KIND_VALUES } from '@common/schemas/membership';
import {
  BUSINESS_AUDIT_MESSAGES as M,
  REVIEW_REQUIRED_DOCUMENTS,
  reviewKindLabel,
  type ReviewChange,
  type ReviewDetail,
  type ReviewKindCount,
  type ReviewQueueItem,
  type ReviewQueuePage,
  type ReviewQueueQuery,
  type ReviewRecord,
} from '@common/schemas/businessAudit';
import { UNIT_KEY_COLUMN_LABELS } from '@common/schemas/memberInfo';
import type { AuthUser } from '../../security/user';
import { dayEnd, dayStart } from '../../content/publishing';
import type { Database, DbOrTrx, ReviewRow } from '../../db/types';
import { errors } from '../../http/errors';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';
import { READ_CACHE_TTL_MS, type ReadCache } from '../../http/readCache';
import { reviewHandlerOf } from '../../workflow/reviewHandlers';
import { beijingDay } from '@common/calendar';
import { creditFlagsOf } from '../../credit/standing';
import type { CreditFlag } from '@common/schemas/credit';
import { reviewHistory } from '../../workflow/reviews';

const DAY_MS = 86_400_000;

type QueueQuery = SelectQueryBuilder<Database, 'reviews', object>;
type QueueRow = ReviewRow & { unit_name: string | null };
type Missing = ReviewQueueItem['missing'];

const SORTS = { submittedAt: 'reviews.submitted_at', kind: 'reviews.what' } as const;

/** Whole days from submission to now (0 on the day itself, never negative). */
export function ageInDays(submittedAt: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(submittedAt).getTime()) / DAY_MS));
}

/**
 * The pending reviews the filters select; `withKind` false leaves the kind out (for the counts).
 * Over `reviews` alone, so that the counts are read from the indexes: the unit's name joins only
 * the page's rows, and a keyword looks for it through a subquery.
 */
function pendingReviews(db: DbOrTrx, query: ReviewQueueQuery, withKind: boolean): QueueQuery {
  let q: QueueQuery = db.selectFrom('reviews').where('reviews.status', '=', 'pending');
  if (withKind && query.kind) q = q.where('reviews.what', '=', query.kind);
  if (query.unitId) q = q.where('reviews.unit_id', '=', query.unitId);
  if (query.submittedFrom) q = q.where('reviews.submitted_at', '>=', dayStart(query.submittedFrom));
  if (query.submittedTo) q = q.where('reviews.submitted_at', '<', dayEnd(query.submittedTo));
  const keyword = query.keyword?.trim();
  if (keyword) {
    q = q.where((eb: ExpressionBuilder<Database, 'reviews'>) =>
      eb.or([
        matchesKeyword(eb, ['reviews.subject_name', 'reviews.submitted_by_name'], keyword),
        eb('reviews.unit_id', 'in', db.selectFrom('member_units').select('member_units.id').where((u) => matchesKeyword(u, ['member_units.name'], keyword))),
      ]),
    );
  }
  return q;
}

/** The decisions this viewer may take on a kind (none without a handler or its permission). */
export function actionsFor(user: AuthUser, kind: ReviewRow['what']): ReviewQueueItem['actions'] {
  const handler = reviewHandlerOf(kind);
  if (!handler || !hasPermission(user, handler.permission)) return [];
  return [...handler.actions];
}

/**
 * The required documents (REVIEW_REQUIRED_DOCUMENTS) each review's subject has no file for, by
 * review id: one read of file_attachments for all the rows (the subject of a review is the owner
 * of its files).
 */
export async function missingDocuments(db: DbOrTrx, rows: readonly ReviewRow[]): Promise<Map<string, Missing>> {
  const wanted = rows.filter((r) => REVIEW_REQUIRED_DOCUMENTS[r.what].length > 0);
  const held = new Set<string>();
  const key = (ownerType: string, ownerId: string, slot: string) => `${ownerType}\u0000${ownerId}\u0000${slot}`;
  if (wanted.length > 0) {
    // Joined with the stored files as the records' own reads are (attachmentsOf): a link whose file is gone holds nothing.
    const found = await db
      .selectFrom('file_attachments')
      .innerJoin('stored_files', 'stored_files.file_id', 'file_attachments.file_id')
      .select(['file_attachments.owner_type', 'file_attachments.owner_id', 'file_attachments.slot'])
      .distinct()
      .where('file_attachments.owner_id', 'in', [...new Set(wanted.map((r) => r.subject_id))])
      .where('file_attachments.slot', 'in', [...new Set(wanted.flatMap((r) => REVIEW_REQUIRED_DOCUMENTS[r.what].map((d) => d.slot)))])
      .execute();
    for (const f of found) held.add(key(f.owner_type, f.owner_id, f.slot));
  }
  return new Map(
    rows.map((r) => [
      r.id,
      REVIEW_REQUIRED_DOCUMENTS[r.what].filter((d) => !held.has(key(r.subject_type, r.subject_id, d.slot))).map((d) => ({ slot: d.slot, label: d.label })),
    ]),
  );
}

/** The credit flags of the project filings among `rows`' units (server/credit/standing.ts), by unit id. */
async function creditFlags(db: DbOrTrx, rows: readonly ReviewRow[], today: string): Promise<Map<string, CreditFlag>> {
  const units = rows.filter((r) => r.what === 'project' && r.unit_id).map((r) => r.unit_id ?? '');
  return creditFlagsOf(db, units, today);
}

function toItem(row: QueueRow, user: AuthUser, now: Date, missing: Missing, flags: ReadonlyMap<string, CreditFlag> = new Map()): ReviewQueueItem {
  const handler = reviewHandlerOf(row.what);
  const creditFlag = row.what === 'project' && row.unit_id ? flags.get(row.unit_id) : undefined;
  return {
    id: row.id,
    kind: row.what,
    kindLabel: handler?.label ?? reviewKindLabel(row.what),
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    unitId: row.unit_id,
    unitName: row.unit_name,
    submittedAt: row.submitted_at,
    submittedByName: row.submitted_by_name,
    ageDays: ageInDays(row.submitted_at, now),
    actions: actionsFor(user, row.what),
    link: handler ? handler.link(row) : null,
    missing,
    ...(creditFlag ? { creditFlag } : {}),
  };
}

/** Every kind the contract knows, with its pending count under the filters (zero included). */
export async function kindCounts(db: DbOrTrx, query: ReviewQueueQuery): Promise<ReviewKindCount[]> {
  const rows = await pendingReviews(db, query, false)
    .select((eb) => ['reviews.what as kind', eb.fn.countAll<number>().as('n')])
    .groupBy('reviews.what')
    .execute();
  const byKind = new Map(rows.map((r) => [r.kind, Number(r.n)]));
  return REVIEW_KIND_VALUES.map((kind) => ({
    kind,
    label: reviewHandlerOf(kind)?.label ?? reviewKindLabel(kind),
    count: byKind.get(kind) ?? 0,
  }));
}

/**
 * A page of the queue with the counts by kind. The rows and counts are the same for every
 * viewer, so they come through the read cache when one is given (a write clears it); what the
 * viewer may decide and the ages are worked out per request.
 */
export async function listQueue(db: DbOrTrx, user: AuthUser, query: ReviewQueueQuery, now: Date, cache?: ReadCache): Promise<ReviewQueuePage> {
  const page = paging(query);
  const sort = parseSort(query.sort, SORTS, { column: SORTS.submittedAt, direction: 'asc' });
  const today = beijingDay(now);
  const read = () => queuePage(db, query, page, sort, today);
  const { rows, total, counts, missing, flags } = cache ? await cache.read(`review-queue:${today}:${JSON.stringify(query)}`, READ_CACHE_TTL_MS, read) : await read();
  return {
    list: rows.map((r) => toItem(r, user, now, missing.get(r.id) ?? [], flags)),
    total,
    current: page.current,
    pageSize: page.pageSize,
    counts,
  };
}

async function queuePage(
  db: DbOrTrx,
  query: ReviewQueueQuery,
  page: ReturnType<typeof paging>,
  sort: { column: (typeof SORTS)[keyof typeof SORTS]; direction: 'asc' | 'desc' },
  today: string,
): Promise<{ rows: QueueRow[]; total: number; counts: ReviewKindCount[]; missing: Map<string, Missing>; flags: Map<string, CreditFlag> }> {
  const { rows, total } = await fetchPage(pendingReviews(db, query, true), page, (q) =>
    q
      .leftJoin('member_units', 'member_units.id', 'reviews.unit_id')
      .selectAll('reviews')
      .select('member_units.name as unit_name')
      .orderBy(sort.column, sort.direction)
      .orderBy('reviews.id'),
  );
  return { rows, total, counts: await kindCounts(db, query), missing: await missingDocuments(db, rows), flags: await creditFlags(db, rows, today) };
}

export async function findReview(db: DbOrTrx, id: string): Promise<QueueRow | undefined> {
  return db
    .selectFrom('reviews')
    .leftJoin('member_units', 'member_units.id', 'reviews.unit_id')
    .selectAll('reviews')
    .select('member_units.name as unit_name')
    .where('reviews.id', '=', id)
    .executeTakeFirst();
}

export async function reviewDetail(db: DbOrTrx, user: AuthUser, id: string, now: Date): Promise<ReviewDetail> {
  const row = await findReview(db, id);
  if (!row) throw errors.notFound('审核记录');
  const item = toItem(row, user, now, (await missingDocuments(db, [row])).get(row.id) ?? [], await creditFlags(db, [row], beijingDay(now)));
  return {
    ...item,
    // Decided records are shown for reference only.
    actions: row.status === 'pending' ? item.actions : [],
    status: row.status,
    payload: row.payload ? (JSON.parse(row.payload) as unknown) : null,
    history: await reviewHistory(db, row.subject_type, row.subject_id),
  };
}

/** An object's own fields (nothing for anything else), read without trusting its shape. */
const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};

/** A key-information change's payload ({ before, after } keyed by column) as labelled fields. */
function changesOf(row: ReviewRow): ReviewChange[] {
  if (row.what !== 'info_change' || !row.payload) return [];
  const payload = fieldsOf(JSON.parse(row.payload));
  const before = fieldsOf(payload.before);
  const after = fieldsOf(payload.after);
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return Object.keys(after).map((field) => ({ field, label: UNIT_KEY_COLUMN_LABELS[field] ?? field, before: text(before[field]), after: text(after[field]) }));
}

/**
 * GET /business-audit/:reviewId/record: the subject's record as its own page reads it, the
 * change submitted and the required documents missing. Checked like a decision: the kind needs
 * a handler and the caller its code.
 */
export async function reviewRecord(request: FastifyRequest, user: AuthUser, id: string): Promise<ReviewRecord> {
  const { db } = request.server;
  const row = await findReview(db, id);
  if (!row) throw errors.notFound('审核记录');
  const handler = reviewHandlerOf(row.what);
  const label = handler?.label ?? reviewKindLabel(row.what);
  if (!handler) throw errors.badRequest(M.noHandler(label));
  if (!hasPermission(user, handler.permission)) throw errors.forbidden(M.noPermission(label));
  return {
    reviewId: row.id,
    kind: row.what,
    subject: handler.record ? await handler.record(request, user, row) : null,
    changes: changesOf(row),
    missing: (await missingDocuments(db, [row])).get(row.id) ?? [],
  };
}
