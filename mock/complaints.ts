/**
 * msw handlers for complaints (server/modules/complaints), stateful like the server as far as a
 * page can tell:
 *
 * - public: the approved units (/public/complaints/units), a unit's practitioners and projects by
 *   two characters of a name, the anonymous upload, the submission (the server's refusals in its
 *   words; answers a number and a query code) and the tracking (one answer for every miss);
 * - staff (complaint:view) see every complaint with the phone masked; 受理 / 不予受理 / 办结 with
 *   complaint:handle, the version read (409 otherwise) and the server's state rules; reveal with
 *   complaint:reveal; export with complaint:export;
 * - the member unit fixture sees the complaints about it from the acceptance on, without the
 *   complainant, and answers by the deadline.
 *
 *   complaintsDb.complaints                 // the records as they stand now (mutable)
 *   complaintCallsTo('post', '/complaints/cp-1/accept')
 *   TRACKABLE                               // a number and its query code that the tracking accepts
 */
import { http, type HttpHandler } from 'msw';
import { addDays, answerDueOn, concludeDueOn, acceptDueOn as acceptDue, deadlineState } from '@common/complaintDeadlines';
import type { ComplaintStatus } from '@common/credit';
import { UPLOAD_MESSAGES } from '@common/messages';
import { AuthType } from '@common/permissions';
import {
  COMPLAINT_MESSAGES as M,
  normaliseTrackingText,
  type ComplaintAction,
  type ComplaintDeadline,
  type ComplaintDetail,
  type ComplaintListItem,
  type ComplaintOption,
  type ComplaintProgress,
  type ComplaintPublicStep,
  type ComplaintSubmitBody,
} from '@common/schemas/complaints';
import type { StoredFile } from '@common/schemas/files';
import { checkPhone, maskPhone } from '@common/validators';
import { uploadForm } from './files';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME } from './fixtures';
import { apiPath, bad, beijingToday, bump, callLog, done, download, forbidden, guard, hasKeyword, matching, notFound, pageOf, sortBy, stale, type ApiCall, type FixtureAccount } from './kit';

const log = callLog();
export type ComplaintCall = ApiCall;
export const complaintCalls = log.calls;
export const complaintCallsTo = log.to;

const OTHER_UNIT_ID = 'unit-0002';
const OTHER_UNIT_NAME = '之江社会风险研究院有限公司';

export const COMPLAINT_UNITS: ComplaintOption[] = [
  { id: FIXTURE_UNIT_ID, name: FIXTURE_UNIT_NAME },
  { id: OTHER_UNIT_ID, name: OTHER_UNIT_NAME },
  { id: 'unit-0003', name: '安和工程咨询有限公司' },
];
const PEOPLE: Record<string, ComplaintOption[]> = { [FIXTURE_UNIT_ID]: [{ id: 'p-1', name: '张明远' }, { id: 'p-2', name: '张明华' }] };
const PROJECTS: Record<string, ComplaintOption[]> = { [FIXTURE_UNIT_ID]: [{ id: 'pj-1', name: '城东新城旧城改造项目稳评' }] };

/** The complaint the tracking answers for (its code as the complainant got it). */
export const TRACKABLE = { complaintNo: 'TS2026000003', queryCode: 'DEMXK7PW3Q' } as const;
/** What the mock's next submission answers. */
export const NEXT_SUBMISSION = { complaintNo: 'TS2026000101', queryCode: 'QWERT23456' } as const;

interface StoredComplaint {
  record: Omit<ComplaintDetail, 'actions' | 'deadline'>;
  queryCode: string;
  phone: string | null;
  email: string | null;
}

const iso = (day: string, time = '02:00:00') => `${day}T${time}.000Z`;

