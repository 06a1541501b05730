/**
 * Reading credit events: who sees which (staff holding credit:view all; a member unit the events
 * that count against it, its own and its practitioners', active and withdrawn), the list with
 * its filters and sort, one event with its evidence and the ratings counting it, what the caller
 * may do with it, and the files read rule (a unit reads the evidence of its own events).
 */
import { AuthType, hasPermission } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type { CreditEventAction, CreditEventDetail, CreditEventExportQuery, CreditEventListQuery, CreditEventRecord } from '@common/schemas/credit';
import { CREDIT_MESSAGES as M } from '@common/schemas/credit';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, SLOT_ATTACHMENT, toFileRef } from '../../content/files';
import { itemsHold } from '../../credit/scoring';
import { dictLabels } from '../../db/dictionaries';
import type { DbOrTrx } from '../../db/types';
import { errors } from '../../http/errors';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';

export const KIND_DICT = 'credit_event_kind';
export const EVIDENCE_SLOT = SLOT_ATTACHMENT;
export const EDIT_CODE = 'credit:event:edit';

const SORTABLE = {
  occurredOn: 'e.occurred_on',
  points: 'e.points',
  termUntil: 'e.term_until',
  createdAt: 'e.created_at',
  unitName: 'mu.name',
  kind: 'e.kind',
} as const;

function joined(db: DbOrTrx) {
  return db
    .selectFrom('credit_events as e')
    .innerJoin('member_units as mu', 'mu.id', 'e.unit_id')
    .innerJoin('credit_rule_versions as v', 'v.id', 'e.rule_version_id')
    .leftJoin('practitioners as p', 'p.id', 'e.practitioner_id')
    .leftJoin('accounts as creator', 'creator.id', 'e.created_by')
    .leftJoin('accounts as withdrawer', 'withdrawer.id', 'e.withdrawn_by');
}
type Joined = ReturnType<typeof joined>;

function withColumns(q: Joined) {
  return q.select([
    'e.id',
    'e.subject_type',
    'e.unit_id',
    'e.practitioner_id',
    'e.polarity',
    'e.kind',
    'e.occurred_on',
    'e.points',
    'e.points_note',
    'e.term_until',
    'e.description',
    'e.source_type',
    'e.source_id',
    'e.status',
    'e.withdraw_reason',
    'e.withdrawn_at',
    'e.created_at',
    'e.updated_at',
    'e.version',
    'mu.name as unit_name',
    'p.name as practitioner_name',
    'v.version_no',
    'creator.name as created_by_name',
    'withdrawer.name as withdrawn_by_name',
  ]);
}

export type EventJoinedRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

/** Only the events this caller may see (staff: all; a unit: those counting against it). */
function scoped(q: Joined, user: AuthUser): Joined {
  if (user.authType === AuthType.Staff) return q;
  if (user.authType !== AuthType.MemberUnit || !user.unitId) throw errors.forbidden();
  return q.where('e.unit_id', '=', user.unitId);
}

export function canSee(user: AuthUser, row: { unit_id: string }): boolean {
  if (user.authType === AuthType.Staff) return true;
  return user.authType === AuthType.MemberUnit && !!user.unitId && user.unitId === row.unit_id;
}

export const isInTerm = (row: { status: string; term_until: string }, today: string): boolean => row.status === 'active' && row.term_until >= today;

export function actionsFor(user: AuthUser, row: { status: string }): CreditEventAction[] {
  return hasPermission(user, EDIT_CODE) && row.status === 'active' ? ['withdraw'] : [];
}

export function toRecord(user: AuthUser, row: EventJoinedRow, today: string, labels: ReadonlyMap<string, string>): CreditEventRecord {
  return {
    id: row.id,
    subjectType: row.subject_type,
    unitId: row.unit_id,
    unitName: row.unit_name,
    practitionerId: row.practitioner_id,
    practitionerName: row.practitioner_name ?? null,
    polarity: row.polarity,
    kind: row.kind,
    kindLabel: labels.get(row.kind) ?? row.kind,
    occurredOn: row.occurred_on,
    points: Number(row.points),
    pointsNote: row.points_note,
    termUntil: row.term_until,
    inTerm: isInTerm(row, today),
    description: row.description,
    sourceType: row.source_type,
    sourceId: row.source_id,
    ruleVersionNo: Number(row.version_no),
    status: row.status,
    withdrawReason: row.withdraw_reason,
    withdrawnAt: row.withdrawn_at,
    withdrawnByName: row.withdrawn_by_name ?? null,
    createdAt: row.created_at,
    createdByName: row.created_by_name ?? null,
    updatedAt: row.updated_at,
    version: Number(row.version),
    actions: actionsFor(user, row),
  };
}

