/**
 * msw handlers for 会员单位管理 (/member-units as staff call it), stateful like the server:
 * the list filters (keyword over name, credit code, member number and contact person;
 * status, memberLevel, joinFrom/joinTo, hasPendingChange, showInWindow), sorts and pages;
 * the record; the staff edit (a stale version is HTTP 409; a cancelled unit is refused);
 * the workflow with the server's state rules and words (approve gives a member number, a
 * year's validity and a certificate; reject/suspend/cancel need a reason); the window
 * switch; the key-field change decisions (approve-change / reject-change); the options and
 * the export. Every route checks the token and the permission code (status 30 without it).
 *
 * `resetMemberUnitsMock()` (through `resetMockState()`, after each test) restores the fixtures.
 *
 *   memberUnitsDb.units                      // the records as they stand now (mutable)
 *   memberUnitCallsTo('post', '/member-units/mu-pending/approve')
 */
import { http, type HttpHandler } from 'msw';
import { REJECT_REASON_EMPTY_MESSAGE } from '@common/messages';
import type { FileRef } from '@common/schemas/content';
import {
  MEMBER_UNIT_ACTION_FROM,
  MEMBER_UNIT_ACTIONS,
  MEMBER_UNIT_MESSAGES,
  MEMBER_UNIT_STATUS_LABELS,
  type MemberUnitAction,
  type MemberUnitListItem,
  type MemberUnitRecord,
  type MemberUnitRowAction,
  type MemberUnitStatusValue,
  type MemberUnitUpdateBody,
} from '@common/schemas/memberUnits';
import type { ReviewHistoryEntry } from '@common/schemas/membership';
import { hasPermission, type PermissionCode } from '@common/permissions';
import { checkCreditCode, checkPhone } from '@common/validators';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME, FIXTURE_UNIT_PROFILE, storedFile } from './fixtures';
import { apiPath, authenticate, bad, beijingToday, bumped, callLog, done, download, hasKeyword, matching, notFound, pageOf, parseSort, reviewEntry, stale, type ApiCall, type FixtureAccount } from './kit';

const log = callLog();
export type MemberUnitCall = ApiCall;
export const memberUnitCalls = log.calls;
export const memberUnitCallsTo = log.to;

/* ---------- fixtures ---------- */

const T0 = '2026-10-01T02:00:00.000Z';
const LICENCE: FileRef = { fileId: storedFile.fileId, name: '营业执照.pdf', size: storedFile.size, contentType: storedFile.contentType };

/** A review entry of the unit's registration (unless `fields` say another kind), submitted at T0. */
const review = (id: string, fields: Partial<ReviewHistoryEntry>): ReviewHistoryEntry =>
  reviewEntry(id, { what: 'registration', submittedAt: T0, ...fields });

function unit(id: string, fields: Partial<MemberUnitRecord>): MemberUnitRecord {
  return {
    id,
    name: '',
    creditCode: '',
    legalRepresentative: '张三',
    contactPerson: '李四',
    contactPhone: '0571-88888888',
    email: null,
    memberLevel: null,
    memberNo: null,
    joinDate: null,
    validUntil: null,
    showInWindow: false,
    status: 'pending',
    statusReason: null,
    pendingChange: null,
    pendingChangeAt: null,
    practitionerCount: 0,
    createdAt: T0,
    updatedAt: T0,
    version: 1,
    address: null,
    establishedOn: null,
    registeredCapital: null,
    staffCount: null,
    businessScope: null,
    introduction: null,
    logoFileId: null,
    logo: null,
    businessLicenceFileIds: [],
    businessLicence: [],
    qualificationFileIds: [],
    qualifications: [],
    certificate: null,
    reviewHistory: [],
    events: [],
    counts: { practitioners: 0, pendingPractitioners: 0, projects: 0, cases: 0 },
    actions: [],
    ...fields,
  };
}

