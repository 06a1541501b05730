/**
 * msw handlers for projects (/projects) and the unit's practitioner picker
 * (/practitioners/options), stateful like the server: who sees which (staff with project:view
 * all; the member unit fixture its own; the practitioner fixture the projects they worked on),
 * the list filters (keyword, status, type, riskLevel, region, year, unitId), the detail with
 * members, reports and review history, create / edit / delete, and the steps with the server's
 * state rules, words and 409 on a stale version. `actions` says what the caller may do.
 *
 *   projectsDb.projects                          // the records as they stand now (mutable)
 *   projectCallsTo('post', '/projects/pj-2/return')
 *
 * `resetProjectsMock()` (through `resetMockState()`) restores the fixtures.
 */
import { http, type HttpHandler } from 'msw';
import type { ReviewHistoryEntry } from '@common/schemas/membership';
import type { ProjectReviewSummary } from '@common/schemas/reviewTasks';
import {
  LEADER_ROLE,
  type PractitionerOption,
  type ProjectAction,
  type ProjectCreateBody,
  type ProjectDetail,
  type ProjectRecord,
} from '@common/schemas/projects';
import { FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME } from './fixtures';
import { ALL_KINDS, apiPath, bad, bumped, callerAndRecord, callLog, done, download, forbidden, guard, hasKeyword, matching, notFound, pageOf, reviewEntry, stale, type ApiCall, type FixtureAccount } from './kit';

export const OTHER_PROJECT_UNIT = { id: 'unit-0002', name: '之江社会风险研究院有限公司' };

const log = callLog();
export type ProjectCall = ApiCall;
export const projectCalls = log.calls;
export const projectCallsTo = log.to;

/** The fixture unit's approved practitioners (the practitioner fixture is practitioner-0001). */
export const UNIT_PRACTITIONERS: PractitionerOption[] = [
  { id: 'practitioner-0001', name: '李评估', certificateNo: 'WPRY2024001' },
  { id: 'practitioner-0003', name: '王浩然', certificateNo: 'WPRY2024003' },
  { id: 'practitioner-0004', name: '陈静怡', certificateNo: 'WPRY2024004' },
];
const OTHER_PRACTITIONERS: PractitionerOption[] = [{ id: 'practitioner-0010', name: '孙佳慧', certificateNo: 'WPRY2024010' }];
const nameOf = (id: string) => [...UNIT_PRACTITIONERS, ...OTHER_PRACTITIONERS].find((p) => p.id === id);

interface StoredProject {
  record: Omit<ProjectRecord, 'actions'>;
  members: { practitionerId: string; role: string | null }[];
  reports: ProjectDetail['reports'];
  history: ReviewHistoryEntry[];
}

const REPORT = { fileId: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: '评估报告.pdf', size: 40960, contentType: 'application/pdf' };

function project(id: string, name: string, status: ProjectRecord['status'], extra: Partial<StoredProject['record']> = {}, members: StoredProject['members'] = []): StoredProject {
  const leader = members.find((m) => m.role === LEADER_ROLE)?.practitionerId ?? null;
  return {
    record: {
      id,
      name,
      code: id.toUpperCase(),
      unitId: FIXTURE_UNIT_ID,
      unitName: FIXTURE_UNIT_NAME,
      client: '市交通运输局',
      type: 'major_project',
      region: '上城区',
      investment: 1000,
      leaderPractitionerId: leader,
      leaderName: leader ? (nameOf(leader)?.name ?? null) : null,
      startOn: '2026-03-01',
      endOn: '2026-06-30',
      riskLevel: 'medium',
      conclusion: '风险可控。',
      status,
      returnReason: null,
      submittedAt: status === 'draft' ? null : '2026-07-01T02:00:00.000Z',
      filedAt: status === 'filed' ? '2026-07-10T02:00:00.000Z' : null,
      createdAt: '2026-03-01T01:00:00.000Z',
      updatedAt: '2026-07-01T02:00:00.000Z',
      version: 1,
      ...extra,
    },
    members,
    reports: status === 'draft' ? [] : [REPORT],
    history: [],
  };
}

