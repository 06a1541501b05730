/**
 * The expert draw at its target size (speed target: the draw and its verification answer under
 * 200 ms p99): 5,000 experts with 100 declared conflicts each (500,000 conflicts), on SQLite and,
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, PostgreSQL.
 *
 * - "POST draw": POST /review-tasks/{id}/draw through HTTP, one at a time (a new round of the
 *   same task each time, with a reason, as a repeat is drawn): the pool's facts read, 回避 for
 *   every expert, the seeded shuffle, the record (the whole pool as it was) written with its
 *   seats, log row and messages.
 * - "GET verify": GET /expert-draws/{id}/verify over the rounds drawn: the record read, the draw
 *   recomputed from it, the digest and the audit trail checked.
 * - "in process": classifyPool and drawPanel alone (server/modules/expert-reviews/), on the same
 *   library held in memory with every conflict handed over (none filtered out by a query first):
 *   the pure rules' own cost (target: well under 50 ms).
 * A measurement that fails (an error answer, a verification that does not match) is reported as
 * failed with its message, never as a time.
 */
import { randomUUID } from 'node:crypto';
import { CONFLICT_KIND_VALUES, type ConflictKind } from '@common/expertReview';
import { newAuditColumns } from '../server/db/versioned';
import { drawPanel, newDrawSeed, type PanelRules } from '../server/quality/draw';
import { classifyPool, normaliseUnitName, type DrawContext, type ExpertFacts } from '../server/quality/exclusions';
import { adminToken, benchDialects, collectGarbage, openBenchDatabase, rng, settleAfterSeeding, startApp, type BenchDatabase } from './lib';
import { percentile } from './stats';

export interface ExpertDrawBenchSizes {
  experts: number;
  conflictsEach: number;
  otherUnits: number;
  /** draws, verifications and in-process runs timed per database (after WARM_UP untimed ones) */
  drawRuns: number;
  verifyRuns: number;
  inProcessRuns: number;
}

export const EXPERT_DRAW_SIZES: ExpertDrawBenchSizes = { experts: 5_000, conflictsEach: 100, otherUnits: 2_000, drawRuns: 200, verifyRuns: 200, inProcessRuns: 50 };
export const EXPERT_DRAW_TARGET_MS = 200;
export const IN_PROCESS_TARGET_MS = 50;
const WARM_UP = 3;

const CATEGORIES = ['social_science', 'engineering', 'management'];
const SPECIALTIES = ['law', 'economics', 'sociology', 'urban_planning', 'environment', 'work_safety', 'psychology', 'management', 'construction'];
const KINDS = CONFLICT_KIND_VALUES;
const UNIT_NAME = '明远社会稳定风险评估有限公司';
const CLIENT_NAME = '滨江新区开发建设（集团）有限公司';
const RULES = { panelSize: 5, backupCount: 2, requiredCategories: CATEGORIES, wantedSpecialties: ['law', 'environment'] };

export type Timing = { ok: true; runs: number; p50: number; p99: number; max: number } | { ok: false; error: string };

export interface ExpertDrawBenchRow {
  dialect: string;
  measure: string;
  timing: Timing;
  /** what the measured calls saw: eligible experts, excluded, rounds drawn */
  detail: string;
}

function summary(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(1));
  return { ok: true, runs: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1]) };
}

const failed = (err: unknown): Timing => ({ ok: false, error: err instanceof Error ? err.message : String(err) });

/** The library as the bench seeds it: who conflicts with the assessing unit or the client, who is inactive. */
export function libraryPlan(sizes: ExpertDrawBenchSizes) {
  const next = rng(21);
  const experts = Array.from({ length: sizes.experts }, (_, i) => {
    const specialties = [...new Set([SPECIALTIES[i % SPECIALTIES.length], SPECIALTIES[Math.floor(next() * SPECIALTIES.length)]])];
    const conflicts = Array.from({ length: sizes.conflictsEach }, (_, k): { unitName: string; kind: ConflictKind; from: string; to: string | null } => ({
      unitName: `协作单位${Math.floor(next() * sizes.otherUnits)}有限公司`,
      kind: KINDS[(i + k) % KINDS.length],
      from: `20${String(10 + ((i + k) % 15)).padStart(2, '0')}-01-01`,
      to: k % 3 === 0 ? null : `20${String(15 + ((i + k) % 11)).padStart(2, '0')}-06-30`,
    }));
    // About 3 % declared a conflict with the assessing unit, 2 % with the client (written with
    // other bracket widths and spaces, as people type them).
    if (i % 33 === 0) conflicts[7 % conflicts.length] = { unitName: ` ${UNIT_NAME}`, kind: KINDS[i % KINDS.length], from: '2021-03-01', to: null };
    if (i % 50 === 1) conflicts[8 % conflicts.length] = { unitName: '滨江新区开发建设(集团)有限公司', kind: 'advised' as const, from: '2022-01-01', to: '2025-12-31' };
    return {
      id: `bx-${String(i).padStart(5, '0')}`,
      active: i % 40 !== 0,
      category: CATEGORIES[i % CATEGORIES.length],
      specialties,
      workUnit: i % 97 === 0 ? UNIT_NAME : `某大学${i % 300}`,
      conflicts,
    };
  });
  return experts;
}