function stored(id: string, no: string, status: ComplaintStatus, over: Partial<StoredComplaint['record']> = {}, code = 'ABCDEFGH23'): StoredComplaint {
  const today = beijingToday();
  const submittedOn = over.submittedAt?.slice(0, 10) ?? addDays(today, -2);
  return {
    queryCode: code,
    phone: '13905719876',
    email: 'wang@example.org',
    record: {
      id,
      complaintNo: no,
      kind: 'complaint',
      anonymous: false,
      unitId: FIXTURE_UNIT_ID,
      unitName: FIXTURE_UNIT_NAME,
      practitionerName: null,
      projectName: null,
      title: '评估调查未入户',
      status,
      complainantName: '王小投',
      complainantPhone: maskPhone('13905719876'),
      submittedAt: iso(submittedOn),
      acceptDueOn: acceptDue(submittedOn),
      answerDueOn: null,
      concludeDueOn: null,
      conclusion: null,
      updatedAt: iso(submittedOn),
      version: 1,
      content: '评估人员没有入户调查，报告中的支持率与实际不符。',
      complainantEmail: 'w***@example.org',
      erasedAt: null,
      practitionerId: null,
      projectId: null,
      decisionNote: null,
      decidedAt: null,
      unitAnswer: null,
      answeredAt: null,
      handling: null,
      concludedAt: null,
      files: [],
      answerFiles: [],
      steps: [{ step: 'submitted', at: iso(submittedOn), note: `已收到您的投诉，协会将于 ${acceptDue(submittedOn)} 前决定是否受理。`, actorName: null }],
      ...over,
    },
  };
}

function fixtureComplaints(): StoredComplaint[] {
  const today = beijingToday();
  const acceptedOn = addDays(today, -3);
  return [
    stored('cp-1', 'TS2026000001', 'pending', { title: '入户调查走过场', practitionerName: '张明远' }),
    stored('cp-2', 'TS2026000002', 'accepted', {
      title: '报告结论与事实不符',
      decidedAt: iso(acceptedOn),
      answerDueOn: answerDueOn(acceptedOn),
      concludeDueOn: concludeDueOn(acceptedOn),
      files: [{ fileId: 'f-complaint-1', name: '现场照片.png', size: 2048, contentType: 'image/png' }],
    }),
    stored(
      'cp-3',
      TRACKABLE.complaintNo,
      'concluded',
      {
        kind: 'report',
        anonymous: true,
        complainantName: null,
        complainantPhone: null,
        complainantEmail: null,
        title: '从业人员挂证',
        unitId: OTHER_UNIT_ID,
        unitName: OTHER_UNIT_NAME,
        submittedAt: iso('2026-09-07'),
        acceptDueOn: '2026-09-14',
        decidedAt: iso('2026-09-09'),
        answerDueOn: '2026-09-19',
        concludeDueOn: '2026-10-09',
        unitAnswer: '已说明',
        answeredAt: iso('2026-09-15'),
        conclusion: 'partly',
        handling: '责令整改并约谈',
        concludedAt: iso('2026-10-08'),
        steps: [
          { step: 'submitted', at: iso('2026-09-07'), note: '已收到您的举报，协会将于 2026-09-14 前决定是否受理。', actorName: null },
          { step: 'accepted', at: iso('2026-09-09'), note: '协会已受理您的举报，并已通知被投诉单位于 2026-09-19 前书面说明情况。', actorName: '周文静' },
          { step: 'answered', at: iso('2026-09-15'), note: '被投诉单位已提交书面申辩，协会正在调查核实。', actorName: null },
          { step: 'concluded', at: iso('2026-10-08'), note: '办理结论：部分属实。处理结果：责令整改并约谈', actorName: '周文静' },
        ],
      },
      TRACKABLE.queryCode,
    ),
  ].map((c) => ({ ...c, phone: c.record.anonymous ? null : c.phone, email: c.record.anonymous ? null : c.email }));
}

export const complaintsDb: { complaints: StoredComplaint[]; submissions: ComplaintSubmitBody[]; uploads: Set<string> } = {
  complaints: fixtureComplaints(),
  submissions: [],
  uploads: new Set(),
};

export function resetComplaintsMock(): void {
  complaintsDb.complaints = fixtureComplaints();
  complaintsDb.submissions = [];
  complaintsDb.uploads = new Set();
  log.clear();
}

const isStaff = (a: FixtureAccount) => a.user.authType === AuthType.Staff;
const UNIT_VISIBLE: readonly ComplaintStatus[] = ['accepted', 'answered', 'concluded'];

function canSee(a: FixtureAccount, c: StoredComplaint): boolean {
  if (isStaff(a)) return true;
  return a.user.authType === AuthType.MemberUnit && a.user.unitId === c.record.unitId && UNIT_VISIBLE.includes(c.record.status);
}

