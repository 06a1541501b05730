/**
 * Reading the yearly credit ratings: who sees what (staff holding credit:view everything; a
 * member unit the ratings with its own score, every event behind it and its own objection, and
 * never another unit's), what the caller may do next, the units' scores of a rating, the
 * objections, and the files read rule (a unit reads its own objection's files).
 */
import { AuthType, hasPermission } from '@common/permissions';
import { CREDIT_RATING_STATUS_LABELS, CREDIT_TIERS, type CreditTier, type CreditTierThresholds } from '@common/credit';
import type { Page } from '@common/schemas/common';
import {
  CREDIT_MESSAGES as M,
  type CreditObjectionAction,
  type CreditObjectionDetail,
  type CreditObjectionListQuery,
  type CreditObjectionRecord,
  type CreditRatingAction,
  type CreditRatingExportQuery,
  type CreditRatingListQuery,
  type CreditRatingRecord,
  type CreditRatingUnitDetail,
  type CreditRatingUnitItem,
  type CreditRatingUnitQuery,
} from '@common/schemas/credit';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, SLOT_ATTACHMENT, toFileRef } from '../../content/files';
import { parseItems } from '../../credit/scoring';
import { dictLabels } from '../../db/dictionaries';
import type { DbOrTrx } from '../../db/types';
import { errors } from '../../http/errors';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';

export const MANAGE_CODE = 'credit:rating:manage';
export const OBJECTION_SLOT = SLOT_ATTACHMENT;
const KIND_DICT = 'credit_event_kind';

// ---- ratings ---------------------------------------------------------------------------------------

function ratings(db: DbOrTrx) {
  return db
    .selectFrom('credit_ratings as r')
    .innerJoin('credit_rule_versions as v', 'v.id', 'r.rule_version_id')
    .leftJoin('accounts as starter', 'starter.id', 'r.created_by')
    .leftJoin('accounts as finalizer', 'finalizer.id', 'r.finalized_by')
    .selectAll('r')
    .select(['v.version_no', 'v.base_score', 'v.tiers', 'starter.name as started_by_name', 'finalizer.name as finalized_by_name']);
}

export type RatingRow = Awaited<ReturnType<ReturnType<typeof ratings>['executeTakeFirstOrThrow']>>;

export async function findRating(db: DbOrTrx, id: string): Promise<RatingRow | undefined> {
  return ratings(db).where('r.id', '=', id).executeTakeFirst();
}

export async function loadRating(db: DbOrTrx, id: string): Promise<RatingRow> {
  const row = await findRating(db, id);
  if (!row) throw errors.notFound(M.ratingNoun);
  return row;
}

export const tiersOf = (row: Pick<RatingRow, 'tiers'>): CreditTierThresholds => JSON.parse(row.tiers) as CreditTierThresholds;
export const rulesOf = (row: Pick<RatingRow, 'base_score' | 'tiers'>) => ({ baseScore: Number(row.base_score), tiers: tiersOf(row) });

interface RatingStats {
  unitCount: number;
  tierCounts: Record<CreditTier, number>;
  objectionCounts: { pending: number; upheld: number; rejected: number };
}

async function statsOf(db: DbOrTrx, ratingIds: readonly string[]): Promise<Map<string, RatingStats>> {
  const out = new Map<string, RatingStats>(
    ratingIds.map((id) => [id, { unitCount: 0, tierCounts: { A: 0, B: 0, C: 0, D: 0 }, objectionCounts: { pending: 0, upheld: 0, rejected: 0 } }]),
  );
  if (ratingIds.length === 0) return out;
  const tiers = await db
    .selectFrom('credit_rating_units')
    .select((eb) => ['rating_id', 'tier', eb.fn.countAll<number>().as('n')])
    .where('rating_id', 'in', [...ratingIds])
    .groupBy(['rating_id', 'tier'])
    .execute();
  for (const t of tiers) {
    const stats = out.get(t.rating_id);
    if (!stats || !CREDIT_TIERS.includes(t.tier)) continue;
    stats.tierCounts[t.tier] += Number(t.n);
    stats.unitCount += Number(t.n);
  }
  const objections = await db
    .selectFrom('credit_objections')
    .select((eb) => ['rating_id', 'status', eb.fn.countAll<number>().as('n')])
    .where('rating_id', 'in', [...ratingIds])
    .groupBy(['rating_id', 'status'])
    .execute();
  for (const o of objections) {
    const stats = out.get(o.rating_id);
    if (stats) stats.objectionCounts[o.status] += Number(o.n);
  }
  return out;
}