async function insertAll<T>(insert: (rows: T[]) => Promise<unknown>, rows: readonly T[], batch = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) await insert(rows.slice(i, i + batch));
}

interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

async function call<T>(url: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(url + path, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** classifyPool and drawPanel on the whole library in memory, every conflict included. */
function inProcess(library: ReturnType<typeof libraryPlan>, reviewOn: string, runs: number): { timing: Timing; detail: string } {
  const facts: ExpertFacts[] = library.map((e) => ({
    expertId: e.id,
    active: e.active,
    category: e.category,
    specialties: e.specialties,
    workUnit: e.workUnit,
    conflicts: e.conflicts,
    practitionerUnits: [],
    tookPartInReport: false,
    reviewsThisYear: 0,
    lastReviewOfUnitOn: null,
    badConductInTerm: false,
  }));
  const context: DrawContext = { assessingUnitId: 'bx-unit', assessingUnitName: UNIT_NAME, clientName: CLIENT_NAME, reviewOn, yearlyCap: 10, recentDays: 90, windowYears: 3 };
  const rules: PanelRules = RULES;
  const times: number[] = [];
  let detail = '';
  for (let r = 0; r < WARM_UP + runs; r += 1) {
    const t0 = performance.now();
    const { eligible, excluded } = classifyPool(facts, context);
    const outcome = drawPanel(eligible, rules, newDrawSeed());
    const elapsed = performance.now() - t0;
    if (!outcome.ok) return { timing: failed(new Error(outcome.message)), detail: '' };
    if (r >= WARM_UP) times.push(elapsed);
    detail = `${eligible.length} eligible, ${excluded.length} excluded`;
  }
  return { timing: summary(times), detail };
}

/** The assessing unit, its filed project (id bx-project) and the library, as planned. */
export async function seedExpertLibrary(bench: BenchDatabase, library: ReturnType<typeof libraryPlan>): Promise<void> {
  const db = bench.db.kysely;
  const created = new Date().toISOString();
  const audit = newAuditColumns(created);
  await db
    .insertInto('member_units')
    .values({
      id: 'bx-unit',
      name: UNIT_NAME,
      credit_code: '91110105BXDRAW0001',
      legal_representative: '王某',
      contact_person: '李某',
      contact_phone: '010-12345678',
      email: null,
      address: null,
      established_on: null,
      registered_capital_fen: null,
      staff_count: null,
      member_level: 'member',
      member_no: 'HYBX001',
      join_date: '2020-01-01',
      valid_until: '2099-12-31',
      business_scope: null,
      introduction: null,
      logo_file_id: null,
      show_in_window: 1,
      status: 'approved',
      reject_reason: null,
      pending_change: null,
      pending_change_at: null,
      ...audit,
    })
    .execute();
  await db
    .insertInto('projects')
    .values({
      id: 'bx-project',
      name: '滨江新区旧城改造项目社会稳定风险评估',
      code: 'BX-2026-001',
      unit_id: 'bx-unit',
      client: CLIENT_NAME,
      type: 'major_project',
      region: '滨江新区',
      investment_fen: null,
      leader_practitioner_id: null,
      start_on: '2026-01-01',
      end_on: null,
      risk_level: 'medium',
      conclusion: null,
      status: 'filed',
      return_reason: null,
      submitted_at: created,
      filed_at: created,
      ...audit,
    })
    .execute();
  await db.transaction().execute(async (trx) => {
    await insertAll(
      (rows) => trx.insertInto('experts').values(rows).execute(),
      library.map((e, i) => ({
        id: e.id,
        name: `专家${i}`,
        gender: null,
        birth_year: null,
        professional_title: null,
        work_unit: e.workUnit,
        position: null,
        phone: null,
        email: null,
        introduction: null,
        photo_file_id: null,
        public: 0,
        active: e.active ? 1 : 0,
        sort: i,
        category: e.category,
        practitioner_id: null,
        ...audit,
      })),
    );
    await insertAll(
      (rows) => trx.insertInto('expert_specialties').values(rows).execute(),
      library.flatMap((e) => e.specialties.map((specialty) => ({ expert_id: e.id, specialty }))),
    );
    await insertAll(
      (rows) => trx.insertInto('expert_conflicts').values(rows).execute(),
      library.flatMap((e) =>
        e.conflicts.map((c) => ({
          id: randomUUID(),
          expert_id: e.id,
          unit_name: c.unitName,
          unit_key: normaliseUnitName(c.unitName),
          kind: c.kind,
          relation: null,
          from_on: c.from,
          to_on: c.to,
          note: null,
          ...audit,
        })),
      ),
      1_000,
    );
  });
  await settleAfterSeeding(bench);
}

export async function runExpertDrawBench(log: (line: string) => void = console.log, sizes: ExpertDrawBenchSizes = EXPERT_DRAW_SIZES): Promise<ExpertDrawBenchRow[]> {
  const out: ExpertDrawBenchRow[] = [];
  // The plan (the library with its 500,000 conflicts as objects) is made where it is used and
  // let go before the server is timed: the server runs in this process, and a full collection
  // walks every object still held, which a real server does not hold (one draw in a hundred
  // paused 290 ms for it, the others took at most 150 ms).
  const libraryCount = sizes.experts;
  // The review the day after tomorrow (Beijing), so that it is never in the past during the run.
  const reviewOn = new Date(Date.now() + 8 * 3_600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
  // First, while no database server is busy on the machine's behalf (PostgreSQL cleaning up
  // after a dropped schema would share the cores).
  const pure = inProcess(libraryPlan(sizes), reviewOn, sizes.inProcessRuns);
  const conflictCount = (sizes.experts * sizes.conflictsEach).toLocaleString('en');
  out.push({ dialect: 'in process', measure: `classifyPool + drawPanel, ${conflictCount} conflicts in memory`, timing: pure.timing, detail: pure.detail });
  log(`expert-draw in process: ${JSON.stringify(pure.timing)}`);
  for (const dialect of benchDialects) {
    const bench = await openBenchDatabase(dialect);
    try {
      const { app, url } = await startApp(bench);
      try {
        log(`expert-draw/${dialect}: seeding ${libraryCount} experts with ${sizes.conflictsEach} conflicts each…`);
        await seedExpertLibrary(bench, libraryPlan(sizes));
        collectGarbage();
        const db = bench.db.kysely;
        const conflicts = await db.selectFrom('expert_conflicts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        log(`expert-draw/${dialect}: ${libraryCount} experts, ${Number(conflicts.n)} conflicts`);

        const token = await adminToken(url);
        const task = await call<{ id: string }>(url, token, 'POST', '/api/v1/review-tasks', {
          projectId: 'bx-project',
          reason: 'application',
          reviewOn,
          place: '协会会议室',
          supervisor: '赵监督',
          ...RULES,
        });
        if (task.status !== 1) throw new Error(`the review task was not created: ${task.message}`);
        const taskId = task.data.id;

        // Draws: each a new round, the version read first (not timed).
        const drawIds: string[] = [];
        const drawTimes: number[] = [];
        let drawTiming: Timing | null = null;
        let eligibleCount = 0;
        for (let r = 0; r < WARM_UP + sizes.drawRuns; r += 1) {
          const detail = await call<{ version: number }>(url, token, 'GET', `/api/v1/review-tasks/${taskId}`);
          if (detail.status !== 1) {
            drawTiming = failed(new Error(`reading the task: ${detail.message}`));
            break;
          }
          const body = r === 0 ? { version: detail.data.version } : { version: detail.data.version, reason: `基准测试第 ${r + 1} 轮` };
          const t0 = performance.now();
          const answer = await call<{ drawId: string; eligibleCount: number }>(url, token, 'POST', `/api/v1/review-tasks/${taskId}/draw`, body);
          const elapsed = performance.now() - t0;
          if (answer.status !== 1) {
            drawTiming = failed(new Error(`round ${r + 1}: ${answer.message}`));
            break;
          }
          drawIds.push(answer.data.drawId);
          eligibleCount = answer.data.eligibleCount;
          if (r >= WARM_UP) drawTimes.push(elapsed);
        }
        drawTiming ??= summary(drawTimes);
        // Where the tail is: the slowest runs and which of the timed runs they were.
        const slowest = drawTimes
          .map((ms, i) => ({ ms, run: i + 1 }))
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 3)
          .map((x) => `#${x.run} ${x.ms.toFixed(0)} ms`)
          .join(', ');
        out.push({ dialect, measure: 'POST /review-tasks/{id}/draw', timing: drawTiming, detail: `${eligibleCount} eligible of ${libraryCount}; ${drawIds.length} rounds; slowest ${slowest}` });
        log(`expert-draw/${dialect} draw: ${JSON.stringify(drawTiming)}; slowest ${slowest}; every run ${drawTimes.map((ms) => ms.toFixed(0)).join(' ')}`);

        let verifyTiming: Timing;
        if (drawIds.length === 0) {
          verifyTiming = failed(new Error('nothing was drawn to verify'));
        } else {
          const verifyTimes: number[] = [];
          let failure: Timing | null = null;
          for (let r = 0; r < WARM_UP + sizes.verifyRuns; r += 1) {
            const drawId = drawIds[r % drawIds.length];
            const t0 = performance.now();
            const answer = await call<{ matches: boolean }>(url, token, 'GET', `/api/v1/expert-draws/${drawId}/verify`);
            const elapsed = performance.now() - t0;
            if (answer.status !== 1 || !answer.data.matches) {
              failure = failed(new Error(`draw ${drawId}: ${answer.message}`));
              break;
            }
            if (r >= WARM_UP) verifyTimes.push(elapsed);
          }
          verifyTiming = failure ?? summary(verifyTimes);
        }
        out.push({ dialect, measure: 'GET /expert-draws/{id}/verify', timing: verifyTiming, detail: `over ${drawIds.length} rounds` });
        log(`expert-draw/${dialect} verify: ${JSON.stringify(verifyTiming)}`);
      } finally {
        await app.close();
      }
    } finally {
      await bench.dispose();
    }
  }
  return out;
}
