/**
 * msw handlers for practitioner unit changes (/unit-changes), stateful like the server: who
 * sees which (staff with member:unit-change:view all; the member unit fixture the changes into
 * or out of its unit; the practitioner fixture their own), the list filters (status, direction,
 * unitId, keyword over name and certificate number), the detail with its history and release
 * letter, the request (a practitioner names the unit, a unit names the practitioner by name and
 * ID number), and the steps with the server's state rules, words and 409 on a stale version.
 * Each record's `actions` says what the caller may do, as the server's does.
 *
 * `resetUnitChangesMock()` (through `resetMockState()`, after each test) restores the fixtures.
 *
 *   unitChangesDb.changes                     // the records as they stand now (mutable)
 *   unitChangeCallsTo('post', '/unit-changes/uc-2/release')
 */
import { http, type HttpHandler } from 'msw';
import { REJECT_REASON_REQUIRED_MESSAGE } from '@common/messages';
import type { FileRef } from '@common/schemas/content';
import {
  PRACTITIONER_NOT_FOUND_MESSAGE,
  WITHDRAWN_REASON,
  type UnitChangeAction,
  type UnitChangeCreateBody,
  type UnitChangeDetail,
  type UnitChangeRecord,
  type UnitChangeStatusValue,
  type UnitChangeStepEntry,
} from '@common/schemas/unitChanges';
import { checkIdCardNo, maskIdCardNo } from '@common/validators';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME } from './fixtures';
import { ALL_KINDS, apiPath, authenticate, bad, callerAndRecord, callLog, done, forbidden, guard, hasKeyword, matching, notFound, pageOf, stale, type ApiCall, type FixtureAccount } from './kit';

const log = callLog();
export type UnitChangeCall = ApiCall;
export const unitChangeCalls = log.calls;
export const unitChangeCallsTo = log.to;

/* ---------- fixtures ---------- */

/**
 * The approved units the changes name (the ids of mock/memberUnits.ts, whose
 * GET /member-units/options lists the first two).
 */
export const KNOWN_UNITS = [
  { id: FIXTURE_UNIT_ID, name: FIXTURE_UNIT_NAME },
  { id: 'mu-zhijiang', name: '之江社会风险研究院有限公司' },
  { id: 'mu-anhe', name: '安和工程咨询有限公司' },
];

/** Practitioners a unit can find by name and ID number (the practitioner fixture is practitioner-0001). */
export const KNOWN_PRACTITIONERS = [
  { id: 'practitioner-0001', name: '李评估', idCardNo: '11010519491231002X', unitId: FIXTURE_UNIT_ID, certificateNo: 'WPRY2024001' },
  { id: 'practitioner-0002', name: '孙佳慧', idCardNo: '330381199108080201', unitId: 'mu-zhijiang', certificateNo: 'WPRY2024010' },
  { id: 'practitioner-0003', name: '王浩然', idCardNo: '330108199209050062', unitId: FIXTURE_UNIT_ID, certificateNo: 'WPRY2024003' },
];

export const RELEASE_LETTER: FileRef = { fileId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: '放行函.pdf', size: 20480, contentType: 'application/pdf' };

interface StoredChange {
  record: Omit<UnitChangeRecord, 'actions'>;
  steps: UnitChangeStepEntry[];
  releaseLetters: FileRef[];
}

const unitName = (id: string) => KNOWN_UNITS.find((u) => u.id === id)?.name ?? id;

let stepSeq = 0;
const stepOf = (step: UnitChangeStatusValue, actorName: string, at: string, comment: string | null = null): UnitChangeStepEntry => {
  stepSeq += 1;
  return { id: String(stepSeq), step, actorName, at, comment };
};

function change(id: string, practitionerIndex: number, toUnitId: string, status: UnitChangeStatusValue, steps: UnitChangeStepEntry[], extra: Partial<StoredChange['record']> = {}): StoredChange {
  const p = KNOWN_PRACTITIONERS[practitionerIndex];
  return {
    record: {
      id,
      practitionerId: p.id,
      practitionerName: p.name,
      idCardNo: maskIdCardNo(p.idCardNo),
      certificateNo: p.certificateNo,
      fromUnitId: p.unitId,
      fromUnitName: unitName(p.unitId),
      toUnitId,
      toUnitName: unitName(toUnitId),
      reason: '个人职业发展需要',
      status,
      waitingFor: status === 'requested' ? 'from_unit' : status === 'released' ? 'association' : null,
      withdrawn: false,
      rejectReason: null,
      requestedByName: steps[0]?.actorName ?? null,
      createdAt: steps[0]?.at ?? '2026-11-01T01:00:00.000Z',
      updatedAt: steps.at(-1)?.at ?? '2026-11-01T01:00:00.000Z',
      version: steps.length - 1,
      ...extra,
    },
    steps,
    releaseLetters: [RELEASE_LETTER],
  };
}

