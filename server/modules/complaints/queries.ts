/**
 * Reading complaints (docs/domain.md, "Complaints"): staff holding complaint:view see every one,
 * the complainant's name and, masked, phone and e-mail; a member unit sees the complaints about
 * itself once accepted (never a pending or declined one, never who complained); each row's
 * deadline as its reader waits on it, and what the caller may do with it. Also the complainant's
 * view through the query code, the public look-ups of the form, and the read rule of the files.
 */
import { sql } from 'kysely';
import { deadlineState } from '@common/complaintDeadlines';
import { AuthType, hasPermission } from '@common/permissions';
import type {
  ComplaintAction,
  ComplaintDeadline,
  ComplaintDetail,
  ComplaintExportQuery,
  ComplaintListItem,
  ComplaintListQuery,
  ComplaintOption,
  ComplaintProgress,
  ComplaintStepRecord,
} from '@common/schemas/complaints';
import type { Page } from '@common/schemas/common';
import { maskEmail } from '@common/validators';
import type { AuthUser } from '../../security/user';
import { attachmentsOf, SLOT_ATTACHMENT, toFileRef } from '../../content/files';
import { extensionOf } from '../../files/detect';
import { beijingDay } from '@common/calendar';
import { staffDue, unitDue } from '../../credit/complaintWork';
import { toBool } from '../../db/index';
import type { ComplaintStatus } from '@common/credit';
import type { DbOrTrx } from '../../db/types';
import { errors } from '../../http/errors';
import { fetchPage, matchesKeyword, paging, parseSort, type Sort } from '../../http/paging';
import { DAMAGED_TEXT, readPii, showPii, type FieldCipher } from '../../pii';

export const ENTITY = 'complaint';
export const NOUN = '投诉举报';
/** The unit's answer's files (the complainant's are in SLOT_ATTACHMENT). */
export const SLOT_ANSWER = 'answer';

/** The statuses in which the unit complained about sees a complaint: from the acceptance on. */
export const UNIT_VISIBLE_STATUSES: readonly ComplaintStatus[] = ['accepted', 'answered', 'concluded'];

export const complaintLink = (id: string) => `/Manage/complaint?id=${encodeURIComponent(id)}`;

const SORTABLE = {
  submittedAt: 'complaints.submitted_at',
  acceptDueOn: 'complaints.accept_due_on',
  concludeDueOn: 'complaints.conclude_due_on',
  complaintNo: 'complaints.complaint_no',
  updatedAt: 'complaints.updated_at',
} as const;
type SortColumn = (typeof SORTABLE)[keyof typeof SORTABLE];

function joined(db: DbOrTrx) {
  return db
    .selectFrom('complaints')
    .innerJoin('member_units as u', 'u.id', 'complaints.unit_id')
    .leftJoin('practitioners as p', 'p.id', 'complaints.practitioner_id')
    .leftJoin('projects as pr', 'pr.id', 'complaints.project_id');
}
type Joined = ReturnType<typeof joined>;

function withColumns(q: Joined) {
  return q.select([
    'complaints.id',
    'complaints.complaint_no',
    'complaints.kind',
    'complaints.anonymous',
    'complaints.complainant_name',
    'complaints.complainant_phone_enc',
    'complaints.complainant_email_enc',
    'complaints.unit_id',
    'complaints.practitioner_id',
    'complaints.project_id',
    'complaints.title',
    'complaints.content',
    'complaints.query_code_hash',
    'complaints.status',
    'complaints.submitted_at',
    'complaints.accept_due_on',
    'complaints.decided_at',
    'complaints.decided_by',
    'complaints.decision_reason',
    'complaints.answer_due_on',
    'complaints.conclude_due_on',
    'complaints.unit_answer',
    'complaints.answered_at',
    'complaints.answered_by',
    'complaints.conclusion',
    'complaints.handling',
    'complaints.concluded_at',
    'complaints.concluded_by',
    'complaints.erased_at',
    'complaints.updated_at',
    'complaints.version',
    'u.name as unit_name',
    'p.name as practitioner_name',
    'pr.name as project_name',
  ]);
}

