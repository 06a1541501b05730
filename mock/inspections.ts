/**
 * msw handlers for /annual-inspection-years and /annual-inspections, stateful like the server:
 * each account's scope (staff all with inspection:view, the fixture unit its own record and its
 * practitioners', the fixture practitioner only their own), the filters, the per-state counts,
 * opening a year (once), closing it, the submission (from not submitted or returned, while the
 * year is open) and the decisions (通过 extends the certificate by a year; 不通过 and 退回修改
 * need a reason), with the server's words and a 409 on a stale version.
 *
 * `resetInspectionsMock()` (through `resetMockState()`, after each test) restores the fixtures.
 *
 *   inspectionsDb.records / inspectionsDb.years   // the state now (mutable)
 *   inspectionCallsTo('post', '/annual-inspections/insp-unit-1/submit')
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { ApiStatus, type Page } from '@common/schemas/common';
import type { PermissionCode } from '@common/permissions';
import {
  INSPECTION_MESSAGES as M,
  INSPECTION_STATUS_LABELS,
  type InspectionAction,
  type InspectionCounts,
  type InspectionDetail,
  type InspectionRecord,
  type InspectionStatusValue,
  type InspectionSubmitBody,
  type InspectionYearRecord,
} from '@common/schemas/inspections';
import { apiPath, bad, failure, ok } from './envelopes';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME, type FixtureAccount } from './fixtures';
import { authenticate } from './sessions';

const STALE_VERSION_MESSAGE = '数据已被他人修改，请刷新后重试';
const FORBIDDEN_MESSAGE = '没有权限执行此操作';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const INSPECTION_OTHER_UNIT_ID = 'unit-0002';
export const INSPECTION_OTHER_UNIT_NAME = '另一家评估咨询有限公司';
export const MOCK_INSPECTION_YEAR = 2026;

export interface InspectionCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export const inspectionCalls: InspectionCall[] = [];

export function inspectionCallsTo(method: string, path: string): InspectionCall[] {
  return inspectionCalls.filter((c) => c.method === method.toUpperCase() && c.path === apiPath(path));
}

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
    record('insp-unit-1', {}),
    record('insp-prac-1', {
      subjectType: 'practitioner',
      subjectId: 'practitioner-0001',
      subjectName: '李评估',
      status: 'returned',
      selfReport: '参与稳评项目4项。',
      projectsDone: 4,
      trainingHours: 30,
      submittedAt: '2026-10-10T01:00:00.000Z',
      reviewerName: '系统管理员',
      reviewComment: '培训学时证明缺失，请补充后重新提交',
      reviewedAt: '2026-10-12T02:00:00.000Z',
      version: 2,
      reviewHistory: [
        {
          id: 'review-1',
          what: 'annual_inspection',
          status: 'returned',
          submittedAt: '2026-10-10T01:00:00.000Z',
          submittedByName: '李评估',
          decidedAt: '2026-10-12T02:00:00.000Z',
          decidedByName: '系统管理员',
          comment: '培训学时证明缺失，请补充后重新提交',
          payload: null,
        },
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
      reviewHistory: [
        {
          id: 'review-2',
          what: 'annual_inspection',
          status: 'pending',
          submittedAt: '2026-11-02T01:00:00.000Z',
          submittedByName: FIXTURE_UNIT_NAME,
          decidedAt: null,
          decidedByName: null,
          comment: null,
          payload: null,
        },
      ],
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
  inspectionCalls.length = 0;
}

/* ---------- plumbing ---------- */

async function remember(request: Request): Promise<void> {
  let body: unknown = null;
  if (request.method !== 'GET') {
    try {
      body = await request.clone().json();
    } catch {
      body = null;
    }
  }
  const url = new URL(request.url);
  inspectionCalls.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
}

const forbidden = (message = FORBIDDEN_MESSAGE) => HttpResponse.json(failure(ApiStatus.Forbidden, message), { status: 403 });
const done = (data: unknown = null, message?: string) => HttpResponse.json(ok(data, message));

