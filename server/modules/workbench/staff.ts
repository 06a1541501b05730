/**
 * The staff workbench: what waits in the queue by kind, the association's totals, the year's
 * charts and the latest audit-trail entries. Every figure is one aggregate query (GROUP BY or a
 * conditional SUM over an index range), so the cost does not grow with a loop over records;
 * the queries run side by side. Indexes: 0008's workbench block.
 */
import { sql } from 'kysely';
import { hasPermission } from '@common/permissions';
import { REVIEW_KIND_VALUES } from '@common/schemas/membership';
import { reviewKindLabel } from '@common/schemas/businessAudit';
import { WORKBENCH_FIRST_YEAR, type LabelledCount, type StaffWorkbench, type WorkbenchLogEntry, type WorkbenchMonth } from '@common/schemas/workbench';
import type { AuthUser } from '../../security/user';
import { dayEnd, dayStart } from '../../content/publishing';
import { beijingDay } from '@common/calendar';
import { dictLabelsOf } from '../../db/dictionaries';
import type { DbOrTrx } from '../../db/types';
import { BizError } from '../../http/errors';
import { READ_CACHE_TTL_MS, type ReadCache } from '../../http/readCache';
import { reviewWork } from '../../quality/workbench';
import { noticeWork } from '../../notifications/work';
import { complaintWork } from '../../credit/complaintWork';
import { reviewHandlerOf } from '../../workflow/reviewHandlers';

/** How many audit-trail entries the workbench shows. */
export const RECENT_LOG_SIZE = 8;
const NO_VALUE = '未填写';

/** Grouped counts → labelled bars in the dictionary's words, largest first. */
function labelled(rows: { key: string | null; n: number | string | bigint }[], labels: Map<string, string> | undefined): LabelledCount[] {
  return rows
    .map((r) => ({ key: r.key ?? '', label: r.key ? (labels?.get(r.key) ?? r.key) : NO_VALUE, count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'zh-CN'));
}

/** The twelve months of `year`: [label, start, end) as Beijing calendar days and as instants. */
function monthsOf(year: number) {
  return Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    const next = i === 11 ? `${year + 1}-01` : `${year}-${String(i + 2).padStart(2, '0')}`;
    return { month, fromDay: `${month}-01`, toDay: `${next}-01`, fromAt: dayStart(`${month}-01`), toAt: dayStart(`${next}-01`) };
  });
}

/** Monthly counts in one pass over the year's index range: SUM(CASE WHEN col in month i …) per month. */
async function monthly(db: DbOrTrx, year: number): Promise<WorkbenchMonth[]> {
  const months = monthsOf(year);
  const unitCounts = await db
    .selectFrom('member_units')
    .select((eb) => months.map((m, i) => eb.fn.sum<number>(eb.case().when(eb.and([eb('join_date', '>=', m.fromDay), eb('join_date', '<', m.toDay)])).then(1).else(0).end()).as(`m${i}`)))
    .where('join_date', '>=', `${year}-01-01`)
    .where('join_date', '<', `${year + 1}-01-01`)
    .executeTakeFirst();
  const practitionerCounts = await db
    .selectFrom('practitioners')
    .select((eb) => months.map((m, i) => eb.fn.sum<number>(eb.case().when(eb.and([eb('created_at', '>=', m.fromAt), eb('created_at', '<', m.toAt)])).then(1).else(0).end()).as(`m${i}`)))
    .where('created_at', '>=', dayStart(`${year}-01-01`))
    .where('created_at', '<', dayEnd(`${year}-12-31`))
    .executeTakeFirst();
  const at = (row: Record<string, unknown> | undefined, i: number) => Number(row?.[`m${i}`] ?? 0);
  return months.map((m, i) => ({ month: m.month, units: at(unitCounts, i), practitioners: at(practitionerCounts, i) }));
}

