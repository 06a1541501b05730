/**
 * bench/lighthouseRuns.ts: a failed Lighthouse run is a failure with its reason (never zeros),
 * a row is the median of at least three good runs, failed runs are retried up to a limit.
 */
import { describe, expect, it } from 'vitest';
import {
  collectLighthouseRuns,
  MIN_GOOD_RUNS,
  readLighthouseReport,
  summarizeLighthouseRuns,
  type LighthouseReport,
  type LighthouseRun,
} from '../../bench/lighthouseRuns';

/** A report as Lighthouse 12 writes it for a page that loaded. */
function report(scores: { performance: number; lcp: number; tbt: number }): LighthouseReport {
  return {
    categories: {
      performance: { score: scores.performance / 100 },
      accessibility: { score: 1 },
      'best-practices': { score: 0.96 },
    },
    audits: {
      'largest-contentful-paint': { numericValue: scores.lcp },
      'total-blocking-time': { numericValue: scores.tbt },
    },
  };
}

/** What Lighthouse returns when the page never painted: a runtime error and null scores. */
const NO_FCP: LighthouseReport = {
  runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' },
  categories: { performance: { score: null }, accessibility: { score: null }, 'best-practices': { score: null } },
  audits: {
    'largest-contentful-paint': { errorMessage: 'The page did not paint any content.' },
    'total-blocking-time': { errorMessage: 'The page did not paint any content.' },
  },
};

const good = (performance: number, lcp = 2000, tbt = 100): LighthouseRun => ({
  ok: true,
  metrics: { performance, accessibility: 100, bestPractices: 100, lcpMs: lcp, tbtMs: tbt },
});

describe('readLighthouseReport', () => {
  it('reads the scores as percentages and the metrics in whole ms', () => {
    expect(readLighthouseReport(report({ performance: 91, lcp: 2345.6, tbt: 150.2 }))).toEqual({
      ok: true,
      metrics: { performance: 91, accessibility: 100, bestPractices: 96, lcpMs: 2346, tbtMs: 150 },
    });
  });

  it('is a failure with the runtime error, not zeros', () => {
    expect(readLighthouseReport(NO_FCP)).toEqual({ ok: false, error: 'NO_FCP: The page did not paint any content.' });
  });

  it('is a failure when a category or a metric is missing, naming what', () => {
    const partial: LighthouseReport = {
      categories: { performance: { score: 0.5 }, accessibility: { score: null } },
      audits: { 'largest-contentful-paint': { numericValue: 3000 }, 'total-blocking-time': { errorMessage: 'trace too short' } },
    };
    const run = readLighthouseReport(partial);
    expect(run.ok).toBe(false);
    expect(run.ok ? '' : run.error).toBe('no accessibility score; no best-practices score; no total-blocking-time (trace too short)');
  });
});

describe('summarizeLighthouseRuns', () => {
  it('takes each median over the good runs only', () => {
    const summary = summarizeLighthouseRuns([good(80, 3000, 400), { ok: false, error: 'NO_FCP: x' }, good(95, 1000, 50), good(90, 2000, 100)]);
    expect(summary).toEqual({
      ok: true,
      metrics: { performance: 90, accessibility: 100, bestPractices: 100, lcpMs: 2000, tbtMs: 100 },
      goodRuns: 3,
      failedRuns: ['NO_FCP: x'],
    });
  });

  it('fails with the reasons when fewer than three runs are good', () => {
    const summary = summarizeLighthouseRuns([good(90), { ok: false, error: 'NO_FCP: x' }, good(91), { ok: false, error: 'NO_FCP: x' }]);
    expect(summary.ok).toBe(false);
    expect(summary.ok ? '' : summary.error).toBe('2 of 3 good runs after 4 tries: NO_FCP: x');
    expect(summary.goodRuns).toBe(2);
  });
});

describe('collectLighthouseRuns', () => {
  it('retries failed and crashed runs until three are good', async () => {
    const outcomes: (LighthouseRun | Error)[] = [new Error('Chrome exited'), good(90), { ok: false, error: 'NO_FCP: x' }, good(92), good(94)];
    let calls = 0;
    const summary = await collectLighthouseRuns(
      async () => {
        const next = outcomes[calls++];
        if (next instanceof Error) throw next;
        return next;
      },
      3,
      3,
    );
    expect(calls).toBe(5);
    expect(summary).toMatchObject({ ok: true, goodRuns: 3, failedRuns: ['Chrome exited', 'NO_FCP: x'] });
    expect(summary.ok && summary.metrics.performance).toBe(92);
  });

  it('stops at the retry limit and reports the row as failed', async () => {
    let calls = 0;
    const summary = await collectLighthouseRuns(
      async () => {
        calls += 1;
        return calls === 1 ? good(90) : { ok: false, error: 'NO_FCP: x' };
      },
      3,
      2,
    );
    expect(calls).toBe(5);
    expect(summary).toMatchObject({ ok: false, goodRuns: 1, error: '1 of 3 good runs after 5 tries: NO_FCP: x' });
  });

  it('never takes fewer than three good runs', async () => {
    let calls = 0;
    const summary = await collectLighthouseRuns(async () => good(90 + calls++), 1, 0);
    expect(calls).toBe(MIN_GOOD_RUNS);
    expect(summary.goodRuns).toBe(MIN_GOOD_RUNS);
  });
});
