/**
 * msw handlers for the expert library as staff manage it (/experts), stateful like the
 * server: the list filters (keyword over name and work unit, specialty, professionalTitle,
 * public, active), sorts and pages; create and update check what the server checks (name,
 * work unit, specialties from the dictionary, phone, e-mail; a stale version is HTTP 409);
 * delete, the row switches (show/hide/enable/disable) and the export; every route checks
 * the token and the permission code (status 30 without it).
 *
 * `resetExpertsMock()` (through `resetMockState()`, after each test) restores the fixtures.
 *
 *   expertsDb.experts                 // the records as they stand now (mutable)
 *   expertCalls                       // [{ method, path, query, body }] of every call, in order
 *   expertCallsTo('post', '/experts/expert-1/hide')
 */
import { http, type HttpHandler } from 'msw';
import { DICTIONARIES } from '@common/dictionaries';
import { EMPTY_BODY_MESSAGE } from '@common/messages';
import { hasPermission } from '@common/permissions';
import {
  checkBirthYear,
  EXPERT_ACTIONS,
  type ExpertAction,
  type ExpertCreateBody,
  type ExpertListItem,
  type ExpertRecord,
  type ExpertRowAction,
} from '@common/schemas/experts';
import type { FileRef } from '@common/schemas/content';
import { YEARLY_REVIEW_CAP_DEFAULT } from '@common/expertReview';
import type { ExpertReviewStanding } from '@common/schemas/reviewTasks';
import { checkEmail, checkPhone } from '@common/validators';
import { apiPath, bad, bumped, callLog, done, download, hasKeyword, matching, notFound, pageOf, parseSort, stale, type ApiCall, type FixtureAccount } from './kit';

const log = callLog();
export type ExpertCall = ApiCall;
/** [{ method, path, query, body }] of every call, in order. */
export const expertCalls = log.calls;
export const expertCallsTo = log.to;

/* ---------- fixtures ---------- */

