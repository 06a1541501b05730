/**
 * msw handlers for /annual-inspection-years and /annual-inspections, stateful like the server:
 * each account's scope (staff all with inspection:view, the fixture unit its own record and its
 * practitioners', the fixture practitioner only their own), the filters, the per-state counts,
 * opening a year (once), closing it, the submission (from not submitted or returned, while the
 * year is open), the batch submission (each record alone: what was submitted, what was refused
 * and why), the training hours on record (knownTrainingHours) and the decisions (通过 extends the certificate by a year; 不通过 and 退回修改
 * need a reason), with the server's words and a 409 on a stale version.
 *
 * `resetInspectionsMock()` (through `resetMockState()`, after each test) restores the fixtures.
 *
 *   inspectionsDb.records / inspectionsDb.years   // the state now (mutable)
 *   inspectionCallsTo('post', '/annual-inspections/insp-unit-1/submit')
 */
import { http, type HttpHandler } from 'msw';
import { FORBIDDEN_MESSAGE, notFoundMessage, STALE_VERSION_MESSAGE } from '@common/messages';
import {
  INSPECTION_MESSAGES as M,
  INSPECTION_STATUS_LABELS,
  type InspectionAction,
  type InspectionBatchSubmitBody,
  type InspectionBatchSubmitResult,
  type InspectionCounts,
  type InspectionDetail,
  type InspectionRecord,
  type InspectionStatusValue,
  type InspectionSubmitBody,
  type InspectionYearRecord,
} from '@common/schemas/inspections';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME } from './fixtures';
import { ALL_KINDS, apiPath, bad, beijingToday, bump, callLog, done, download, forbidden, guard, hasKeyword, matching, notFound, pageOf, reviewEntry, stale, type ApiCall, type FixtureAccount } from './kit';

export const INSPECTION_OTHER_UNIT_ID = 'unit-0002';
export const INSPECTION_OTHER_UNIT_NAME = '另一家评估咨询有限公司';
export const MOCK_INSPECTION_YEAR = 2026;

const log = callLog();
export type InspectionCall = ApiCall;
export const inspectionCalls = log.calls;
export const inspectionCallsTo = log.to;

/* ---------- fixtures ---------- */

interface MockYear {
  id: string;
  year: number;
  deadline: string;
  status: 'open' | 'closed';
  openedAt: string;
  openedByName: string | null;
  version: number;
}

type MockInspection = Omit<InspectionDetail, 'overdue' | 'actions' | 'deadline' | 'yearStatus'>;

const T0 = '2026-09-15T01:00:00.000Z';

function record(id: string, fields: Partial<MockInspection>): MockInspection {
  return {
    id,
    year: MOCK_INSPECTION_YEAR,
    subjectType: 'unit',
    subjectId: FIXTURE_UNIT_ID,
    subjectName: FIXTURE_UNIT_NAME,
    unitId: FIXTURE_UNIT_ID,
    unitName: FIXTURE_UNIT_NAME,
    status: 'not_submitted',
    selfReport: null,
    projectsDone: null,
    trainingHours: null,
    knownTrainingHours: null,
    submittedAt: null,
    reviewerName: null,
    reviewComment: null,
    reviewedAt: null,
    certificateValidUntil: '2027-04-30',
    updatedAt: T0,
    version: 0,
    files: [],
    reviewHistory: [],
    ...fields,
  };
}

function yearFixtures(): MockYear[] {
  return [
    { id: 'year-2026', year: 2026, deadline: '2099-12-31', status: 'open', openedAt: T0, openedByName: '系统管理员', version: 0 },
    { id: 'year-2025', year: 2025, deadline: '2025-12-31', status: 'closed', openedAt: '2025-09-15T01:00:00.000Z', openedByName: '系统管理员', version: 1 },
  ];
}

