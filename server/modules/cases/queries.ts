/**
 * Reading business cases: staff see all (case:view), a unit its own; the list with its filters,
 * one case with its files and review history, and what the caller may do with it. The rules
 * shared with other reviewed records are in server/workflow/reviewedSubject.ts.
 */
import { AuthType } from '@common/permissions';
import type { CaseAction, CaseDetail, CaseExportQuery, CaseListQuery, CaseRecord } from '@common/schemas/cases';
import type { Page } from '@common/schemas/common';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, SLOT_ATTACHMENT, toFileRef } from '../../content/files';
import { toBool } from '../../db/index';
import type { CaseStatus, DbOrTrx } from '../../db/types';
import { errors } from '../../http/errors';
import { fetchPage, matchesKeyword, paging, parseSort, type Sort } from '../../http/paging';
import { subjectActions, visibleRecord, type SubjectActionRules } from '../../workflow/reviewedSubject';
import { reviewHistory } from '../../workflow/reviews';

export const CASE_REVIEW_CODE = 'case:review';

/** A unit edits (back to pending) or deletes its case in any status; staff approve or reject a pending one. */
const ACTION_RULES: SubjectActionRules<CaseStatus, CaseAction> = {
  reviewCode: CASE_REVIEW_CODE,
  awaiting: 'pending',
  decisions: ['approve', 'reject'],
  unitSteps: () => ['edit', 'delete'],
};

const SORTABLE = {
  title: 'c.title',
  completedOn: 'c.completed_on',
  createdAt: 'c.created_at',
  updatedAt: 'c.updated_at',
} as const;
type SortColumn = (typeof SORTABLE)[keyof typeof SORTABLE];

function joined(db: DbOrTrx) {
  return db.selectFrom('cases as c').innerJoin('member_units as u', 'u.id', 'c.unit_id');
}
type Joined = ReturnType<typeof joined>;

function withColumns(q: Joined) {
  return q.select([
    'c.id',
    'c.unit_id',
    'c.title',
    'c.project_type',
    'c.client',
    'c.completed_on',
    'c.summary',
    'c.status',
    'c.public',
    'c.reject_reason',
    'c.created_at',
    'c.updated_at',
    'c.version',
    'u.name as unit_name',
  ]);
}

export type CaseJoinedRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

function scoped(q: Joined, user: AuthUser): Joined {
  if (user.authType === AuthType.Staff) return q;
  if (user.authType !== AuthType.MemberUnit || !user.unitId) throw errors.forbidden();
  return q.where('c.unit_id', '=', user.unitId);
}

export function actionsFor(user: AuthUser, row: { status: CaseStatus; unit_id: string }): CaseAction[] {
  return subjectActions(user, row, ACTION_RULES);
}

export function toRecord(user: AuthUser, row: CaseJoinedRow): CaseRecord {
  return {
    id: row.id,
    unitId: row.unit_id,
    unitName: row.unit_name,
    title: row.title,
    projectType: row.project_type,
    client: row.client,
    completedOn: row.completed_on,
    summary: row.summary,
    status: row.status,
    public: toBool(row.public),
    rejectReason: row.reject_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    actions: actionsFor(user, row),
    version: row.version,
  };
}

export function filteredBase(db: DbOrTrx, user: AuthUser, query: CaseExportQuery): Joined {
  let base = scoped(joined(db), user);
  if (query.status) base = base.where('c.status', '=', query.status);
  if (query.projectType) base = base.where('c.project_type', '=', query.projectType);
  if (query.public !== undefined) base = base.where('c.public', '=', query.public ? 1 : 0);
  if (query.year) base = base.where('c.completed_on', '>=', `${query.year}-01-01`).where('c.completed_on', '<=', `${query.year}-12-31`);
  if (query.unitId && user.authType === AuthType.Staff) base = base.where('c.unit_id', '=', query.unitId);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['c.title', 'c.client'], keyword));
  return base;
}

export function sortOf(query: { sort?: string }): Sort<SortColumn> {
  return parseSort<SortColumn>(query.sort, SORTABLE, { column: 'c.updated_at', direction: 'desc' });
}

export function orderedRows(base: Joined, sort: Sort<SortColumn>) {
  return withColumns(base).orderBy(sort.column, sort.direction).orderBy('c.id');
}

export async function listCases(db: DbOrTrx, user: AuthUser, query: CaseListQuery): Promise<Page<CaseRecord>> {
  const page = paging(query);
  const sort = sortOf(query);
  const { rows, total } = await fetchPage(filteredBase(db, user, query), page, (q) => orderedRows(q, sort));
  return { list: rows.map((r) => toRecord(user, r)), total, current: page.current, pageSize: page.pageSize };
}

export async function findCase(db: DbOrTrx, id: string): Promise<CaseJoinedRow | undefined> {
  return withColumns(joined(db).where('c.id', '=', id)).executeTakeFirst();
}

export async function caseDetail(db: DbOrTrx, user: AuthUser, id: string): Promise<CaseDetail> {
  // Staff see every case, a unit its own; practitioners none.
  const row = await visibleRecord(user, '业绩案例', await findCase(db, id));
  const files = (await attachmentsOf(db, 'case', [id], SLOT_ATTACHMENT)).get(id) ?? [];
  return { ...toRecord(user, row), files: files.map(toFileRef), reviewHistory: await reviewHistory(db, 'case', id) };
}

/** Files read rule: a case's materials are readable by its unit (staff by permission, server/files/holders.ts). */
export async function isCaseFileOf(db: DbOrTrx, fileId: string, user: AuthUser | null): Promise<boolean> {
  if (!user || user.authType !== AuthType.MemberUnit || !user.unitId) return false;
  const row = await db
    .selectFrom('file_attachments as fa')
    .innerJoin('cases as c', 'c.id', 'fa.owner_id')
    .select('fa.file_id')
    .where('fa.owner_type', '=', 'case')
    .where('fa.file_id', '=', fileId)
    .where('c.unit_id', '=', user.unitId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
