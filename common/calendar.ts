/**
 * The association's calendar: Beijing time (UTC+8, no daylight saving), whatever the clock of
 * the server or of the browser says. Deadlines, 公示 windows and rating years are Beijing days,
 * so the pages that name one (a dialog's "today", the year to rate) count the way the server does.
 */

/** 'YYYY-MM-DD' of an instant in Beijing time. */
export function beijingDay(at: Date = new Date()): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The Beijing calendar year of an instant. */
export const beijingYear = (at: Date = new Date()): number => Number(beijingDay(at).slice(0, 4));
