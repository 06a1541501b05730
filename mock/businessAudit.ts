/**
 * msw handlers for the business-audit queue (/business-audit), stateful like the server: the
 * pending reviews of several kinds (one of a kind that has no handler yet: no actions, no
 * link), the filters (kind, keyword, unitId), the counts of each kind under the other filters,
 * one record with its history, the subject's own record for the reviewer (the registration is
 * the member-units mock's 润和 unit; the rest are records of this file) with the required
 * documents it misses (worked out from REVIEW_REQUIRED_DOCUMENTS as the server does, also on
 * the queue's rows), and decisions item by item (a kind that does not take the decision, or a
 * review already decided, fails alone; a missing reason refuses the request).
 *
 * `resetBusinessAuditMock()` (through `resetMockState()`) restores the fixtures.
 *
 *   businessAuditDb.items                         // the reviews as they stand (status inside)
 *   businessAuditCalls                            // every decide body sent
 */
import { http, type HttpHandler } from 'msw';
import { hasPermission, type PermissionCode } from '@common/permissions';
import type { FileRef } from '@common/schemas/content';
import {
  BUSINESS_AUDIT_MESSAGES as M,
  REVIEW_ACTION_LABELS,
  REVIEW_REQUIRED_DOCUMENTS,
  reviewKindLabel,
  type ReviewActionValue,
  type ReviewDecideBody,
  type ReviewDecisionOutcome,
  type ReviewDetail,
  type ReviewQueueItem,
  type ReviewRecord,
  type ReviewSubject,
} from '@common/schemas/businessAudit';
import type { InspectionDetail } from '@common/schemas/inspections';
import { REVIEW_KIND_VALUES, REVIEW_STATUS_LABELS } from '@common/schemas/membership';
import type { PractitionerDetail } from '@common/schemas/practitioners';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME, storedFile } from './fixtures';
import { apiPath, bad, done, forbidden, guard, hasKeyword, pageOf, reviewEntry } from './kit';
import { memberUnitsDb } from './memberUnits';

interface MockReview {
  item: Omit<ReviewQueueItem, 'actions' | 'missing'>;
  status: ReviewDetail['status'];
  /** The handler's decisions and code; null: the kind has no handler yet. */
  handler: { actions: ReviewActionValue[]; permission: PermissionCode } | null;
}

const UNIT_HANDLER = { actions: ['approve', 'reject'] as ReviewActionValue[], permission: 'member:unit:approve' as PermissionCode };
const PRACTITIONER_HANDLER = { actions: ['approve', 'reject'] as ReviewActionValue[], permission: 'member:practitioner:approve' as PermissionCode };
const INSPECTION_HANDLER = { actions: ['approve', 'reject', 'return'] as ReviewActionValue[], permission: 'inspection:review' as PermissionCode };

function review(
  id: string,
  kind: ReviewQueueItem['kind'],
  subjectName: string,
  submittedAt: string,
  ageDays: number,
  handler: MockReview['handler'],
  link: string | null,
): MockReview {
  return {
    item: {
      id,
      kind,
      kindLabel: reviewKindLabel(kind),
      subjectType: kind === 'registration' ? 'unit' : kind,
      subjectId: `${id}-subject`,
      subjectName,
      unitId: FIXTURE_UNIT_ID,
      unitName: kind === 'registration' ? subjectName : FIXTURE_UNIT_NAME,
      submittedAt,
      submittedByName: '申请人',
      ageDays,
      link,
    },
    status: 'pending',
    handler,
  };
}

/* ---------- the subjects' records ---------- */

const DIPLOMA: FileRef = { fileId: storedFile.fileId, name: '学历证书.pdf', size: storedFile.size, contentType: storedFile.contentType };
const T0 = '2026-11-01T02:00:00.000Z';

function practitionerRecord(id: string, name: string, diplomas: FileRef[]): PractitionerDetail {
  return {
    id,
    name,
    gender: 'female',
    idCardNo: '330106********0021',
    phone: '138****2037',
    piiMasked: true,
    canReveal: false,
    email: null,
    education: 'master',
    major: '社会学',
    professionalTitle: 'intermediate',
    position: '评估师',
    unitId: FIXTURE_UNIT_ID,
    unitName: FIXTURE_UNIT_NAME,
    entryDate: '2023-07-01',
    trainingHours: 32,
    certificateNo: null,
    certificateValidUntil: null,
    status: 'pending',
    rejectReason: null,
    leftOn: null,
    photoFileId: null,
    createdAt: T0,
    updatedAt: T0,
    version: 1,
    actions: [],
    photo: null,
    diplomas,
    otherFiles: [],
    certificate: null,
    loginAccount: null,
    accountEnabled: true,
    reviewHistory: [],
  };
}