function guard(request: Request, code: PermissionCode | null, kinds: readonly number[]): FixtureAccount | Response {
  const account = authenticate(request);
  if (account instanceof Response) return account;
  if (!kinds.includes(account.user.authType)) return forbidden();
  if (account.user.authType === 1 && code && !account.user.permissions.includes(code)) return forbidden();
  return account;
}

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
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
  return { ...r, deadline, yearStatus: y?.status ?? 'closed', overdue: UNSUBMITTED.includes(r.status) && deadline < today(), actions: actionsFor(a, r) };
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
    overdue: deadline < today() ? n(UNSUBMITTED) : 0,
  };
}

function yearRecord(a: FixtureAccount, y: MockYear): InspectionYearRecord {
  const items = inspectionsDb.records.filter((r) => r.year === y.year && canSee(a, r));
  return { ...y, pastDeadline: y.deadline < today(), counts: countsOf(items, y.deadline) };
}

function filtered(a: FixtureAccount, params: URLSearchParams): MockInspection[] {
  const year = params.get('year');
  const subjectType = params.get('subjectType');
  const status = params.get('status');
  const unitId = params.get('unitId');
  const overdue = params.get('overdue');
  const keyword = params.get('keyword')?.trim();
  return inspectionsDb.records.filter((r) => {
    const d = toDetail(a, r);
    return (
      canSee(a, r) &&
      (!year || r.year === Number(year)) &&
      (!subjectType || r.subjectType === subjectType) &&
      (!status || (status === 'submitted' ? PENDING.includes(r.status) : r.status === status)) &&
      (!unitId || r.unitId === unitId) &&
      (overdue === null || String(d.overdue) === overdue) &&
      (!keyword || r.subjectName.includes(keyword) || r.unitName.includes(keyword))
    );
  });
}

function pageOf<T>(items: T[], params: URLSearchParams): Page<T> {
  const current = Number(params.get('current') ?? 1) || 1;
  const pageSize = Number(params.get('pageSize') ?? 10) || 10;
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
}

function touch(r: MockInspection, change: Partial<MockInspection>): void {
  Object.assign(r, change, { version: r.version + 1, updatedAt: new Date().toISOString() });
}

