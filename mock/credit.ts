/**
 * msw handlers for credit (信用管理; the routes in common/schemas/credit.ts), stateful like the
 * server: events (staff with credit:view all, the member-unit fixture those counting against it;
 * record, withdraw with a reason and the version, never edited), the rules versions (a new one,
 * 409 on a stale basedOnVersionNo), the yearly ratings (start, recompute in 初评, publicize,
 * finalize once the window is over and every objection answered), each unit's score with its
 * items, objections (the unit's one during 公示 up to its last day; staff answer: upheld
 * withdraws the events and scores the unit again), and the public reads (公示 and final years,
 * bad conduct in term). Refusals use the server's words (CREDIT_MESSAGES); `actions` say what the
 * caller may do.
 *
 * Fixtures: 2024 final; 2025 in 公示 (from two days ago to four days on), the fixture unit
 * (unit-0001) yet to object, unit-0002's objection pending.
 *
 *   creditDb.events / creditDb.ratings / creditDb.objections   // the records as they stand (mutable)
 *   creditCallsTo('post', '/credit-events/ce-1/withdraw')
 */
import { http, type HttpHandler } from 'msw';
import {
  addCalendarDays,
  builtInPolarityOf,
  CREDIT_POLARITY_LABELS,
  CREDIT_RATING_STATUS_LABELS,
  DEFAULT_CREDIT_RULES,
  pointsAgreeWith,
  publicityWindow,
  tierOf,
  type CreditKindRule,
  type CreditPolarity,
  type CreditTier,
} from '@common/credit';
import { AuthType } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import {
  CREDIT_MESSAGES as M,
  type CreditEventCreateBody,
  type CreditEventDetail,
  type CreditEventRecord,
  type CreditObjectionAnswerBody,
  type CreditObjectionDetail,
  type CreditObjectionRecord,
  type CreditRatingAction,
  type CreditRatingRecord,
  type CreditRatingUnitDetail,
  type CreditRatingUnitItem,
  type CreditRuleCreateBody,
  type CreditRuleVersionRecord,
  type CreditScoreItem,
  type PublicBadConductItem,
  type PublicCreditRatings,
  type PublicCreditYear,
} from '@common/schemas/credit';
import { dictItems, FIXTURE_UNIT_ID, FIXTURE_UNIT_NAME } from './fixtures';
import { practitionersDb } from './practitioners';
import { apiPath, bad, beijingToday, callLog, done, download, forbidden, guard, hasKeyword, notFound, pageOf, sortBy, stale, type ApiCall, type FixtureAccount } from './kit';

const log = callLog();
export type CreditCall = ApiCall;
export const creditCalls = log.calls;
export const creditCallsTo = log.to;

const UNITS: Record<string, string> = {
  [FIXTURE_UNIT_ID]: FIXTURE_UNIT_NAME,
  'unit-0002': '之江社会风险研究院有限公司',
  'unit-0003': '安和工程咨询有限公司',
  'unit-0004': '钱塘公共政策研究中心',
};

const kindLabel = (kind: string) => dictItems('credit_event_kind')?.find((i) => i.value === kind)?.label ?? kind;

interface StoredEvent {
  record: Omit<CreditEventRecord, 'actions' | 'inTerm' | 'kindLabel'>;
  files: CreditEventDetail['files'];
}

interface StoredRating {
  record: Omit<CreditRatingRecord, 'actions' | 'own' | 'unitCount' | 'tierCounts' | 'objectionCounts' | 'waiting'>;
  units: { unitId: string; unitName: string; score: number; tier: CreditTier; items: Omit<CreditScoreItem, 'kindLabel' | 'eventStatus'>[]; computedAt: string }[];
}

interface StoredObjection {
  record: Omit<CreditObjectionRecord, 'actions' | 'year' | 'unitName'>;
  files: CreditObjectionDetail['files'];
}

interface StoredRule {
  record: Omit<CreditRuleVersionRecord, 'inForce' | 'usedByYears' | 'kinds' | 'uncoveredKinds'>;
  kinds: CreditKindRule[];
}

const at = (day: string) => `${day}T02:00:00.000Z`;