const T0 = '2026-10-01T02:00:00.000Z';
export const EXPERT_PHOTO: FileRef = { fileId: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f', name: '陈守仁.jpg', size: 30720, contentType: 'image/jpeg' };

function expert(id: string, fields: Partial<ExpertRecord>): ExpertRecord {
  const record: ExpertRecord = {
    id,
    name: '',
    gender: 'male',
    birthYear: 1970,
    professionalTitle: 'senior',
    workUnit: null,
    position: null,
    specialties: [],
    category: null,
    practitionerId: null,
    practitionerName: null,
    phone: null,
    email: null,
    introduction: null,
    photoFileId: null,
    photo: null,
    public: true,
    active: true,
    shownPublicly: true,
    sort: 10,
    createdAt: T0,
    updatedAt: T0,
    version: 1,
    ...fields,
  };
  return { ...record, shownPublicly: record.public && record.active };
}

function fixtureExperts(): ExpertRecord[] {
  return [
    expert('expert-1', {
      name: '陈守仁',
      birthYear: 1962,
      workUnit: '市委党校（市行政学院）',
      position: '教授',
      specialties: ['sociology', 'management'],
      category: 'social_science',
      phone: '13905713100',
      photoFileId: EXPERT_PHOTO.fileId,
      photo: EXPERT_PHOTO,
      sort: 10,
    }),
    expert('expert-2', {
      name: '林慧敏',
      gender: 'female',
      birthYear: 1971,
      workUnit: '市社会科学院',
      position: '研究员',
      specialties: ['sociology', 'psychology'],
      category: 'social_science',
      sort: 20,
      updatedAt: '2026-10-05T02:00:00.000Z',
    }),
    expert('expert-3', {
      name: '魏东升',
      birthYear: 1986,
      professionalTitle: 'intermediate',
      workUnit: '市社会科学院',
      specialties: ['economics'],
      public: false,
      sort: 30,
    }),
    expert('expert-4', {
      name: '谭伯年',
      birthYear: 1955,
      workUnit: '某大学社会学系（退休）',
      specialties: ['sociology'],
      active: false,
      sort: 40,
    }),
  ];
}

export const expertsDb: { experts: ExpertRecord[] } = { experts: fixtureExperts() };

export function resetExpertsMock(): void {
  expertsDb.experts = fixtureExperts();
  log.clear();
}

/* ---------- plumbing ---------- */

const find = (id: unknown) => expertsDb.experts.find((e) => e.id === id);

function dictValues(code: string): string[] {
  return DICTIONARIES.find((d) => d.code === code)?.items.map((i) => i.value) ?? [];
}

/**
 * Each fixture expert's reviews and ratings as the server's list adds them
 * (server/quality/standing.ts): expert-2 is flagged (recent ratings average under 3).
 */
export const EXPERT_STANDING: Record<string, ExpertReviewStanding> = {
  'expert-1': { reviewsThisYear: 3, yearlyCap: YEARLY_REVIEW_CAP_DEFAULT, lastReviewOn: '2026-09-18', averageRating: 4.5, ratingCount: 2, flagged: false },
  'expert-2': { reviewsThisYear: 1, yearlyCap: YEARLY_REVIEW_CAP_DEFAULT, lastReviewOn: '2026-06-02', averageRating: 2.5, ratingCount: 2, flagged: true },
};
const NO_STANDING: ExpertReviewStanding = { reviewsThisYear: 0, yearlyCap: YEARLY_REVIEW_CAP_DEFAULT, lastReviewOn: null, averageRating: null, ratingCount: 0, flagged: false };

/** A list row with what `account` may do, as the server's actionsFor answers (server/modules/experts/queries.ts). */
function expertRow(account: FixtureAccount, e: ExpertRecord): ExpertListItem {
  const actions: ExpertRowAction[] = [];
  if (hasPermission(account.user, 'expert:edit')) actions.push('edit', e.public ? 'hide' : 'show', e.active ? 'disable' : 'enable');
  if (hasPermission(account.user, 'expert:delete')) actions.push('delete');
  return { ...e, ...(EXPERT_STANDING[e.id] ?? NO_STANDING), actions };
}

function filtered(params: URLSearchParams): ExpertRecord[] {
  const items = expertsDb.experts.filter(
    matching<ExpertRecord>(params, {
      keyword: (e, keyword) => hasKeyword(keyword, [e.name, e.workUnit]),
      specialty: (e, specialty) => e.specialties.includes(specialty),
      category: 'category',
      flagged: (e, flagged) => (EXPERT_STANDING[e.id]?.flagged ?? false) === (flagged === 'true'),
      professionalTitle: 'professionalTitle',
      public: 'public',
      active: 'active',
    }),
  );
  const by = parseSort(params.get('sort'));
  const field = (by?.field ?? 'sort') as keyof ExpertRecord;
  const sign = by?.sign ?? 1;
  return [...items].sort((a, b) => compare(a[field], b[field]) * sign || a.id.localeCompare(b.id));
}

/** Numbers as numbers, text as text; empty values last. */
function compare(x: unknown, y: unknown): number {
  if (x === y) return 0;
  if (x === null || x === undefined) return 1;
  if (y === null || y === undefined) return -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y));
}

/** The server's checks, with its words; null when the body is fine. */
function problemOf(body: Partial<ExpertCreateBody> | null): string | null {
  if (!body?.name?.trim()) return '姓名不能为空';
  if (!body.workUnit?.trim()) return '工作单位不能为空';
  if (!Array.isArray(body.specialties) || body.specialties.length === 0) return '专业领域至少需要1项';
  const unknown = body.specialties.filter((s) => !dictValues('specialty').includes(s));
  if (unknown.length) return `专业领域不在字典中：${unknown.join('、')}`;
  if (body.professionalTitle && !dictValues('professional_title').includes(body.professionalTitle)) return `职称不在字典中：${body.professionalTitle}`;
  if (body.phone && checkPhone(body.phone)) return `联系电话不正确：${checkPhone(body.phone) ?? ''}`;
  if (body.email && checkEmail(body.email)) return checkEmail(body.email) ?? null;
  if (typeof body.birthYear === 'number' && checkBirthYear(body.birthYear)) return checkBirthYear(body.birthYear) ?? null;
  return null;
}

function photoOf(fileId: string | null | undefined): FileRef | null {
  if (!fileId) return null;
  return fileId === EXPERT_PHOTO.fileId ? EXPERT_PHOTO : { fileId, name: `${fileId.slice(0, 8)}.jpg`, size: 1024, contentType: 'image/jpeg' };
}