type Filters = Omit<CreditEventListQuery, 'current' | 'pageSize'> | CreditEventExportQuery;

/** The caller's scope and the filters, without columns or order. */
export function filteredBase(db: DbOrTrx, user: AuthUser, query: Filters, today: string): Joined {
  let base = scoped(joined(db), user);
  if (query.unitId) base = base.where('e.unit_id', '=', query.unitId);
  if (query.practitionerId) base = base.where('e.practitioner_id', '=', query.practitionerId);
  if (query.subjectType) base = base.where('e.subject_type', '=', query.subjectType);
  if (query.kind) base = base.where('e.kind', '=', query.kind);
  if (query.polarity) base = base.where('e.polarity', '=', query.polarity);
  if (query.status) base = base.where('e.status', '=', query.status);
  if (query.sourceType) base = base.where('e.source_type', '=', query.sourceType);
  if (query.occurredFrom) base = base.where('e.occurred_on', '>=', query.occurredFrom);
  if (query.occurredTo) base = base.where('e.occurred_on', '<=', query.occurredTo);
  if (query.inTerm === true) base = base.where('e.status', '=', 'active').where('e.term_until', '>=', today);
  if (query.inTerm === false) base = base.where((eb) => eb.or([eb('e.status', '!=', 'active'), eb('e.term_until', '<', today)]));
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['e.description', 'mu.name', 'p.name'], keyword));
  return base;
}

export function sortOf(query: { sort?: string }) {
  return parseSort(query.sort, SORTABLE, { column: 'e.occurred_on', direction: 'desc' });
}

export function orderedRows(base: Joined, sort: ReturnType<typeof sortOf>) {
  return withColumns(base).orderBy(sort.column, sort.direction).orderBy('e.created_at', 'desc').orderBy('e.id');
}

export async function listEvents(db: DbOrTrx, user: AuthUser, query: CreditEventListQuery, today: string): Promise<Page<CreditEventRecord>> {
  const page = paging(query);
  const sort = sortOf(query);
  const base = filteredBase(db, user, query, today);
  const { rows, total } = await fetchPage(base, page, (q) => orderedRows(q, sort));
  const labels = await dictLabels(db, KIND_DICT);
  return { list: rows.map((r) => toRecord(user, r, today, labels)), total, current: page.current, pageSize: page.pageSize };
}

export async function findEvent(db: DbOrTrx, id: string): Promise<EventJoinedRow | undefined> {
  return withColumns(joined(db).where('e.id', '=', id)).executeTakeFirst();
}

/** 404 when missing, 403 when not the caller's. */
export async function loadVisible(db: DbOrTrx, user: AuthUser, id: string): Promise<EventJoinedRow> {
  const row = await findEvent(db, id);
  if (!row) throw errors.notFound(M.eventNoun);
  if (!canSee(user, row)) throw errors.forbidden();
  return row;
}

export async function eventDetail(db: DbOrTrx, user: AuthUser, id: string, today: string): Promise<CreditEventDetail> {
  const row = await loadVisible(db, user, id);
  const files = (await attachmentsOf(db, 'credit_event', [id], EVIDENCE_SLOT)).get(id) ?? [];
  const ratings = await db
    .selectFrom('credit_rating_units as u')
    .innerJoin('credit_ratings as r', 'r.id', 'u.rating_id')
    .select(['r.id', 'r.year', 'r.status', 'u.items'])
    .where('u.unit_id', '=', row.unit_id)
    .where('u.items', 'like', `%${id}%`)
    .orderBy('r.year', 'desc')
    .execute();
  return {
    ...toRecord(user, row, today, await dictLabels(db, KIND_DICT)),
    files: files.map(toFileRef),
    countedIn: ratings.filter((r) => itemsHold(r.items, id)).map((r) => ({ ratingId: r.id, year: Number(r.year), status: r.status })),
  };
}

/** Files read rule: an event's evidence opens to the unit it counts against (staff by permission, server/files/holders.ts). */
export async function isCreditEventFileOf(db: DbOrTrx, fileId: string, user: AuthUser | null): Promise<boolean> {
  if (!user || user.authType !== AuthType.MemberUnit || !user.unitId) return false;
  const row = await db
    .selectFrom('file_attachments as fa')
    .innerJoin('credit_events as e', 'e.id', 'fa.owner_id')
    .select('fa.file_id')
    .where('fa.owner_type', '=', 'credit_event')
    .where('fa.file_id', '=', fileId)
    .where('e.unit_id', '=', user.unitId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
