/**
 * msw handlers for /practitioners, stateful like the server: each account's scope (staff all
 * with member:practitioner:view, the fixture unit its own, the fixture practitioner only
 * themselves), masked ID numbers and phones (whole for the practitioner themselves), the
 * filters and sort, create (with the account shown once), edit (409 on a stale version), the
 * workflow steps with the server's state rules and words, the audited reveal, delete, and the
 * import (a canned report: test-DOM uploads lose their bytes, so the mock cannot read the sheet).
 *
 * Also GET /member-units/options as a fallback for the unit select, when the member-units
 * mock (registered earlier) does not answer it.
 *
 * `resetPractitionersMock()` (through `resetMockState()`, after each test) restores the fixtures.
 *
 *   practitionersDb.records            // the records as they stand now (whole values; mutable)
 *   practitionerCalls                  // [{ method, path, query, body }] of every call, in order
 *   practitionerCallsTo('post', '/practitioners/p-2/reveal')
 *   setImportResult({ ... })           // what the next imports answer
 */
import { http, type HttpHandler } from 'msw';
import { EMPTY_BODY_MESSAGE, REJECT_REASON_REQUIRED_MESSAGE } from '@common/messages';
import type { RevealBody } from '@common/schemas/membership';
import type { PermissionCode } from '@common/permissions';
import {
  PRACTITIONER_MESSAGES,
  PRACTITIONER_STATUS_LABELS,
  type PractitionerCreateBody,
  type PractitionerDetail,
  type PractitionerImportResult,
  type PractitionerRecord,
  type PractitionerRowAction,
  type PractitionerStatusValue,
  type PractitionerUpdateBody,
} from '@common/schemas/practitioners';
import { checkEmail, checkIdCardNo, checkPhone, maskIdCardNo, maskPhone } from '@common/validators';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME } from './fixtures';
import { ALL_KINDS, apiPath, authenticate, bad, bump, callLog, done, download, forbidden, guard, matching, notFound, pageOf, parseSort, stale, type ApiCall, type FixtureAccount } from './kit';

/** Most routes: staff with the route's code, and units (scoped to their own practitioners). */
const STAFF_AND_UNITS = [1, 2] as const;

export const OTHER_UNIT_ID = 'unit-0002';
export const OTHER_UNIT_NAME = '另一家评估咨询有限公司';

const log = callLog();
export type PractitionerCall = ApiCall;
export const practitionerCalls = log.calls;
export const practitionerCallsTo = log.to;

/* ---------- fixtures ---------- */

/** A stored record: the whole ID number and phone, as the server holds them decrypted. */
export interface MockPractitioner extends Omit<PractitionerDetail, 'idCardNo' | 'phone' | 'piiMasked' | 'canReveal' | 'actions'> {
  idCardWhole: string;
  phoneWhole: string | null;
}

const T0 = '2026-10-01T02:00:00.000Z';

function practitioner(id: string, fields: Partial<MockPractitioner>): MockPractitioner {
  return {
    id,
    name: '',
    gender: 'male',
    idCardWhole: '110105194912310029',
    phoneWhole: '13800000000',
    email: null,
    education: 'bachelor',
    major: '社会学',
    professionalTitle: 'intermediate',
    position: '评估师',
    unitId: FIXTURE_UNIT_ID,
    unitName: FIXTURE_UNIT_NAME,
    entryDate: '2022-03-01',
    trainingHours: 40,
    certificateNo: null,
    certificateValidUntil: null,
    status: 'pending',
    rejectReason: null,
    leftOn: null,
    photoFileId: null,
    createdAt: T0,
    updatedAt: T0,
    version: 1,
    photo: null,
    diplomas: [],
    otherFiles: [],
    certificate: null,
    loginAccount: `ry${id.replace(/\D/g, '').padStart(8, '0')}`,
    accountEnabled: true,
    reviewHistory: [],
    ...fields,
  };
}

