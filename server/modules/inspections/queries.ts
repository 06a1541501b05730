/**
 * Reading annual inspections: who sees which records (staff all; a member unit its own and
 * its practitioners'; a practitioner their own), the list with its filters and sort, the
 * per-status counts of each year, one record with its files and review history, what the
 * caller may do with a record, and the files read rule.
 */
import { AuthType, hasPermission } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import {
  INSPECTION_PENDING_STATUSES,
  INSPECTION_SUBMITTABLE_STATUSES,
  type InspectionAction,
  type InspectionCounts,
  type InspectionDetail,
  type InspectionExportQuery,
  type InspectionListQuery,
  type InspectionRecord,
  type InspectionYearRecord,
} from '@common/schemas/inspections';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, SLOT_ATTACHMENT, toFileRef } from '../../content/files';
import { beijingDay } from '@common/calendar';
import type { DbOrTrx, InspectionStatus, InspectionYearStatus } from '../../db/types';
import { errors } from '../../http/errors';
import { fetchPage, matchesKeyword, paging, parseSort } from '../../http/paging';
import { reviewHistory } from '../../workflow/reviews';
import { syncIfOpen } from '../../workflow/inspectionSubjects';

export const INSPECTION_FILE_SLOT = SLOT_ATTACHMENT;
export const REVIEW_CODE = 'inspection:review';

/** States that count as "has not submitted" for the overdue flag and the reminders. */
export const UNSUBMITTED_STATUSES: readonly InspectionStatus[] = INSPECTION_SUBMITTABLE_STATUSES;
export const PENDING_STATUSES: readonly InspectionStatus[] = INSPECTION_PENDING_STATUSES;

const SORTABLE = {
  year: 'ai.year',
  subjectName: 'ai.subject_name',
  unitName: 'mu.name',
  status: 'ai.status',
  submittedAt: 'ai.submitted_at',
  reviewedAt: 'ai.reviewed_at',
  updatedAt: 'ai.updated_at',
} as const;

/** The list's and the record's FROM: the record, its year, its unit, its reviewer. */
function joined(db: DbOrTrx) {
  return db
    .selectFrom('annual_inspections as ai')
    .innerJoin('annual_inspection_years as y', 'y.year', 'ai.year')
    .innerJoin('member_units as mu', 'mu.id', 'ai.unit_id')
    .leftJoin('accounts as reviewer', 'reviewer.id', 'ai.reviewer_id');
}
type Joined = ReturnType<typeof joined>;

function withColumns(q: Joined) {
  return q.select((eb) => [
    'ai.id',
    'ai.year',
    'ai.subject_type',
    'ai.subject_id',
    'ai.subject_name',
    'ai.unit_id',
    'ai.self_report',
    'ai.projects_done',
    'ai.training_hours',
    'ai.status',
    'ai.submitted_at',
    'ai.reviewer_id',
    'ai.review_comment',
    'ai.reviewed_at',
    'ai.updated_at',
    'ai.version',
    'y.deadline',
    'y.status as year_status',
    'mu.name as unit_name',
    'reviewer.name as reviewer_name',
    // The live certificate's validity, as the certificates table (the record of validity) holds it.
    eb
      .selectFrom('certificates as c')
      .select((c) => c.fn.max('c.valid_until').as('valid_until'))
      .whereRef('c.holder_type', '=', 'ai.subject_type')
      .whereRef('c.holder_id', '=', 'ai.subject_id')
      .where('c.status', '!=', 'revoked')
      .as('certificate_valid_until'),
    // The training hours on record (knownTrainingHours): a practitioner's own, a unit's approved practitioners' sum.
    eb.selectFrom('practitioners as kp').select('kp.training_hours').whereRef('kp.id', '=', 'ai.subject_id').as('practitioner_hours'),
    eb
      .selectFrom('practitioners as up')
      .select((u) => u.fn.sum<number | string>('up.training_hours').as('hours'))
      .whereRef('up.unit_id', '=', 'ai.subject_id')
      .where('up.status', '=', 'approved')
      .as('unit_hours'),
  ]);
}

/** knownTrainingHours of a row (a sum is text on PostgreSQL). */
function knownHours(row: { subject_type: string; practitioner_hours: number | null; unit_hours: number | string | null }): number | null {
  const hours = row.subject_type === 'practitioner' ? row.practitioner_hours : row.unit_hours;
  return hours === null || hours === undefined ? null : Number(hours);
}

export type InspectionJoinedRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

/** Only the records this caller may see (staff: all). */
function scoped(q: Joined, user: AuthUser): Joined {
  if (user.authType === AuthType.Staff) return q;
  if (user.authType === AuthType.Practitioner) {
    if (!user.practitionerId) throw errors.forbidden();
    return q.where('ai.subject_type', '=', 'practitioner').where('ai.subject_id', '=', user.practitionerId);
  }
  if (!user.unitId) throw errors.forbidden();
  return q.where('ai.unit_id', '=', user.unitId);
}