/** Credit codes with correct check characters (checkCreditCode passes). */
export const FIXTURE_CREDIT_CODES = {
  sample: '91330106MA2CJ7K1X3',
  zhijiang: '91330102MA28XN5PXP',
  runhe: '91330105MA2KLR8UXL',
  qiming: '92330109MA2E6B1TX4',
  hengxin: '91330110MA27WQ4DXE',
} as const;

function fixtureUnits(): MemberUnitRecord[] {
  return [
    unit(FIXTURE_UNIT_ID, {
      name: FIXTURE_UNIT_NAME,
      creditCode: FIXTURE_CREDIT_CODES.sample,
      legalRepresentative: '张正衡',
      contactPerson: '李婉清',
      ...FIXTURE_UNIT_PROFILE,
      validUntil: '2027-04-09',
      showInWindow: true,
      status: 'approved',
      practitionerCount: 12,
      businessLicenceFileIds: [LICENCE.fileId],
      businessLicence: [LICENCE],
      certificate: { id: 'cert-1', number: 'WPDW2024002', issuedOn: '2024-04-10', validUntil: '2027-04-09', state: 'valid', revokedReason: null },
      reviewHistory: [
        review('r-1', { status: 'approved', submittedByName: '李婉清', decidedAt: '2024-04-10T02:00:00.000Z', decidedByName: '系统管理员', comment: '材料齐全' }),
      ],
      counts: { practitioners: 12, pendingPractitioners: 2, projects: 5, cases: 3 },
      createdAt: '2024-03-28T01:40:00.000Z',
    }),
    unit('mu-zhijiang', {
      name: '之江社会风险研究院有限公司',
      creditCode: FIXTURE_CREDIT_CODES.zhijiang,
      legalRepresentative: '周立伟',
      contactPerson: '吴晓燕',
      memberLevel: 'president',
      memberNo: 'HY2024001',
      joinDate: '2024-03-15',
      validUntil: '2027-03-14',
      showInWindow: true,
      status: 'approved',
      practitionerCount: 20,
      pendingChange: { legalRepresentative: '何建平' },
      pendingChangeAt: '2026-11-12T02:20:00.000Z',
      certificate: { id: 'cert-2', number: 'WPDW2024001', issuedOn: '2024-03-15', validUntil: '2027-03-14', state: 'valid', revokedReason: null },
      reviewHistory: [
        review('r-2', { status: 'approved', decidedAt: '2024-03-15T02:00:00.000Z', decidedByName: '系统管理员' }),
        review('r-3', { what: 'info_change', submittedAt: '2026-11-12T02:20:00.000Z', payload: { before: { legalRepresentative: '周立伟' }, after: { legalRepresentative: '何建平' } } }),
      ],
      createdAt: '2024-03-01T02:15:00.000Z',
    }),
    unit('mu-pending', {
      name: '润和社会治理咨询有限公司',
      creditCode: FIXTURE_CREDIT_CODES.runhe,
      legalRepresentative: '沈润和',
      contactPerson: '沈佳',
      contactPhone: '13757112468',
      status: 'pending',
      businessLicenceFileIds: [LICENCE.fileId],
      businessLicence: [LICENCE],
      reviewHistory: [review('r-4', { submittedAt: '2026-11-10T07:42:00.000Z', submittedByName: '沈佳' })],
      createdAt: '2026-11-10T07:42:00.000Z',
    }),
    unit('mu-rejected', {
      name: '启明信息咨询服务部',
      creditCode: FIXTURE_CREDIT_CODES.qiming,
      status: 'rejected',
      statusReason: '营业执照经营范围不含社会稳定风险评估',
      reviewHistory: [review('r-5', { status: 'rejected', decidedAt: '2026-10-10T02:00:00.000Z', comment: '营业执照经营范围不含社会稳定风险评估' })],
      createdAt: '2026-10-08T02:12:00.000Z',
    }),
    unit('mu-suspended', {
      name: '恒信项目管理咨询有限公司',
      creditCode: FIXTURE_CREDIT_CODES.hengxin,
      memberLevel: 'member',
      memberNo: 'HY2025002',
      joinDate: '2025-05-16',
      validUntil: '2026-05-15',
      showInWindow: true,
      status: 'suspended',
      statusReason: '年检不合格，限期整改',
      createdAt: '2025-04-28T01:05:00.000Z',
    }),
  ];
}