function recordFixtures(): MockInspection[] {
  return [
    // The unit's practitioners' registered hours summed; 李评估's own record says 36.
    record('insp-unit-1', { knownTrainingHours: 76 }),
    record('insp-prac-1', {
      subjectType: 'practitioner',
      subjectId: 'practitioner-0001',
      subjectName: '李评估',
      status: 'returned',
      knownTrainingHours: 36,
      selfReport: '参与稳评项目4项。',
      projectsDone: 4,
      trainingHours: 30,
      submittedAt: '2026-10-10T01:00:00.000Z',
      reviewerName: '系统管理员',
      reviewComment: '培训学时证明缺失，请补充后重新提交',
      reviewedAt: '2026-10-12T02:00:00.000Z',
      version: 2,
      reviewHistory: [
        reviewEntry('review-1', {
          what: 'annual_inspection',
          status: 'returned',
          submittedAt: '2026-10-10T01:00:00.000Z',
          submittedByName: '李评估',
          decidedAt: '2026-10-12T02:00:00.000Z',
          decidedByName: '系统管理员',
          comment: '培训学时证明缺失，请补充后重新提交',
        }),
      ],
    }),
    record('insp-prac-6', {
      subjectType: 'practitioner',
      subjectId: 'practitioner-0006',
      subjectName: '周待审',
      status: 'submitted',
      selfReport: '主持稳评项目3项，参加培训40学时。',
      projectsDone: 3,
      trainingHours: 40,
      submittedAt: '2026-11-02T01:00:00.000Z',
      certificateValidUntil: '2027-06-30',
      version: 1,
      files: [{ fileId: '3f2b8c1e-7d4a-4b6e-9c1f-2a5d8e7f6b3c', name: '培训证明.pdf', size: 20480, contentType: 'application/pdf' }],
      reviewHistory: [reviewEntry('review-2', { what: 'annual_inspection', submittedAt: '2026-11-02T01:00:00.000Z', submittedByName: FIXTURE_UNIT_NAME })],
    }),
    record('insp-unit-2', {
      subjectId: INSPECTION_OTHER_UNIT_ID,
      subjectName: INSPECTION_OTHER_UNIT_NAME,
      unitId: INSPECTION_OTHER_UNIT_ID,
      unitName: INSPECTION_OTHER_UNIT_NAME,
      status: 'passed',
      selfReport: '本年度完成稳评项目12项。',
      projectsDone: 12,
      trainingHours: 200,
      submittedAt: '2026-10-01T01:00:00.000Z',
      reviewerName: '系统管理员',
      reviewComment: '合格',
      reviewedAt: '2026-10-08T01:00:00.000Z',
      version: 2,
    }),
  ];
}

export const inspectionsDb: { years: MockYear[]; records: MockInspection[] } = { years: yearFixtures(), records: recordFixtures() };

export function resetInspectionsMock(): void {
  inspectionsDb.years = yearFixtures();
  inspectionsDb.records = recordFixtures();
  log.clear();
}

/* ---------- plumbing ---------- */

const UNSUBMITTED: InspectionStatusValue[] = ['not_submitted', 'returned'];
const PENDING: InspectionStatusValue[] = ['submitted', 'resubmitted'];

function canSee(a: FixtureAccount, r: MockInspection): boolean {
  if (a.user.authType === 1) return true;
  if (a.user.authType === 2) return a.user.unitId === r.unitId;
  return r.subjectType === 'practitioner' && r.subjectId === a.user.practitionerId;
}

const yearOf = (year: number) => inspectionsDb.years.find((y) => y.year === year);

function actionsFor(a: FixtureAccount, r: MockInspection): InspectionAction[] {
  if (yearOf(r.year)?.status !== 'open') return [];
  if (a.user.authType === 1) return a.user.permissions.includes('inspection:review') && PENDING.includes(r.status) ? ['approve', 'reject', 'return'] : [];
  return canSee(a, r) && UNSUBMITTED.includes(r.status) ? ['submit'] : [];
}

function toDetail(a: FixtureAccount, r: MockInspection): InspectionDetail {
  const y = yearOf(r.year);
  const deadline = y?.deadline ?? '';
  return { ...r, deadline, yearStatus: y?.status ?? 'closed', overdue: UNSUBMITTED.includes(r.status) && deadline < beijingToday(), actions: actionsFor(a, r) };
}

function toRecord(a: FixtureAccount, r: MockInspection): InspectionRecord {
  const { files: _files, reviewHistory: _history, ...rest } = toDetail(a, r);
  return rest;
}

function countsOf(items: MockInspection[], deadline: string): InspectionCounts {
  const n = (statuses: InspectionStatusValue[]) => items.filter((r) => statuses.includes(r.status)).length;
  return {
    total: items.length,
    notSubmitted: n(['not_submitted']),
    submitted: n(PENDING),
    returned: n(['returned']),
    passed: n(['passed']),
    failed: n(['failed']),
    overdue: deadline < beijingToday() ? n(UNSUBMITTED) : 0,
  };
}

function yearRecord(a: FixtureAccount, y: MockYear): InspectionYearRecord {
  const items = inspectionsDb.records.filter((r) => r.year === y.year && canSee(a, r));
  return { ...y, pastDeadline: y.deadline < beijingToday(), counts: countsOf(items, y.deadline) };
}