async function recentLogs(db: DbOrTrx): Promise<WorkbenchLogEntry[]> {
  const rows = await db
    .selectFrom('operation_logs')
    .select(['id', 'created_at', 'actor_name', 'entity', 'action', 'summary', 'result'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_LOG_SIZE)
    .execute();
  return rows.map((r) => ({ id: String(r.id), at: r.created_at, actorName: r.actor_name, entity: r.entity, action: r.action, summary: r.summary, result: r.result }));
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/** This year back to the year of the first member unit's join or practitioner's registration. */
async function chartYears(db: DbOrTrx, thisYear: number): Promise<number[]> {
  const [unit, practitioner] = await Promise.all([
    db.selectFrom('member_units').select((eb) => eb.fn.min('join_date').as('first')).executeTakeFirst(),
    db.selectFrom('practitioners').select((eb) => eb.fn.min('created_at').as('first')).executeTakeFirst(),
  ]);
  const firsts = [unit?.first, practitioner?.first ? beijingDay(new Date(practitioner.first)) : null]
    .filter((d): d is string => Boolean(d))
    .map((d) => Math.max(WORKBENCH_FIRST_YEAR, Number(d.slice(0, 4))));
  const first = Math.min(thisYear, ...firsts);
  return Array.from({ length: thisYear - first + 1 }, (_, i) => thisYear - i);
}

/**
 * The staff's workbench; the charts show `requestedYear` (this year when omitted). The figures
 * are the same for every staff member, so they come through the read cache when one is given
 * (a write clears it); the log entries only for those who may read the log.
 */
export async function staffWorkbench(db: DbOrTrx, user: AuthUser, now: Date, requestedYear?: number, cache?: ReadCache): Promise<StaffWorkbench> {
  const today = beijingDay(now);
  const thisYear = Number(today.slice(0, 4));
  if (requestedYear !== undefined && requestedYear > thisYear) throw new BizError(`年度不能晚于 ${thisYear} 年`);
  const year = requestedYear ?? thisYear;
  const compute = () => workbenchFigures(db, year, thisYear, today);
  const figures = cache ? await cache.read(`workbench:${today}:${year}`, READ_CACHE_TTL_MS, compute) : await compute();
  return {
    ...figures,
    recentLogs: hasPermission(user, 'system:log:view') ? figures.recentLogs : null,
    reviews: hasPermission(user, 'review:task:view') ? figures.reviews : null,
    notices: hasPermission(user, 'notice:view') ? figures.notices : null,
    complaints: hasPermission(user, 'complaint:view') ? figures.complaints : null,
  };
}

async function workbenchFigures(db: DbOrTrx, year: number, thisYear: number, today: string): Promise<StaffWorkbench> {
  const yearFrom = dayStart(`${year}-01-01`);
  const yearTo = dayEnd(`${year}-12-31`);
  const countAll = sql<number>`count(*)`.as('n');

  const [dicts, pendingRows, unitsByLevel, practitioners, experts, projectsByRisk, projectsOfYearByType, projectsOfYearByRisk, months, logs, years, reviews, notices, complaints] = await Promise.all([
    dictLabelsOf(db, ['member_level', 'risk_level', 'project_type']),
    db.selectFrom('reviews').select(['what', countAll]).where('status', '=', 'pending').groupBy('what').execute(),
    db.selectFrom('member_units').select(['member_level as key', countAll]).where('status', '=', 'approved').groupBy('member_level').execute(),
    db.selectFrom('practitioners').select(countAll).where('status', '=', 'approved').executeTakeFirst(),
    db.selectFrom('experts').select(countAll).where('active', '=', 1).executeTakeFirst(),
    db.selectFrom('projects').select(['risk_level as key', countAll]).where('status', '!=', 'draft').groupBy('risk_level').execute(),
    db
      .selectFrom('projects')
      .select(['type as key', countAll])
      .where('submitted_at', '>=', yearFrom)
      .where('submitted_at', '<', yearTo)
      .groupBy('type')
      .execute(),
    db
      .selectFrom('projects')
      .select(['risk_level as key', countAll])
      .where('submitted_at', '>=', yearFrom)
      .where('submitted_at', '<', yearTo)
      .groupBy('risk_level')
      .execute(),
    monthly(db, year),
    recentLogs(db),
    chartYears(db, thisYear),
    reviewWork(db),
    noticeWork(db),
    complaintWork(db, today),
  ]);

  const pendingByKind = new Map(pendingRows.map((r) => [r.what, Number(r.n)]));
  const pending = REVIEW_KIND_VALUES.map((kind) => ({
    kind,
    label: reviewHandlerOf(kind)?.label ?? reviewKindLabel(kind),
    count: pendingByKind.get(kind) ?? 0,
    link: `/Manage/business-audit?kind=${kind}`,
  }));
  const levels = labelled(unitsByLevel, dicts.get('member_level'));
  const risks = labelled(projectsByRisk, dicts.get('risk_level'));
  return {
    pending,
    pendingTotal: pending.reduce((sum, p) => sum + p.count, 0),
    totals: {
      units: levels.reduce((sum, l) => sum + l.count, 0),
      unitsByLevel: levels,
      practitioners: count(practitioners),
      experts: count(experts),
      projects: risks.reduce((sum, r) => sum + r.count, 0),
      projectsByRisk: risks,
    },
    year,
    years,
    monthly: months,
    projectsByType: labelled(projectsOfYearByType, dicts.get('project_type')),
    projectsByRiskOfYear: labelled(projectsOfYearByRisk, dicts.get('risk_level')),
    recentLogs: logs,
    reviews,
    notices,
    complaints,
  };
}
