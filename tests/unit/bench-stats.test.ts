/** bench/stats.ts: the percentile every benchmark table reports (nearest rank). */
import { describe, expect, it } from 'vitest';
import { percentile } from '../../bench/stats';

const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

describe('percentile', () => {
  it('takes the nearest rank: of 100 runs the p99 is the 99th, the p50 the 50th', () => {
    expect(percentile(oneToHundred, 99)).toBe(99);
    expect(percentile(oneToHundred, 50)).toBe(50);
    expect(percentile(oneToHundred, 100)).toBe(100);
  });

  it('of 200 runs the p99 is the 198th, so the two slowest do not set it', () => {
    const times = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(percentile(times, 99)).toBe(198);
  });

  it('stays within the runs for few of them and refuses none', () => {
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([7], 0)).toBe(7);
    expect(percentile([3, 9], 99)).toBe(9);
    expect(() => percentile([], 50)).toThrow(RangeError);
  });
});