function event(id: string, unitId: string, kind: string, occurredOn: string, fields: Partial<StoredEvent['record']> = {}): StoredEvent {
  const rule = DEFAULT_CREDIT_RULES.kinds.find((k) => k.kind === kind) ?? { points: 0, termMonths: 12 };
  const [y, m, d] = occurredOn.split('-').map(Number);
  const until = new Date(Date.UTC(y, m - 1 + rule.termMonths, d)).toISOString().slice(0, 10);
  return {
    record: {
      id,
      subjectType: 'unit',
      unitId,
      unitName: UNITS[unitId] ?? unitId,
      practitionerId: null,
      practitionerName: null,
      polarity: builtInPolarityOf(kind) ?? 'bad',
      kind,
      occurredOn,
      points: rule.points,
      pointsNote: null,
      termUntil: until,
      description: `${kindLabel(kind)}（示例）`,
      sourceType: 'manual',
      sourceId: null,
      ruleVersionNo: 1,
      status: 'active',
      withdrawReason: null,
      withdrawnAt: null,
      withdrawnByName: null,
      createdAt: at(occurredOn),
      createdByName: '系统管理员',
      updatedAt: at(occurredOn),
      version: 0,
      ...fields,
    },
    files: [],
  };
}

function fixtureEvents(): StoredEvent[] {
  const today = beijingToday();
  return [
    event('ce-1', FIXTURE_UNIT_ID, 'violation_other', '2025-12-10', { description: '评估报告引用的调查样本与原始记录不一致。', practitionerId: 'practitioner-0001', practitionerName: '李评估', subjectType: 'practitioner' }),
    event('ce-2', FIXTURE_UNIT_ID, 'commendation', '2025-06-18', { description: '在重大项目稳评中表现突出，协会通报表彰。' }),
    event('ce-3', FIXTURE_UNIT_ID, 'inspection_failed', addCalendarDays(today, -20), {
      description: '年检不通过：培训学时不足。',
      sourceType: 'annual_inspection',
      sourceId: 'insp-1',
      createdByName: null,
    }),
    event('ce-4', FIXTURE_UNIT_ID, 'violation_other', '2025-03-20', { status: 'withdrawn', withdrawReason: '经复核已补办备案。', withdrawnAt: at('2025-04-01'), withdrawnByName: '系统管理员', version: 1 }),
    event('ce-5', 'unit-0002', 'false_report', '2025-07-15', { description: '问卷调查数据系编造，认定为虚假报告。' }),
    event('ce-6', 'unit-0004', 'false_report', '2024-05-08', { description: '风险等级判定结论与调查结果明显不符。' }),
  ];
}

function fixtureRules(): StoredRule[] {
  return [
    {
      record: { id: 'crv-1', versionNo: 1, baseScore: DEFAULT_CREDIT_RULES.baseScore, tiers: DEFAULT_CREDIT_RULES.tiers, note: '初始规则', createdAt: '2026-01-01T00:00:00.000Z', createdByName: null },
      kinds: [...DEFAULT_CREDIT_RULES.kinds],
    },
  ];
}

export const creditDb: { events: StoredEvent[]; rules: StoredRule[]; ratings: StoredRating[]; objections: StoredObjection[] } = {
  events: [],
  rules: [],
  ratings: [],
  objections: [],
};

const inForce = () => creditDb.rules[creditDb.rules.length - 1];
const ruleOf = (versionNo: number) => creditDb.rules.find((r) => r.record.versionNo === versionNo) ?? inForce();

/** Every unit's score for a year from the active events, under a rules version (the server's server/credit/scoring.ts). */
function scoreYear(year: number, versionNo: number, computedAt: string): StoredRating['units'] {
  const rules = ruleOf(versionNo).record;
  return Object.entries(UNITS).map(([unitId, unitName]) => {
    const items = creditDb.events
      .filter((e) => e.record.unitId === unitId && e.record.status === 'active' && e.record.occurredOn.startsWith(`${year}-`))
      .map(({ record: e }) => ({
        eventId: e.id,
        kind: e.kind,
        polarity: e.polarity,
        subjectType: e.subjectType,
        practitionerId: e.practitionerId,
        practitionerName: e.practitionerName,
        points: e.points,
        occurredOn: e.occurredOn,
        description: e.description,
      }));
    const score = items.reduce((s, i) => s + i.points, rules.baseScore);
    return { unitId, unitName, score, tier: tierOf(score, rules.tiers), items, computedAt };
  });
}

function rating(id: string, year: number, status: StoredRating['record']['status'], fields: Partial<StoredRating['record']> = {}): StoredRating {
  const record: StoredRating['record'] = {
    id,
    year,
    status,
    ruleVersionId: 'crv-1',
    ruleVersionNo: 1,
    baseScore: DEFAULT_CREDIT_RULES.baseScore,
    tiers: DEFAULT_CREDIT_RULES.tiers,
    startedAt: at(`${year + 1}-01-10`),
    startedByName: '系统管理员',
    publicityFrom: null,
    publicityUntil: null,
    finalizedAt: null,
    finalizedByName: null,
    updatedAt: at(`${year + 1}-01-10`),
    version: 1,
    ...fields,
  };
  return { record, units: scoreYear(year, 1, record.startedAt) };
}