export type ComplaintJoinedRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

const isStaff = (user: AuthUser) => user.authType === AuthType.Staff;

/** Staff every complaint; a unit its own from the acceptance on; anyone else nothing. */
function scoped(q: Joined, user: AuthUser): Joined {
  if (isStaff(user)) return q;
  if (user.authType !== AuthType.MemberUnit || !user.unitId) throw errors.forbidden();
  return q.where('complaints.unit_id', '=', user.unitId).where('complaints.status', 'in', [...UNIT_VISIBLE_STATUSES]);
}

/** Whether the unit may still answer on `today` (its answer's last day included). */
export const answerOpen = (row: Pick<ComplaintJoinedRow, 'status' | 'answer_due_on'>, today: string): boolean =>
  row.status === 'accepted' && !!row.answer_due_on && today <= row.answer_due_on;

/** Whether staff may conclude: the unit answered, or its time to answer is over. */
export const concludable = (row: Pick<ComplaintJoinedRow, 'status' | 'answer_due_on'>, today: string): boolean =>
  row.status === 'answered' || (row.status === 'accepted' && !!row.answer_due_on && today > row.answer_due_on);

export const hasContact = (row: Pick<ComplaintJoinedRow, 'complainant_phone_enc' | 'complainant_email_enc'>): boolean =>
  !!row.complainant_phone_enc || !!row.complainant_email_enc;

export function actionsFor(user: AuthUser, row: ComplaintJoinedRow, today: string): ComplaintAction[] {
  if (isStaff(user)) {
    const actions: ComplaintAction[] = [];
    if (hasPermission(user, 'complaint:handle')) {
      if (row.status === 'pending') actions.push('accept', 'decline');
      if (concludable(row, today)) actions.push('conclude');
    }
    if (hasPermission(user, 'complaint:reveal') && hasContact(row)) actions.push('reveal');
    return actions;
  }
  if (user.authType === AuthType.MemberUnit && user.unitId === row.unit_id && answerOpen(row, today)) return ['reply'];
  return [];
}

/**
 * The deadline the reader waits on now: staff the association's (acceptance, then conclusion),
 * the unit its answer's until it answered; none once decided for good.
 */
export function deadlineFor(user: AuthUser, row: ComplaintJoinedRow, today: string): ComplaintDeadline | null {
  const of = (step: ComplaintDeadline['step'], dueOn: string | null): ComplaintDeadline | null =>
    dueOn ? { step, dueOn, daysLeft: deadlineState(dueOn, today).daysLeft } : null;
  if (isStaff(user)) {
    if (row.status === 'pending') return of('accept', row.accept_due_on);
    if (row.status === 'accepted' || row.status === 'answered') return of('conclude', row.conclude_due_on);
    return null;
  }
  return row.status === 'accepted' ? of('answer', row.answer_due_on) : null;
}

/**
 * How the caller reads a stored instant: staff as it is; anyone else (the unit) by its Beijing
 * day only, so that the time of the submission (and of every step) cannot be matched against who
 * was where at that minute (README "个人信息保护与安全").
 */
function instantFor(user: AuthUser): <T extends string | null>(at: T) => T {
  if (isStaff(user)) return (at) => at;
  return <T extends string | null>(at: T) => (at === null ? at : (beijingDay(new Date(at)) as T));
}

export function toListItem(user: AuthUser, pii: FieldCipher, row: ComplaintJoinedRow, today: string): ComplaintListItem {
  const staff = isStaff(user);
  const when = instantFor(user);
  return {
    id: row.id,
    complaintNo: row.complaint_no,
    kind: row.kind,
    anonymous: staff ? toBool(row.anonymous) : null,
    unitId: row.unit_id,
    unitName: row.unit_name,
    practitionerName: row.practitioner_name,
    projectName: row.project_name,
    title: row.title,
    status: row.status,
    complainantName: staff ? row.complainant_name : null,
    complainantPhone: staff ? showPii(pii, row.complainant_phone_enc, 'phone', false) : null,
    submittedAt: when(row.submitted_at),
    acceptDueOn: row.accept_due_on,
    answerDueOn: row.answer_due_on,
    concludeDueOn: row.conclude_due_on,
    deadline: deadlineFor(user, row, today),
    conclusion: row.conclusion,
    updatedAt: when(row.updated_at),
    version: row.version,
    actions: actionsFor(user, row, today),
  };
}

