/**
 * Reading projects: who sees which (staff all, a unit its own, a practitioner the projects they
 * led or worked on), the list with its filters, one project with members, report files and
 * review history, and what the caller may do with it (the page shows exactly these buttons; the
 * service checks the same rules). The rules shared with other reviewed records are in
 * server/workflow/reviewedSubject.ts.
 */
import { AuthType } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import type { ProjectAction, ProjectDetail, ProjectExportQuery, ProjectListQuery, ProjectRecord } from '@common/schemas/projects';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, toFileRef } from '../../content/files';
import { fenToWanYuan } from '../../db/domainTypes';
import type { DbOrTrx, ProjectStatus } from '../../db/types';
import { errors } from '../../http/errors';
import { fetchPage, matchesKeyword, paging, parseSort, type Sort } from '../../http/paging';
import { subjectActions, visibleRecord, type SubjectActionRules } from '../../workflow/reviewedSubject';
import { reviewHistory } from '../../workflow/reviews';
import { projectReviews } from '../../quality/tasks';

export const REPORT_SLOT = 'report';
export const REVIEW_CODE = 'project:review';

/** A unit edits, deletes and submits its draft, edits and resubmits a returned one; staff file or return a submitted one. */
const ACTION_RULES: SubjectActionRules<ProjectStatus, ProjectAction> = {
  reviewCode: REVIEW_CODE,
  awaiting: 'submitted',
  decisions: ['file', 'return'],
  unitSteps: (status) => {
    if (status === 'draft') return ['edit', 'delete', 'submit'];
    if (status === 'returned') return ['edit', 'submit'];
    return [];
  },
};

const SORTABLE = {
  name: 'p.name',
  code: 'p.code',
  startOn: 'p.start_on',
  submittedAt: 'p.submitted_at',
  filedAt: 'p.filed_at',
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
} as const;
type SortColumn = (typeof SORTABLE)[keyof typeof SORTABLE];

/** The list's and the detail's FROM: the project, its unit, its leader. */
function joined(db: DbOrTrx) {
  return db
    .selectFrom('projects as p')
    .innerJoin('member_units as u', 'u.id', 'p.unit_id')
    .leftJoin('practitioners as l', 'l.id', 'p.leader_practitioner_id');
}
type Joined = ReturnType<typeof joined>;

function withColumns(q: Joined) {
  return q.select([
    'p.id',
    'p.name',
    'p.code',
    'p.unit_id',
    'p.client',
    'p.type',
    'p.region',
    'p.investment_fen',
    'p.leader_practitioner_id',
    'p.start_on',
    'p.end_on',
    'p.risk_level',
    'p.conclusion',
    'p.status',
    'p.return_reason',
    'p.submitted_at',
    'p.filed_at',
    'p.created_at',
    'p.updated_at',
    'p.version',
    'u.name as unit_name',
    'l.name as leader_name',
  ]);
}

export type ProjectJoinedRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

/** Only the projects this caller may see. */
function scoped(q: Joined, user: AuthUser): Joined {
  if (user.authType === AuthType.Staff) return q;
  if (user.authType === AuthType.MemberUnit) {
    if (!user.unitId) throw errors.forbidden();
    return q.where('p.unit_id', '=', user.unitId);
  }
  const practitionerId = user.practitionerId;
  if (!practitionerId) throw errors.forbidden();
  return q.where((eb) =>
    eb.or([
      eb('p.leader_practitioner_id', '=', practitionerId),
      eb.exists(
        eb
          .selectFrom('project_members as m')
          .select('m.project_id')
          .whereRef('m.project_id', '=', 'p.id')
          .where('m.practitioner_id', '=', practitionerId),
      ),
    ]),
  );
}

/** The actions of one project for this caller. */
export function actionsFor(user: AuthUser, row: { status: ProjectStatus; unit_id: string }): ProjectAction[] {
  return subjectActions(user, row, ACTION_RULES);
}

export function toRecord(user: AuthUser, row: ProjectJoinedRow): ProjectRecord {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    unitId: row.unit_id,
    unitName: row.unit_name,
    client: row.client,
    type: row.type,
    region: row.region,
    investment: row.investment_fen === null ? null : fenToWanYuan(Number(row.investment_fen)),
    leaderPractitionerId: row.leader_practitioner_id,
    leaderName: row.leader_name ?? null,
    startOn: row.start_on,
    endOn: row.end_on,
    riskLevel: row.risk_level,
    conclusion: row.conclusion,
    status: row.status,
    returnReason: row.return_reason,
    submittedAt: row.submitted_at,
    filedAt: row.filed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    actions: actionsFor(user, row),
    version: row.version,
  };
}