function fixtureProjects(): StoredProject[] {
  return [
    project('pj-1', '地铁5号线二期工程稳评', 'filed', { riskLevel: 'high' }, [
      { practitionerId: 'practitioner-0001', role: LEADER_ROLE },
      { practitionerId: 'practitioner-0003', role: '社会调查' },
    ]),
    project('pj-2', '城区公交线网优化调整稳评', 'submitted', { type: 'major_decision', riskLevel: 'low' }, [{ practitionerId: 'practitioner-0003', role: LEADER_ROLE }]),
    project('pj-3', '老旧小区改造方案稳评', 'draft', { riskLevel: null, conclusion: null, startOn: '2025-10-01', endOn: null }),
    project('pj-4', '阶梯水价调整稳评', 'returned', { unitId: OTHER_PROJECT_UNIT.id, unitName: OTHER_PROJECT_UNIT.name, returnReason: '样本量不足', type: 'major_policy' }, [
      { practitionerId: 'practitioner-0010', role: LEADER_ROLE },
    ]),
  ];
}

export const projectsDb: { projects: StoredProject[] } = { projects: fixtureProjects() };

export function resetProjectsMock(): void {
  projectsDb.projects = fixtureProjects();
  log.clear();
}

/* ---------- rules ---------- */

function canSee(account: FixtureAccount, p: StoredProject): boolean {
  const u = account.user;
  if (u.authType === 1) return true;
  if (u.authType === 2) return u.unitId === p.record.unitId;
  return p.members.some((m) => m.practitionerId === u.practitionerId);
}

function actionsFor(account: FixtureAccount, r: StoredProject['record']): ProjectAction[] {
  const u = account.user;
  if (u.authType === 1) return r.status === 'submitted' && u.permissions.includes('project:review') ? ['file', 'return'] : [];
  if (u.authType !== 2 || u.unitId !== r.unitId) return [];
  if (r.status === 'draft') return ['edit', 'delete', 'submit'];
  return r.status === 'returned' ? ['edit', 'submit'] : [];
}

const withActions = (account: FixtureAccount, p: StoredProject): ProjectRecord => ({ ...p.record, actions: actionsFor(account, p.record) });

/** A project's expert reviews: ./expertReviews.ts, which imports this module, says them (setProjectReviews). */
let projectReviews: (projectId: string) => ProjectReviewSummary[] = () => [];
export function setProjectReviews(source: (projectId: string) => ProjectReviewSummary[]): void {
  projectReviews = source;
}

function toDetail(account: FixtureAccount, p: StoredProject): ProjectDetail {
  const detail: ProjectDetail = {
    ...withActions(account, p),
    members: p.members.map((m) => ({
      practitionerId: m.practitionerId,
      name: nameOf(m.practitionerId)?.name ?? m.practitionerId,
      certificateNo: nameOf(m.practitionerId)?.certificateNo ?? null,
      role: m.role,
      leader: m.practitionerId === p.record.leaderPractitionerId,
    })),
    reports: p.reports,
    reviewHistory: p.history,
    expertReviews: projectReviews(p.record.id),
  };
  return detail;
}

/* ---------- plumbing ---------- */

/** Staff need project:view; units and practitioners pass (scoped by canSee). */
const viewer = (request: Request) => guard(request, 'project:view', ALL_KINDS);

/** The caller and the project behind `:id`, or 401, 404, or 403 when not theirs (`unitOnly`: not their unit's). */
const projectFor = (request: Request, id: unknown, unitOnly: boolean) =>
  callerAndRecord(
    request,
    '项目',
    () => projectsDb.projects.find((x) => x.record.id === id),
    (account, p) => canSee(account, p) && (!unitOnly || account.user.authType === 2),
  );