const INSPECTION: InspectionDetail = {
  id: 'ai-1',
  year: 2026,
  subjectType: 'unit',
  subjectId: FIXTURE_UNIT_ID,
  subjectName: FIXTURE_UNIT_NAME,
  unitId: FIXTURE_UNIT_ID,
  unitName: FIXTURE_UNIT_NAME,
  status: 'submitted',
  selfReport: '本年度完成稳评项目 6 项，组织内部培训 4 次。',
  projectsDone: 6,
  trainingHours: 48,
  knownTrainingHours: 48,
  submittedAt: '2026-11-18T02:00:00.000Z',
  reviewerName: null,
  reviewComment: null,
  reviewedAt: null,
  deadline: '2026-12-31',
  yearStatus: 'open',
  overdue: false,
  certificateValidUntil: '2027-04-09',
  actions: [],
  updatedAt: '2026-11-18T02:00:00.000Z',
  version: 2,
  files: [{ fileId: storedFile.fileId, name: '年检自查材料.pdf', size: storedFile.size, contentType: storedFile.contentType }],
  reviewHistory: [],
};

/** Each review's subject as the kind's own detail route answers it. */
function subjectOf(r: MockReview): ReviewSubject | null {
  switch (r.item.id) {
    case 'rv-reg': {
      const unit = memberUnitsDb.units.find((u) => u.name === r.item.subjectName);
      return unit ? { kind: 'registration', record: unit } : null;
    }
    case 'rv-p1':
      return { kind: 'practitioner', record: practitionerRecord(r.item.subjectId, r.item.subjectName, []) };
    case 'rv-p2':
      return { kind: 'practitioner', record: practitionerRecord(r.item.subjectId, r.item.subjectName, [DIPLOMA]) };
    case 'rv-ai':
      return { kind: 'annual_inspection', record: INSPECTION };
    default:
      return null;
  }
}

/** The files a subject's record holds in one attachment slot (the server reads file_attachments). */
function filesIn(subject: ReviewSubject, slot: string): readonly FileRef[] {
  switch (subject.kind) {
    case 'registration':
    case 'info_change':
      return slot === 'business_licence' ? subject.record.businessLicence : slot === 'qualification' ? subject.record.qualifications : [];
    case 'practitioner':
      return slot === 'diploma' ? subject.record.diplomas : slot === 'other' ? subject.record.otherFiles : [];
    case 'unit_change':
      return slot === 'release_letter' ? subject.record.releaseLetters : [];
    case 'annual_inspection':
    case 'case':
      return slot === 'attachment' ? subject.record.files : [];
    case 'project':
      return slot === 'report' ? subject.record.reports : [];
  }
}

function missingOf(r: MockReview): ReviewQueueItem['missing'] {
  const subject = subjectOf(r);
  return REVIEW_REQUIRED_DOCUMENTS[r.item.kind]
    .filter((d) => !subject || filesIn(subject, d.slot).length === 0)
    .map((d) => ({ slot: d.slot, label: d.label }));
}

function fixtures(): MockReview[] {
  return [
    review('rv-reg', 'registration', '润和社会治理咨询有限公司', '2026-11-10T07:42:00.000Z', 13, UNIT_HANDLER, '/Manage/member-unit-management/rv-reg-subject'),
    review('rv-p1', 'practitioner', '赵雨桐', '2026-11-11T01:30:00.000Z', 12, PRACTITIONER_HANDLER, '/Manage/employee-management?keyword=%E8%B5%B5%E9%9B%A8%E6%A1%90'),
    review('rv-p2', 'practitioner', '许博文', '2026-11-17T06:20:00.000Z', 6, PRACTITIONER_HANDLER, '/Manage/employee-management?keyword=%E8%AE%B8%E5%8D%9A%E6%96%87'),
    review('rv-ai', 'annual_inspection', '2026年度年检：示例社会稳定风险评估咨询有限公司', '2026-11-18T02:00:00.000Z', 5, INSPECTION_HANDLER, '/Manage/annual-inspection-record?id=ai-1'),
    review('rv-pi', 'pi_deletion', '个人信息删除请求：李评估', '2026-11-20T02:00:00.000Z', 3, null, null),
  ];
}

export const businessAuditDb: { items: MockReview[] } = { items: fixtures() };
export const businessAuditCalls: ReviewDecideBody[] = [];

export function resetBusinessAuditMock(): void {
  businessAuditDb.items = fixtures();
  businessAuditCalls.length = 0;
}

type Viewer = { authType: number; permissions?: readonly string[] };
const actionsOf = (r: MockReview, user: Viewer) => (r.status === 'pending' && r.handler && hasPermission(user, r.handler.permission) ? [...r.handler.actions] : []);
const itemFor = (r: MockReview, user: Viewer): ReviewQueueItem => ({ ...r.item, actions: actionsOf(r, user), missing: missingOf(r) });