/** The filtered (and scoped) FROM of the list and the export. */
export function filteredBase(db: DbOrTrx, user: AuthUser, query: ProjectExportQuery): Joined {
  let base = scoped(joined(db), user);
  if (query.status) base = base.where('p.status', '=', query.status);
  if (query.type) base = base.where('p.type', '=', query.type);
  if (query.riskLevel) base = base.where('p.risk_level', '=', query.riskLevel);
  const region = query.region?.trim();
  if (region) base = base.where((eb) => matchesKeyword(eb, ['p.region'], region));
  if (query.year) {
    // Calendar dates are 'YYYY-MM-DD' text: a year is a text range (indexable, both dialects).
    base = base.where('p.start_on', '>=', `${query.year}-01-01`).where('p.start_on', '<=', `${query.year}-12-31`);
  }
  // A unit's own list ignores another unit's id (it is already scoped to its own).
  if (query.unitId && user.authType === AuthType.Staff) base = base.where('p.unit_id', '=', query.unitId);
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['p.name', 'p.code', 'p.client'], keyword));
  return base;
}

export function sortOf(query: { sort?: string }): Sort<SortColumn> {
  return parseSort<SortColumn>(query.sort, SORTABLE, { column: 'p.updated_at', direction: 'desc' });
}

/** The rows of a filtered base in the list's order (the export pages through the same). */
export function orderedRows(base: Joined, sort: Sort<SortColumn>) {
  return withColumns(base).orderBy(sort.column, sort.direction).orderBy('p.id');
}

export async function listProjects(db: DbOrTrx, user: AuthUser, query: ProjectListQuery): Promise<Page<ProjectRecord>> {
  const page = paging(query);
  const sort = sortOf(query);
  const { rows, total } = await fetchPage(filteredBase(db, user, query), page, (q) => orderedRows(q, sort));
  return { list: rows.map((r) => toRecord(user, r)), total, current: page.current, pageSize: page.pageSize };
}

/** One project as the list shows it, or undefined. No scope: callers check `visibleProject`. */
export async function findProject(db: DbOrTrx, id: string): Promise<ProjectJoinedRow | undefined> {
  return withColumns(joined(db).where('p.id', '=', id)).executeTakeFirst();
}

/** Whether this practitioner led or worked on the project. */
async function workedOn(db: DbOrTrx, practitionerId: string, row: { id: string; leader_practitioner_id: string | null }): Promise<boolean> {
  if (row.leader_practitioner_id === practitionerId) return true;
  const member = await db
    .selectFrom('project_members')
    .select('project_id')
    .where('project_id', '=', row.id)
    .where('practitioner_id', '=', practitionerId)
    .executeTakeFirst();
  return !!member;
}

/** The project if the caller may see it: 404 for a missing one, 403 for another's. */
export function visibleProject(db: DbOrTrx, user: AuthUser, row: ProjectJoinedRow | undefined): Promise<ProjectJoinedRow> {
  return visibleRecord(user, '项目', row, async (project) => !!user.practitionerId && (await workedOn(db, user.practitionerId, project)));
}

export async function projectDetail(db: DbOrTrx, user: AuthUser, id: string): Promise<ProjectDetail> {
  const row = await visibleProject(db, user, await findProject(db, id));
  const members = await db
    .selectFrom('project_members as m')
    .innerJoin('practitioners as pr', 'pr.id', 'm.practitioner_id')
    .select(['m.practitioner_id', 'm.role', 'm.sort', 'pr.name', 'pr.certificate_no'])
    .where('m.project_id', '=', id)
    .orderBy('m.sort')
    .orderBy('pr.name')
    .execute();
  const reports = (await attachmentsOf(db, 'project', [id], REPORT_SLOT)).get(id) ?? [];
  return {
    ...toRecord(user, row),
    members: members.map((m) => ({
      practitionerId: m.practitioner_id,
      name: m.name,
      certificateNo: m.certificate_no,
      role: m.role,
      leader: m.practitioner_id === row.leader_practitioner_id,
    })),
    reports: reports.map(toFileRef),
    reviewHistory: await reviewHistory(db, 'project', id),
    expertReviews: await projectReviews(db, id),
  };
}

/**
 * Files read rule: a report is readable by its project's unit and by the practitioners who led or
 * worked on it (staff by permission, server/files/holders.ts). Another unit gets nothing, whatever id it knows.
 */
export async function isReportOf(db: DbOrTrx, fileId: string, user: AuthUser | null): Promise<boolean> {
  if (!user || user.authType === AuthType.Staff) return false;
  const projects = await db
    .selectFrom('file_attachments as fa')
    .innerJoin('projects as p', 'p.id', 'fa.owner_id')
    .select(['p.id', 'p.unit_id', 'p.leader_practitioner_id'])
    .where('fa.owner_type', '=', 'project')
    .where('fa.file_id', '=', fileId)
    .execute();
  for (const project of projects) {
    if (user.authType === AuthType.MemberUnit && !!user.unitId && user.unitId === project.unit_id) return true;
    if (user.authType === AuthType.Practitioner && !!user.practitionerId && (await workedOn(db, user.practitionerId, project))) return true;
  }
  return false;
}
