/**
 * Reading Lighthouse runs for bench/frontend.ts, kept free of Lighthouse and the browser so
 * that tests/unit/lighthouse-runs.test.ts can feed it made-up reports.
 *
 * A run that Lighthouse itself marks as broken (a `runtimeError`, e.g. NO_FCP when the page
 * never painted), or whose report lacks a category score or the LCP/TBT numbers, is a failed
 * run with its reason, never a row of zeros. A row is the median of at least
 * MIN_GOOD_RUNS good runs; failed runs are retried up to a limit, and a row that still has too
 * few good runs is reported as failed, with the reasons.
 */

/** The parts of a Lighthouse result (LH.Result) read here. */
export interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; errorMessage?: string } | undefined>;
}

export interface LighthouseMetrics {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Largest Contentful Paint, ms. */
  lcpMs: number;
  /** Total Blocking Time, ms. */
  tbtMs: number;
}

export type LighthouseRun = { ok: true; metrics: LighthouseMetrics } | { ok: false; error: string };

export type LighthouseSummary =
  | { ok: true; metrics: LighthouseMetrics; goodRuns: number; failedRuns: string[] }
  | { ok: false; error: string; goodRuns: number; failedRuns: string[] };

/** The fewest good runs a median is taken of. */
export const MIN_GOOD_RUNS = 3;

const CATEGORIES = { performance: 'performance', accessibility: 'accessibility', bestPractices: 'best-practices' } as const;
const AUDITS = { lcpMs: 'largest-contentful-paint', tbtMs: 'total-blocking-time' } as const;

/** One report as a good run with its numbers, or a failed one with the reason. */
export function readLighthouseReport(report: LighthouseReport): LighthouseRun {
  if (report.runtimeError) return { ok: false, error: `${report.runtimeError.code}: ${report.runtimeError.message}` };
  const problems: string[] = [];
  const score = (key: string): number => {
    const value = report.categories[key]?.score;
    if (typeof value !== 'number') {
      problems.push(`no ${key} score`);
      return Number.NaN;
    }
    return Math.round(value * 100);
  };
  const numeric = (key: string): number => {
    const audit = report.audits[key];
    if (typeof audit?.numericValue !== 'number') {
      problems.push(`no ${key}${audit?.errorMessage ? ` (${audit.errorMessage})` : ''}`);
      return Number.NaN;
    }
    return Math.round(audit.numericValue);
  };
  const metrics: LighthouseMetrics = {
    performance: score(CATEGORIES.performance),
    accessibility: score(CATEGORIES.accessibility),
    bestPractices: score(CATEGORIES.bestPractices),
    lcpMs: numeric(AUDITS.lcpMs),
    tbtMs: numeric(AUDITS.tbtMs),
  };
  return problems.length ? { ok: false, error: problems.join('; ') } : { ok: true, metrics };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** The medians of the good runs, each metric on its own; failed when fewer than `needed` are good. */
export function summarizeLighthouseRuns(runs: readonly LighthouseRun[], needed: number = MIN_GOOD_RUNS): LighthouseSummary {
  const good = runs.flatMap((run) => (run.ok ? [run.metrics] : []));
  const failedRuns = runs.flatMap((run) => (run.ok ? [] : [run.error]));
  if (good.length < Math.max(needed, 1)) {
    const reasons = [...new Set(failedRuns)].join(' | ') || 'no run';
    return { ok: false, error: `${good.length} of ${needed} good runs after ${runs.length} tries: ${reasons}`, goodRuns: good.length, failedRuns };
  }
  const of = (key: keyof LighthouseMetrics) => median(good.map((m) => m[key]));
  return {
    ok: true,
    metrics: {
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      lcpMs: of('lcpMs'),
      tbtMs: of('tbtMs'),
    },
    goodRuns: good.length,
    failedRuns,
  };
}

/**
 * Runs `measure` until `wanted` good runs (at least MIN_GOOD_RUNS) or `wanted + retries` tries;
 * a thrown error is a failed run with its message.
 */
export async function collectLighthouseRuns(
  measure: () => Promise<LighthouseRun>,
  wanted: number,
  retries: number,
): Promise<LighthouseSummary> {
  const needed = Math.max(wanted, MIN_GOOD_RUNS);
  const runs: LighthouseRun[] = [];
  let good = 0;
  while (good < needed && runs.length < needed + retries) {
    let run: LighthouseRun;
    try {
      run = await measure();
    } catch (error) {
      run = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    runs.push(run);
    if (run.ok) good += 1;
  }
  return summarizeLighthouseRuns(runs, needed);
}