function fixtures(): MockPractitioner[] {
  return [
    practitioner('practitioner-0001', {
      name: '李评估',
      idCardWhole: '330106198503120014',
      phoneWhole: '13857102037',
      status: 'approved',
      certificateNo: 'WPRY2024001',
      certificateValidUntil: '2027-04-14',
      certificate: { number: 'WPRY2024001', issuedOn: '2024-04-15', validUntil: '2027-04-14', state: 'valid', revokedReason: null },
      updatedAt: '2026-10-05T02:00:00.000Z',
    }),
    practitioner('practitioner-0002', {
      name: '王待审',
      gender: 'female',
      idCardWhole: '330102199007180028',
      phoneWhole: '13857102074',
      status: 'pending',
      updatedAt: '2026-10-04T02:00:00.000Z',
    }),
    practitioner('practitioner-0003', {
      name: '赵驳回',
      idCardWhole: '330108199209050030',
      phoneWhole: null,
      status: 'rejected',
      rejectReason: '缺少学历证书',
      updatedAt: '2026-10-03T02:00:00.000Z',
    }),
    practitioner('practitioner-0004', {
      name: '钱外单位',
      idCardWhole: '330110199501230041',
      phoneWhole: '13857102148',
      unitId: OTHER_UNIT_ID,
      unitName: OTHER_UNIT_NAME,
      status: 'approved',
      certificateNo: 'WPRY2024004',
      certificateValidUntil: '2027-04-14',
      updatedAt: '2026-10-02T02:00:00.000Z',
    }),
    practitioner('practitioner-0005', {
      name: '孙离职',
      idCardWhole: '330105198802280052',
      phoneWhole: '13857102185',
      status: 'left',
      certificateNo: 'WPRY2024005',
      certificateValidUntil: '2027-04-14',
      leftOn: '2025-12-31',
      accountEnabled: false,
      updatedAt: '2026-10-01T02:00:00.000Z',
    }),
  ];
}

/** The canned import report: two rows saved, two refused. */
export const DEFAULT_IMPORT_RESULT: PractitionerImportResult = {
  total: 4,
  created: 2,
  failed: 2,
  errors: [
    { rowNumber: 3, messages: ['身份证号码校验位不正确', '手机号码不正确：请输入正确的手机号码或固定电话（如 13800000000 或 0571-88888888）'] },
    { rowNumber: 5, messages: ['身份证号码与第2行重复'] },
  ],
  accounts: [
    { rowNumber: 2, name: '导入甲', loginAccount: 'ry10000002', initialPassword: 'Imp@Pass2a9Kx' },
    { rowNumber: 4, name: '导入丙', loginAccount: 'ry10000004', initialPassword: 'Imp@Pass4b7Qz' },
  ],
};

export const MOCK_UNIT_OPTIONS = [
  { id: FIXTURE_UNIT_ID, name: FIXTURE_UNIT_NAME, memberNo: 'HY2024001' },
  { id: OTHER_UNIT_ID, name: OTHER_UNIT_NAME, memberNo: 'HY2024002' },
];

export const practitionersDb: { records: MockPractitioner[]; importResult: PractitionerImportResult; created: number } = {
  records: fixtures(),
  importResult: DEFAULT_IMPORT_RESULT,
  created: 0,
};

export function setImportResult(result: PractitionerImportResult): void {
  practitionersDb.importResult = result;
}

export function resetPractitionersMock(): void {
  practitionersDb.records = fixtures();
  practitionersDb.importResult = DEFAULT_IMPORT_RESULT;
  practitionersDb.created = 0;
  log.clear();
}

/* ---------- plumbing ---------- */

const isStaff = (a: FixtureAccount) => a.user.authType === 1;
const isSelf = (a: FixtureAccount, r: MockPractitioner) => a.user.authType === 3 && a.user.practitionerId === r.id;

function canSee(a: FixtureAccount, r: MockPractitioner): boolean {
  if (isStaff(a)) return true;
  if (a.user.authType === 2) return a.user.unitId === r.unitId;
  return isSelf(a, r);
}

function canReveal(a: FixtureAccount, r: MockPractitioner): boolean {
  if (isSelf(a, r)) return true;
  if (isStaff(a)) return a.user.permissions.includes('member:practitioner:reveal');
  return a.user.authType === 2 && a.user.unitId === r.unitId;
}

/** What `a` may do with the record, as the server's actionsFor answers (server/modules/practitioners/queries.ts). */
function actionsFor(a: FixtureAccount, r: MockPractitioner): PractitionerRowAction[] {
  const staff = isStaff(a);
  const ownUnit = a.user.authType === 2 && a.user.unitId === r.unitId;
  if (!staff && !ownUnit) return [];
  const may = (code: PermissionCode) => ownUnit || a.user.permissions.includes(code);
  const actions: PractitionerRowAction[] = [];
  if (staff && a.user.permissions.includes('member:practitioner:approve') && r.status === 'pending') actions.push('approve', 'reject');
  if (may('member:practitioner:edit') && (staff || r.status !== 'left')) actions.push('edit');
  if (may('member:practitioner:edit') && r.status === 'rejected') actions.push('resubmit');
  if (may('member:practitioner:edit') && r.status === 'approved') actions.push('leave');
  if (may('member:practitioner:delete') && (r.status === 'pending' || r.status === 'rejected') && !r.certificateNo) actions.push('delete');
  return actions;
}