function build(body: ExpertCreateBody, previous: ExpertRecord | undefined, id: string): ExpertRecord {
  const now = new Date().toISOString();
  const keep = <K extends keyof ExpertCreateBody & keyof ExpertRecord>(key: K) =>
    (body[key] !== undefined ? body[key] : (previous?.[key] ?? null)) as ExpertRecord[K];
  const photoFileId = keep('photoFileId');
  return expert(id, {
    name: body.name.trim(),
    gender: keep('gender'),
    birthYear: keep('birthYear'),
    professionalTitle: keep('professionalTitle'),
    workUnit: body.workUnit.trim(),
    position: keep('position'),
    specialties: [...body.specialties],
    category: keep('category'),
    practitionerId: keep('practitionerId'),
    practitionerName: null,
    phone: keep('phone'),
    email: keep('email'),
    introduction: keep('introduction'),
    photoFileId,
    photo: photoOf(photoFileId),
    public: body.public ?? previous?.public ?? true,
    active: body.active ?? previous?.active ?? true,
    sort: body.sort ?? previous?.sort ?? Math.max(0, ...expertsDb.experts.map((e) => e.sort)) + 10,
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
    version: previous ? previous.version + 1 : 0,
  });
}

const SWITCHES: Record<ExpertAction, { field: 'public' | 'active'; value: boolean; verb: string }> = {
  show: { field: 'public', value: true, verb: '公开' },
  hide: { field: 'public', value: false, verb: '取消公开' },
  enable: { field: 'active', value: true, verb: '启用' },
  disable: { field: 'active', value: false, verb: '停用' },
};

/* ---------- handlers ---------- */

export const expertsHandlers: HttpHandler[] = [
  http.get(apiPath('/experts'), async ({ request }) => {
    const account = await log.guard(request, 'expert:view');
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    return done(pageOf(filtered(params).map((e) => expertRow(account, e)), params));
  }),

  // Before /experts/:id.
  http.get(apiPath('/experts/export'), async ({ request }) => {
    const account = await log.guard(request, 'expert:export');
    if (account instanceof Response) return account;
    return download('专家库.xlsx');
  }),

  http.get(apiPath('/experts/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'expert:view');
    if (account instanceof Response) return account;
    const e = find(params.id);
    return e ? done(e) : notFound('专家');
  }),

  http.post(apiPath('/experts'), async ({ request }) => {
    const account = await log.guard(request, 'expert:edit');
    if (account instanceof Response) return account;
    const body = (await request.json()) as ExpertCreateBody | null;
    const problem = problemOf(body);
    if (problem || !body) return bad(problem ?? EMPTY_BODY_MESSAGE);
    const id = `expert-${Date.now()}-${expertsDb.experts.length + 1}`;
    expertsDb.experts = [...expertsDb.experts, build(body, undefined, id)];
    return done({ id }, '专家已创建');
  }),

  http.put(apiPath('/experts/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'expert:edit');
    if (account instanceof Response) return account;
    const previous = find(params.id);
    if (!previous) return notFound('专家');
    const body = (await request.json()) as (ExpertCreateBody & { version: number }) | null;
    if (body?.version !== previous.version) return stale();
    const problem = problemOf(body);
    if (problem) return bad(problem);
    const next = build(body, previous, previous.id);
    expertsDb.experts = expertsDb.experts.map((e) => (e.id === next.id ? next : e));
    return done(null, '专家已保存');
  }),

  http.delete(apiPath('/experts/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'expert:delete');
    if (account instanceof Response) return account;
    if (!find(params.id)) return notFound('专家');
    expertsDb.experts = expertsDb.experts.filter((e) => e.id !== params.id);
    return done(null, '专家已删除');
  }),

  ...EXPERT_ACTIONS.map((action) =>
    http.post(apiPath(`/experts/:id/${action}`), async ({ request, params }) => {
      const account = await log.guard(request, 'expert:edit');
      if (account instanceof Response) return account;
      const e = find(params.id);
      if (!e) return notFound('专家');
      const { field, value, verb } = SWITCHES[action];
      if (e[field] !== value) {
        const next = expert(e.id, bumped(e, { [field]: value }));
        expertsDb.experts = expertsDb.experts.map((x) => (x.id === e.id ? next : x));
      }
      return done(null, `专家「${e.name}」已${verb}`);
    }),
  ),
];