/** The e-mail as staff see it: masked (the whole address through reveal). */
function maskedEmail(pii: FieldCipher, stored: string | null): string | null {
  const { value, damaged } = readPii(pii, stored);
  if (damaged) return DAMAGED_TEXT;
  return value ? maskEmail(value) : null;
}

export function filteredBase(db: DbOrTrx, user: AuthUser, query: ComplaintExportQuery, today: string): Joined {
  let base = scoped(joined(db), user);
  if (query.status) base = base.where('complaints.status', '=', query.status);
  if (query.kind) base = base.where('complaints.kind', '=', query.kind);
  if (query.conclusion) base = base.where('complaints.conclusion', '=', query.conclusion);
  if (query.unitId && isStaff(user)) base = base.where('complaints.unit_id', '=', query.unitId);
  if (query.due) base = base.where(isStaff(user) ? staffDue(query.due, today) : unitDue(query.due, today));
  // Submitted on Beijing calendar days: the instants of the first day's start and after the last day.
  if (query.submittedFrom) base = base.where('complaints.submitted_at', '>=', new Date(`${query.submittedFrom}T00:00:00+08:00`).toISOString());
  if (query.submittedTo) base = base.where('complaints.submitted_at', '<', new Date(Date.parse(`${query.submittedTo}T00:00:00+08:00`) + 86_400_000).toISOString());
  const keyword = query.keyword?.trim();
  if (keyword) {
    base = base.where((eb) =>
      isStaff(user)
        ? matchesKeyword(eb, ['complaints.complaint_no', 'complaints.title', 'u.name', 'complaints.complainant_name'], keyword)
        : matchesKeyword(eb, ['complaints.complaint_no', 'complaints.title'], keyword),
    );
  }
  return base;
}

export function sortOf(query: { sort?: string }): Sort<SortColumn> {
  return parseSort<SortColumn>(query.sort, SORTABLE, { column: 'complaints.submitted_at', direction: 'desc' });
}

export function orderedRows(base: Joined, sort: Sort<SortColumn>) {
  return withColumns(base).orderBy(sort.column, sort.direction).orderBy('complaints.id');
}

export async function listComplaints(db: DbOrTrx, pii: FieldCipher, user: AuthUser, query: ComplaintListQuery, now: Date): Promise<Page<ComplaintListItem>> {
  const today = beijingDay(now);
  const page = paging(query);
  const sort = sortOf(query);
  const { rows, total } = await fetchPage(filteredBase(db, user, query, today), page, (q) => orderedRows(q, sort));
  return { list: rows.map((r) => toListItem(user, pii, r, today)), total, current: page.current, pageSize: page.pageSize };
}

export async function findComplaint(db: DbOrTrx, id: string): Promise<ComplaintJoinedRow | undefined> {
  return withColumns(joined(db).where('complaints.id', '=', id)).executeTakeFirst();
}

/**
 * The complaint if the caller may read it: staff every one; its unit once accepted. Another
 * unit's is forbidden; the unit's own before acceptance (pending, declined) is "not found", so
 * that a unit never learns of a complaint the association did not take up.
 */
export async function visibleComplaint(db: DbOrTrx, user: AuthUser, id: string): Promise<ComplaintJoinedRow> {
  const row = await findComplaint(db, id);
  if (!row) throw errors.notFound(NOUN);
  if (isStaff(user)) return row;
  if (user.authType !== AuthType.MemberUnit || !user.unitId || user.unitId !== row.unit_id) throw errors.forbidden();
  if (!UNIT_VISIBLE_STATUSES.includes(row.status)) throw errors.notFound(NOUN);
  return row;
}

/**
 * Steps in the order they happen: by time, and within one instant (a test clock, two steps in
 * one millisecond) by the workflow's order.
 */
