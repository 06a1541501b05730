/** src/components/PublicContent/format.ts formatDate: YYYY-MM-DD in the visitor's time zone, without dayjs. */
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/components/PublicContent/format';

describe('formatDate', () => {
  it('writes an instant as the local calendar day', () => {
    const instant = '2026-11-20T08:00:00.000Z';
    const local = new Date(instant);
    const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
    expect(formatDate(instant)).toBe(expected);
  });

  it('keeps a date without a zone as it is written', () => {
    expect(formatDate('2026-03-05')).toBe('2026-03-05');
    expect(formatDate('2026-3-5 23:59')).toBe('2026-03-05');
    expect(formatDate('2026-12-31T23:30:00')).toBe('2026-12-31');
  });

  it('is empty for nothing and for what is not a date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('不是日期')).toBe('');
  });
});
