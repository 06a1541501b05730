/**
 * msw handlers for business cases (/cases), stateful like the server: staff with case:view see
 * all, the member unit fixture its own; filters (keyword, status, projectType, public, year,
 * unitId); the detail with files and review history; a unit's create / edit (back to pending) /
 * delete; staff approve and reject (a reason required) with the server's words and a 409 on a
 * stale version. `actions` says what the caller may do.
 *
 *   casesDb.cases                            // the records as they stand now (mutable)
 *   caseCallsTo('post', '/cases/cs-2/reject')
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { ApiStatus, type Page } from '@common/schemas/common';
import type { CaseAction, CaseCreateBody, CaseDetail, CaseRecord } from '@common/schemas/cases';
import type { ReviewHistoryEntry } from '@common/schemas/membership';
import { apiPath, bad, failure, ok } from './envelopes';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME, type FixtureAccount } from './fixtures';
import { authenticate } from './sessions';

const STALE_VERSION_MESSAGE = '数据已被他人修改，请刷新后重试';
const FORBIDDEN_MESSAGE = '没有权限执行此操作';

export interface CaseCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}
export const caseCalls: CaseCall[] = [];
export function caseCallsTo(method: string, path: string): CaseCall[] {
  return caseCalls.filter((c) => c.method === method.toUpperCase() && c.path === apiPath(path));
}

interface StoredCase {
  record: Omit<CaseRecord, 'actions'>;
  files: CaseDetail['files'];
  history: ReviewHistoryEntry[];
}

function stored(id: string, title: string, status: CaseRecord['status'], extra: Partial<StoredCase['record']> = {}): StoredCase {
  return {
    record: {
      id,
      unitId: FIXTURE_UNIT_ID,
      unitName: FIXTURE_UNIT_NAME,
      title,
      projectType: 'major_project',
      client: '城东新城建设管理委员会',
      completedOn: '2025-09-30',
      summary: '开展入户调查，提出分期征收和就近安置方案。',
      status,
      public: true,
      rejectReason: null,
      createdAt: '2025-10-01T01:00:00.000Z',
      updatedAt: '2025-10-02T01:00:00.000Z',
      version: 1,
      ...extra,
    },
    files: [],
    history: [],
  };
}

function fixtureCases(): StoredCase[] {
  return [
    stored('cs-1', '城东新城旧城改造项目稳评', 'approved'),
    stored('cs-2', '垃圾焚烧发电厂扩建工程稳评', 'pending', { public: false, projectType: 'major_decision', updatedAt: '2026-11-13T07:00:00.000Z' }),
    stored('cs-3', '招商推介会风险评估', 'rejected', { unitId: 'unit-0002', unitName: '之江社会风险研究院有限公司', rejectReason: '不属于稳评业绩', projectType: 'major_event' }),
  ];
}

export const casesDb: { cases: StoredCase[] } = { cases: fixtureCases() };

export function resetCasesMock(): void {
  casesDb.cases = fixtureCases();
  caseCalls.length = 0;
}

function canSee(account: FixtureAccount, c: StoredCase): boolean {
  if (account.user.authType === 1) return true;
  return account.user.authType === 2 && account.user.unitId === c.record.unitId;
}

function actionsFor(account: FixtureAccount, r: StoredCase['record']): CaseAction[] {
  const u = account.user;
  if (u.authType === 1) return r.status === 'pending' && u.permissions.includes('case:review') ? ['approve', 'reject'] : [];
  return u.authType === 2 && u.unitId === r.unitId ? ['edit', 'delete'] : [];
}

async function recordCall(request: Request): Promise<unknown> {
  let body: unknown = null;
  if (request.method !== 'GET' && request.method !== 'DELETE') {
    try {
      body = await request.clone().json();
    } catch {
      body = null;
    }
  }
  const url = new URL(request.url);
  caseCalls.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
  return body;
}

const forbidden = () => HttpResponse.json(failure(ApiStatus.Forbidden, FORBIDDEN_MESSAGE), { status: 403 });
const stale = () => HttpResponse.json(failure(ApiStatus.BusinessError, STALE_VERSION_MESSAGE), { status: 409 });
const done = (data: unknown = null, message?: string) => HttpResponse.json(ok(data, message));

function viewer(request: Request): FixtureAccount | Response {
  const account = authenticate(request);
  if (account instanceof Response) return account;
  if (account.user.authType === 3) return forbidden();
  if (account.user.authType === 1 && !account.user.permissions.includes('case:view')) return forbidden();
  return account;
}

function pageOf<T>(items: T[], params: URLSearchParams): Page<T> {
  const current = Number(params.get('current') ?? 1) || 1;
  const pageSize = Number(params.get('pageSize') ?? 10) || 10;
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
}

function listed(account: FixtureAccount, params: URLSearchParams): CaseRecord[] {
  const get = (key: string) => params.get(key) || null;
  const keyword = get('keyword')?.trim();
  return casesDb.cases
    .filter((c) => canSee(account, c))
    .map((c) => c.record)
    .filter(
      (r) =>
        (!get('status') || r.status === get('status')) &&
        (!get('projectType') || r.projectType === get('projectType')) &&
        (!get('public') || String(r.public) === get('public')) &&
        (!get('year') || (r.completedOn ?? '').startsWith(`${get('year')}-`)) &&
        (!get('unitId') || account.user.authType !== 1 || r.unitId === get('unitId')) &&
        (!keyword || r.title.includes(keyword) || (r.client ?? '').includes(keyword)),
    )
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map((r) => ({ ...r, actions: actionsFor(account, r) }));
}

function fieldsOf(body: Partial<CaseCreateBody>): Partial<StoredCase['record']> {
  return {
    title: body.title?.trim() ?? '',
    projectType: body.projectType ?? null,
    client: body.client ?? null,
    completedOn: body.completedOn ?? null,
    summary: body.summary ?? null,
    public: !!body.public,
  };
}

const filesOf = (ids: readonly string[] | undefined) => (ids ?? []).map((fileId) => ({ fileId, name: '证明材料.pdf', size: 1024, contentType: 'application/pdf' }));

export const casesHandlers: HttpHandler[] = [
  http.get(apiPath('/cases'), async ({ request }) => {
    await recordCall(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    return done(pageOf(listed(account, params), params));
  }),

  http.get(apiPath('/cases/export'), async ({ request }) => {
    await recordCall(request);
    const account = authenticate(request);
    if (account instanceof Response) return account;
    if (account.user.authType !== 1 || !account.user.permissions.includes('case:view')) return forbidden();
    return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('业绩案例-2026-11-20.xlsx')}`,
      },
    });
  }),

  http.get(apiPath('/cases/:id'), async ({ request, params }) => {
    await recordCall(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const c = casesDb.cases.find((x) => x.record.id === params.id);
    if (!c) return bad('业绩案例不存在', 404);
    if (!canSee(account, c)) return forbidden();
    const detail: CaseDetail = { ...c.record, actions: actionsFor(account, c.record), files: c.files, reviewHistory: c.history };
    return done(detail);
  }),

  http.post(apiPath('/cases'), async ({ request }) => {
    const body = (await recordCall(request)) as Partial<CaseCreateBody> | null;
    const account = authenticate(request);
    if (account instanceof Response) return account;
    if (account.user.authType !== 2) return forbidden();
    if (!body?.title?.trim()) return bad('案例名称不能为空');
    const id = `cs-${casesDb.cases.length + 1}`;
    const at = new Date().toISOString();
    const created = stored(id, body.title.trim(), 'pending', { ...fieldsOf(body), createdAt: at, updatedAt: at, version: 0 });
    created.files = filesOf(body.fileIds);
    casesDb.cases.unshift(created);
    return done({ id }, '业绩案例已提交，等待协会审核');
  }),

  http.put(apiPath('/cases/:id'), async ({ request, params }) => {
    const body = (await recordCall(request)) as (Partial<CaseCreateBody> & { version?: number }) | null;
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const c = casesDb.cases.find((x) => x.record.id === params.id);
    if (!c) return bad('业绩案例不存在', 404);
    if (!canSee(account, c) || account.user.authType !== 2) return forbidden();
    if (body?.version !== c.record.version) return stale();
    c.record = { ...c.record, ...fieldsOf(body), status: 'pending', rejectReason: null, updatedAt: new Date().toISOString(), version: c.record.version + 1 };
    c.files = filesOf(body.fileIds);
    return done(null, '业绩案例已保存，等待协会审核');
  }),

  http.delete(apiPath('/cases/:id'), async ({ request, params }) => {
    await recordCall(request);
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const c = casesDb.cases.find((x) => x.record.id === params.id);
    if (!c) return bad('业绩案例不存在', 404);
    if (!canSee(account, c) || account.user.authType !== 2) return forbidden();
    casesDb.cases = casesDb.cases.filter((x) => x !== c);
    return done(null, `已删除「${c.record.title}」`);
  }),

  http.post(apiPath('/cases/:id/:action'), async ({ request, params }) => {
    const body = (await recordCall(request)) as { version?: number; reason?: string; comment?: string } | null;
    const account = authenticate(request);
    if (account instanceof Response) return account;
    const c = casesDb.cases.find((x) => x.record.id === params.id);
    if (!c) return bad('业绩案例不存在', 404);
    const action = String(params.action) as CaseAction;
    if (!actionsFor(account, c.record).includes(action)) {
      if (account.user.authType === 1 && c.record.status === 'approved') return bad('该案例已审核通过，不能重复审核');
      return forbidden();
    }
    if (body?.version !== undefined && body.version !== c.record.version) return stale();
    const at = new Date().toISOString();
    const entry = (status: ReviewHistoryEntry['status'], comment: string | null): ReviewHistoryEntry => ({
      id: `rv-${c.history.length + 1}`,
      what: 'case',
      status,
      submittedAt: c.record.updatedAt,
      submittedByName: c.record.unitName,
      decidedAt: at,
      decidedByName: account.user.name,
      comment,
      payload: null,
    });
    if (action === 'approve') {
      c.record = { ...c.record, status: 'approved', updatedAt: at, version: c.record.version + 1 };
      c.history.push(entry('approved', body?.comment ?? null));
      return done(null, '业绩案例已审核通过');
    }
    const reason = body?.reason?.trim();
    if (!reason) return bad('请填写驳回原因');
    c.record = { ...c.record, status: 'rejected', rejectReason: reason, updatedAt: at, version: c.record.version + 1 };
    c.history.push(entry('rejected', reason));
    return done(null, '业绩案例已驳回');
  }),
];