export function resetCreditMock(): void {
  const today = beijingToday();
  creditDb.events = fixtureEvents();
  creditDb.rules = fixtureRules();
  creditDb.ratings = [
    rating('cr-2024', 2024, 'final', { publicityFrom: '2025-01-12', publicityUntil: '2025-01-18', finalizedAt: at('2025-01-20'), finalizedByName: '系统管理员', version: 3 }),
    rating('cr-2025', 2025, 'publicity', { publicityFrom: addCalendarDays(today, -2), publicityUntil: addCalendarDays(today, 4), version: 2 }),
  ];
  creditDb.objections = [
    {
      record: {
        id: 'co-1',
        ratingId: 'cr-2025',
        unitId: 'unit-0002',
        content: '虚假报告的认定依据不足，请求撤销该记录。',
        status: 'pending',
        answer: null,
        withdrawnEventIds: [],
        createdAt: at(addCalendarDays(today, -1)),
        createdByName: '之江联络员',
        answeredAt: null,
        answeredByName: null,
        version: 0,
      },
      files: [],
    },
  ];
  log.clear();
}
resetCreditMock();

// ---- who may see and do what ------------------------------------------------------------------------

const can = (account: FixtureAccount, code: string) => account.user.authType === AuthType.Staff && account.user.permissions.includes(code as never);
const isStaff = (account: FixtureAccount) => account.user.authType === AuthType.Staff;
const ownsUnit = (account: FixtureAccount, unitId: string) => isStaff(account) || (account.user.authType === AuthType.MemberUnit && account.user.unitId === unitId);
const inTerm = (e: StoredEvent['record']) => e.status === 'active' && e.termUntil >= beijingToday();

function toEvent(account: FixtureAccount, e: StoredEvent): CreditEventRecord {
  return { ...e.record, kindLabel: kindLabel(e.record.kind), inTerm: inTerm(e.record), actions: can(account, 'credit:event:edit') && e.record.status === 'active' ? ['withdraw'] : [] };
}

const pendingOf = (ratingId: string) => creditDb.objections.filter((o) => o.record.ratingId === ratingId && o.record.status === 'pending').length;

function finalizeRefusal(r: StoredRating['record']): string | null {
  if (r.status === 'final') return M.finalLocked;
  if (r.status !== 'publicity') return M.notPublicity(CREDIT_RATING_STATUS_LABELS[r.status]);
  if (r.publicityUntil && beijingToday() <= r.publicityUntil) return M.publicityNotOver(r.publicityUntil);
  const pending = pendingOf(r.id);
  return pending > 0 ? M.objectionsPending(pending) : null;
}

function toRating(account: FixtureAccount, r: StoredRating): CreditRatingRecord {
  const staff = isStaff(account);
  const actions: CreditRatingAction[] = [];
  if (can(account, 'credit:rating:manage')) {
    if (r.record.status === 'initial') actions.push('recompute', 'publicize');
    if (r.record.status === 'publicity' && finalizeRefusal(r.record) === null) actions.push('finalize');
  }
  if (can(account, 'credit:export')) actions.push('export');
  const objections = creditDb.objections.filter((o) => o.record.ratingId === r.record.id);
  const own = r.units.find((u) => u.unitId === account.user.unitId);
  const ownObjection = objections.find((o) => o.record.unitId === account.user.unitId);
  return {
    ...r.record,
    unitCount: staff ? r.units.length : null,
    tierCounts: staff ? { A: 0, B: 0, C: 0, D: 0, ...Object.fromEntries((['A', 'B', 'C', 'D'] as const).map((t) => [t, r.units.filter((u) => u.tier === t).length])) } : null,
    objectionCounts: staff
      ? { pending: objections.filter((o) => o.record.status === 'pending').length, upheld: objections.filter((o) => o.record.status === 'upheld').length, rejected: objections.filter((o) => o.record.status === 'rejected').length }
      : null,
    own: !staff && own ? { unitId: own.unitId, score: own.score, tier: own.tier, objectionId: ownObjection?.record.id ?? null, objectionStatus: ownObjection?.record.status ?? null } : null,
    waiting: staff && r.record.status === 'publicity' ? finalizeRefusal(r.record) : null,
    actions,
  };
}

function toObjection(account: FixtureAccount, o: StoredObjection): CreditObjectionDetail {
  const r = creditDb.ratings.find((x) => x.record.id === o.record.ratingId);
  return {
    ...o.record,
    year: r?.record.year ?? 0,
    unitName: UNITS[o.record.unitId] ?? o.record.unitId,
    actions: can(account, 'credit:rating:manage') && o.record.status === 'pending' && r?.record.status === 'publicity' ? ['answer'] : [],
    files: o.files,
  };
}

