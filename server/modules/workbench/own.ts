/**
 * A member unit's or a practitioner's own workbench: what they have to do (correct what was
 * returned, submit the open year's inspection, release a unit change), the state and validity of
 * their certificate, and their inspection. Only rows of the caller's own unit or own record are
 * read; each figure is an aggregate over an index (unit_id, …).
 */
import { AuthType } from '@common/permissions';
import { CERTIFICATE_EXPIRING_DAYS, type OwnWorkbench, type WorkbenchCertificate, type WorkbenchInspection, type WorkbenchTodo } from '@common/schemas/workbench';
import type { AuthUser } from '../../security/user';
import { beijingDay } from '@common/calendar';
import type { CertificateKind, DbOrTrx } from '../../db/types';
import { errors } from '../../http/errors';
import { revisionsOwed } from '../../quality/workbench';
import { answersOwed } from '../../credit/complaintWork';

const DAY_MS = 86_400_000;

const MEMBER_STATUS_LABELS: Record<string, string> = {
  pending: '入会申请待审核',
  approved: '会员单位',
  rejected: '入会申请被驳回',
  suspended: '会员资格已暂停',
  cancelled: '会员资格已注销',
};
const PRACTITIONER_STATUS_LABELS: Record<string, string> = {
  pending: '登记待审核',
  approved: '已登记',
  rejected: '登记被驳回',
  left: '已离职',
};

function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY_MS);
}