function actionsFor(a: FixtureAccount, r: StoredComplaint['record']): ComplaintAction[] {
  const today = beijingToday();
  if (isStaff(a)) {
    const out: ComplaintAction[] = [];
    if (a.user.permissions.includes('complaint:handle')) {
      if (r.status === 'pending') out.push('accept', 'decline');
      if (r.status === 'answered' || (r.status === 'accepted' && !!r.answerDueOn && today > r.answerDueOn)) out.push('conclude');
    }
    if (a.user.permissions.includes('complaint:reveal') && (r.complainantPhone || r.complainantEmail)) out.push('reveal');
    return out;
  }
  return a.user.unitId === r.unitId && r.status === 'accepted' && !!r.answerDueOn && today <= r.answerDueOn ? ['reply'] : [];
}

function deadlineFor(a: FixtureAccount, r: StoredComplaint['record']): ComplaintDeadline | null {
  const today = beijingToday();
  const of = (step: ComplaintDeadline['step'], dueOn: string | null) => (dueOn ? { step, dueOn, daysLeft: deadlineState(dueOn, today).daysLeft } : null);
  if (isStaff(a)) {
    if (r.status === 'pending') return of('accept', r.acceptDueOn);
    if (r.status === 'accepted' || r.status === 'answered') return of('conclude', r.concludeDueOn);
    return null;
  }
  return r.status === 'accepted' ? of('answer', r.answerDueOn) : null;
}

/** The record as this caller reads it: a unit never sees who complained. */
function view(a: FixtureAccount, c: StoredComplaint): ComplaintDetail {
  const r = c.record;
  const hidden = isStaff(a) ? {} : { anonymous: null, complainantName: null, complainantPhone: null, complainantEmail: null, erasedAt: null };
  return { ...r, ...hidden, steps: r.steps.map((s) => ({ ...s, actorName: isStaff(a) ? s.actorName : null })), deadline: deadlineFor(a, r), actions: actionsFor(a, r) };
}

function toListItem(a: FixtureAccount, c: StoredComplaint): ComplaintListItem {
  const d = view(a, c);
  return {
    id: d.id,
    complaintNo: d.complaintNo,
    kind: d.kind,
    anonymous: d.anonymous,
    unitId: d.unitId,
    unitName: d.unitName,
    practitionerName: d.practitionerName,
    projectName: d.projectName,
    title: d.title,
    status: d.status,
    complainantName: d.complainantName,
    complainantPhone: d.complainantPhone,
    submittedAt: d.submittedAt,
    acceptDueOn: d.acceptDueOn,
    answerDueOn: d.answerDueOn,
    concludeDueOn: d.concludeDueOn,
    deadline: d.deadline,
    conclusion: d.conclusion,
    updatedAt: d.updatedAt,
    version: d.version,
    actions: d.actions,
  };
}

const viewer = (request: Request) => guard(request, 'complaint:view', [AuthType.Staff, AuthType.MemberUnit]);

function find(id: unknown): StoredComplaint | undefined {
  return complaintsDb.complaints.find((c) => c.record.id === id);
}

/** 401/403 as the guard; 404 for a missing complaint or the unit's own not yet accepted; 403 for another unit's. */
function visible(account: FixtureAccount, id: unknown): StoredComplaint | Response {
  const c = find(id);
  if (!c) return notFound('投诉举报');
  if (isStaff(account)) return c;
  if (account.user.unitId !== c.record.unitId) return forbidden();
  if (!UNIT_VISIBLE.includes(c.record.status)) return notFound('投诉举报');
  return c;
}

function addStep(c: StoredComplaint, step: ComplaintPublicStep['step'], note: string | null, actorName: string | null): void {
  c.record.steps = [...c.record.steps, { step, at: new Date().toISOString(), note, actorName }];
}