function toRecord(a: FixtureAccount, r: MockPractitioner): PractitionerRecord {
  const whole = isSelf(a, r);
  return {
    id: r.id,
    name: r.name,
    gender: r.gender,
    idCardNo: whole ? r.idCardWhole : maskIdCardNo(r.idCardWhole),
    phone: r.phoneWhole ? (whole ? r.phoneWhole : maskPhone(r.phoneWhole)) : null,
    piiMasked: !whole,
    canReveal: !whole && canReveal(a, r),
    email: r.email,
    education: r.education,
    major: r.major,
    professionalTitle: r.professionalTitle,
    position: r.position,
    unitId: r.unitId,
    unitName: r.unitName,
    entryDate: r.entryDate,
    trainingHours: r.trainingHours,
    certificateNo: r.certificateNo,
    certificateValidUntil: r.certificateValidUntil,
    status: r.status,
    rejectReason: r.rejectReason,
    leftOn: r.leftOn,
    photoFileId: r.photoFileId,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    version: r.version,
    actions: actionsFor(a, r),
  };
}

function toDetail(a: FixtureAccount, r: MockPractitioner): PractitionerDetail {
  return {
    ...toRecord(a, r),
    photo: r.photo,
    diplomas: r.diplomas,
    otherFiles: r.otherFiles,
    certificate: r.certificate,
    loginAccount: r.loginAccount,
    accountEnabled: r.accountEnabled,
    reviewHistory: r.reviewHistory,
  };
}

/** The record behind `:id` for this account: 404 when missing, 403 when not theirs. */
function findFor(a: FixtureAccount, id: unknown): MockPractitioner | Response {
  const r = practitionersDb.records.find((p) => p.id === id);
  if (!r) return notFound('从业人员');
  if (!canSee(a, r)) return forbidden();
  return r;
}

/** A whole ID number finds its holder; other keywords match the start of a name or certificate number. */
function keywordMatches(r: MockPractitioner, keyword: string): boolean {
  const k = keyword.trim();
  if (/^\d{17}[\dXx]$/.test(k)) return r.idCardWhole === k.toUpperCase();
  return r.name.startsWith(k) || (r.certificateNo ?? '').startsWith(k.toUpperCase());
}

function filtered(a: FixtureAccount, params: URLSearchParams): MockPractitioner[] {
  const matches = matching<MockPractitioner>(params, {
    keyword: keywordMatches,
    unitId: (r, unitId) => !isStaff(a) || r.unitId === unitId,
    status: 'status',
    education: 'education',
  });
  const items = practitionersDb.records.filter((r) => canSee(a, r) && matches(r));
  const by = parseSort(params.get('sort'));
  const field = (by?.field ?? 'updatedAt') as keyof MockPractitioner;
  const sign = by ? by.sign : -1;
  return [...items].sort((x, y) => String(x[field] ?? '').localeCompare(String(y[field] ?? '')) * sign || x.id.localeCompare(y.id));
}

/** The server's checks, with its words; null when the body is fine. */
function problemOf(body: Partial<PractitionerCreateBody> | null, idRequired: boolean): string | null {
  if (!body?.name?.trim()) return '姓名不能为空';
  if (idRequired && !body.idCardNo?.trim()) return '身份证号码不能为空';
  if (body.idCardNo && checkIdCardNo(body.idCardNo)) return checkIdCardNo(body.idCardNo) ?? null;
  if (body.phone && checkPhone(body.phone)) return `手机号码不正确：${checkPhone(body.phone) ?? ''}`;
  if (body.email && checkEmail(body.email)) return checkEmail(body.email) ?? null;
  return null;
}

const live = (s: PractitionerStatusValue) => s === 'pending' || s === 'approved';

function stateRefusal(r: MockPractitioner, action: string, allowed: PractitionerStatusValue[]): Response | null {
  if (allowed.includes(r.status)) return null;
  const wanted = allowed.map((s) => `「${PRACTITIONER_STATUS_LABELS[s]}」`).join('或');
  return bad(`该从业人员当前为「${PRACTITIONER_STATUS_LABELS[r.status]}」，只有${wanted}的记录可以${action}`);
}

