/** How back-office lists show times (src/components/ListPage/format.ts). */
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatDateTime } from '@/components/ListPage/format';

describe('formatDateTime', () => {
  it('shows an instant to the minute in local time, a day alone as that day, nothing as -', () => {
    const instant = '2026-03-01T01:30:00.000Z';
    expect(formatDateTime(instant)).toBe(dayjs(instant).format('YYYY-MM-DD HH:mm'));
    // What a member unit is told of a complaint's times: the day, never a made-up 00:00.
    expect(formatDateTime('2026-03-01')).toBe('2026-03-01');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a time')).toBe('-');
  });
});
