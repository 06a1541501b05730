/**
 * Reading member units as staff see them: the filtered list (also what the export streams),
 * one record with its files, certificate, review history and counts, and the options for
 * selects. Per-page figures (approved practitioners) come from one grouped query per page,
 * never one query per row.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { hasPermission } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import {
  MEMBER_UNIT_ACTION_FROM,
  MEMBER_UNIT_ACTIONS,
  type MemberUnitEvent,
  type MemberUnitExportQuery,
  type MemberUnitListItem,
  type MemberUnitListQuery,
  type MemberUnitOption,
  type MemberUnitRecord,
  type MemberUnitRowAction,
  type PendingUnitChange,
  type UnitCertificate,
} from '@common/schemas/memberUnits';
import { attachmentsOf, filesById, toFileRef } from '../../content/files';
import { beijingDay } from '@common/calendar';
import { toBool } from '../../db/index';
import { fenToWanYuan, type PendingUnitChange as StoredPendingChange } from '../../db/domainTypes';
import type { Database, DbOrTrx, MemberUnitRow } from '../../db/types';
import { fetchPage, matchesKeyword, paging, parseSort, type Sort } from '../../http/paging';
import { reviewHistory } from '../../workflow/reviews';
import { certificateState } from '../../workflow/certificates';

/** The operation log's entity name for member units. */
export const UNIT_ENTITY = 'member-unit';
/** file_attachments slots of a unit (registration uploads into the same ones). */
export const SLOT_LICENCE = 'business_licence';
export const SLOT_QUALIFICATION = 'qualification';

const SORTABLE = {
  joinDate: 'join_date',
  validUntil: 'valid_until',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  memberNo: 'member_no',
  name: 'name',
} as const;
type SortColumn = (typeof SORTABLE)[keyof typeof SORTABLE];
/** Columns that are empty for some units (a pending unit has no number yet): those rows go last either way. */
const NULLABLE_SORT: readonly SortColumn[] = ['join_date', 'valid_until', 'member_no'];

type UnitQuery = SelectQueryBuilder<Database, 'member_units', object>;

export type UnitFilters = Omit<MemberUnitListQuery, 'current' | 'pageSize'> | MemberUnitExportQuery;

/** The list's filters on member_units (shared by the list and the export). */
export function filteredUnits(db: DbOrTrx, query: UnitFilters): UnitQuery {
  let base: UnitQuery = db.selectFrom('member_units');
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['name', 'credit_code', 'member_no', 'contact_person'], keyword));
  if (query.status) base = base.where('status', '=', query.status);
  if (query.memberLevel) base = base.where('member_level', '=', query.memberLevel);
  if (query.joinFrom) base = base.where('join_date', '>=', query.joinFrom);
  if (query.joinTo) base = base.where('join_date', '<=', query.joinTo);
  if (query.hasPendingChange !== undefined) {
    base = base.where('pending_change', query.hasPendingChange ? 'is not' : 'is', null);
  }
  if (query.showInWindow !== undefined) base = base.where('show_in_window', '=', query.showInWindow ? 1 : 0);
  return base;
}

export function unitSort(sort: string | undefined): Sort<SortColumn> {
  return parseSort(sort, SORTABLE, { column: 'created_at', direction: 'desc' });
}

/** The list's order, ending with the id so that pages never overlap; empty values last on both dialects. */
export function orderedUnits<O>(query: SelectQueryBuilder<Database, 'member_units', O>, sort: Sort<SortColumn>) {
  const ordered = NULLABLE_SORT.includes(sort.column)
    ? query.orderBy(sql`case when ${sql.ref(sort.column)} is null then 1 else 0 end`)
    : query;
  return ordered.orderBy(sort.column, sort.direction).orderBy('id');
}

export function parsePendingChange(text: string | null): PendingUnitChange | null {
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as StoredPendingChange;
    const change: PendingUnitChange = {};
    if (stored.name !== undefined) change.name = stored.name;
    if (stored.credit_code !== undefined) change.creditCode = stored.credit_code;
    if (stored.legal_representative !== undefined) change.legalRepresentative = stored.legal_representative;
    return Object.keys(change).length ? change : null;
  } catch {
    // A damaged value must not break the list; the unit simply shows no pending change.
    return null;
  }
}