function fixtureChanges(): StoredChange[] {
  stepSeq = 0;
  return [
    // Outgoing from the fixture unit, waiting for it to release.
    change('uc-1', 2, 'mu-anhe', 'requested', [stepOf('requested', '王浩然', '2026-11-16T07:00:00.000Z', '请原单位审核放行。')]),
    // Incoming to the fixture unit, released, waiting for the association.
    change('uc-2', 1, FIXTURE_UNIT_ID, 'released', [
      stepOf('requested', '孙佳慧', '2026-11-03T01:30:00.000Z'),
      stepOf('released', '之江社会风险研究院有限公司', '2026-11-05T06:10:00.000Z', '同意放行，在研项目已完成交接。'),
    ]),
    // The practitioner fixture's own, refused earlier.
    change(
      'uc-3',
      0,
      'mu-zhijiang',
      'rejected',
      [stepOf('requested', '李评估', '2026-05-06T01:20:00.000Z'), stepOf('rejected', FIXTURE_UNIT_NAME, '2026-05-08T02:00:00.000Z', '服务期未满')],
      { rejectReason: '服务期未满' },
    ),
  ];
}

export const unitChangesDb: { changes: StoredChange[] } = { changes: fixtureChanges() };

export function resetUnitChangesMock(): void {
  unitChangesDb.changes = fixtureChanges();
  log.clear();
}

/* ---------- rules (the server's, in short) ---------- */

function isParty(account: FixtureAccount, r: StoredChange['record']): boolean {
  const u = account.user;
  if (u.authType === 1) return true;
  if (u.authType === 3) return u.practitionerId === r.practitionerId;
  return u.unitId === r.fromUnitId || u.unitId === r.toUnitId;
}

function actionsFor(account: FixtureAccount, r: StoredChange['record']): UnitChangeAction[] {
  const u = account.user;
  if (r.status === 'approved' || r.status === 'rejected') return [];
  const requested = r.status === 'requested';
  if (u.authType === 1) {
    if (!u.permissions.includes('member:unit-change:approve')) return [];
    return requested ? ['reject'] : ['approve', 'reject'];
  }
  if (u.authType === 2) {
    if (!requested) return [];
    if (u.unitId === r.fromUnitId) return ['release', 'reject'];
    return u.unitId === r.toUnitId ? ['withdraw'] : [];
  }
  return requested && u.practitionerId === r.practitionerId ? ['withdraw'] : [];
}

const withActions = (account: FixtureAccount, c: StoredChange): UnitChangeRecord => ({ ...c.record, actions: actionsFor(account, c.record) });

/* ---------- plumbing ---------- */

/** Staff need the view code; units and practitioners pass (scoped by ownership). */
const viewer = (request: Request) => guard(request, 'member:unit-change:view', ALL_KINDS);