/* ---------- handlers ---------- */

export const practitionersHandlers: HttpHandler[] = [
  http.get(apiPath('/member-units/options'), ({ request }) => {
    const account = authenticate(request);
    if (account instanceof Response) return account;
    return done(MOCK_UNIT_OPTIONS);
  }),

  http.get(apiPath('/practitioners'), async ({ request }) => {
    const account = await log.guard(request, 'member:practitioner:view', ALL_KINDS);
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    return done(pageOf(filtered(account, params).map((r) => toRecord(account, r)), params));
  }),

  // Before /practitioners/:id.
  http.get(apiPath('/practitioners/export'), async ({ request }) => {
    const account = await log.guard(request, 'member:practitioner:export', STAFF_AND_UNITS);
    if (account instanceof Response) return account;
    return download('从业人员.xlsx');
  }),

  http.get(apiPath('/practitioners/import-template'), async ({ request }) => {
    const account = await log.guard(request, 'member:practitioner:import', STAFF_AND_UNITS);
    if (account instanceof Response) return account;
    return download(null);
  }),

  http.post(apiPath('/practitioners/import'), async ({ request }) => {
    const account = await log.guard(request, 'member:practitioner:import', STAFF_AND_UNITS);
    if (account instanceof Response) return account;
    const body = (await request.json()) as { fileId?: string; unitId?: string } | null;
    if (!body?.fileId) return bad('文件编号不能为空');
    if (isStaff(account) && !body.unitId) return bad('请选择所属单位');
    const result = practitionersDb.importResult;
    return done(result, `导入完成：成功 ${result.created} 行，失败 ${result.failed} 行`);
  }),

  http.get(apiPath('/practitioners/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'member:practitioner:view', ALL_KINDS);
    if (account instanceof Response) return account;
    const r = findFor(account, params.id);
    if (r instanceof Response) return r;
    return done(toDetail(account, r));
  }),

  http.post(apiPath('/practitioners'), async ({ request }) => {
    const account = await log.guard(request, 'member:practitioner:edit', STAFF_AND_UNITS);
    if (account instanceof Response) return account;
    const body = (await request.json()) as PractitionerCreateBody | null;
    const problem = problemOf(body, true);
    if (problem || !body) return bad(problem ?? EMPTY_BODY_MESSAGE);
    const unitId = isStaff(account) ? body.unitId : account.user.unitId;
    if (!unitId) return bad('请选择所属单位');
    if (!isStaff(account) && body.unitId && body.unitId !== account.user.unitId) return forbidden('只能为本单位登记从业人员');
    const idCardWhole = body.idCardNo.trim().toUpperCase();
    if (practitionersDb.records.some((r) => r.idCardWhole === idCardWhole && live(r.status))) return bad(PRACTITIONER_MESSAGES.duplicateIdCard);
    practitionersDb.created += 1;
    const id = `practitioner-new-${practitionersDb.created}`;
    const loginAccount = `ry2000000${practitionersDb.created}`;
    const unitName = MOCK_UNIT_OPTIONS.find((u) => u.id === unitId)?.name ?? '';
    const now = new Date().toISOString();
    practitionersDb.records.unshift(
      practitioner(id, {
        name: body.name.trim(),
        gender: body.gender ?? null,
        idCardWhole,
        phoneWhole: body.phone ?? null,
        email: body.email ?? null,
        education: body.education ?? null,
        major: body.major ?? null,
        professionalTitle: body.professionalTitle ?? null,
        position: body.position ?? null,
        entryDate: body.entryDate ?? null,
        trainingHours: body.trainingHours ?? 0,
        unitId,
        unitName,
        photoFileId: body.photoFileId ?? null,
        status: 'pending',
        loginAccount,
        createdAt: now,
        updatedAt: now,
        version: 0,
      }),
    );
    return done({ id, loginAccount, initialPassword: `Init@${practitionersDb.created}Pw9xK` }, '从业人员已登记，等待协会审核');
  }),

  http.put(apiPath('/practitioners/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'member:practitioner:edit', STAFF_AND_UNITS);
    if (account instanceof Response) return account;
    const r = findFor(account, params.id);
    if (r instanceof Response) return r;
    const body = (await request.json()) as PractitionerUpdateBody | null;
    if (!body) return bad(EMPTY_BODY_MESSAGE);
    if (body.version !== r.version) return stale();
    const problem = problemOf(body, false);
    if (problem) return bad(problem);
    if (!isStaff(account) && r.status === 'approved' && (body.name.trim() !== r.name || (body.idCardNo && body.idCardNo !== r.idCardWhole))) {
      return bad('已通过审核的从业人员，单位不能修改姓名、性别和身份证号码；如需更正，请联系协会');
    }
    bump(r, {
      name: body.name.trim(),
      ...(body.idCardNo ? { idCardWhole: body.idCardNo } : {}),
      ...(body.phone !== undefined ? { phoneWhole: body.phone } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.major !== undefined ? { major: body.major } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
      ...(body.education !== undefined ? { education: body.education } : {}),
    });
    return done(null, '从业人员信息已保存');
  }),

  http.delete(apiPath('/practitioners/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'member:practitioner:delete', STAFF_AND_UNITS);
    if (account instanceof Response) return account;
    const r = findFor(account, params.id);
    if (r instanceof Response) return r;
    if (!(r.status === 'pending' || r.status === 'rejected') || r.certificateNo) {
      return bad('只有从未通过审核的（待审核或已驳回）从业人员记录可以删除；已通过的请办理离职');
    }
    practitionersDb.records = practitionersDb.records.filter((p) => p.id !== r.id);
    return done(null, `已删除「${r.name}」`);
  }),

  http.post(apiPath('/practitioners/:id/:step'), async ({ request, params }) => {
    await log.record(request);
    const step = String(params.step);
    const codes: Record<string, [PermissionCode, number[]]> = {
      approve: ['member:practitioner:approve', [1]],
      reject: ['member:practitioner:approve', [1]],
      resubmit: ['member:practitioner:edit', [1, 2]],
      leave: ['member:practitioner:edit', [1, 2]],
      reveal: ['member:practitioner:reveal', [1, 2, 3]],
    };
    const rule = codes[step];
    if (!rule) return bad('不支持的操作', 404);
    const account = guard(request, rule[0], rule[1]);
    if (account instanceof Response) return account;
    const r = findFor(account, params.id);
    if (r instanceof Response) return r;
    const body = ((await request.json()) ?? {}) as { reason?: string; leftOn?: string; field?: RevealBody['field']; version?: number };
    if (step !== 'reveal' && body.version !== undefined && body.version !== r.version) return stale();
    const today = new Date().toISOString().slice(0, 10);
    switch (step) {
      case 'approve': {
        const refusal = stateRefusal(r, '审核通过', ['pending']);
        if (refusal) return refusal;
        const number = `WPRY2026${String(100 + practitionersDb.records.indexOf(r))}`;
        const validUntil = `${Number(today.slice(0, 4)) + 3}${today.slice(4)}`;
        bump(r, {
          status: 'approved',
          certificateNo: number,
          certificateValidUntil: validUntil,
          certificate: { number, issuedOn: today, validUntil, state: 'valid', revokedReason: null },
        });
        return done({ certificateNo: number, validUntil }, `已审核通过，证书编号 ${number}`);
      }
      case 'reject': {
        const refusal = stateRefusal(r, '驳回', ['pending']);
        if (refusal) return refusal;
        if (!body.reason?.trim()) return bad(REJECT_REASON_REQUIRED_MESSAGE);
        bump(r, { status: 'rejected', rejectReason: body.reason.trim() });
        return done(null, '已驳回');
      }
      case 'resubmit': {
        const refusal = stateRefusal(r, '重新提交审核', ['rejected']);
        if (refusal) return refusal;
        bump(r, { status: 'pending', rejectReason: null });
        return done(null, '已重新提交审核');
      }
      case 'leave': {
        const refusal = stateRefusal(r, '办理离职', ['approved']);
        if (refusal) return refusal;
        if (!body.reason?.trim()) return bad('请填写离职原因');
        bump(r, {
          status: 'left',
          leftOn: body.leftOn ?? today,
          accountEnabled: false,
          certificate: r.certificate ? { ...r.certificate, state: 'revoked', revokedReason: '离职注销' } : null,
        });
        return done(null, '已办理离职');
      }
      default: {
        if (!canReveal(account, r)) return forbidden();
        const field = body.field === 'phone' ? 'phone' : 'idCardNo';
        return done({ field, value: field === 'phone' ? r.phoneWhole : r.idCardWhole });
      }
    }
  }),
];