/** Approved practitioners per unit, for one page of units: one grouped query. */
export async function practitionerCounts(db: DbOrTrx, unitIds: readonly string[]): Promise<Map<string, number>> {
  if (unitIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('practitioners')
    .select(['unit_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('unit_id', 'in', [...unitIds])
    .where('status', '=', 'approved')
    .groupBy('unit_id')
    .execute();
  return new Map(rows.map((r) => [r.unit_id, Number(r.n)]));
}

type Caller = Parameters<typeof hasPermission>[0];

/**
 * The controls of one unit for this caller (the list, the detail drawer and the unit's page
 * show exactly these): each workflow step from the states it starts in (注销 with the delete
 * code, the others with the approve code), 编辑 until cancelled, the 会员之窗 switch on an
 * approved unit, and the decision on a pending key-field change.
 */
export function actionsFor(user: Caller, unit: Pick<MemberUnitListItem, 'status' | 'pendingChange'>): MemberUnitRowAction[] {
  const actions: MemberUnitRowAction[] = [];
  for (const step of MEMBER_UNIT_ACTIONS) {
    const code = step === 'cancel' ? 'member:unit:delete' : 'member:unit:approve';
    if (hasPermission(user, code) && MEMBER_UNIT_ACTION_FROM[step].includes(unit.status)) actions.push(step);
  }
  if (hasPermission(user, 'member:unit:edit')) {
    if (unit.status !== 'cancelled') actions.push('edit');
    if (unit.status === 'approved') actions.push('window');
  }
  if (hasPermission(user, 'member:unit:approve') && unit.pendingChange) actions.push('decide-change');
  return actions;
}

/** A unit's list fields, without what a caller may do with it (the export's rows). */
export function toListItem(row: MemberUnitRow, practitioners: number): Omit<MemberUnitListItem, 'actions'> {
  return {
    id: row.id,
    name: row.name,
    creditCode: row.credit_code,
    legalRepresentative: row.legal_representative,
    contactPerson: row.contact_person,
    contactPhone: row.contact_phone,
    email: row.email,
    memberLevel: row.member_level,
    memberNo: row.member_no,
    joinDate: row.join_date,
    validUntil: row.valid_until,
    showInWindow: toBool(row.show_in_window),
    status: row.status,
    statusReason: ['rejected', 'suspended', 'cancelled'].includes(row.status) ? row.reject_reason : null,
    pendingChange: parsePendingChange(row.pending_change),
    pendingChangeAt: row.pending_change_at,
    practitionerCount: practitioners,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export async function listUnits(db: DbOrTrx, user: Caller, query: MemberUnitListQuery): Promise<Page<MemberUnitListItem>> {
  const page = paging(query);
  const sort = unitSort(query.sort);
  const { rows, total } = await fetchPage(filteredUnits(db, query), page, (q) => orderedUnits(q.selectAll(), sort));
  const counts = await practitionerCounts(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => toListItem(r, counts.get(r.id) ?? 0)).map((u) => ({ ...u, actions: actionsFor(user, u) }));
  return { list, total, current: page.current, pageSize: page.pageSize };
}

/** Rows read per query while an export streams. */
export const EXPORT_BATCH = 1000;

/** Every unit the filters select, in the list's order, a batch at a time, with its practitioner count. */
export async function* exportUnits(db: DbOrTrx, query: MemberUnitExportQuery): AsyncGenerator<Omit<MemberUnitListItem, 'actions'>> {
  const sort = unitSort(query.sort);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await orderedUnits(filteredUnits(db, query).selectAll(), sort).limit(EXPORT_BATCH).offset(offset).execute();
    const counts = await practitionerCounts(
      db,
      rows.map((r) => r.id),
    );
    for (const row of rows) yield toListItem(row, counts.get(row.id) ?? 0);
    if (rows.length < EXPORT_BATCH) return;
  }
}

export async function findUnitRow(db: DbOrTrx, id: string): Promise<MemberUnitRow | undefined> {
  return db.selectFrom('member_units').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The unit's newest member certificate (a revoked one too: the drawer says it is revoked). */
export async function unitCertificate(db: DbOrTrx, unitId: string, today: string): Promise<UnitCertificate | null> {
  const row = await db
    .selectFrom('certificates')
    .select(['id', 'number', 'issued_on', 'valid_until', 'status', 'revoked_reason'])
    .where('holder_type', '=', 'unit')
    .where('holder_id', '=', unitId)
    .orderBy('issued_on', 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    number: row.number,
    issuedOn: row.issued_on,
    validUntil: row.valid_until,
    state: certificateState(row, today),
    revokedReason: row.status === 'revoked' ? row.revoked_reason : null,
  };
}

async function countOf<TB extends keyof Database>(query: SelectQueryBuilder<Database, TB, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number((row as { n?: number } | undefined)?.n ?? 0);
}

/** The unit's steps from the operation log (suspension, restoration, cancellation, edits...), oldest first. */
async function unitEvents(db: DbOrTrx, unitId: string): Promise<MemberUnitEvent[]> {
  const rows = await db
    .selectFrom('operation_logs')
    .select(['created_at', 'action', 'actor_name', 'summary'])
    .where('entity', '=', UNIT_ENTITY)
    .where('entity_id', '=', unitId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.reverse().map((r) => ({ at: r.created_at, action: r.action, actorName: r.actor_name, summary: r.summary }));
}

export async function toUnitRecord(db: DbOrTrx, user: Caller, row: MemberUnitRow, now: Date): Promise<MemberUnitRecord> {
  const [licence, qualifications, logo, certificate, history, events, practitioners, pendingPractitioners, projects, cases] =
    await Promise.all([
      attachmentsOf(db, 'unit', [row.id], SLOT_LICENCE),
      attachmentsOf(db, 'unit', [row.id], SLOT_QUALIFICATION),
      filesById(db, [row.logo_file_id]),
      unitCertificate(db, row.id, beijingDay(now)),
      reviewHistory(db, 'unit', row.id),
      unitEvents(db, row.id),
      countOf(db.selectFrom('practitioners').where('unit_id', '=', row.id).where('status', '=', 'approved')),
      countOf(db.selectFrom('practitioners').where('unit_id', '=', row.id).where('status', '=', 'pending')),
      countOf(db.selectFrom('projects').where('unit_id', '=', row.id)),
      countOf(db.selectFrom('cases').where('unit_id', '=', row.id)),
    ]);
  const licenceFiles = licence.get(row.id) ?? [];
  const qualificationFiles = qualifications.get(row.id) ?? [];
  const logoFile = row.logo_file_id ? logo.get(row.logo_file_id) : undefined;
  const fields = toListItem(row, practitioners);
  return {
    ...fields,
    actions: actionsFor(user, fields),
    address: row.address,
    establishedOn: row.established_on,
    registeredCapital: row.registered_capital_fen === null ? null : fenToWanYuan(Number(row.registered_capital_fen)),
    staffCount: row.staff_count,
    businessScope: row.business_scope,
    introduction: row.introduction,
    logoFileId: row.logo_file_id,
    logo: logoFile ? toFileRef(logoFile) : null,
    businessLicenceFileIds: licenceFiles.map((f) => f.file_id),
    businessLicence: licenceFiles.map(toFileRef),
    qualificationFileIds: qualificationFiles.map((f) => f.file_id),
    qualifications: qualificationFiles.map(toFileRef),
    certificate,
    reviewHistory: history,
    events,
    counts: { practitioners, pendingPractitioners, projects, cases },
  };
}

/** Approved units for selects, by name; `keyword` narrows by name or member number. */
export async function unitOptions(db: DbOrTrx, keyword: string | undefined, limit: number): Promise<MemberUnitOption[]> {
  let query = db.selectFrom('member_units').select(['id', 'name', 'member_no']).where('status', '=', 'approved');
  const word = keyword?.trim();
  if (word) query = query.where((eb) => matchesKeyword(eb, ['name', 'member_no'], word));
  const rows = await query.orderBy('name').orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, memberNo: r.member_no }));
}