function listed(account: FixtureAccount, params: URLSearchParams): ProjectRecord[] {
  return projectsDb.projects
    .filter((p) => canSee(account, p))
    .map((p) => p.record)
    .filter(
      matching<StoredProject['record']>(params, {
        status: 'status',
        type: 'type',
        riskLevel: 'riskLevel',
        region: (r, region) => (r.region ?? '').includes(region),
        year: (r, year) => (r.startOn ?? '').startsWith(`${year}-`),
        unitId: (r, unitId) => account.user.authType !== 1 || r.unitId === unitId,
        keyword: (r, keyword) => hasKeyword(keyword, [r.name, r.code, r.client]),
      }),
    )
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map((r) => ({ ...r, actions: actionsFor(account, r) }));
}

function membersOf(body: Partial<ProjectCreateBody>): StoredProject['members'] | Response {
  const own = new Set(UNIT_PRACTITIONERS.map((p) => p.id));
  const leader = body.leaderPractitionerId ?? null;
  if (leader && !own.has(leader)) return bad('项目负责人只能从本单位已审核通过的从业人员中选择');
  const others = (body.members ?? []).filter((m) => m.practitionerId !== leader);
  if (others.some((m) => !own.has(m.practitionerId))) return bad('项目成员只能从本单位已审核通过的从业人员中选择');
  return [...(leader ? [{ practitionerId: leader, role: LEADER_ROLE }] : []), ...others.map((m) => ({ practitionerId: m.practitionerId, role: m.role ?? null }))];
}

function fieldsOf(body: Partial<ProjectCreateBody>): Partial<StoredProject['record']> {
  const leader = body.leaderPractitionerId ?? null;
  return {
    name: body.name?.trim() ?? '',
    code: body.code?.trim() ?? null,
    client: body.client ?? null,
    type: body.type ?? null,
    region: body.region ?? null,
    investment: body.investment ?? null,
    leaderPractitionerId: leader,
    leaderName: leader ? (nameOf(leader)?.name ?? null) : null,
    startOn: body.startOn ?? null,
    endOn: body.endOn ?? null,
    riskLevel: body.riskLevel ?? null,
    conclusion: body.conclusion ?? null,
  };
}

const reportsOf = (ids: readonly string[] | undefined) => (ids ?? []).map((fileId) => ({ fileId, name: '评估报告.pdf', size: 1024, contentType: 'application/pdf' }));

function step(account: FixtureAccount, p: StoredProject, action: string, body: { version?: number; reason?: string; comment?: string } | null): Response {
  const r = p.record;
  const allowed = actionsFor(account, r);
  if (!allowed.includes(action as ProjectAction)) {
    if (action === 'submit' && r.status === 'submitted') return bad('项目已提交，等待协会备案，不能重复提交');
    if ((action === 'file' || action === 'return') && account.user.authType === 1) {
      if (r.status === 'draft') return bad('项目尚未提交，不能备案或退回');
      if (r.status === 'filed') return bad('项目已备案，不能重复操作');
    }
    return forbidden();
  }
  if (body?.version !== undefined && body.version !== r.version) return stale();
  const at = new Date().toISOString();
  const next = (status: ProjectRecord['status'], extra: Partial<StoredProject['record']> = {}) => {
    p.record = { ...r, status, updatedAt: at, version: r.version + 1, ...extra };
  };
  const entry = (status: ReviewHistoryEntry['status'], comment: string | null): ReviewHistoryEntry =>
    reviewEntry(`rv-${p.history.length + 1}`, {
      what: 'project',
      status,
      submittedAt: at,
      submittedByName: FIXTURE_UNIT_NAME,
      decidedAt: status === 'pending' ? null : at,
      decidedByName: status === 'pending' ? null : account.user.name,
      comment,
    });
  switch (action) {
    case 'submit':
      next('submitted', { submittedAt: at, returnReason: null });
      p.history.push(entry('pending', null));
      return done(null, '项目已提交，等待协会备案');
    case 'file':
      next('filed', { filedAt: at });
      p.history.push(entry('approved', body?.comment ?? null));
      return done(null, '项目已备案');
    default: {
      const reason = body?.reason?.trim();
      if (!reason) return bad('请填写退回原因');
      next('returned', { returnReason: reason });
      p.history.push(entry('returned', reason));
      return done(null, '项目已退回单位修改');
    }
  }
}