export const memberUnitsDb: { units: MemberUnitRecord[]; memberSeq: number } = { units: fixtureUnits(), memberSeq: 0 };

export function resetMemberUnitsMock(): void {
  memberUnitsDb.units = fixtureUnits();
  memberUnitsDb.memberSeq = 0;
  log.clear();
}

/* ---------- plumbing ---------- */

const find = (id: unknown) => memberUnitsDb.units.find((u) => u.id === id);

function save(next: MemberUnitRecord): void {
  memberUnitsDb.units = memberUnitsDb.units.map((u) => (u.id === next.id ? next : u));
}

const LIST_KEYS: readonly (keyof MemberUnitListItem)[] = [
  'id', 'name', 'creditCode', 'legalRepresentative', 'contactPerson', 'contactPhone', 'email', 'memberLevel', 'memberNo',
  'joinDate', 'validUntil', 'showInWindow', 'status', 'statusReason', 'pendingChange', 'pendingChangeAt', 'practitionerCount',
  'createdAt', 'updatedAt', 'version', 'actions',
];

function toListItem(u: MemberUnitRecord): MemberUnitListItem {
  return Object.fromEntries(LIST_KEYS.map((k) => [k, u[k]])) as MemberUnitListItem;
}

/** What `account` may do with the unit, as the server's actionsFor answers (server/modules/member-units/queries.ts). */
function actionsFor(account: FixtureAccount, u: MemberUnitRecord): MemberUnitRowAction[] {
  const may = (code: PermissionCode) => hasPermission(account.user, code);
  const actions: MemberUnitRowAction[] = MEMBER_UNIT_ACTIONS.filter(
    (step) => may(step === 'cancel' ? 'member:unit:delete' : 'member:unit:approve') && MEMBER_UNIT_ACTION_FROM[step].includes(u.status),
  );
  if (may('member:unit:edit') && u.status !== 'cancelled') actions.push('edit');
  if (may('member:unit:edit') && u.status === 'approved') actions.push('window');
  if (may('member:unit:approve') && u.pendingChange) actions.push('decide-change');
  return actions;
}
const withActions = (account: FixtureAccount, u: MemberUnitRecord): MemberUnitRecord => ({ ...u, actions: actionsFor(account, u) });

const SORTABLE: Record<string, keyof MemberUnitRecord> = {
  joinDate: 'joinDate',
  validUntil: 'validUntil',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  memberNo: 'memberNo',
  name: 'name',
};

function filtered(params: URLSearchParams): MemberUnitRecord[] | string {
  const items = memberUnitsDb.units.filter(
    matching<MemberUnitRecord>(params, {
      keyword: (u, keyword) => hasKeyword(keyword, [u.name, u.creditCode, u.memberNo, u.contactPerson], true),
      status: 'status',
      memberLevel: 'memberLevel',
      joinFrom: (u, from) => u.joinDate !== null && u.joinDate >= from,
      joinTo: (u, to) => u.joinDate !== null && u.joinDate <= to,
      hasPendingChange: (u, pending) => String(u.pendingChange !== null) === pending,
      showInWindow: 'showInWindow',
    }),
  );
  const by = parseSort(params.get('sort') ?? 'createdAt,desc');
  const field = by ? SORTABLE[by.field] : undefined;
  if (!by || !field) return `不支持按 ${by?.field ?? params.get('sort')} 排序`;
  const { sign } = by;
  return [...items].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === y) return a.id.localeCompare(b.id);
    if (x === null) return 1;
    if (y === null) return -1;
    return String(x).localeCompare(String(y)) * sign;
  });
}