const eventStatus = (id: string) => creditDb.events.find((e) => e.record.id === id)?.record.status ?? 'withdrawn';

/** Scores a unit again without some events in every rating not final (the server's withdrawal). */
function rescoreWithout(eventId: string): number[] {
  const years: number[] = [];
  for (const r of creditDb.ratings.filter((x) => x.record.status !== 'final')) {
    for (const u of r.units.filter((x) => x.items.some((i) => i.eventId === eventId))) {
      u.items = u.items.filter((i) => i.eventId !== eventId);
      u.score = u.items.reduce((s, i) => s + i.points, r.record.baseScore);
      u.tier = tierOf(u.score, r.record.tiers);
      years.push(r.record.year);
    }
  }
  return years;
}

const viewer = (request: Request) => guard(request, 'credit:view', [AuthType.Staff, AuthType.MemberUnit]);
const ratingById = (id: unknown) => creditDb.ratings.find((r) => r.record.id === id);
const body = async <T>(request: Request) => ((await log.record(request)) ?? {}) as Partial<T>;

export const creditHandlers: HttpHandler[] = [
  // ---- events ----
  http.get(apiPath('/credit-events/export'), async ({ request }) => {
    const account = await log.guard(request, 'credit:export');
    if (account instanceof Response) return account;
    return download(`信用记录-${beijingToday()}.xlsx`, new Uint8Array([0x50, 0x4b, 0x03, 0x04]));
  }),

  // The picker of 信用记录: approved practitioners and those who left, a unit its own (server/modules/credit-events/practitionerOptions.ts).
  http.get(apiPath('/credit-events/practitioner-options'), async ({ request }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const q = new URL(request.url).searchParams;
    const keyword = q.get('keyword') ?? '';
    const id = q.get('id');
    const found = practitionersDb.records
      .filter((p) => p.status === 'approved' || p.status === 'left')
      .filter((p) => ownsUnit(account, p.unitId))
      .filter((p) => !id || p.id === id)
      .filter((p) => hasKeyword(keyword, [p.name, p.certificateNo]))
      .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'))
      .slice(0, 20)
      .map((p) => ({ id: p.id, name: p.name, unitName: p.unitName, certificateNo: p.certificateNo, left: p.status === 'left' }));
    return done(found);
  }),

  http.get(apiPath('/credit-events'), async ({ request }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const q = new URL(request.url).searchParams;
    const rows = creditDb.events
      .filter((e) => ownsUnit(account, e.record.unitId))
      .filter(({ record: e }) => {
        const inTermParam = q.get('inTerm');
        return (
          (!q.get('unitId') || e.unitId === q.get('unitId')) &&
          (!q.get('practitionerId') || e.practitionerId === q.get('practitionerId')) &&
          (!q.get('subjectType') || e.subjectType === q.get('subjectType')) &&
          (!q.get('kind') || e.kind === q.get('kind')) &&
          (!q.get('polarity') || e.polarity === q.get('polarity')) &&
          (!q.get('status') || e.status === q.get('status')) &&
          (!q.get('sourceType') || e.sourceType === q.get('sourceType')) &&
          (!q.get('occurredFrom') || e.occurredOn >= (q.get('occurredFrom') ?? '')) &&
          (!q.get('occurredTo') || e.occurredOn <= (q.get('occurredTo') ?? '')) &&
          (!inTermParam || inTerm(e) === (inTermParam === 'true')) &&
          (!q.get('keyword') || hasKeyword(q.get('keyword') ?? '', [e.description, e.unitName, e.practitionerName]))
        );
      })
      .map((e) => toEvent(account, e));
    return done(pageOf(sortBy(rows, q.get('sort'), (a, b) => b.occurredOn.localeCompare(a.occurredOn)), q));
  }),

  http.get(apiPath('/credit-events/:id'), async ({ request, params }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const e = creditDb.events.find((x) => x.record.id === params.id);
    if (!e) return notFound(M.eventNoun);
    if (!ownsUnit(account, e.record.unitId)) return forbidden();
    const countedIn = creditDb.ratings
      .filter((r) => r.units.some((u) => u.items.some((i) => i.eventId === e.record.id)))
      .map((r) => ({ ratingId: r.record.id, year: r.record.year, status: r.record.status }));
    const detail: CreditEventDetail = { ...toEvent(account, e), files: e.files, countedIn };
    return done(detail);
  }),

  http.post(apiPath('/credit-events'), async ({ request }) => {
    const b = await body<CreditEventCreateBody>(request);
    const account = guard(request, 'credit:event:edit');
    if (account instanceof Response) return account;
    const label = dictItems('credit_event_kind')?.find((i) => i.value === b.kind)?.label;
    if (!label || !b.kind) return bad(M.kindUnknown);
    const builtIn = builtInPolarityOf(b.kind);
    if (builtIn && b.polarity && b.polarity !== builtIn) return bad(M.polarityMismatch(label, CREDIT_POLARITY_LABELS[builtIn]));
    const polarity: CreditPolarity | undefined = builtIn ?? b.polarity;
    if (!polarity) return bad(M.polarityRequired);
    if (b.subjectType === 'unit' && !b.unitId) return bad(M.unitRequired);
    if (b.subjectType === 'practitioner' && !b.practitionerId) return bad(M.practitionerRequired);
    if (!b.occurredOn || b.occurredOn > beijingToday()) return bad(M.occurredInFuture);
    if (!b.description?.trim()) return bad(M.descriptionRequired);
    const rule = inForce().kinds.find((k) => k.kind === b.kind) ?? { kind: b.kind, points: 0, termMonths: 12 };
    const points = b.points ?? rule.points;
    if (points !== rule.points && !b.pointsNote?.trim()) return bad(M.pointsNoteRequired);
    if (!pointsAgreeWith(polarity, points)) return bad(M.pointsDisagree(CREDIT_POLARITY_LABELS[polarity]));
    const unitId = b.subjectType === 'practitioner' ? FIXTURE_UNIT_ID : (b.unitId ?? FIXTURE_UNIT_ID);
    const id = `ce-${creditDb.events.length + 1}`;
    const created = event(id, unitId, b.kind, b.occurredOn, {
      subjectType: b.subjectType ?? 'unit',
      practitionerId: b.practitionerId ?? null,
      practitionerName: b.practitionerId ? '李评估' : null,
      polarity,
      points,
      pointsNote: points === rule.points ? null : (b.pointsNote ?? null),
      description: b.description.trim(),
      ruleVersionNo: inForce().record.versionNo,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    created.files = (b.fileIds ?? []).map((fileId) => ({ fileId, name: '证明材料.pdf', size: 1024, contentType: 'application/pdf' }));
    creditDb.events.unshift(created);
    return done({ id, points, termUntil: created.record.termUntil, ruleVersionNo: created.record.ruleVersionNo }, M.eventRecorded(points, created.record.termUntil));
  }),

  http.post(apiPath('/credit-events/:id/withdraw'), async ({ request, params }) => {
    const b = await body<{ version: number; reason: string }>(request);
    const account = guard(request, 'credit:event:edit');
    if (account instanceof Response) return account;
    const e = creditDb.events.find((x) => x.record.id === params.id);
    if (!e) return notFound(M.eventNoun);
    if (!b.reason?.trim()) return bad(M.reasonRequired);
    if (e.record.status === 'withdrawn') return bad(M.alreadyWithdrawn);
    if (b.version !== e.record.version) return stale();
    e.record = { ...e.record, status: 'withdrawn', withdrawReason: b.reason.trim(), withdrawnAt: new Date().toISOString(), withdrawnByName: account.user.name, version: e.record.version + 1 };
    const rescoredYears = rescoreWithout(e.record.id);
    return done({ rescoredYears }, M.eventWithdrawn(rescoredYears));
  }),

  // ---- rules ----
  http.get(apiPath('/credit-rules'), async ({ request }) => {
    const account = await log.guard(request, 'credit:view');
    if (account instanceof Response) return account;
    const kinds = dictItems('credit_event_kind') ?? [];
    const list: CreditRuleVersionRecord[] = [...creditDb.rules].reverse().map((r, i) => ({
      ...r.record,
      kinds: r.kinds.map((k) => ({ ...k, label: kindLabel(k.kind), polarity: builtInPolarityOf(k.kind) })),
      uncoveredKinds: kinds.filter((k) => !r.kinds.some((x) => x.kind === k.value)).map((k) => ({ kind: k.value, label: k.label })),
      inForce: i === 0,
      usedByYears: creditDb.ratings.filter((x) => x.record.ruleVersionId === r.record.id).map((x) => x.record.year),
    }));
    return done(list);
  }),

  http.post(apiPath('/credit-rules'), async ({ request }) => {
    const b = await body<CreditRuleCreateBody>(request);
    const account = guard(request, 'credit:rule:edit');
    if (account instanceof Response) return account;
    const tiers = b.tiers ?? DEFAULT_CREDIT_RULES.tiers;
    if (!(tiers.A > tiers.B && tiers.B > tiers.C)) return bad(M.tiersOrder);
    if (b.basedOnVersionNo !== inForce().record.versionNo) return bad(M.ruleStale, 409);
    const given = b.kinds ?? [];
    const versionNo = inForce().record.versionNo + 1;
    const id = `crv-${versionNo}`;
    creditDb.rules.push({
      record: { id, versionNo, baseScore: b.baseScore ?? 100, tiers, note: b.note ?? null, createdAt: new Date().toISOString(), createdByName: account.user.name },
      kinds: [...given, ...inForce().kinds.filter((k) => !given.some((g) => g.kind === k.kind))],
    });
    return done({ id, versionNo }, `已生成第 ${versionNo} 版信用评价规则，新登记的信用记录和新启动的年度评价将按此版本执行`);
  }),

  // ---- ratings ----
  http.get(apiPath('/credit-ratings'), async ({ request }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const q = new URL(request.url).searchParams;
    const rows = creditDb.ratings
      .filter((r) => (!q.get('year') || String(r.record.year) === q.get('year')) && (!q.get('status') || r.record.status === q.get('status')))
      .sort((a, b) => b.record.year - a.record.year)
      .map((r) => toRating(account, r));
    return done(pageOf(rows, q));
  }),

  http.post(apiPath('/credit-ratings'), async ({ request }) => {
    const b = await body<{ year: number }>(request);
    const account = guard(request, 'credit:rating:manage');
    if (account instanceof Response) return account;
    const year = Number(b.year);
    if (year > Number(beijingToday().slice(0, 4))) return bad(M.yearInFuture(year));
    if (creditDb.ratings.some((r) => r.record.year === year)) return bad(M.yearExists(year));
    const rules = inForce();
    const id = `cr-${year}`;
    const now = new Date().toISOString();
    creditDb.ratings.push({
      record: { ...rating(id, year, 'initial').record, ruleVersionId: rules.record.id, ruleVersionNo: rules.record.versionNo, baseScore: rules.record.baseScore, tiers: rules.record.tiers, startedAt: now, updatedAt: now, version: 0 },
      units: scoreYear(year, rules.record.versionNo, now),
    });
    return done({ id }, M.ratingStarted(year, Object.keys(UNITS).length));
  }),

  http.get(apiPath('/credit-ratings/:id'), async ({ request, params }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const r = ratingById(params.id);
    return r ? done(toRating(account, r)) : notFound(M.ratingNoun);
  }),

  http.post(apiPath('/credit-ratings/:id/:step'), async ({ request, params }) => {
    const b = await body<{ version: number; content: string; fileIds: string[] }>(request);
    const r = ratingById(params.id);
    const stepName = String(params.step);
    if (stepName === 'objections') {
      const account = guard(request, null, [AuthType.MemberUnit]);
      if (account instanceof Response) return account;
      if (!r) return notFound(M.ratingNoun);
      const unitId = account.user.unitId ?? '';
      if (r.record.status === 'final') return bad(M.finalLocked);
      if (r.record.status !== 'publicity' || !r.record.publicityUntil) return bad(M.objectionNotInPublicity);
      if (beijingToday() > r.record.publicityUntil) return bad(M.objectionTooLate(r.record.publicityUntil));
      if (!r.units.some((u) => u.unitId === unitId)) return bad(M.objectionNotRated);
      if (creditDb.objections.some((o) => o.record.ratingId === r.record.id && o.record.unitId === unitId)) return bad(M.objectionExists);
      if (!b.content?.trim()) return bad(M.objectionContentRequired);
      const id = `co-${creditDb.objections.length + 1}`;
      creditDb.objections.push({
        record: { id, ratingId: r.record.id, unitId, content: b.content.trim(), status: 'pending', answer: null, withdrawnEventIds: [], createdAt: new Date().toISOString(), createdByName: account.user.name, answeredAt: null, answeredByName: null, version: 0 },
        files: (b.fileIds ?? []).map((fileId) => ({ fileId, name: '异议材料.pdf', size: 1024, contentType: 'application/pdf' })),
      });
      return done({ id }, '异议已提交，协会将在终评前答复');
    }
    const account = guard(request, 'credit:rating:manage');
    if (account instanceof Response) return account;
    if (!r) return notFound(M.ratingNoun);
    const label = CREDIT_RATING_STATUS_LABELS[r.record.status];
    if (stepName === 'recompute' || stepName === 'publicize') {
      if (r.record.status === 'final') return bad(M.finalLocked);
      if (r.record.status !== 'initial') return bad(stepName === 'recompute' ? M.notInitial(label) : M.notInitialToPublicize(label));
      if (b.version !== r.record.version) return stale();
      if (stepName === 'recompute') {
        r.units = scoreYear(r.record.year, r.record.ruleVersionNo, new Date().toISOString());
        r.record = { ...r.record, version: r.record.version + 1 };
        return done(null, `已重新计算，共 ${r.units.length} 家会员单位`);
      }
      const window = publicityWindow(beijingToday());
      r.record = { ...r.record, status: 'publicity', publicityFrom: window.from, publicityUntil: window.until, version: r.record.version + 1 };
      return done(window, `已发布公示：${window.from} 至 ${window.until}，已通知各会员单位`);
    }
    if (stepName === 'finalize') {
      const refusal = finalizeRefusal(r.record);
      if (refusal) return bad(refusal);
      if (b.version !== r.record.version) return stale();
      r.record = { ...r.record, status: 'final', finalizedAt: new Date().toISOString(), finalizedByName: account.user.name, version: r.record.version + 1 };
      return done(null, `已终评，${r.units.length} 家会员单位的信用等级已锁定并公布`);
    }
    return notFound('接口');
  }),

  http.get(apiPath('/credit-ratings/:id/export'), async ({ request, params }) => {
    const account = await log.guard(request, 'credit:export');
    if (account instanceof Response) return account;
    const r = ratingById(params.id);
    return r ? download(`${r.record.year}年度信用评价-${beijingToday()}.xlsx`, new Uint8Array([0x50, 0x4b, 0x03, 0x04])) : notFound(M.ratingNoun);
  }),

  http.get(apiPath('/credit-ratings/:id/units'), async ({ request, params }) => {
    const account = await log.guard(request, 'credit:view');
    if (account instanceof Response) return account;
    const r = ratingById(params.id);
    if (!r) return notFound(M.ratingNoun);
    const q = new URL(request.url).searchParams;
    const rows: CreditRatingUnitItem[] = r.units
      .filter((u) => (!q.get('tier') || u.tier === q.get('tier')) && (!q.get('keyword') || hasKeyword(q.get('keyword') ?? '', [u.unitName])))
      .map((u) => {
        const objection = creditDb.objections.find((o) => o.record.ratingId === r.record.id && o.record.unitId === u.unitId);
        return {
          unitId: u.unitId,
          unitName: u.unitName,
          score: u.score,
          tier: u.tier,
          eventCount: u.items.length,
          badPoints: u.items.filter((i) => i.points < 0).reduce((s, i) => s + i.points, 0),
          goodPoints: u.items.filter((i) => i.points > 0).reduce((s, i) => s + i.points, 0),
          computedAt: u.computedAt,
          objectionId: objection?.record.id ?? null,
          objectionStatus: objection?.record.status ?? null,
        };
      });
    return done(pageOf(sortBy(rows, q.get('sort'), (a, b) => b.score - a.score), q));
  }),

  http.get(apiPath('/credit-ratings/:id/units/:unitId'), async ({ request, params }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const r = ratingById(params.id);
    if (!r) return notFound(M.ratingNoun);
    if (!ownsUnit(account, String(params.unitId))) return forbidden();
    const u = r.units.find((x) => x.unitId === params.unitId);
    if (!u) return notFound('该单位本年度的评分');
    const objection = creditDb.objections.find((o) => o.record.ratingId === r.record.id && o.record.unitId === u.unitId);
    const mine = account.user.authType === AuthType.MemberUnit && account.user.unitId === u.unitId;
    const detail: CreditRatingUnitDetail = {
      ratingId: r.record.id,
      year: r.record.year,
      ratingStatus: r.record.status,
      publicityFrom: r.record.publicityFrom,
      publicityUntil: r.record.publicityUntil,
      unitId: u.unitId,
      unitName: u.unitName,
      baseScore: r.record.baseScore,
      score: u.score,
      tier: u.tier,
      items: u.items.map((i) => ({ ...i, kindLabel: kindLabel(i.kind), eventStatus: eventStatus(i.eventId) })),
      computedAt: u.computedAt,
      objection: objection ? toObjection(account, objection) : null,
      actions: mine && r.record.status === 'publicity' && !!r.record.publicityUntil && beijingToday() <= r.record.publicityUntil && !objection ? ['object'] : [],
    };
    return done(detail);
  }),

  http.get(apiPath('/credit-ratings/:id/objections'), async ({ request, params }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    if (!ratingById(params.id)) return notFound(M.ratingNoun);
    const q = new URL(request.url).searchParams;
    const rows: CreditObjectionRecord[] = creditDb.objections
      .filter((o) => o.record.ratingId === params.id && ownsUnit(account, o.record.unitId) && (!q.get('status') || o.record.status === q.get('status')))
      .map((o) => {
        const { files: _files, ...record } = toObjection(account, o);
        return record;
      });
    const page: Page<CreditObjectionRecord> = pageOf(rows, q);
    return done(page);
  }),

  http.get(apiPath('/credit-objections/:id'), async ({ request, params }) => {
    await log.record(request);
    const account = viewer(request);
    if (account instanceof Response) return account;
    const o = creditDb.objections.find((x) => x.record.id === params.id);
    if (!o) return notFound(M.objectionNoun);
    if (!ownsUnit(account, o.record.unitId)) return forbidden();
    return done(toObjection(account, o));
  }),

  http.post(apiPath('/credit-objections/:id/answer'), async ({ request, params }) => {
    const b = await body<CreditObjectionAnswerBody>(request);
    const account = guard(request, 'credit:rating:manage');
    if (account instanceof Response) return account;
    const o = creditDb.objections.find((x) => x.record.id === params.id);
    if (!o) return notFound(M.objectionNoun);
    const r = ratingById(o.record.ratingId);
    if (!r || r.record.status === 'final') return bad(M.finalLocked);
    if (o.record.status !== 'pending') return bad(M.objectionAnswered);
    if (b.version !== o.record.version) return stale();
    if (!b.answer?.trim()) return bad(M.answerRequired);
    const ids = b.withdrawEventIds ?? [];
    if (b.decision === 'upheld' && ids.length === 0) return bad(M.upheldNeedsEvents);
    if (b.decision === 'rejected' && ids.length > 0) return bad(M.rejectedTakesNoEvents);
    const u = r.units.find((x) => x.unitId === o.record.unitId);
    if (!u || ids.some((id) => !u.items.some((i) => i.eventId === id) || eventStatus(id) !== 'active')) return bad(M.eventNotInItems);
    for (const id of ids) {
      const e = creditDb.events.find((x) => x.record.id === id);
      if (e) e.record = { ...e.record, status: 'withdrawn', withdrawReason: `异议成立：${b.answer.trim()}`, withdrawnAt: new Date().toISOString(), withdrawnByName: account.user.name, version: e.record.version + 1 };
      rescoreWithout(id);
    }
    const decision = b.decision === 'upheld' ? 'upheld' : 'rejected';
    o.record = { ...o.record, status: decision, answer: b.answer.trim(), withdrawnEventIds: ids, answeredAt: new Date().toISOString(), answeredByName: account.user.name, version: o.record.version + 1 };
    return done({ status: decision, score: u.score, tier: u.tier }, decision === 'upheld' ? `异议成立，该单位得分改为 ${u.score} 分（${u.tier} 级），已通知该单位` : '异议不成立，已通知该单位');
  }),

  // ---- public ----
  ...['/public/credit/ratings', '/public/credit-ratings'].map((path) =>
    http.get(apiPath(path), async ({ request }) => {
      await log.record(request);
      const q = new URL(request.url).searchParams;
      const shown = creditDb.ratings.filter((r) => r.record.status !== 'initial').sort((a, b) => b.record.year - a.record.year);
      const yearOf = (r: StoredRating): PublicCreditYear => ({
        year: r.record.year,
        status: r.record.status === 'final' ? 'final' : 'publicity',
        publicityFrom: r.record.publicityFrom,
        publicityUntil: r.record.publicityUntil,
        finalizedAt: r.record.finalizedAt,
      });
      const chosen = q.get('year') ? shown.find((r) => String(r.record.year) === q.get('year')) : shown[0];
      const list = (chosen?.units ?? [])
        .filter((u) => !q.get('keyword') || hasKeyword(q.get('keyword') ?? '', [u.unitName]))
        .sort((a, b) => b.score - a.score || a.unitName.localeCompare(b.unitName))
        .map((u) => ({ unitId: u.unitId, unitName: u.unitName, inWindow: true, score: u.score, tier: u.tier }));
      const page = pageOf(list, q, 20);
      const answer: PublicCreditRatings = { years: shown.map(yearOf), rating: chosen ? yearOf(chosen) : null, ...page };
      return done(answer);
    }),
  ),

  http.get(apiPath('/public/credit/bad-conduct'), async ({ request }) => {
    await log.record(request);
    const q = new URL(request.url).searchParams;
    const today = beijingToday();
    const list: PublicBadConductItem[] = creditDb.events
      .map((e) => e.record)
      .filter((e) => e.status === 'active' && e.polarity === 'bad' && e.termUntil >= today && e.occurredOn <= today)
      .filter((e) => !q.get('keyword') || hasKeyword(q.get('keyword') ?? '', [e.unitName, e.practitionerName]))
      .sort((a, b) => b.occurredOn.localeCompare(a.occurredOn))
      .map((e) => ({
        id: e.id,
        subjectType: e.subjectType,
        unitId: e.unitId,
        unitName: e.unitName,
        inWindow: true,
        practitionerName: e.practitionerName,
        kind: e.kind,
        kindLabel: kindLabel(e.kind),
        occurredOn: e.occurredOn,
        termUntil: e.termUntil,
      }));
    return done(pageOf(list, q, 20));
  }),
];