function listed(account: FixtureAccount, params: URLSearchParams): UnitChangeRecord[] {
  const own = account.user.unitId;
  return unitChangesDb.changes
    .filter((c) => isParty(account, c.record))
    .map((c) => c.record)
    .filter(
      matching<StoredChange['record']>(params, {
        status: 'status',
        unitId: (r, unitId) => r.fromUnitId === unitId || r.toUnitId === unitId,
        direction: (r, direction) => (direction === 'in' ? r.toUnitId === own : r.fromUnitId === own),
        keyword: (r, keyword) => hasKeyword(keyword, [r.practitionerName, r.certificateNo]),
      }),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((r) => ({ ...r, actions: actionsFor(account, r) }));
}

const closedMessage = (r: StoredChange['record']) =>
  r.status === 'approved' ? '该申请已审批通过，不能再操作' : r.withdrawn ? '该申请已撤回，不能再操作' : '该申请已驳回，不能再操作';

function create(account: FixtureAccount, body: Partial<UnitChangeCreateBody> | null): Response {
  const u = account.user;
  if (u.authType === 1) return forbidden();
  if (!body?.reason?.trim()) return bad('请填写变更原因');
  if (!body.releaseLetterFileIds?.length) return bad('放行函至少需要1项');
  let practitioner: (typeof KNOWN_PRACTITIONERS)[number] | undefined;
  let toUnitId: string;
  if (u.authType === 3) {
    practitioner = KNOWN_PRACTITIONERS.find((p) => p.id === u.practitionerId);
    if (!body.toUnitId) return bad('请选择调入单位');
    toUnitId = body.toUnitId;
    if (!KNOWN_UNITS.some((o) => o.id === toUnitId)) return bad('调入单位不存在或未通过入会审核');
  } else {
    if (!body.practitionerName?.trim()) return bad('请输入从业人员姓名');
    const invalid = checkIdCardNo(body.idCardNo ?? '');
    if (invalid) return bad(invalid);
    practitioner = KNOWN_PRACTITIONERS.find((p) => p.idCardNo === body.idCardNo?.trim().toUpperCase() && p.name === body.practitionerName?.trim());
    if (!practitioner) return bad(PRACTITIONER_NOT_FOUND_MESSAGE);
    toUnitId = u.unitId ?? '';
  }
  if (!practitioner) return forbidden();
  if (practitioner.unitId === toUnitId) return bad('调入单位与从业人员当前所在单位相同，无需变更');
  const p = practitioner;
  if (unitChangesDb.changes.some((c) => c.record.practitionerId === p.id && (c.record.status === 'requested' || c.record.status === 'released'))) {
    return bad('该从业人员已有进行中的单位变更申请，请办结或撤回后再申请');
  }
  const at = new Date().toISOString();
  const requester = u.authType === 3 ? p.name : unitName(toUnitId);
  const id = `uc-${unitChangesDb.changes.length + 1}`;
  const stored = change(id, KNOWN_PRACTITIONERS.indexOf(p), toUnitId, 'requested', [stepOf('requested', requester, at)], { reason: body.reason.trim() });
  stored.releaseLetters = body.releaseLetterFileIds.map((fileId) => ({ fileId, name: '放行函.pdf', size: 1024, contentType: 'application/pdf' }));
  unitChangesDb.changes.unshift(stored);
  return done({ id }, '单位变更申请已提交，等待原单位放行');
}

function step(account: FixtureAccount, c: StoredChange, action: string, body: { version?: number; comment?: string; reason?: string } | null): Response {
  const r = c.record;
  if (r.status === 'approved' || r.status === 'rejected') return bad(closedMessage(r));
  const allowed = actionsFor(account, r);
  if (!allowed.includes(action as UnitChangeAction)) {
    if (action === 'release' && r.status === 'released' && account.user.unitId === r.fromUnitId) return bad('该申请已放行，不能重复操作');
    if (action === 'approve' && r.status === 'requested' && account.user.authType === 1) return bad('原单位尚未放行，不能审批');
    return forbidden();
  }
  if (body?.version !== r.version) return stale();
  const at = new Date().toISOString();
  const actor = account.user.authType === 2 ? unitName(account.user.unitId ?? '') : account.user.authType === 3 ? r.practitionerName : account.user.name;
  const next = (status: UnitChangeStatusValue, comment: string | null, extra: Partial<StoredChange['record']> = {}) => {
    c.record = { ...r, status, waitingFor: status === 'released' ? 'association' : null, updatedAt: at, version: r.version + 1, ...extra };
    c.steps.push(stepOf(status, actor, at, comment));
  };
  switch (action) {
    case 'release':
      next('released', body.comment?.trim() || null);
      return done(null, '已放行，等待协会审批');
    case 'approve':
      next('approved', body.comment?.trim() || null);
      return done(null, '已审批通过，人员已转入新单位');
    case 'reject': {
      const reason = body.reason?.trim();
      if (!reason) return bad(REJECT_REASON_REQUIRED_MESSAGE);
      next('rejected', reason, { rejectReason: reason });
      return done(null, '已驳回');
    }
    default:
      next('rejected', WITHDRAWN_REASON, { rejectReason: WITHDRAWN_REASON, withdrawn: true });
      return done(null, '申请已撤回');
  }
}

/* ---------- handlers ---------- */

export const unitChangesHandlers: HttpHandler[] = [
  http.get(apiPath('/unit-changes'), async ({ request }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    return done(pageOf(listed(account, params), params));
  }),

  http.get(apiPath('/unit-changes/:id'), async ({ request, params }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const c = unitChangesDb.changes.find((x) => x.record.id === params.id);
    if (!c) return notFound('单位变更申请');
    if (!isParty(account, c.record)) return forbidden();
    const detail: UnitChangeDetail = { ...withActions(account, c), steps: c.steps, releaseLetters: c.releaseLetters };
    return done(detail);
  }),

  http.post(apiPath('/unit-changes'), async ({ request }) => {
    const body = (await log.record(request)) as Partial<UnitChangeCreateBody> | null;
    const account = authenticate(request);
    if (account instanceof Response) return account;
    return create(account, body);
  }),

  http.post(apiPath('/unit-changes/:id/:action'), async ({ request, params }) => {
    const body = (await log.record(request)) as { version?: number; comment?: string; reason?: string } | null;
    const found = callerAndRecord(
      request,
      '单位变更申请',
      () => unitChangesDb.changes.find((x) => x.record.id === params.id),
      (account, c) => isParty(account, c.record),
    );
    if (found instanceof Response) return found;
    return step(found.account, found.record, String(params.action), body);
  }),
];
