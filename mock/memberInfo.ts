/**
 * msw handlers for a unit's own record (单位信息管理; common/schemas/memberInfo.ts), stateful
 * like the server: GET/PUT /member-units/mine (key fields of an approved unit wait in
 * pendingChange; another key change while one waits is refused; 409 on a stale version),
 * POST /member-units/mine/resubmit, and the staff decisions approve-change / reject-change.
 *
 *   memberInfoDb.record             the fixture unit as it stands now
 *   setMemberInfoRecord({ ... })    start a test from another state (rejected, pending change...)
 *   memberInfoCalls                 [{ method, path, body }] of every call, in order
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { REJECT_REASON_EMPTY_MESSAGE } from '@common/messages';
import { AuthType } from '@common/permissions';
import {
  MEMBER_INFO_MESSAGES,
  UNIT_KEY_FIELD_NAMES,
  type MemberInfoRecord,
  type MemberInfoUpdateBody,
  type UnitPendingChange,
} from '@common/schemas/memberInfo';
import type { ReviewHistoryEntry } from '@common/schemas/membership';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME, FIXTURE_UNIT_PROFILE, storedFile } from './fixtures';
import { apiPath, bad, callLog, done, guard, notFound, ok, reviewEntry, stale, type ApiCall } from './kit';

const COLUMN_OF = { name: 'name', creditCode: 'credit_code', legalRepresentative: 'legal_representative' } as const;

const log = callLog();
export type MemberInfoCall = ApiCall;
export const memberInfoCalls = log.calls;

function registrationReview(): ReviewHistoryEntry {
  return reviewEntry('review-registration-1', {
    what: 'registration',
    status: 'approved',
    submittedAt: '2024-03-28T01:40:00.000Z',
    submittedByName: '张联络',
    decidedAt: '2024-04-10T02:00:00.000Z',
    decidedByName: '系统管理员',
    comment: '材料齐全，符合入会条件，同意入会。',
  });
}

/** The fixture unit: approved, with its certificate and one file of each kind. */
export function fixtureMemberInfo(): MemberInfoRecord {
  return {
    id: FIXTURE_UNIT_ID,
    name: FIXTURE_UNIT_NAME,
    creditCode: '91330106MA2CJ7K52K',
    legalRepresentative: '王法人',
    contactPerson: '张联络',
    ...FIXTURE_UNIT_PROFILE,
    memberLevelLabel: '副会长单位',
    validUntil: '2027-04-30',
    status: 'approved',
    rejectReason: null,
    pendingChange: null,
    pendingChangeAt: null,
    files: {
      businessLicence: [{ fileId: storedFile.fileId, name: storedFile.name, size: storedFile.size, contentType: storedFile.contentType }],
      qualification: [],
      logo: null,
    },
    certificate: { id: 'cert-unit-1', number: 'WPDW2024002', issuedOn: '2024-04-10', validUntil: '2027-04-30', state: 'valid', revokedReason: null },
    reviewHistory: [registrationReview()],
    updatedAt: '2026-10-01T02:00:00.000Z',
    version: 3,
  };
}

export const memberInfoDb: { record: MemberInfoRecord } = { record: fixtureMemberInfo() };

/** Starts a test from another state of the fixture unit. */
export function setMemberInfoRecord(change: Partial<MemberInfoRecord>): void {
  memberInfoDb.record = { ...memberInfoDb.record, ...change };
}

export function resetMemberInfoMock(): void {
  memberInfoDb.record = fixtureMemberInfo();
  log.clear();
}

/** The unit's own account (a member unit's), or the server's 401/403. */
const ownUnit = (request: Request) => guard(request, null, [AuthType.MemberUnit]);

function review(what: ReviewHistoryEntry['what'], by: string, payload: unknown = null): ReviewHistoryEntry {
  return reviewEntry(`review-${memberInfoDb.record.reviewHistory.length + 1}`, {
    what,
    submittedAt: new Date().toISOString(),
    submittedByName: by,
    payload,
  });
}

function decide(what: ReviewHistoryEntry['what'], status: 'approved' | 'rejected', by: string, comment: string | null) {
  const history = memberInfoDb.record.reviewHistory.map((r) =>
    r.what === what && r.status === 'pending' ? { ...r, status, decidedAt: new Date().toISOString(), decidedByName: by, comment } : r,
  );
  return history;
}