/** Pending objections of a rating (终评 waits for none). */
export async function pendingObjections(db: DbOrTrx, ratingId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_objections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('rating_id', '=', ratingId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Why 终评 cannot be taken now, or null: the same rule the service checks. */
export function finalizeRefusal(row: Pick<RatingRow, 'status' | 'publicity_until'>, pending: number, today: string): string | null {
  if (row.status === 'final') return M.finalLocked;
  if (row.status !== 'publicity') return M.notPublicity(CREDIT_RATING_STATUS_LABELS[row.status]);
  if (row.publicity_until && today <= row.publicity_until) return M.publicityNotOver(row.publicity_until);
  if (pending > 0) return M.objectionsPending(pending);
  return null;
}

export function ratingActionsFor(user: AuthUser, row: Pick<RatingRow, 'status' | 'publicity_until'>, pending: number, today: string): CreditRatingAction[] {
  if (user.authType !== AuthType.Staff) return [];
  const actions: CreditRatingAction[] = [];
  if (hasPermission(user, MANAGE_CODE)) {
    if (row.status === 'initial') actions.push('recompute', 'publicize');
    if (row.status === 'publicity' && finalizeRefusal(row, pending, today) === null) actions.push('finalize');
  }
  if (hasPermission(user, 'credit:export')) actions.push('export');
  return actions;
}

function waitingFor(row: RatingRow, pending: number, today: string): string | null {
  if (row.status !== 'publicity') return null;
  return finalizeRefusal(row, pending, today);
}

type Own = NonNullable<CreditRatingRecord['own']>;

async function ownOf(db: DbOrTrx, unitId: string, ratingIds: readonly string[]): Promise<Map<string, Own>> {
  if (ratingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('credit_rating_units as u')
    .leftJoin('credit_objections as o', (join) => join.onRef('o.rating_id', '=', 'u.rating_id').onRef('o.unit_id', '=', 'u.unit_id'))
    .select(['u.rating_id', 'u.unit_id', 'u.score', 'u.tier', 'o.id as objection_id', 'o.status as objection_status'])
    .where('u.unit_id', '=', unitId)
    .where('u.rating_id', 'in', [...ratingIds])
    .execute();
  return new Map(
    rows.map((r) => [
      r.rating_id,
      { unitId: r.unit_id, score: Number(r.score), tier: r.tier, objectionId: r.objection_id ?? null, objectionStatus: r.objection_status ?? null },
    ]),
  );
}

function toRatingRecord(user: AuthUser, row: RatingRow, stats: RatingStats | undefined, own: Own | undefined, today: string): CreditRatingRecord {
  const staff = user.authType === AuthType.Staff;
  const pending = stats?.objectionCounts.pending ?? 0;
  return {
    id: row.id,
    year: Number(row.year),
    status: row.status,
    ruleVersionId: row.rule_version_id,
    ruleVersionNo: Number(row.version_no),
    baseScore: Number(row.base_score),
    tiers: tiersOf(row),
    startedAt: row.started_at,
    startedByName: row.started_by_name ?? null,
    publicityFrom: row.publicity_from,
    publicityUntil: row.publicity_until,
    finalizedAt: row.finalized_at,
    finalizedByName: row.finalized_by_name ?? null,
    unitCount: staff && stats ? stats.unitCount : null,
    tierCounts: staff && stats ? stats.tierCounts : null,
    objectionCounts: staff && stats ? stats.objectionCounts : null,
    own: staff ? null : (own ?? null),
    waiting: staff ? waitingFor(row, pending, today) : null,
    actions: ratingActionsFor(user, row, pending, today),
    updatedAt: row.updated_at,
    version: Number(row.version),
  };
}

export async function listRatings(db: DbOrTrx, user: AuthUser, query: CreditRatingListQuery, today: string): Promise<Page<CreditRatingRecord>> {
  const page = paging(query);
  let base = db.selectFrom('credit_ratings as r');
  if (query.year !== undefined) base = base.where('r.year', '=', query.year);
  if (query.status) base = base.where('r.status', '=', query.status);
  const { rows: ids, total } = await fetchPage(base, page, (q) => q.select('r.id').orderBy('r.year', 'desc'));
  const list = ids.length ? await ratings(db).where('r.id', 'in', ids.map((r) => r.id)).orderBy('r.year', 'desc').execute() : [];
  return { list: await toRecords(db, user, list, today), total, current: page.current, pageSize: page.pageSize };
}

async function toRecords(db: DbOrTrx, user: AuthUser, rows: RatingRow[], today: string): Promise<CreditRatingRecord[]> {
  const ids = rows.map((r) => r.id);
  // Staff see the counts; a unit only its own part (its own pending objection never blocks anything it sees).
  const stats = user.authType === AuthType.Staff ? await statsOf(db, ids) : new Map<string, RatingStats>();
  const own = user.authType === AuthType.MemberUnit && user.unitId ? await ownOf(db, user.unitId, ids) : new Map<string, Own>();
  return rows.map((r) => toRatingRecord(user, r, stats.get(r.id), own.get(r.id), today));
}

export async function ratingRecord(db: DbOrTrx, user: AuthUser, id: string, today: string): Promise<CreditRatingRecord> {
  const row = await loadRating(db, id);
  const [record] = await toRecords(db, user, [row], today);
  return record;
}

// ---- the units' scores -----------------------------------------------------------------------------------

const UNIT_SORTS = { score: 'u.score', unitName: 'u.unit_name', tier: 'u.tier' } as const;

function unitRows(db: DbOrTrx, ratingId: string) {
  return db
    .selectFrom('credit_rating_units as u')
    .leftJoin('credit_objections as o', (join) => join.onRef('o.rating_id', '=', 'u.rating_id').onRef('o.unit_id', '=', 'u.unit_id'))
    .where('u.rating_id', '=', ratingId);
}

function unitFiltered(db: DbOrTrx, ratingId: string, query: Omit<CreditRatingUnitQuery, 'current' | 'pageSize'> | CreditRatingExportQuery) {
  let base = unitRows(db, ratingId);
  if (query.tier) base = base.where('u.tier', '=', query.tier);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['u.unit_name'], keyword));
  return base;
}

export const unitSortOf = (query: { sort?: string }) => parseSort(query.sort, UNIT_SORTS, { column: 'u.score', direction: 'desc' });

type UnitBase = ReturnType<typeof unitFiltered>;

function withUnitColumns(base: UnitBase, sort: ReturnType<typeof unitSortOf>) {
  return base
    .selectAll('u')
    .select(['o.id as objection_id', 'o.status as objection_status'])
    .orderBy(sort.column, sort.direction)
    .orderBy('u.unit_name')
    .orderBy('u.unit_id');
}

export function orderedUnitRows(db: DbOrTrx, ratingId: string, query: Omit<CreditRatingUnitQuery, 'current' | 'pageSize'> | CreditRatingExportQuery) {
  return withUnitColumns(unitFiltered(db, ratingId, query), unitSortOf(query));
}

export type UnitRow = Awaited<ReturnType<ReturnType<typeof orderedUnitRows>['executeTakeFirstOrThrow']>>;

export function toUnitItem(row: UnitRow): CreditRatingUnitItem {
  const items = parseItems(row.items);
  return {
    unitId: row.unit_id,
    unitName: row.unit_name,
    score: Number(row.score),
    tier: row.tier,
    eventCount: items.length,
    badPoints: items.filter((i) => i.points < 0).reduce((s, i) => s + i.points, 0),
    goodPoints: items.filter((i) => i.points > 0).reduce((s, i) => s + i.points, 0),
    computedAt: row.computed_at,
    objectionId: row.objection_id ?? null,
    objectionStatus: row.objection_status ?? null,
  };
}

export async function listRatingUnits(db: DbOrTrx, ratingId: string, query: CreditRatingUnitQuery): Promise<Page<CreditRatingUnitItem>> {
  // The query's own checks first: a bad sort is a 400 whatever the id, as on every list.
  const page = paging(query);
  const sort = unitSortOf(query);
  await loadRating(db, ratingId);
  const { rows, total } = await fetchPage(unitFiltered(db, ratingId, query), page, (q) => withUnitColumns(q, sort));
  return { list: rows.map(toUnitItem), total, current: page.current, pageSize: page.pageSize };
}

/** A unit reads only its own score (403 otherwise); staff any. */
export function assertUnitVisible(user: AuthUser, unitId: string): void {
  if (user.authType === AuthType.Staff) return;
  if (user.authType !== AuthType.MemberUnit || !user.unitId || user.unitId !== unitId) throw errors.forbidden();
}

export async function ratingUnitDetail(db: DbOrTrx, user: AuthUser, ratingId: string, unitId: string, today: string): Promise<CreditRatingUnitDetail> {
  const rating = await loadRating(db, ratingId);
  assertUnitVisible(user, unitId);
  const row = await db.selectFrom('credit_rating_units').selectAll().where('rating_id', '=', ratingId).where('unit_id', '=', unitId).executeTakeFirst();
  if (!row) throw errors.notFound('该单位本年度的评分');
  const items = parseItems(row.items);
  const labels = await dictLabels(db, KIND_DICT);
  const states = items.length
    ? new Map(
        (await db.selectFrom('credit_events').select(['id', 'status']).where('id', 'in', items.map((i) => i.eventId)).execute()).map((e) => [e.id, e.status] as const),
      )
    : new Map<string, 'active' | 'withdrawn'>();
  const objectionRow = await objectionRows(db).where('o.rating_id', '=', ratingId).where('o.unit_id', '=', unitId).executeTakeFirst();
  const objection = objectionRow ? await withFiles(db, toObjection(user, objectionRow)) : null;
  const isOwner = user.authType === AuthType.MemberUnit && user.unitId === unitId;
  const mayObject = isOwner && rating.status === 'publicity' && !!rating.publicity_until && today <= rating.publicity_until && !objection;
  return {
    ratingId,
    year: Number(rating.year),
    ratingStatus: rating.status,
    publicityFrom: rating.publicity_from,
    publicityUntil: rating.publicity_until,
    unitId,
    unitName: row.unit_name,
    baseScore: Number(rating.base_score),
    score: Number(row.score),
    tier: row.tier,
    items: items.map((i) => ({
      eventId: i.eventId,
      kind: i.kind,
      kindLabel: labels.get(i.kind) ?? i.kind,
      polarity: i.polarity,
      subjectType: i.subjectType,
      practitionerId: i.practitionerId,
      practitionerName: i.practitionerName,
      points: i.points,
      occurredOn: i.occurredOn,
      description: i.description,
      eventStatus: states.get(i.eventId) ?? 'withdrawn',
    })),
    computedAt: row.computed_at,
    objection,
    actions: mayObject ? ['object'] : [],
  };
}

// ---- objections ------------------------------------------------------------------------------------------

function objectionRows(db: DbOrTrx) {
  return db
    .selectFrom('credit_objections as o')
    .innerJoin('credit_ratings as r', 'r.id', 'o.rating_id')
    .innerJoin('member_units as mu', 'mu.id', 'o.unit_id')
    .leftJoin('accounts as author', 'author.id', 'o.created_by')
    .leftJoin('accounts as answerer', 'answerer.id', 'o.answered_by')
    .selectAll('o')
    .select(['r.year', 'r.status as rating_status', 'mu.name as unit_name', 'author.name as created_by_name', 'answerer.name as answered_by_name']);
}

export type ObjectionRow = Awaited<ReturnType<ReturnType<typeof objectionRows>['executeTakeFirstOrThrow']>>;

export function objectionActionsFor(user: AuthUser, row: Pick<ObjectionRow, 'status' | 'rating_status'>): CreditObjectionAction[] {
  return hasPermission(user, MANAGE_CODE) && row.status === 'pending' && row.rating_status === 'publicity' ? ['answer'] : [];
}

function toObjection(user: AuthUser, row: ObjectionRow): CreditObjectionRecord {
  const ids: unknown = JSON.parse(row.withdrawn_event_ids);
  return {
    id: row.id,
    ratingId: row.rating_id,
    year: Number(row.year),
    unitId: row.unit_id,
    unitName: row.unit_name,
    content: row.content,
    status: row.status,
    answer: row.answer,
    withdrawnEventIds: Array.isArray(ids) ? ids.map(String) : [],
    createdAt: row.created_at,
    createdByName: row.created_by_name ?? null,
    answeredAt: row.answered_at,
    answeredByName: row.answered_by_name ?? null,
    version: Number(row.version),
    actions: objectionActionsFor(user, row),
  };
}

async function withFiles(db: DbOrTrx, record: CreditObjectionRecord): Promise<CreditObjectionDetail> {
  const files = (await attachmentsOf(db, 'credit_objection', [record.id], OBJECTION_SLOT)).get(record.id) ?? [];
  return { ...record, files: files.map(toFileRef) };
}

export async function listObjections(db: DbOrTrx, user: AuthUser, ratingId: string, query: CreditObjectionListQuery): Promise<Page<CreditObjectionRecord>> {
  const page = paging(query);
  const sort = parseSort(query.sort, { createdAt: 'o.created_at', status: 'o.status', unitName: 'mu.name' } as const, { column: 'o.created_at', direction: 'asc' });
  await loadRating(db, ratingId);
  let base = db.selectFrom('credit_objections as o').innerJoin('member_units as mu', 'mu.id', 'o.unit_id').where('o.rating_id', '=', ratingId);
  if (user.authType !== AuthType.Staff) {
    if (!user.unitId) throw errors.forbidden();
    base = base.where('o.unit_id', '=', user.unitId);
  }
  if (query.status) base = base.where('o.status', '=', query.status);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['mu.name', 'o.content'], keyword));
  const { rows, total } = await fetchPage(base, page, (q) => q.select('o.id').orderBy(sort.column, sort.direction).orderBy('o.id'));
  const full = rows.length ? await objectionRows(db).where('o.id', 'in', rows.map((r) => r.id)).execute() : [];
  const byId = new Map(full.map((r) => [r.id, r]));
  return {
    list: rows.flatMap((r) => {
      const row = byId.get(r.id);
      return row ? [toObjection(user, row)] : [];
    }),
    total,
    current: page.current,
    pageSize: page.pageSize,
  };
}

export async function findObjection(db: DbOrTrx, id: string): Promise<ObjectionRow | undefined> {
  return objectionRows(db).where('o.id', '=', id).executeTakeFirst();
}

export async function objectionDetail(db: DbOrTrx, user: AuthUser, id: string): Promise<CreditObjectionDetail> {
  const row = await findObjection(db, id);
  if (!row) throw errors.notFound(M.objectionNoun);
  assertUnitVisible(user, row.unit_id);
  return withFiles(db, toObjection(user, row));
}

/** Files read rule: an objection's files open to the unit that filed it (staff by permission, server/files/holders.ts). */
export async function isObjectionFileOf(db: DbOrTrx, fileId: string, user: AuthUser | null): Promise<boolean> {
  if (!user || user.authType !== AuthType.MemberUnit || !user.unitId) return false;
  const row = await db
    .selectFrom('file_attachments as fa')
    .innerJoin('credit_objections as o', 'o.id', 'fa.owner_id')
    .select('fa.file_id')
    .where('fa.owner_type', '=', 'credit_objection')
    .where('fa.file_id', '=', fileId)
    .where('o.unit_id', '=', user.unitId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
