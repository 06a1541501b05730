/**
 * The days of a complaint's deadlines (docs/domain.md, "Complaints"; the numbers are
 * common/credit.ts's): staff accept or decline within COMPLAINT_ACCEPT_WORKING_DAYS working days
 * of the submission, the unit answers within COMPLAINT_ANSWER_DAYS days of the acceptance, staff
 * conclude within COMPLAINT_CONCLUDE_DAYS days of it. Every day is a Beijing calendar day,
 * 'YYYY-MM-DD'; a deadline's day itself is still in time.
 *
 * Working days are Monday to Friday. Public holidays, and the weekend days worked in their place
 * (调休), are not modelled: the product keeps no calendar of them, so a deadline across 国庆节
 * falls a few days early and staff see it as running out sooner than the rules require.
 *
 * Pure functions (no Date of the machine's zone): the server, the mock and the pages agree.
 */
import { COMPLAINT_ACCEPT_WORKING_DAYS, COMPLAINT_ANSWER_DAYS, COMPLAINT_CONCLUDE_DAYS, COMPLAINT_DUE_SOON_DAYS } from './credit';

const DAY_MS = 86_400_000;

const toTime = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const toDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return toDay(toTime(day) + days * DAY_MS);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

/** Saturday or Sunday. */
export function isWeekend(day: string): boolean {
  const weekday = new Date(toTime(day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The `count`-th working day after `day` (`day` itself not counted, whatever it is). */
export function addWorkingDays(day: string, count: number): string {
  let current = day;
  let left = count;
  while (left > 0) {
    current = addDays(current, 1);
    if (!isWeekend(current)) left -= 1;
  }
  return current;
}

/** The last day to accept or decline a complaint submitted on `submittedOn`. */
export const acceptDueOn = (submittedOn: string): string => addWorkingDays(submittedOn, COMPLAINT_ACCEPT_WORKING_DAYS);
/** The last day for the unit's written answer to a complaint accepted on `acceptedOn`. */
export const answerDueOn = (acceptedOn: string): string => addDays(acceptedOn, COMPLAINT_ANSWER_DAYS);
/** The last day to conclude a complaint accepted on `acceptedOn`. */
export const concludeDueOn = (acceptedOn: string): string => addDays(acceptedOn, COMPLAINT_CONCLUDE_DAYS);

/** How a deadline stands on `today`: days left (0 = its last day) or, when negative, days overdue. */
export interface DeadlineState {
  dueOn: string;
  daysLeft: number;
  overdue: boolean;
  /** COMPLAINT_DUE_SOON_DAYS or fewer days left, not yet overdue. */
  dueSoon: boolean;
}

export function deadlineState(dueOn: string, today: string): DeadlineState {
  const daysLeft = daysBetween(today, dueOn);
  return { dueOn, daysLeft, overdue: daysLeft < 0, dueSoon: daysLeft >= 0 && daysLeft <= COMPLAINT_DUE_SOON_DAYS };
}

/** 剩余 3 天, 今天截止, 已逾期 2 天: how the pages say a deadline. */
export function deadlineText(daysLeft: number): string {
  if (daysLeft < 0) return `已逾期 ${-daysLeft} 天`;
  if (daysLeft === 0) return '今天截止';
  return `剩余 ${daysLeft} 天`;
}