function illegalMove(action: MemberUnitAction, status: MemberUnitStatusValue): string {
  if (status === 'cancelled') return MEMBER_UNIT_MESSAGES.cancelledReadOnly;
  const now = MEMBER_UNIT_STATUS_LABELS[status];
  if (action === 'approve' || action === 'reject') {
    return status === 'approved' || status === 'suspended' ? '该单位已审核通过，不能重复审核' : `该单位的入会申请${now}，需单位修改后重新提交才能审核`;
  }
  if (action === 'suspend') return status === 'suspended' ? '该单位已暂停，不能重复暂停' : `该单位当前状态为「${now}」，只有已通过审核的会员单位可以暂停`;
  if (action === 'restore') return status === 'approved' ? '该单位未暂停，无需恢复' : `该单位当前状态为「${now}」，只有已暂停的会员单位可以恢复`;
  return `该单位当前状态为「${now}」，只有已通过审核或已暂停的会员单位可以注销`;
}

function oneYearFrom(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
}

type StepBody = { reason?: string; comment?: string; version?: number; memberLevel?: string; showInWindow?: boolean };

const STEP_CODES: Record<MemberUnitAction, PermissionCode> = {
  approve: 'member:unit:approve',
  reject: 'member:unit:approve',
  suspend: 'member:unit:approve',
  restore: 'member:unit:approve',
  cancel: 'member:unit:delete',
};

const REASON_NAMES: Partial<Record<MemberUnitAction, string>> = { reject: '驳回原因', suspend: '暂停原因', cancel: '注销原因' };

function takeStep(action: MemberUnitAction, u: MemberUnitRecord, body: StepBody, by: string): Response {
  const reasonName = REASON_NAMES[action];
  const reason = body.reason?.trim() ?? '';
  if (reasonName && !reason) return bad(`${reasonName}不能为空`);
  if (body.version !== undefined && body.version !== u.version) return stale();
  if (!MEMBER_UNIT_ACTION_FROM[action].includes(u.status)) return bad(illegalMove(action, u.status));
  const at = new Date().toISOString();
  switch (action) {
    case 'approve': {
      memberUnitsDb.memberSeq += 1;
      const day = beijingToday();
      const year = day.slice(0, 4);
      const seq = String(memberUnitsDb.memberSeq).padStart(3, '0');
      const memberNo = `HY${year}${seq}`;
      const certificateNo = `WPDW${year}${seq}`;
      const validUntil = oneYearFrom(day);
      save(
        bumped(u, {
          status: 'approved',
          memberNo,
          memberLevel: body.memberLevel ?? u.memberLevel ?? 'member',
          joinDate: day,
          validUntil,
          showInWindow: body.showInWindow !== false,
          statusReason: null,
          certificate: { id: `cert-${u.id}`, number: certificateNo, issuedOn: day, validUntil, state: 'valid', revokedReason: null },
          reviewHistory: decide(u.reviewHistory, 'approved', by, body.comment ?? null, at),
        }),
      );
      return done({ memberNo, joinDate: day, validUntil, certificateNo }, `审核通过，会员编号 ${memberNo}`);
    }
    case 'reject':
      save(bumped(u, { status: 'rejected', statusReason: reason, reviewHistory: decide(u.reviewHistory, 'rejected', by, reason, at) }));
      return done(null, '已驳回入会申请');
    case 'suspend':
      save(bumped(u, { status: 'suspended', statusReason: reason, events: [...u.events, { at, action, actorName: by, summary: `暂停：${reason}` }] }));
      return done(null, '已暂停会员资格');
    case 'restore':
      save(bumped(u, { status: 'approved', statusReason: null, events: [...u.events, { at, action, actorName: by, summary: '恢复会员资格' }] }));
      return done(null, '已恢复会员资格');
    case 'cancel':
      save(
        bumped(u, {
          status: 'cancelled',
          statusReason: reason,
          showInWindow: false,
          pendingChange: null,
          pendingChangeAt: null,
          certificate: u.certificate ? { ...u.certificate, state: 'revoked', revokedReason: '会员资格注销' } : null,
          events: [...u.events, { at, action, actorName: by, summary: `注销：${reason}` }],
        }),
      );
      return done(null, '已注销会员资格');
  }
}