/** The same rule for one record. */
export function canSee(user: AuthUser, row: { subject_type: string; subject_id: string; unit_id: string }): boolean {
  switch (user.authType) {
    case AuthType.Staff:
      return true;
    case AuthType.MemberUnit:
      return !!user.unitId && user.unitId === row.unit_id;
    case AuthType.Practitioner:
      return !!user.practitionerId && row.subject_type === 'practitioner' && row.subject_id === user.practitionerId;
  }
}

/** Whether the caller is the one who submits this record: the unit for itself and its practitioners, a practitioner for themselves. */
export function isSubmitter(user: AuthUser, row: { subject_type: string; subject_id: string; unit_id: string }): boolean {
  if (user.authType === AuthType.MemberUnit) return !!user.unitId && user.unitId === row.unit_id;
  if (user.authType === AuthType.Practitioner) return canSee(user, row);
  return false;
}

export function isOverdue(row: { status: InspectionStatus; deadline: string }, today: string): boolean {
  return UNSUBMITTED_STATUSES.includes(row.status) && row.deadline < today;
}

/** What the caller may do now: the page shows exactly these; the service checks the same rules. */
export function actionsFor(user: AuthUser, row: InspectionJoinedRow): InspectionAction[] {
  if ((row.year_status as InspectionYearStatus) !== 'open') return [];
  if (user.authType === AuthType.Staff) {
    return hasPermission(user, REVIEW_CODE) && PENDING_STATUSES.includes(row.status) ? ['approve', 'reject', 'return'] : [];
  }
  return isSubmitter(user, row) && UNSUBMITTED_STATUSES.includes(row.status) ? ['submit'] : [];
}

export function toRecord(user: AuthUser, row: InspectionJoinedRow, today: string): InspectionRecord {
  return {
    id: row.id,
    year: Number(row.year),
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    unitId: row.unit_id,
    unitName: row.unit_name,
    status: row.status,
    selfReport: row.self_report,
    projectsDone: row.projects_done === null ? null : Number(row.projects_done),
    trainingHours: row.training_hours === null ? null : Number(row.training_hours),
    knownTrainingHours: knownHours(row),
    submittedAt: row.submitted_at,
    reviewerName: row.reviewer_name ?? null,
    reviewComment: row.review_comment,
    reviewedAt: row.reviewed_at,
    deadline: row.deadline,
    yearStatus: row.year_status as InspectionYearStatus,
    overdue: isOverdue(row, today),
    certificateValidUntil: row.certificate_valid_until ?? null,
    actions: actionsFor(user, row),
    updatedAt: row.updated_at,
    version: Number(row.version),
  };
}

type Filters = Omit<InspectionListQuery, 'current' | 'pageSize'> | InspectionExportQuery;

/** The caller's scope and the filters, without columns or order. */
export function filteredBase(db: DbOrTrx, user: AuthUser, query: Filters, today: string): Joined {
  let base = scoped(joined(db), user);
  if (query.year !== undefined) base = base.where('ai.year', '=', query.year);
  if (query.subjectType) base = base.where('ai.subject_type', '=', query.subjectType);
  if (query.status === 'submitted') base = base.where('ai.status', 'in', [...PENDING_STATUSES]);
  else if (query.status) base = base.where('ai.status', '=', query.status);
  // A unit's own scope already holds; a unit naming another unit simply finds nothing of it.
  if (query.unitId) base = base.where('ai.unit_id', '=', query.unitId);
  if (query.overdue === true) base = base.where('ai.status', 'in', [...UNSUBMITTED_STATUSES]).where('y.deadline', '<', today);
  if (query.overdue === false) {
    base = base.where((eb) => eb.or([eb('ai.status', 'not in', [...UNSUBMITTED_STATUSES]), eb('y.deadline', '>=', today)]));
  }
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['ai.subject_name', 'mu.name'], keyword));
  return base;
}

export function sortOf(query: { sort?: string }) {
  return parseSort(query.sort, SORTABLE, { column: 'ai.updated_at', direction: 'desc' });
}

export function orderedRows(base: Joined, sort: ReturnType<typeof sortOf>) {
  return withColumns(base).orderBy(sort.column, sort.direction).orderBy('ai.id');
}

export async function listInspections(db: DbOrTrx, user: AuthUser, query: InspectionListQuery, now: Date): Promise<Page<InspectionRecord>> {
  if (query.year !== undefined) await syncIfOpen(db, query.year, now);
  const today = beijingDay(now);
  const page = paging(query);
  const sort = sortOf(query);
  const base = filteredBase(db, user, query, today);
  const { rows, total } = await fetchPage(base, page, (q) => withColumns(q).orderBy(sort.column, sort.direction).orderBy('ai.id'));
  return { list: rows.map((r) => toRecord(user, r, today)), total, current: page.current, pageSize: page.pageSize };
}