export const complaintsHandlers: HttpHandler[] = [
  // ---- public ----
  http.get(apiPath('/public/complaints/units'), async ({ request }) => {
    await log.record(request);
    const keyword = new URL(request.url).searchParams.get('keyword')?.trim() ?? '';
    return done(keyword ? COMPLAINT_UNITS.filter((u) => u.name.includes(keyword)) : COMPLAINT_UNITS);
  }),

  http.get(apiPath('/public/complaints/units/:id/practitioners'), async ({ request, params }) => {
    await log.record(request);
    const keyword = new URL(request.url).searchParams.get('keyword')?.trim() ?? '';
    if ([...keyword].length < 2) return bad('关键字长度不能少于2个字符');
    return done((PEOPLE[String(params.id)] ?? []).filter((p) => p.name.includes(keyword)));
  }),

  http.get(apiPath('/public/complaints/units/:id/projects'), async ({ request, params }) => {
    await log.record(request);
    const keyword = new URL(request.url).searchParams.get('keyword')?.trim() ?? '';
    if ([...keyword].length < 2) return bad('关键字长度不能少于2个字符');
    return done((PROJECTS[String(params.id)] ?? []).filter((p) => p.name.includes(keyword)));
  }),

  http.post(apiPath('/public/complaints/files'), async ({ request }) => {
    const fields = await uploadForm(request);
    if (fields instanceof Response) return fields;
    const { fileId, md5, file } = fields;
    // the test DOM's File loses its name and bytes on the way through msw (mock/files.ts).
    const storedFile: StoredFile = { fileId, name: 'file', size: file.size, contentType: 'image/png', md5, createdAt: new Date().toISOString() };
    complaintsDb.uploads.add(fileId);
    return done(storedFile, UPLOAD_MESSAGES.uploaded);
  }),

  http.post(apiPath('/public/complaints'), async ({ request }) => {
    const body = (await log.record(request)) as ComplaintSubmitBody;
    const named = !body.anonymous;
    if (body.anonymous && body.kind !== 'report') return bad(M.anonymousComplaint);
    if (named && !body.name?.trim()) return bad(M.nameRequired);
    if (named && !body.phone?.trim()) return bad(M.phoneRequired);
    const wrongPhone = named ? checkPhone(body.phone ?? '') : undefined;
    if (wrongPhone) return bad(`联系电话：${wrongPhone}`);
    if (body.consent !== true) return bad(M.consentMissing);
    if (!COMPLAINT_UNITS.some((u) => u.id === body.unitId)) return bad(M.unitInvalid);
    if ((body.fileIds ?? []).some((id) => !complaintsDb.uploads.has(id))) return bad('附件不存在，请重新上传');
    complaintsDb.submissions.push(body);
    const today = beijingToday();
    return done({ ...NEXT_SUBMISSION, acceptDueOn: acceptDue(today) }, M.submitted);
  }),

  http.post(apiPath('/public/complaints/track'), async ({ request }) => {
    const body = (await log.record(request)) as { complaintNo: string; queryCode: string };
    const c = complaintsDb.complaints.find((x) => x.record.complaintNo === normaliseTrackingText(body.complaintNo));
    if (!c || c.queryCode !== normaliseTrackingText(body.queryCode)) return bad(M.trackFailed, 404);
    const r = c.record;
    const progress: ComplaintProgress = {
      complaintNo: r.complaintNo,
      kind: r.kind,
      unitName: r.unitName,
      submittedOn: r.submittedAt.slice(0, 10),
      status: r.status,
      steps: r.steps.map((s) => ({ step: s.step, at: s.at, note: s.note })),
      outcome: r.status === 'concluded' && r.conclusion && r.handling && r.concludedAt ? { conclusion: r.conclusion, handling: r.handling, concludedOn: r.concludedAt.slice(0, 10) } : null,
    };
    return done(progress);
  }),

  // ---- staff and the unit ----
  http.get(apiPath('/complaints'), async ({ request }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    const today = beijingToday();
    const list = complaintsDb.complaints
      .filter((c) => canSee(account, c))
      .map((c) => toListItem(account, c))
      .filter(
        matching<ComplaintListItem>(params, {
          status: 'status',
          kind: 'kind',
          conclusion: 'conclusion',
          unitId: (r, unitId) => !isStaff(account) || r.unitId === unitId,
          due: (r, due) => !!r.deadline && (due === 'overdue' ? r.deadline.dueOn < today : r.deadline.daysLeft >= 0 && r.deadline.daysLeft <= 2),
          keyword: (r, keyword) => hasKeyword(keyword, [r.complaintNo, r.title, ...(isStaff(account) ? [r.unitName, r.complainantName] : [])]),
        }),
      );
    return done(pageOf(sortBy(list, params.get('sort'), (a, b) => b.submittedAt.localeCompare(a.submittedAt)), params));
  }),

  http.get(apiPath('/complaints/export'), async ({ request }) => {
    const account = await log.guard(request, 'complaint:export');
    if (account instanceof Response) return account;
    return download('投诉举报-2026-11-26.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04]));
  }),

  http.get(apiPath('/complaints/:id'), async ({ request, params }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const c = visible(account, params.id);
    if (c instanceof Response) return c;
    return done(view(account, c));
  }),

  http.post(apiPath('/complaints/:id/accept'), async ({ request, params }) => {
    const body = (await log.record(request)) as { version: number; note?: string };
    const account = guard(request, 'complaint:handle');
    if (account instanceof Response) return account;
    const c = find(params.id);
    if (!c) return notFound('投诉举报');
    if (c.record.status !== 'pending') return bad(M.notPending);
    if (body.version !== c.record.version) return stale();
    const today = beijingToday();
    bump(c.record, { status: 'accepted', decidedAt: new Date().toISOString(), decisionNote: body.note ?? null, answerDueOn: answerDueOn(today), concludeDueOn: concludeDueOn(today) });
    addStep(c, 'accepted', body.note ?? '协会已受理。', account.user.name);
    return done(null, '已受理，已通知被投诉单位书面申辩');
  }),

  http.post(apiPath('/complaints/:id/decline'), async ({ request, params }) => {
    const body = (await log.record(request)) as { version: number; reason?: string };
    const account = guard(request, 'complaint:handle');
    if (account instanceof Response) return account;
    const c = find(params.id);
    if (!c) return notFound('投诉举报');
    if (!body.reason?.trim()) return bad(M.declineReasonRequired);
    if (c.record.status !== 'pending') return bad(M.notPending);
    if (body.version !== c.record.version) return stale();
    bump(c.record, { status: 'declined', decidedAt: new Date().toISOString(), decisionNote: body.reason });
    addStep(c, 'declined', `不予受理。理由：${body.reason}`, account.user.name);
    return done(null, '已不予受理');
  }),

  http.post(apiPath('/complaints/:id/conclude'), async ({ request, params }) => {
    const body = (await log.record(request)) as { version: number; conclusion: 'upheld' | 'partly' | 'rejected'; handling?: string };
    const account = guard(request, 'complaint:handle');
    if (account instanceof Response) return account;
    const c = find(params.id);
    if (!c) return notFound('投诉举报');
    if (!body.handling?.trim()) return bad(M.handlingRequired);
    if (!actionsFor(account, c.record).includes('conclude')) return bad(c.record.status === 'accepted' ? M.concludeWaiting : M.notConcludable);
    if (body.version !== c.record.version) return stale();
    bump(c.record, { status: 'concluded', conclusion: body.conclusion, handling: body.handling, concludedAt: new Date().toISOString() });
    addStep(c, 'concluded', `处理结果：${body.handling}`, account.user.name);
    return done(null, '已办结');
  }),

  http.post(apiPath('/complaints/:id/reveal'), async ({ request, params }) => {
    const body = (await log.record(request)) as { field: 'phone' | 'email' };
    const account = guard(request, 'complaint:reveal');
    if (account instanceof Response) return account;
    const c = find(params.id);
    if (!c) return notFound('投诉举报');
    const value = body.field === 'phone' ? c.phone : c.email;
    if (!value) return bad(M.nothingToReveal);
    return done({ field: body.field, value });
  }),

  http.post(apiPath('/complaints/:id/reply'), async ({ request, params }) => {
    const body = (await log.record(request)) as { version: number; answer?: string; fileIds?: string[] };
    const account = guard(request, null, [AuthType.MemberUnit]);
    if (account instanceof Response) return account;
    const c = visible(account, params.id);
    if (c instanceof Response) return c;
    if (c.record.status !== 'accepted') return bad(c.record.status === 'answered' ? '本单位已提交书面申辩，不能重复提交' : M.notAnswerable);
    if (!actionsFor(account, c.record).includes('reply')) return bad(M.answerLate);
    if (!body.answer?.trim()) return bad(M.answerRequired);
    if (body.version !== c.record.version) return stale();
    bump(c.record, {
      status: 'answered',
      unitAnswer: body.answer,
      answeredAt: new Date().toISOString(),
      answerFiles: (body.fileIds ?? []).map((fileId) => ({ fileId, name: '申辩材料.pdf', size: 1024, contentType: 'application/pdf' })),
    });
    addStep(c, 'answered', '被投诉单位已提交书面申辩，协会正在调查核实。', null);
    return done(null, '书面申辩已提交');
  }),
];