/** Closes the pending registration review with the decision (or adds a decided one). */
function decide(history: ReviewHistoryEntry[], status: 'approved' | 'rejected', by: string, comment: string | null, at: string, what: ReviewHistoryEntry['what'] = 'registration') {
  const open = history.findIndex((r) => r.what === what && r.status === 'pending');
  const decision = { status, decidedAt: at, decidedByName: by, comment };
  if (open < 0) return [...history, review(`r-${Date.now()}`, { what, submittedAt: at, ...decision })];
  return history.map((r, i) => (i === open ? { ...r, ...decision } : r));
}

/** The server's checks of a staff edit, with its words; null when the body is fine. */
function problemOf(body: Partial<MemberUnitUpdateBody> | null, id: string): string | null {
  if (!body?.name?.trim()) return '单位名称不能为空';
  const code = body.creditCode?.trim().toUpperCase() ?? '';
  const codeProblem = checkCreditCode(code);
  if (codeProblem) return codeProblem;
  if (memberUnitsDb.units.some((u) => u.id !== id && u.creditCode === code)) return '统一社会信用代码已被其他单位使用';
  if (!body.legalRepresentative?.trim()) return '法定代表人不能为空';
  if (!body.contactPerson?.trim()) return '联系人不能为空';
  const phoneProblem = checkPhone(body.contactPhone ?? '');
  if (phoneProblem) return `联系电话不正确：${phoneProblem}`;
  return null;
}

/** A staff decision on a key-field change: the caller, the unit behind `:id` and its waiting change, or the refusal. */
async function changeToDecide(
  request: Request,
  id: unknown,
): Promise<{ account: FixtureAccount; u: MemberUnitRecord; change: NonNullable<MemberUnitRecord['pendingChange']> } | Response> {
  const account = await log.guard(request, 'member:unit:approve');
  if (account instanceof Response) return account;
  const u = find(id);
  if (!u) return notFound('会员单位');
  if (!u.pendingChange) return bad('该单位没有待审核的信息变更');
  return { account, u, change: u.pendingChange };
}

/* ---------- handlers ---------- */