function filtered(a: FixtureAccount, params: URLSearchParams): MockInspection[] {
  const overdue = params.get('overdue');
  const matches = matching<MockInspection>(params, {
    year: (r, year) => r.year === Number(year),
    subjectType: 'subjectType',
    status: (r, status) => (status === 'submitted' ? PENDING.includes(r.status) : r.status === status),
    unitId: 'unitId',
    keyword: (r, keyword) => hasKeyword(keyword, [r.subjectName, r.unitName]),
  });
  // Unlike the other filters, an empty `overdue=` is not "no filter": it matches nothing.
  return inspectionsDb.records.filter((r) => canSee(a, r) && matches(r) && (overdue === null || String(toDetail(a, r).overdue) === overdue));
}

function addYear(day: string): string {
  return `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
}

/* ---------- handlers ---------- */

export const inspectionsHandlers: HttpHandler[] = [
  http.get(apiPath('/annual-inspection-years'), async ({ request }) => {
    const account = await log.guard(request, 'inspection:view', ALL_KINDS);
    if (account instanceof Response) return account;
    return done([...inspectionsDb.years].sort((x, y) => y.year - x.year).map((y) => yearRecord(account, y)));
  }),

  http.post(apiPath('/annual-inspection-years'), async ({ request }) => {
    const account = await log.guard(request, 'inspection:manage', [1]);
    if (account instanceof Response) return account;
    const body = (await request.json()) as { year?: number; deadline?: string } | null;
    if (!body?.year || !body.deadline) return bad('年度、截止日期不能为空');
    if (yearOf(body.year)) return bad(M.yearExists(body.year));
    if (body.deadline < beijingToday()) return bad(M.deadlineBeforeToday);
    inspectionsDb.years.push({ id: `year-${body.year}`, year: body.year, deadline: body.deadline, status: 'open', openedAt: new Date().toISOString(), openedByName: account.user.name, version: 0 });
    // The fixture unit and its approved practitioner become subjects, as every approved one does on the server.
    inspectionsDb.records.push(
      record(`insp-${body.year}-unit-1`, { year: body.year }),
      record(`insp-${body.year}-prac-1`, { year: body.year, subjectType: 'practitioner', subjectId: 'practitioner-0001', subjectName: '李评估' }),
    );
    return done({ id: `year-${body.year}` }, `已开启${body.year}年度年检，共 2 个年检对象`);
  }),

  http.post(apiPath('/annual-inspection-years/:year/close'), async ({ request, params }) => {
    const account = await log.guard(request, 'inspection:manage', [1]);
    if (account instanceof Response) return account;
    const y = yearOf(Number(params.year));
    if (!y) return bad(M.yearNotFound(Number(params.year)), 404);
    const body = (await request.json()) as { version?: number } | null;
    if (body?.version !== y.version) return stale();
    if (y.status !== 'open') return bad(M.yearAlreadyClosed(y.year));
    const waiting = inspectionsDb.records.filter((r) => r.year === y.year && PENDING.includes(r.status)).length;
    if (waiting > 0) return bad(`${y.year}年度尚有 ${waiting} 份年检等待审核，请审核后再关闭`);
    Object.assign(y, { status: 'closed', version: y.version + 1 });
    return done(null, `${y.year}年度年检已关闭`);
  }),

  http.get(apiPath('/annual-inspections'), async ({ request }) => {
    const account = await log.guard(request, 'inspection:view', ALL_KINDS);
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    return done(pageOf(filtered(account, params).map((r) => toRecord(account, r)), params));
  }),

  // Before /annual-inspections/:id.
  http.get(apiPath('/annual-inspections/export'), async ({ request }) => {
    const account = await log.guard(request, 'inspection:export', [1, 2]);
    if (account instanceof Response) return account;
    if (!new URL(request.url).searchParams.get('year')) return bad(M.yearRequiredForExport);
    return download('年检.xlsx');
  }),

  http.get(apiPath('/annual-inspections/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'inspection:view', ALL_KINDS);
    if (account instanceof Response) return account;
    const r = inspectionsDb.records.find((x) => x.id === params.id);
    if (!r) return notFound('年检记录');
    if (!canSee(account, r)) return forbidden();
    return done(toDetail(account, r));
  }),

  // Before /annual-inspections/:id/:action.
  http.post(apiPath('/annual-inspections/batch-submit'), async ({ request }) => {
    const account = await log.guard(request, null, [2, 3]);
    if (account instanceof Response) return account;
    const body = (await request.json()) as InspectionBatchSubmitBody | null;
    if (!body?.items?.length) return bad('年检不能为空');
    const result: InspectionBatchSubmitResult = { submitted: [], refused: [] };
    const seen = new Set<string>();
    for (const item of body.items) {
      const r = inspectionsDb.records.find((x) => x.id === item.id);
      const name = r && canSee(account, r) ? r.subjectName : null;
      const refuse = (reason: string) => result.refused.push({ id: item.id, subjectName: name, reason });
      if (seen.has(item.id)) refuse(M.batchDuplicate);
      else if (!r) refuse(notFoundMessage('年检记录'));
      else if (!canSee(account, r)) refuse(FORBIDDEN_MESSAGE);
      else if (yearOf(r.year)?.status !== 'open') refuse(M.yearClosed(r.year));
      else if (PENDING.includes(r.status)) refuse(M.alreadySubmitted);
      else if (!UNSUBMITTED.includes(r.status)) refuse(M.alreadyDecided(INSPECTION_STATUS_LABELS[r.status]));
      else if (item.version !== r.version) refuse(STALE_VERSION_MESSAGE);
      else if (!body.selfReport?.trim()) refuse(M.selfReportRequired);
      else {
        const next: InspectionStatusValue = r.status === 'returned' ? 'resubmitted' : 'submitted';
        bump(r, { status: next, selfReport: body.selfReport.trim(), projectsDone: item.projectsDone, trainingHours: item.trainingHours, submittedAt: new Date().toISOString() });
        result.submitted.push({ id: r.id, subjectName: r.subjectName, status: next });
      }
      seen.add(item.id);
    }
    return done(result, M.batchSubmitted(result.submitted.length, result.refused.length));
  }),

  http.post(apiPath('/annual-inspections/:id/:action'), async ({ request, params }) => {
    await log.record(request);
    const action = String(params.action) as InspectionAction;
    const submitting = action === 'submit';
    if (!['submit', 'approve', 'reject', 'return'].includes(action)) return bad('不支持的操作', 404);
    const account = guard(request, submitting ? null : 'inspection:review', submitting ? [2, 3] : [1]);
    if (account instanceof Response) return account;
    const r = inspectionsDb.records.find((x) => x.id === params.id);
    if (!r) return notFound('年检记录');
    if (!canSee(account, r)) return forbidden(account.user.authType === 3 ? M.notYourself : M.notYourSubject);
    if (yearOf(r.year)?.status !== 'open') return bad(M.yearClosed(r.year));
    const body = ((await request.json()) ?? {}) as Partial<InspectionSubmitBody> & { reason?: string; comment?: string; version?: number };
    if (body.version !== undefined && body.version !== r.version) return stale();
    const now = new Date().toISOString();
    if (submitting) {
      if (PENDING.includes(r.status)) return bad(M.alreadySubmitted);
      if (!UNSUBMITTED.includes(r.status)) return bad(M.alreadyDecided(INSPECTION_STATUS_LABELS[r.status]));
      if (!body.selfReport?.trim()) return bad(M.selfReportRequired);
      const next: InspectionStatusValue = r.status === 'returned' ? 'resubmitted' : 'submitted';
      bump(r, { status: next, selfReport: body.selfReport.trim(), projectsDone: body.projectsDone ?? 0, trainingHours: body.trainingHours ?? 0, submittedAt: now });
      return done(null, next === 'resubmitted' ? '年检已重新提交，等待协会审核' : '年检已提交，等待协会审核');
    }
    if (!PENDING.includes(r.status)) return bad(M.notPending(INSPECTION_STATUS_LABELS[r.status]));
    if (action !== 'approve' && !body.reason?.trim()) return bad(M.reasonRequired(action === 'reject' ? '不通过' : '退回'));
    const status: InspectionStatusValue = action === 'approve' ? 'passed' : action === 'reject' ? 'failed' : 'returned';
    const validUntil = status === 'passed' && r.certificateValidUntil ? addYear(r.certificateValidUntil) : null;
    bump(r, {
      status,
      reviewerName: account.user.name,
      reviewComment: (action === 'approve' ? body.comment : body.reason)?.trim() || null,
      reviewedAt: now,
      ...(validUntil ? { certificateValidUntil: validUntil } : {}),
    });
    const message = action === 'approve' ? (validUntil ? `年检已通过，证书有效期延至 ${validUntil}` : '年检已通过') : action === 'reject' ? '年检不通过，已通知提交单位' : '已退回修改，已通知提交单位';
    return done({ status, validUntil }, message);
  }),
];