/** One record (no scope: callers check `canSee`). */
export async function findInspection(db: DbOrTrx, id: string): Promise<InspectionJoinedRow | undefined> {
  return withColumns(joined(db).where('ai.id', '=', id)).executeTakeFirst();
}

/** Several records at once (no scope: callers check `canSee`). */
export async function findInspections(db: DbOrTrx, ids: readonly string[]): Promise<InspectionJoinedRow[]> {
  return ids.length === 0 ? [] : withColumns(joined(db).where('ai.id', 'in', [...ids])).execute();
}

/** 404 when missing, 403 when not the caller's. */
export async function loadVisible(db: DbOrTrx, user: AuthUser, id: string): Promise<InspectionJoinedRow> {
  const row = await findInspection(db, id);
  if (!row) throw errors.notFound('年检记录');
  if (!canSee(user, row)) throw errors.forbidden();
  return row;
}

export async function inspectionDetail(db: DbOrTrx, user: AuthUser, id: string, now: Date): Promise<InspectionDetail> {
  const row = await loadVisible(db, user, id);
  const files = (await attachmentsOf(db, 'annual_inspection', [id], INSPECTION_FILE_SLOT)).get(id) ?? [];
  return {
    ...toRecord(user, row, beijingDay(now)),
    files: files.map(toFileRef),
    reviewHistory: await reviewHistory(db, 'annual_inspection', id),
  };
}

// ---- years and their counts ----------------------------------------------------------------

const emptyCounts = (): InspectionCounts => ({ total: 0, notSubmitted: 0, submitted: 0, returned: 0, passed: 0, failed: 0, overdue: 0 });

function addCount(counts: InspectionCounts, status: InspectionStatus, n: number): void {
  counts.total += n;
  if (status === 'not_submitted') counts.notSubmitted += n;
  else if (status === 'submitted' || status === 'resubmitted') counts.submitted += n;
  else if (status === 'returned') counts.returned += n;
  else if (status === 'passed') counts.passed += n;
  else if (status === 'failed') counts.failed += n;
}

/** Every inspection year, newest first, with the caller's per-status counts (open years synced first). */
export async function listYears(db: DbOrTrx, user: AuthUser, now: Date): Promise<InspectionYearRecord[]> {
  const years = await db
    .selectFrom('annual_inspection_years as y')
    .leftJoin('accounts as a', 'a.id', 'y.opened_by')
    .select(['y.id', 'y.year', 'y.deadline', 'y.status', 'y.opened_at', 'y.version', 'a.name as opened_by_name'])
    .orderBy('y.year', 'desc')
    .execute();
  for (const y of years) if (y.status === 'open') await syncIfOpen(db, Number(y.year), now);
  const grouped = await scoped(joined(db), user)
    .select((eb) => ['ai.year', 'ai.status', eb.fn.countAll<number>().as('n')])
    .groupBy(['ai.year', 'ai.status'])
    .execute();
  const today = beijingDay(now);
  return years.map((y) => {
    const counts = emptyCounts();
    for (const g of grouped) if (Number(g.year) === Number(y.year)) addCount(counts, g.status, Number(g.n));
    const pastDeadline = y.deadline < today;
    counts.overdue = pastDeadline ? counts.notSubmitted + counts.returned : 0;
    return {
      id: y.id,
      year: Number(y.year),
      deadline: y.deadline,
      status: y.status,
      pastDeadline,
      openedAt: y.opened_at,
      openedByName: y.opened_by_name ?? null,
      counts,
      version: Number(y.version),
    };
  });
}

// ---- files -------------------------------------------------------------------------------------

/** Files read rule: an inspection's files open to its unit and to the practitioner it concerns (staff by permission, server/files/holders.ts). */
export async function isInspectionFileOf(db: DbOrTrx, fileId: string, user: AuthUser | null): Promise<boolean> {
  if (!user || user.authType === AuthType.Staff) return false;
  let q = db
    .selectFrom('file_attachments as fa')
    .innerJoin('annual_inspections as ai', 'ai.id', 'fa.owner_id')
    .select('fa.file_id')
    .where('fa.owner_type', '=', 'annual_inspection')
    .where('fa.file_id', '=', fileId);
  if (user.authType === AuthType.Practitioner) {
    if (!user.practitionerId) return false;
    q = q.where('ai.subject_type', '=', 'practitioner').where('ai.subject_id', '=', user.practitionerId);
  } else {
    if (!user.unitId) return false;
    q = q.where('ai.unit_id', '=', user.unitId);
  }
  return !!(await q.limit(1).executeTakeFirst());
}