const STEP_RANK = sql<number>`case step when 'submitted' then 0 when 'accepted' then 1 when 'declined' then 1 when 'answered' then 2 else 3 end`;

async function stepsOf(db: DbOrTrx, id: string, user: AuthUser): Promise<ComplaintStepRecord[]> {
  const staff = isStaff(user);
  const when = instantFor(user);
  const rows = await db
    .selectFrom('complaint_steps as s')
    .leftJoin('accounts as a', 'a.id', 's.actor_id')
    .select(['s.step', 's.at', 's.public_note', 'a.name as actor_name'])
    .where('s.complaint_id', '=', id)
    .orderBy('s.at')
    .orderBy(STEP_RANK)
    .orderBy('s.id')
    .execute();
  // The unit reads what happened, not which member of staff did it.
  return rows.map((r) => ({ step: r.step, at: when(r.at), note: r.public_note, actorName: staff ? r.actor_name : null }));
}

export async function complaintDetail(db: DbOrTrx, pii: FieldCipher, user: AuthUser, id: string, now: Date): Promise<ComplaintDetail> {
  const row = await visibleComplaint(db, user, id);
  const staff = isStaff(user);
  const when = instantFor(user);
  const [files, answerFiles, steps] = await Promise.all([
    attachmentsOf(db, 'complaint', [id], SLOT_ATTACHMENT),
    attachmentsOf(db, 'complaint', [id], SLOT_ANSWER),
    stepsOf(db, id, user),
  ]);
  const complainantFiles = (files.get(id) ?? []).map(toFileRef);
  return {
    ...toListItem(user, pii, row, beijingDay(now)),
    content: row.content,
    complainantEmail: staff ? maskedEmail(pii, row.complainant_email_enc) : null,
    erasedAt: staff ? row.erased_at : null,
    practitionerId: row.practitioner_id,
    projectId: row.project_id,
    decisionNote: row.decision_reason,
    decidedAt: when(row.decided_at),
    unitAnswer: row.unit_answer,
    answeredAt: when(row.answered_at),
    handling: row.handling,
    concludedAt: when(row.concluded_at),
    files: seesOriginalNames(user) ? complainantFiles : complainantFiles.map((f, i) => ({ ...f, name: neutralAttachmentName(i, f.name) })),
    answerFiles: (answerFiles.get(id) ?? []).map(toFileRef),
    steps,
  };
}

// ---- the complainant's view ------------------------------------------------------------------

/** What the query code opens (see ComplaintProgress): never the content, the complainant or staff's names. */
export async function progressOf(db: DbOrTrx, row: ComplaintJoinedRow): Promise<ComplaintProgress> {
  const steps = await db
    .selectFrom('complaint_steps')
    .select(['step', 'at', 'public_note'])
    .where('complaint_id', '=', row.id)
    .orderBy('at')
    .orderBy(STEP_RANK)
    .orderBy('id')
    .execute();
  return {
    complaintNo: row.complaint_no,
    kind: row.kind,
    unitName: row.unit_name,
    submittedOn: beijingDay(new Date(row.submitted_at)),
    status: row.status,
    steps: steps.map((s) => ({ step: s.step, at: s.at, note: s.public_note })),
    outcome:
      row.status === 'concluded' && row.conclusion && row.handling && row.concluded_at
        ? { conclusion: row.conclusion, handling: row.handling, concludedOn: beijingDay(new Date(row.concluded_at)) }
        : null,
  };
}

export async function findByNumber(db: DbOrTrx, complaintNo: string): Promise<ComplaintJoinedRow | undefined> {
  return withColumns(joined(db).where('complaints.complaint_no', '=', complaintNo)).executeTakeFirst();
}

// ---- the public form's look-ups --------------------------------------------------------------

/** Enough for every member unit; the form's search filters by name beyond that. */
const UNITS_LIMIT = 500;
const PEOPLE_LIMIT = 20;