export const memberUnitsHandlers: HttpHandler[] = [
  http.get(apiPath('/member-units'), async ({ request }) => {
    const account = await log.guard(request, 'member:unit:view');
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    const items = filtered(params);
    if (typeof items === 'string') return bad(items);
    return done(pageOf(items.map((u) => toListItem(withActions(account, u))), params));
  }),

  http.get(apiPath('/member-units/export'), async ({ request }) => {
    const account = await log.guard(request, 'member:unit:export');
    if (account instanceof Response) return account;
    return download('会员单位.xlsx');
  }),

  http.get(apiPath('/member-units/options'), async ({ request }) => {
    await log.record(request);
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const keyword = new URL(request.url).searchParams.get('keyword')?.trim() ?? '';
    const options = memberUnitsDb.units
      .filter((u) => u.status === 'approved' && (!keyword || u.name.includes(keyword) || (u.memberNo ?? '').includes(keyword)))
      .map((u) => ({ id: u.id, name: u.name, memberNo: u.memberNo }));
    return done(options);
  }),

  http.get(apiPath('/member-units/:id'), async ({ request, params }) => {
    // A unit's own record is the unit-information mock's (mock/memberInfo.ts).
    if (params.id === 'mine') return undefined;
    const account = await log.guard(request, 'member:unit:view');
    if (account instanceof Response) return account;
    const u = find(params.id);
    return u ? done(withActions(account, u)) : notFound('会员单位');
  }),

  http.put(apiPath('/member-units/:id'), async ({ request, params }) => {
    if (params.id === 'mine') return undefined;
    const account = await log.guard(request, 'member:unit:edit');
    if (account instanceof Response) return account;
    const u = find(params.id);
    if (!u) return notFound('会员单位');
    if (u.status === 'cancelled') return bad(MEMBER_UNIT_MESSAGES.cancelledReadOnly);
    const body = (await request.json()) as MemberUnitUpdateBody | null;
    if (body?.version !== u.version) return stale();
    const problem = problemOf(body, u.id);
    if (problem) return bad(problem);
    const keep = <K extends keyof MemberUnitUpdateBody & keyof MemberUnitRecord>(key: K) =>
      (body[key] !== undefined ? body[key] : u[key]) as MemberUnitRecord[K];
    save(
      bumped(u, {
        name: body.name.trim(),
        creditCode: body.creditCode.trim().toUpperCase(),
        legalRepresentative: body.legalRepresentative.trim(),
        contactPerson: body.contactPerson.trim(),
        contactPhone: body.contactPhone.trim(),
        email: keep('email'),
        address: keep('address'),
        establishedOn: keep('establishedOn'),
        registeredCapital: keep('registeredCapital'),
        staffCount: keep('staffCount'),
        memberLevel: keep('memberLevel'),
        businessScope: keep('businessScope'),
        introduction: keep('introduction'),
        logoFileId: keep('logoFileId'),
      }),
    );
    return done(null, '会员单位已保存');
  }),

  ...(['approve', 'reject', 'suspend', 'restore', 'cancel'] as const).map((action) =>
    http.post(apiPath(`/member-units/:id/${action}`), async ({ request, params }) => {
      const account = await log.guard(request, STEP_CODES[action]);
      if (account instanceof Response) return account;
      const u = find(params.id);
      if (!u) return notFound('会员单位');
      const body = ((await request.json().catch(() => ({}))) ?? {}) as StepBody;
      return takeStep(action, u, body, account.user.name);
    }),
  ),

  http.post(apiPath('/member-units/:id/window'), async ({ request, params }) => {
    const account = await log.guard(request, 'member:unit:edit');
    if (account instanceof Response) return account;
    const u = find(params.id);
    if (!u) return notFound('会员单位');
    const body = (await request.json()) as { show: boolean };
    if (u.status === 'cancelled') return bad(MEMBER_UNIT_MESSAGES.cancelledReadOnly);
    if (u.status !== 'approved') return bad(MEMBER_UNIT_MESSAGES.windowNeedsApproved);
    if (u.showInWindow !== body.show) save(bumped(u, { showInWindow: body.show }));
    return done(null, body.show ? '已在会员之窗展示' : '已从会员之窗撤下');
  }),

  // The unit-information module's decisions on a key-field change, as the drawer calls them.
  http.post(apiPath('/member-units/:id/approve-change'), async ({ request, params }) => {
    const found = await changeToDecide(request, params.id);
    if (found instanceof Response) return found;
    const { account, u, change } = found;
    const body = ((await request.json().catch(() => ({}))) ?? {}) as { comment?: string };
    const at = new Date().toISOString();
    save(
      bumped(u, {
        ...change,
        pendingChange: null,
        pendingChangeAt: null,
        reviewHistory: decide(u.reviewHistory, 'approved', account.user.name, body.comment ?? null, at, 'info_change'),
      }),
    );
    return done(null, '已通过信息变更');
  }),

  http.post(apiPath('/member-units/:id/reject-change'), async ({ request, params }) => {
    const found = await changeToDecide(request, params.id);
    if (found instanceof Response) return found;
    const { account, u } = found;
    const body = ((await request.json().catch(() => ({}))) ?? {}) as { reason?: string };
    const reason = body.reason?.trim();
    if (!reason) return bad(REJECT_REASON_EMPTY_MESSAGE);
    const at = new Date().toISOString();
    save(
      bumped(u, {
        pendingChange: null,
        pendingChangeAt: null,
        reviewHistory: decide(u.reviewHistory, 'rejected', account.user.name, reason, at, 'info_change'),
      }),
    );
    return done(null, '已驳回信息变更');
  }),
];