function applyUpdate(body: MemberInfoUpdateBody, by: string): Response {
  const current = memberInfoDb.record;
  if (current.status === 'cancelled') return bad(MEMBER_INFO_MESSAGES.cancelled);
  if (body.version !== current.version) return stale();
  const vouched = current.status === 'approved' || current.status === 'suspended';
  const keys: UnitPendingChange = {};
  for (const field of UNIT_KEY_FIELD_NAMES) {
    const value = body[field]?.trim();
    if (value !== undefined && value !== current[field]) keys[field] = value;
  }
  const hasKeys = Object.keys(keys).length > 0;
  const pending = current.pendingChange;
  const samePending = !!pending && UNIT_KEY_FIELD_NAMES.every((f) => pending[f] === keys[f]);
  if (vouched && hasKeys && pending && !samePending) return bad(MEMBER_INFO_MESSAGES.changePending);
  const newChange = vouched && hasKeys && !pending ? keys : null;

  const next: MemberInfoRecord = {
    ...current,
    ...(vouched ? {} : keys),
    contactPerson: body.contactPerson ?? current.contactPerson,
    contactPhone: body.contactPhone ?? current.contactPhone,
    email: body.email === undefined ? current.email : body.email,
    address: body.address === undefined ? current.address : body.address,
    establishedOn: body.establishedOn === undefined ? current.establishedOn : body.establishedOn,
    registeredCapital: body.registeredCapital === undefined ? current.registeredCapital : body.registeredCapital,
    staffCount: body.staffCount === undefined ? current.staffCount : body.staffCount,
    businessScope: body.businessScope === undefined ? current.businessScope : body.businessScope,
    introduction: body.introduction === undefined ? current.introduction : body.introduction,
    files: {
      ...current.files,
      // The mock knows one stored file's details; others are listed by id.
      ...(body.businessLicenceFileIds ? { businessLicence: body.businessLicenceFileIds.map(fileRef) } : {}),
      ...(body.qualificationFileIds ? { qualification: body.qualificationFileIds.map(fileRef) } : {}),
    },
    version: current.version + 1,
    updatedAt: new Date().toISOString(),
  };
  if (newChange) {
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    for (const field of UNIT_KEY_FIELD_NAMES) {
      const value = newChange[field];
      if (value === undefined) continue;
      before[COLUMN_OF[field]] = current[field];
      after[COLUMN_OF[field]] = value;
    }
    next.pendingChange = newChange;
    next.pendingChangeAt = new Date().toISOString();
    next.reviewHistory = [...current.reviewHistory, review('info_change', by, { before, after })];
  }
  memberInfoDb.record = next;
  return done({ changePending: !!newChange }, newChange ? MEMBER_INFO_MESSAGES.savedWithReview : MEMBER_INFO_MESSAGES.saved);
}

function fileRef(fileId: string) {
  return fileId === storedFile.fileId
    ? { fileId, name: storedFile.name, size: storedFile.size, contentType: storedFile.contentType }
    : { fileId, name: `${fileId}.pdf`, size: 1024, contentType: 'application/pdf' };
}

const STAFF_DECISION = /^\/api\/v1\/member-units\/([^/]+)\/(approve|reject)-change$/;

export const memberInfoHandlers: HttpHandler[] = [
  http.get(apiPath('/member-units/mine'), async ({ request }) => {
    await log.record(request);
    const account = ownUnit(request);
    if (account instanceof Response) return account;
    return HttpResponse.json(ok(memberInfoDb.record), { headers: { 'cache-control': 'no-store' } });
  }),
  http.put(apiPath('/member-units/mine'), async ({ request }) => {
    const body = (await log.record(request)) as MemberInfoUpdateBody;
    const account = ownUnit(request);
    if (account instanceof Response) return account;
    return applyUpdate(body, account.user.name);
  }),
  http.post(apiPath('/member-units/mine/resubmit'), async ({ request }) => {
    const body = (await log.record(request)) as { version?: number } | null;
    const account = ownUnit(request);
    if (account instanceof Response) return account;
    const current = memberInfoDb.record;
    if (body?.version !== undefined && body.version !== current.version) return stale();
    if (current.status !== 'rejected') return bad(MEMBER_INFO_MESSAGES.resubmitNotRejected);
    if (current.files.businessLicence.length === 0) return bad(MEMBER_INFO_MESSAGES.licenceMissing);
    memberInfoDb.record = {
      ...current,
      status: 'pending',
      rejectReason: null,
      reviewHistory: [...current.reviewHistory, review('registration', account.user.name)],
      version: current.version + 1,
    };
    return done(null, MEMBER_INFO_MESSAGES.resubmitted);
  }),
  http.post(/\/api\/v1\/member-units\/[^/]+\/(approve|reject)-change$/, async ({ request }) => {
    const body = (await log.record(request)) as { comment?: string; reason?: string } | null;
    const account = guard(request, 'member:unit:approve');
    if (account instanceof Response) return account;
    const match = STAFF_DECISION.exec(new URL(request.url).pathname);
    const current = memberInfoDb.record;
    if (!match || match[1] !== current.id) return notFound('会员单位');
    const change = current.pendingChange;
    if (!change) return bad(MEMBER_INFO_MESSAGES.noPendingChange);
    if (match[2] === 'reject') {
      const reason = body?.reason?.trim();
      if (!reason) return bad(REJECT_REASON_EMPTY_MESSAGE);
      memberInfoDb.record = {
        ...current,
        pendingChange: null,
        pendingChangeAt: null,
        reviewHistory: decide('info_change', 'rejected', account.user.name, reason),
        version: current.version + 1,
      };
      return done(null, '信息变更已驳回');
    }
    memberInfoDb.record = {
      ...current,
      ...change,
      pendingChange: null,
      pendingChangeAt: null,
      reviewHistory: decide('info_change', 'approved', account.user.name, body?.comment?.trim() || null),
      version: current.version + 1,
    };
    return done(null, '信息变更已通过');
  }),
];