/** Approved member units, by name: whom a complaint may be about. */
export async function unitOptions(db: DbOrTrx, keyword: string | undefined): Promise<ComplaintOption[]> {
  let q = db.selectFrom('member_units').select(['id', 'name']).where('status', '=', 'approved');
  const k = keyword?.trim();
  if (k) q = q.where((eb) => matchesKeyword(eb, ['name'], k));
  return q.orderBy('name').orderBy('id').limit(UNITS_LIMIT).execute();
}

/** An approved unit's id, or undefined: the look-ups answer nothing for any other id. */
export async function approvedUnit(db: DbOrTrx, unitId: string): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('member_units').select(['id', 'name']).where('id', '=', unitId).where('status', '=', 'approved').executeTakeFirst();
}

/** The unit's approved practitioners whose name contains `keyword` (names only). */
export async function practitionerOptions(db: DbOrTrx, unitId: string, keyword: string): Promise<ComplaintOption[]> {
  if (!(await approvedUnit(db, unitId))) return [];
  return db
    .selectFrom('practitioners')
    .select(['id', 'name'])
    .where('unit_id', '=', unitId)
    .where('status', '=', 'approved')
    .where((eb) => matchesKeyword(eb, ['name'], keyword.trim()))
    .orderBy('name')
    .orderBy('id')
    .limit(PEOPLE_LIMIT)
    .execute();
}

/** The unit's projects on file (submitted or filed) whose name contains `keyword`. */
export async function projectOptions(db: DbOrTrx, unitId: string, keyword: string): Promise<ComplaintOption[]> {
  if (!(await approvedUnit(db, unitId))) return [];
  return db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('unit_id', '=', unitId)
    .where('status', 'in', ['submitted', 'filed'])
    .where((eb) => matchesKeyword(eb, ['name'], keyword.trim()))
    .orderBy('name')
    .orderBy('id')
    .limit(PEOPLE_LIMIT)
    .execute();
}

// ---- files -----------------------------------------------------------------------------------

/**
 * Who reads the complainant's own file names (举报人王小明_13800138000.jpg): staff who handle
 * complaints, who know the complainant anyway. Everyone else (the unit complained about, a signed
 * address without a token) reads 附件1.jpg, 附件2.pdf, … in the complaint's order.
 */
function seesOriginalNames(user: AuthUser | null): boolean {
  return !!user && isStaff(user) && (hasPermission(user, 'complaint:view') || hasPermission(user, 'complaint:handle'));
}

/** 附件1.jpg: the position in the complaint and the stored name's extension (the detected type's, server/files/names.ts). */
export function neutralAttachmentName(index: number, storedName: string): string {
  const ext = extensionOf(storedName);
  return `附件${index + 1}${ext ? `.${ext}` : ''}`;
}

/** The file-name rule (server/files/displayNames.ts) of the complainant's attachments. */
export async function complaintFileName(db: DbOrTrx, file: { fileId: string; name: string }, user: AuthUser | null): Promise<string | null> {
  if (seesOriginalNames(user)) return null;
  const slot = await db
    .selectFrom('file_attachments')
    .select('sort')
    .where('owner_type', '=', 'complaint')
    .where('slot', '=', SLOT_ATTACHMENT)
    .where('file_id', '=', file.fileId)
    .limit(1)
    .executeTakeFirst();
  return slot ? neutralAttachmentName(Number(slot.sort), file.name) : null;
}

/**
 * Files read rule: the complainant's attachments and the unit's answer's files open to the unit
 * complained about from the acceptance on (staff by permission, server/files/holders.ts; the
 * unit's own uploads to it as their uploader).
 */
export async function isComplaintFileOf(db: DbOrTrx, fileId: string, user: AuthUser | null): Promise<boolean> {
  if (!user || user.authType !== AuthType.MemberUnit || !user.unitId) return false;
  const row = await db
    .selectFrom('file_attachments as fa')
    .innerJoin('complaints as c', 'c.id', 'fa.owner_id')
    .select('fa.file_id')
    .where('fa.owner_type', '=', 'complaint')
    .where('fa.file_id', '=', fileId)
    .where('c.unit_id', '=', user.unitId)
    .where('c.status', 'in', [...UNIT_VISIBLE_STATUSES])
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