function addYear(day: string): string {
  return `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
}

/* ---------- handlers ---------- */

export const inspectionsHandlers: HttpHandler[] = [
  http.get(apiPath('/annual-inspection-years'), async ({ request }) => {
    await remember(request);
    const account = guard(request, 'inspection:view', [1, 2, 3]);
    if (account instanceof Response) return account;
    return done([...inspectionsDb.years].sort((x, y) => y.year - x.year).map((y) => yearRecord(account, y)));
  }),

  http.post(apiPath('/annual-inspection-years'), async ({ request }) => {
    await remember(request);
    const account = guard(request, 'inspection:manage', [1]);
    if (account instanceof Response) return account;
    const body = (await request.json()) as { year?: number; deadline?: string } | null;
    if (!body?.year || !body.deadline) return bad('年度、截止日期不能为空');
    if (yearOf(body.year)) return bad(M.yearExists(body.year));
    if (body.deadline < today()) return bad(M.deadlineBeforeToday);
    inspectionsDb.years.push({ id: `year-${body.year}`, year: body.year, deadline: body.deadline, status: 'open', openedAt: new Date().toISOString(), openedByName: account.user.name, version: 0 });
    // The fixture unit and its approved practitioner become subjects, as every approved one does on the server.
    inspectionsDb.records.push(
      record(`insp-${body.year}-unit-1`, { year: body.year }),
      record(`insp-${body.year}-prac-1`, { year: body.year, subjectType: 'practitioner', subjectId: 'practitioner-0001', subjectName: '李评估' }),
    );
    return done({ id: `year-${body.year}` }, `已开启${body.year}年度年检，共 2 个年检对象`);
  }),

  http.post(apiPath('/annual-inspection-years/:year/close'), async ({ request, params }) => {
    await remember(request);
    const account = guard(request, 'inspection:manage', [1]);
    if (account instanceof Response) return account;
    const y = yearOf(Number(params.year));
    if (!y) return bad(M.yearNotFound(Number(params.year)), 404);
    const body = (await request.json()) as { version?: number } | null;
    if (body?.version !== y.version) return bad(STALE_VERSION_MESSAGE, 409);
    if (y.status !== 'open') return bad(M.yearAlreadyClosed(y.year));
    const waiting = inspectionsDb.records.filter((r) => r.year === y.year && PENDING.includes(r.status)).length;
    if (waiting > 0) return bad(`${y.year}年度尚有 ${waiting} 份年检等待审核，请审核后再关闭`);
    Object.assign(y, { status: 'closed', version: y.version + 1 });
    return done(null, `${y.year}年度年检已关闭`);
  }),

  http.get(apiPath('/annual-inspections'), async ({ request }) => {
    await remember(request);
    const account = guard(request, 'inspection:view', [1, 2, 3]);
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    return done(pageOf(filtered(account, params).map((r) => toRecord(account, r)), params));
  }),

  // Before /annual-inspections/:id. No body: jsdom's XHR cannot build a blob answer from one.
  http.get(apiPath('/annual-inspections/export'), async ({ request }) => {
    await remember(request);
    const account = guard(request, 'inspection:export', [1, 2]);
    if (account instanceof Response) return account;
    if (!new URL(request.url).searchParams.get('year')) return bad(M.yearRequiredForExport);
    return new HttpResponse(null, { headers: { 'content-type': XLSX_TYPE, 'content-disposition': "attachment; filename*=UTF-8''%E5%B9%B4%E6%A3%80.xlsx" } });
  }),

  http.get(apiPath('/annual-inspections/:id'), async ({ request, params }) => {
    await remember(request);
    const account = guard(request, 'inspection:view', [1, 2, 3]);
    if (account instanceof Response) return account;
    const r = inspectionsDb.records.find((x) => x.id === params.id);
    if (!r) return bad('年检记录不存在', 404);
    if (!canSee(account, r)) return forbidden();
    return done(toDetail(account, r));
  }),

  http.post(apiPath('/annual-inspections/:id/:action'), async ({ request, params }) => {
    await remember(request);
    const action = String(params.action) as InspectionAction;
    const submitting = action === 'submit';
    if (!['submit', 'approve', 'reject', 'return'].includes(action)) return bad('不支持的操作', 404);
    const account = guard(request, submitting ? null : 'inspection:review', submitting ? [2, 3] : [1]);
    if (account instanceof Response) return account;
    const r = inspectionsDb.records.find((x) => x.id === params.id);
    if (!r) return bad('年检记录不存在', 404);
    if (!canSee(account, r)) return forbidden(account.user.authType === 3 ? M.notYourself : M.notYourSubject);
    if (yearOf(r.year)?.status !== 'open') return bad(M.yearClosed(r.year));
    const body = ((await request.json()) ?? {}) as Partial<InspectionSubmitBody> & { reason?: string; comment?: string; version?: number };
    if (body.version !== undefined && body.version !== r.version) return bad(STALE_VERSION_MESSAGE, 409);
    const now = new Date().toISOString();
    if (submitting) {
      if (PENDING.includes(r.status)) return bad(M.alreadySubmitted);
      if (!UNSUBMITTED.includes(r.status)) return bad(M.alreadyDecided(INSPECTION_STATUS_LABELS[r.status]));
      if (!body.selfReport?.trim()) return bad(M.selfReportRequired);
      const next: InspectionStatusValue = r.status === 'returned' ? 'resubmitted' : 'submitted';
      touch(r, { status: next, selfReport: body.selfReport.trim(), projectsDone: body.projectsDone ?? 0, trainingHours: body.trainingHours ?? 0, submittedAt: now });
      return done(null, next === 'resubmitted' ? '年检已重新提交，等待协会审核' : '年检已提交，等待协会审核');
    }
    if (!PENDING.includes(r.status)) return bad(M.notPending(INSPECTION_STATUS_LABELS[r.status]));
    if (action !== 'approve' && !body.reason?.trim()) return bad(M.reasonRequired(action === 'reject' ? '不通过' : '退回'));
    const status: InspectionStatusValue = action === 'approve' ? 'passed' : action === 'reject' ? 'failed' : 'returned';
    const validUntil = status === 'passed' && r.certificateValidUntil ? addYear(r.certificateValidUntil) : null;
    touch(r, {
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