export const businessAuditHandlers: HttpHandler[] = [
  http.get(apiPath('/business-audit'), ({ request }) => {
    const account = guard(request, 'review:view');
    if (account instanceof Response) return account;
    const q = new URL(request.url).searchParams;
    const keyword = q.get('keyword') ?? '';
    let pending = businessAuditDb.items.filter((r) => r.status === 'pending' && hasKeyword(keyword, [`${r.item.subjectName}${r.item.unitName ?? ''}`]));
    const counts = REVIEW_KIND_VALUES.map((kind) => ({ kind, label: reviewKindLabel(kind), count: pending.filter((r) => r.item.kind === kind).length }));
    const kind = q.get('kind');
    if (kind) pending = pending.filter((r) => r.item.kind === kind);
    const desc = q.get('sort') === 'submittedAt,desc';
    pending.sort((a, b) => (desc ? -1 : 1) * a.item.submittedAt.localeCompare(b.item.submittedAt));
    return done({ ...pageOf(pending.map((r) => itemFor(r, account.user)), q), counts });
  }),

  http.post(apiPath('/business-audit/decide'), async ({ request }) => {
    const account = guard(request, 'review:view');
    if (account instanceof Response) return account;
    const body = (await request.json()) as ReviewDecideBody;
    businessAuditCalls.push(body);
    if (body.action !== 'approve' && !body.reason?.trim()) return bad(M.reasonRequired(body.action));
    const results: ReviewDecisionOutcome[] = body.reviewIds.map((id) => {
      const r = businessAuditDb.items.find((x) => x.item.id === id);
      if (!r) return { reviewId: id, subjectName: null, ok: false, message: M.notFound };
      const fail = (message: string) => ({ reviewId: id, subjectName: r.item.subjectName, ok: false, message });
      if (r.status !== 'pending') return fail(M.alreadyDecided(REVIEW_STATUS_LABELS[r.status]));
      if (!r.handler) return fail(M.noHandler(r.item.kindLabel));
      if (!hasPermission(account.user, r.handler.permission)) return fail(M.noPermission(r.item.kindLabel));
      if (!r.handler.actions.includes(body.action)) return fail(M.actionNotTaken(r.item.kindLabel, body.action, r.handler.actions));
      r.status = body.action === 'approve' ? 'approved' : body.action === 'reject' ? 'rejected' : 'returned';
      return { reviewId: id, subjectName: r.item.subjectName, ok: true, message: body.action === 'approve' ? '已通过' : body.action === 'reject' ? '已驳回' : '已退回修改' };
    });
    const succeeded = results.filter((r) => r.ok).length;
    const verb = REVIEW_ACTION_LABELS[body.action];
    const message = results.length - succeeded === 0 ? `已${verb} ${succeeded} 条` : `已${verb} ${succeeded} 条，${results.length - succeeded} 条未能处理`;
    return done({ results, succeeded, failed: results.length - succeeded }, message);
  }),

  http.get(apiPath('/business-audit/:reviewId/record'), ({ request, params }) => {
    const account = guard(request, 'review:view');
    if (account instanceof Response) return account;
    const r = businessAuditDb.items.find((x) => x.item.id === params.reviewId);
    if (!r) return bad(M.notFound, 404);
    if (!r.handler) return bad(M.noHandler(r.item.kindLabel));
    if (!hasPermission(account.user, r.handler.permission)) return forbidden(M.noPermission(r.item.kindLabel));
    const record: ReviewRecord = { reviewId: r.item.id, kind: r.item.kind, subject: subjectOf(r), changes: [], missing: missingOf(r) };
    return done(record);
  }),

  http.get(apiPath('/business-audit/:reviewId'), ({ request, params }) => {
    const account = guard(request, 'review:view');
    if (account instanceof Response) return account;
    const r = businessAuditDb.items.find((x) => x.item.id === params.reviewId);
    if (!r) return bad(M.notFound, 404);
    const detail: ReviewDetail = {
      ...itemFor(r, account.user),
      status: r.status,
      payload: null,
      history: [
        reviewEntry('h-1', {
          what: r.item.kind,
          status: 'rejected',
          submittedAt: '2026-10-01T02:00:00.000Z',
          submittedByName: '申请人',
          decidedAt: '2026-10-03T02:00:00.000Z',
          decidedByName: '审核员甲',
          comment: '材料不全，请补充',
        }),
        reviewEntry(r.item.id, { what: r.item.kind, status: r.status, submittedAt: r.item.submittedAt, submittedByName: '申请人' }),
      ],
    };
    return done(detail);
  }),
];
