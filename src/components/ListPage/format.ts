/** How back-office lists and forms show and send times. */
import dayjs, { type Dayjs } from 'dayjs';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * An ISO time as `2026-03-01 09:30`; '-' when there is none. A day alone (`2026-03-01`: what the
 * server tells a member unit of a complaint's times, server/modules/complaints/queries.ts) stays
 * a day, never a made-up 00:00.
 */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '-';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : '-';
}

/** A picker's value (dayjs, or a string the form holds) → ISO for the API; empty → null. */
export function toIso(value: Dayjs | string | null | undefined): string | null {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d.toISOString() : null;
}

/** An ISO time from the API → the picker's value. */
export function fromIso(value: string | null | undefined): Dayjs | undefined {
  if (!value) return undefined;
  const d = dayjs(value);
  return d.isValid() ? d : undefined;
}