/* ---------- handlers ---------- */

export const projectsHandlers: HttpHandler[] = [
  // Before the practitioners' /practitioners/:id.
  http.get(apiPath('/practitioners/options'), async ({ request }) => {
    const account = await log.guard(request, null, [1, 2]);
    if (account instanceof Response) return account;
    if (account.user.authType === 1) return done(new URL(request.url).searchParams.get('unitId') === OTHER_PROJECT_UNIT.id ? OTHER_PRACTITIONERS : []);
    return done(UNIT_PRACTITIONERS);
  }),

  http.get(apiPath('/projects'), async ({ request }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    return done(pageOf(listed(account, params), params));
  }),

  http.get(apiPath('/projects/export'), async ({ request }) => {
    const account = await log.guard(request, 'project:export', [1, 2]);
    if (account instanceof Response) return account;
    return download('项目-2026-11-20.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04]));
  }),

  http.get(apiPath('/projects/:id'), async ({ request, params }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const p = projectsDb.projects.find((x) => x.record.id === params.id);
    if (!p) return notFound('项目');
    if (!canSee(account, p)) return forbidden();
    return done(toDetail(account, p));
  }),

  http.post(apiPath('/projects'), async ({ request }) => {
    const body = (await log.record(request)) as Partial<ProjectCreateBody> | null;
    const account = guard(request, null, [2]);
    if (account instanceof Response) return account;
    if (!body?.name?.trim()) return bad('项目名称不能为空');
    if (!body.code?.trim()) return bad('项目编号不能为空');
    if (projectsDb.projects.some((p) => p.record.code === body.code?.trim())) return bad('项目编号已存在，请更换');
    const members = membersOf(body);
    if (members instanceof Response) return members;
    const id = `pj-${projectsDb.projects.length + 1}`;
    const at = new Date().toISOString();
    const created = project(id, body.name, 'draft', { ...fieldsOf(body), createdAt: at, updatedAt: at, version: 0 }, members);
    created.reports = reportsOf(body.reportFileIds);
    projectsDb.projects.unshift(created);
    return done({ id }, '项目已保存为草稿');
  }),

  http.put(apiPath('/projects/:id'), async ({ request, params }) => {
    const body = (await log.record(request)) as (Partial<ProjectCreateBody> & { version?: number }) | null;
    const found = projectFor(request, params.id, true);
    if (found instanceof Response) return found;
    const p = found.record;
    if (p.record.status === 'submitted') return bad('项目已提交，等待协会备案，不能修改');
    if (p.record.status === 'filed') return bad('项目已备案，不能修改');
    if (body?.version !== p.record.version) return stale();
    const members = membersOf(body);
    if (members instanceof Response) return members;
    p.record = bumped(p.record, fieldsOf(body));
    p.members = members;
    p.reports = reportsOf(body.reportFileIds);
    return done(null, '项目已保存');
  }),

  http.delete(apiPath('/projects/:id'), async ({ request, params }) => {
    await log.record(request);
    const found = projectFor(request, params.id, true);
    if (found instanceof Response) return found;
    const p = found.record;
    if (p.record.status !== 'draft') return bad('只有草稿可以删除，该项目已提交过协会');
    projectsDb.projects = projectsDb.projects.filter((x) => x !== p);
    return done(null, `已删除「${p.record.name}」`);
  }),

  http.post(apiPath('/projects/:id/:action'), async ({ request, params }) => {
    const body = (await log.record(request)) as { version?: number; reason?: string; comment?: string } | null;
    const found = projectFor(request, params.id, false);
    if (found instanceof Response) return found;
    return step(found.account, found.record, String(params.action), body);
  }),
];