/** The holder's latest certificate and what it means today. */
async function certificateOf(db: DbOrTrx, kind: CertificateKind, holderId: string, today: string): Promise<WorkbenchCertificate> {
  const row = await db
    .selectFrom('certificates')
    .select(['number', 'issued_on', 'valid_until', 'status'])
    .where('holder_type', '=', kind)
    .where('holder_id', '=', holderId)
    .orderBy('issued_on', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { state: 'none', number: null, issuedOn: null, validUntil: null, daysLeft: null };
  const daysLeft = daysBetween(today, row.valid_until);
  const state = row.status === 'revoked' ? 'revoked' : daysLeft < 0 ? 'expired' : daysLeft <= CERTIFICATE_EXPIRING_DAYS ? 'expiring' : 'valid';
  return { state, number: row.number, issuedOn: row.issued_on, validUntil: row.valid_until, daysLeft };
}

/** The open inspection year (the latest if several), else the latest year; null when none was opened. */
async function inspectionYear(db: DbOrTrx): Promise<{ year: number; deadline: string; status: string } | undefined> {
  const open = await db.selectFrom('annual_inspection_years').select(['year', 'deadline', 'status']).where('status', '=', 'open').orderBy('year', 'desc').limit(1).executeTakeFirst();
  return open ?? db.selectFrom('annual_inspection_years').select(['year', 'deadline', 'status']).orderBy('year', 'desc').limit(1).executeTakeFirst();
}

async function inspectionOf(
  db: DbOrTrx,
  year: { year: number; deadline: string; status: string } | undefined,
  subjectType: 'unit' | 'practitioner',
  subjectId: string,
): Promise<WorkbenchInspection | null> {
  if (!year) return null;
  const row = await db
    .selectFrom('annual_inspections')
    .select(['status', 'review_comment'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('year', '=', year.year)
    .executeTakeFirst();
  const open = year.status === 'open';
  return { year: year.year, deadline: open ? year.deadline : null, open, status: row?.status ?? 'not_submitted', comment: row?.review_comment ?? null };
}

const todo = (key: string, label: string, count: number, link: string): WorkbenchTodo => ({ key, label, count, link });
const n = (value: number | string | bigint | undefined | null) => Number(value ?? 0);

async function unitWorkbench(db: DbOrTrx, unitId: string, today: string): Promise<OwnWorkbench> {
  const unit = await db.selectFrom('member_units').select(['name', 'status']).where('id', '=', unitId).executeTakeFirst();
  if (!unit) throw errors.notFound('会员单位');
  const year = await inspectionYear(db);
  const [practitioners, projects, inspections, releases, certificate, inspection, revisions, answers] = await Promise.all([
    db.selectFrom('practitioners').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('unit_id', '=', unitId).where('status', 'in', ['pending', 'rejected']).groupBy('status').execute(),
    db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n')).where('unit_id', '=', unitId).where('status', '=', 'returned').executeTakeFirst(),
    // Returned ones of any year; not submitted ones of the open year only.
    db
      .selectFrom('annual_inspections')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('unit_id', '=', unitId)
      .where((eb) => eb.or([eb('status', '=', 'returned'), eb.and([eb('status', '=', 'not_submitted'), eb('year', '=', year?.status === 'open' ? year.year : -1)])]))
      .groupBy('status')
      .execute(),
    db.selectFrom('unit_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('from_unit_id', '=', unitId).where('status', '=', 'requested').executeTakeFirst(),
    certificateOf(db, 'unit', unitId, today),
    inspectionOf(db, year, 'unit', unitId),
    revisionsOwed(db, unitId),
    answersOwed(db, unitId, today),
  ]);
  const practitionersBy = new Map(practitioners.map((r) => [r.status, n(r.n)]));
  const inspectionsBy = new Map(inspections.map((r) => [r.status, n(r.n)]));
  const todos: WorkbenchTodo[] = [];
  if (unit.status === 'rejected') todos.push(todo('registration', '入会申请被驳回，请修改后重新提交', 1, '/Manage/memberInfo'));
  todos.push(
    todo('inspection-not-submitted', `${year?.year ?? ''}年度年检未提交（本单位及从业人员）`, inspectionsBy.get('not_submitted') ?? 0, '/Manage/annual-inspection-record?status=not_submitted'),
    todo('inspection-returned', '被退回待修改的年检', inspectionsBy.get('returned') ?? 0, '/Manage/annual-inspection-record?status=returned'),
    todo('project-returned', '被退回待修改的项目', n(projects?.n), '/Manage/project-management?status=returned'),
    todo('practitioner-rejected', '被驳回待修改的从业人员登记', practitionersBy.get('rejected') ?? 0, '/Manage/employee-management?status=rejected'),
    todo('practitioner-pending', '待协会审核的从业人员登记', practitionersBy.get('pending') ?? 0, '/Manage/employee-management?status=pending'),
    todo('unit-change-release', '待本单位放行的调出申请', n(releases?.n), '/Manage/employee-unit-change?status=requested'),
    todo('review-revision', '评审结论为修改后通过、待提交修改稿的项目', revisions.count, revisions.link),
    todo('complaint-answer', '已受理、待本单位书面申辩的投诉举报', answers.count, answers.link),
  );
  return { name: unit.name, status: MEMBER_STATUS_LABELS[unit.status] ?? unit.status, todos, certificate, inspection };
}

async function practitionerWorkbench(db: DbOrTrx, practitionerId: string, today: string): Promise<OwnWorkbench> {
  const person = await db.selectFrom('practitioners').select(['name', 'status']).where('id', '=', practitionerId).executeTakeFirst();
  if (!person) throw errors.notFound('从业人员');
  const year = await inspectionYear(db);
  const [certificate, inspection, changes] = await Promise.all([
    certificateOf(db, 'practitioner', practitionerId, today),
    inspectionOf(db, year, 'practitioner', practitionerId),
    db.selectFrom('unit_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('practitioner_id', '=', practitionerId).where('status', 'in', ['requested', 'released']).executeTakeFirst(),
  ]);
  const todos: WorkbenchTodo[] = [];
  if (inspection?.open && inspection.status === 'not_submitted') {
    todos.push(todo('inspection-not-submitted', `${inspection.year}年度年检未提交`, 1, '/Manage/annual-inspection-record'));
  }
  if (inspection?.status === 'returned') todos.push(todo('inspection-returned', '年检被退回，请修改后重新提交', 1, '/Manage/annual-inspection-record'));
  if (person.status === 'rejected') todos.push(todo('registration', '从业人员登记被驳回，请联系所在单位修改', 1, '/Manage/employee-management'));
  todos.push(todo('unit-change-open', '办理中的单位变更申请', n(changes?.n), '/Manage/employee-unit-change'));
  return { name: person.name, status: PRACTITIONER_STATUS_LABELS[person.status] ?? person.status, todos, certificate, inspection };
}

/** The caller's own workbench; `today` is the Beijing calendar day. */
export async function ownWorkbench(db: DbOrTrx, user: AuthUser, now: Date): Promise<OwnWorkbench> {
  const today = beijingDay(now);
  if (user.authType === AuthType.Practitioner) {
    if (!user.practitionerId) throw errors.forbidden();
    return practitionerWorkbench(db, user.practitionerId, today);
  }
  if (!user.unitId) throw errors.forbidden();
  return unitWorkbench(db, user.unitId, today);
}
