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
import { http, type HttpHandler } from 'msw';
import { REJECT_REASON_REQUIRED_MESSAGE } from '@common/messages';
import type { CaseAction, CaseCreateBody, CaseDetail, CaseRecord } from '@common/schemas/cases';
import type { ReviewHistoryEntry } from '@common/schemas/membership';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME } from './fixtures';
import { apiPath, bad, bumped, callerAndRecord, callLog, done, download, forbidden, guard, hasKeyword, matching, notFound, pageOf, reviewEntry, stale, type ApiCall, type FixtureAccount } from './kit';

const log = callLog();
export type CaseCall = ApiCall;
export const caseCalls = log.calls;
export const caseCallsTo = log.to;

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
  log.clear();
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

/** Staff need case:view; units pass (scoped by canSee); practitioners have no cases. */
const viewer = (request: Request) => guard(request, 'case:view', [1, 2]);

/** The caller and the case behind `:id`, or 401, 404; with `unitOnly`, 403 unless the case is the calling unit's. */
const caseFor = (request: Request, id: unknown, unitOnly: boolean) =>
  callerAndRecord(
    request,
    '业绩案例',
    () => casesDb.cases.find((x) => x.record.id === id),
    (account, c) => !unitOnly || (canSee(account, c) && account.user.authType === 2),
  );

function listed(account: FixtureAccount, params: URLSearchParams): CaseRecord[] {
  return casesDb.cases
    .filter((c) => canSee(account, c))
    .map((c) => c.record)
    .filter(
      matching<StoredCase['record']>(params, {
        status: 'status',
        projectType: 'projectType',
        public: 'public',
        year: (r, year) => (r.completedOn ?? '').startsWith(`${year}-`),
        unitId: (r, unitId) => account.user.authType !== 1 || r.unitId === unitId,
        keyword: (r, keyword) => hasKeyword(keyword, [r.title, r.client]),
      }),
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
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    return done(pageOf(listed(account, params), params));
  }),

  http.get(apiPath('/cases/export'), async ({ request }) => {
    const account = await log.guard(request, 'case:view');
    if (account instanceof Response) return account;
    return download('业绩案例-2026-11-20.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04]));
  }),

  http.get(apiPath('/cases/:id'), async ({ request, params }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const c = casesDb.cases.find((x) => x.record.id === params.id);
    if (!c) return notFound('业绩案例');
    if (!canSee(account, c)) return forbidden();
    const detail: CaseDetail = { ...c.record, actions: actionsFor(account, c.record), files: c.files, reviewHistory: c.history };
    return done(detail);
  }),

  http.post(apiPath('/cases'), async ({ request }) => {
    const body = (await log.record(request)) as Partial<CaseCreateBody> | null;
    const account = guard(request, null, [2]);
    if (account instanceof Response) return account;
    if (!body?.title?.trim()) return bad('案例名称不能为空');
    const id = `cs-${casesDb.cases.length + 1}`;
    const at = new Date().toISOString();
    const created = stored(id, body.title.trim(), 'pending', { ...fieldsOf(body), createdAt: at, updatedAt: at, version: 0 });
    created.files = filesOf(body.fileIds);
    casesDb.cases.unshift(created);
    return done({ id }, '业绩案例已提交，等待协会审核');
  }),

  http.put(apiPath('/cases/:id'), async ({ request, params }) => {
    const body = (await log.record(request)) as (Partial<CaseCreateBody> & { version?: number }) | null;
    const found = caseFor(request, params.id, true);
    if (found instanceof Response) return found;
    const c = found.record;
    if (body?.version !== c.record.version) return stale();
    c.record = bumped(c.record, { ...fieldsOf(body), status: 'pending', rejectReason: null });
    c.files = filesOf(body.fileIds);
    return done(null, '业绩案例已保存，等待协会审核');
  }),

  http.delete(apiPath('/cases/:id'), async ({ request, params }) => {
    await log.record(request);
    const found = caseFor(request, params.id, true);
    if (found instanceof Response) return found;
    const c = found.record;
    casesDb.cases = casesDb.cases.filter((x) => x !== c);
    return done(null, `已删除「${c.record.title}」`);
  }),

  http.post(apiPath('/cases/:id/:action'), async ({ request, params }) => {
    const body = (await log.record(request)) as { version?: number; reason?: string; comment?: string } | null;
    const found = caseFor(request, params.id, false);
    if (found instanceof Response) return found;
    const { account, record: c } = found;
    const action = String(params.action) as CaseAction;
    if (!actionsFor(account, c.record).includes(action)) {
      if (account.user.authType === 1 && c.record.status === 'approved') return bad('该案例已审核通过，不能重复审核');
      return forbidden();
    }
    if (body?.version !== undefined && body.version !== c.record.version) return stale();
    const at = new Date().toISOString();
    const entry = (status: ReviewHistoryEntry['status'], comment: string | null): ReviewHistoryEntry =>
      reviewEntry(`rv-${c.history.length + 1}`, {
        what: 'case',
        status,
        submittedAt: c.record.updatedAt,
        submittedByName: c.record.unitName,
        decidedAt: at,
        decidedByName: account.user.name,
        comment,
      });
    if (action === 'approve') {
      c.record = { ...c.record, status: 'approved', updatedAt: at, version: c.record.version + 1 };
      c.history.push(entry('approved', body?.comment ?? null));
      return done(null, '业绩案例已审核通过');
    }
    const reason = body?.reason?.trim();
    if (!reason) return bad(REJECT_REASON_REQUIRED_MESSAGE);
    c.record = { ...c.record, status: 'rejected', rejectReason: reason, updatedAt: at, version: c.record.version + 1 };
    c.history.push(entry('rejected', reason));
    return done(null, '业绩案例已驳回');
  }),
];
