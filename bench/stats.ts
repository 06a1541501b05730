/** Statistics of timed runs shared by the benchmarks. */

/**
 * The p-th percentile of ascending times by the nearest-rank method: the smallest time that at
 * least p % of the runs did not exceed, i.e. the ⌈p/100 · n⌉-th of n. Of 100 runs the p99 is the
 * 99th (the second slowest), not the slowest; the expert draw's table gives the slowest as well
 * (max).
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('no times to take a percentile of');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
