/**
 * The kinds of value a request carries, declared once: a calendar date, a date-time, a page
 * number and a page size, a bounded integer, a record's identifier, and a date range. Every
 * request schema in common/schemas builds its fields from these instead of a bare pattern or an
 * unbounded integer, because a value can fit a field's shape and still mean nothing (2025-02-30,
 * page 9007199254740993, version 2^63) — and such a value used to reach the database.
 *
 * What each kind means is checked at the edge: server/http/validation.ts registers the checks
 * below with Ajv (the formats `date` and `date-time`, the keyword `x-range-start`), so the OpenAPI
 * document keeps showing `format: 'date'` and a refusal is the usual 400 envelope naming the
 * field by its `title`. The checks are plain functions, so a form may use them too.
 * tests/server/impossible-input.test.ts proves every operation refuses what no kind allows.
 */
import Type, { type TInteger, type TString } from 'typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../api';

/** The years a date or a date-time may name: wide enough for a unit founded long ago or a certificate valid for decades, narrow enough for every database and for `Date`. */
export const CALENDAR_YEAR_MIN = 1900;
export const CALENDAR_YEAR_MAX = 2200;

/**
 * The highest page number a list serves. At the largest page size that skips
 * (1,000,000 − 1) × 100 = 99,999,900 rows, far beyond any list here, and keeps the offset a
 * 32-bit integer, which SQLite and PostgreSQL both take as OFFSET (a page number such as
 * 9007199254740993 or 1e308 made the offset an unsafe or non-integer number).
 */
export const PAGE_NUMBER_MAX = 1_000_000;

/** The largest value of an `integer` column (PostgreSQL's int4), such as every record's version. */
export const INT32_MAX = 2_147_483_647;

/** The keyword on a range's end that names its start (see DateRange): the end is not before it. */
export const RANGE_START_KEYWORD = 'x-range-start';
/** The value of that keyword: which sibling field is the start, and its title for the message. */
export interface RangeStart {
  field: string;
  title: string;
  /** The end must be strictly later (a notice's expiry after its publication), not merely not earlier. */
  strictlyAfter?: boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))$/;

/** Written like a date (`YYYY-MM-DD`), whether or not the day exists: a refusal then says "not a real date", not "badly written". */
export const looksLikeDate = (value: string): boolean => DATE.test(value);
/** Written like a date-time, whether or not the instant exists. */
export const looksLikeDateTime = (value: string): boolean => DATE_TIME.test(value);

/** What a refusal of a kind's meaning says (the server's validation messages, server/http/validation.ts; a form may say the same). */
export const KIND_MESSAGES = {
  impossibleDate: (title: string) => `${title}不是有效的日期（应为${CALENDAR_YEAR_MIN}至${CALENDAR_YEAR_MAX}年间确实存在的一天）`,
  impossibleDateTime: (title: string) => `${title}不是有效的时间（应为${CALENDAR_YEAR_MIN}至${CALENDAR_YEAR_MAX}年间确实存在的时刻）`,
  rangeReversed: (endTitle: string, startTitle: string) => `${endTitle}不能早于${startTitle}`,
  rangeNotAfter: (endTitle: string, startTitle: string) => `${endTitle}必须晚于${startTitle}`,
} as const;

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < CALENDAR_YEAR_MIN || year > CALENDAR_YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `YYYY-MM-DD` naming a day that exists, in CALENDAR_YEAR_MIN..CALENDAR_YEAR_MAX. */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  return m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * An RFC 3339 date-time (`2025-01-31T08:00:00Z`, `…+08:00`; upper-case T and Z, as
 * `Date.prototype.toISOString` writes them) naming an instant that exists, its
 * date in CALENDAR_YEAR_MIN..CALENDAR_YEAR_MAX. A leap second (`23:59:60`) is refused: `Date`
 * cannot hold it.
 */
export function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (m === null || !isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return false;
  if (m[9] !== undefined && (Number(m[10]) > 23 || Number(m[11]) > 59)) return false;
  return !Number.isNaN(Date.parse(value));
}

/**
 * Whether `end` is not before `start` (or, `strictlyAfter`, later than it) — both dates, or both
 * date-times (compared as instants). Values that are not of the kind are left to their own
 * check (true here).
 */
export function isInOrder(start: string, end: string, strictlyAfter = false): boolean {
  const order = (a: number | string, b: number | string) => (strictlyAfter ? a < b : a <= b);
  if (isCalendarDate(start) && isCalendarDate(end)) return order(start, end);
  if (isDateTime(start) && isDateTime(end)) return order(Date.parse(start), Date.parse(end));
  return true;
}

interface KindOptions {
  [RANGE_START_KEYWORD]?: RangeStart;
}

/** A calendar date, `YYYY-MM-DD`. */
export const CalendarDate = (title: string, options: KindOptions = {}): TString =>
  Type.String({ format: 'date', title, ...options });

/** A date-time, RFC 3339 with a time zone (what `Date.prototype.toISOString` writes). */
export const DateTime = (title: string, options: KindOptions = {}): TString =>
  Type.String({ format: 'date-time', title, ...options });

/**
 * A range's two ends, the end not before the start (or strictly after it) when both are given;
 * the start's `field` must be its property name in the same object:
 *
 *   const submitted = DateRange(CalendarDate, { field: 'submittedFrom', title: '提交日期起' }, '提交日期止');
 *   Type.Object({ submittedFrom: Type.Optional(submitted.from), submittedTo: Type.Optional(submitted.to) })
 */
export function DateRange(kind: typeof CalendarDate | typeof DateTime, start: RangeStart, endTitle: string): { from: TString; to: TString } {
  return { from: kind(start.title), to: kind(endTitle, { [RANGE_START_KEYWORD]: start }) };
}

/**
 * An integer between `minimum` and `maximum`, which must lie within what JavaScript holds
 * exactly (Number.MIN_SAFE_INTEGER..Number.MAX_SAFE_INTEGER) and, for a stored value, what its
 * column holds (INT32_MAX for an `integer` column).
 */
export function BoundedInteger(options: { title: string; minimum: number; maximum: number; default?: number }): TInteger {
  if (!Number.isSafeInteger(options.minimum) || !Number.isSafeInteger(options.maximum) || options.minimum > options.maximum) {
    throw new Error(`${options.title}: bounds ${options.minimum}..${options.maximum} are not safe integers in order`);
  }
  return Type.Integer(options);
}

/** The last second of CALENDAR_YEAR_MAX, in seconds since 1970: the latest instant a kind names. */
export const EPOCH_SECONDS_MAX = Date.UTC(CALENDAR_YEAR_MAX + 1, 0, 1) / 1000 - 1;

/** An instant in whole seconds since 1970 (a signed link's expiry). */
export const EpochSeconds = (title: string): TInteger => BoundedInteger({ title, minimum: 0, maximum: EPOCH_SECONDS_MAX });

/** `current`: 1..PAGE_NUMBER_MAX. */
export const PageNumber = BoundedInteger({ title: '页码', minimum: 1, maximum: PAGE_NUMBER_MAX, default: 1 });

/** `pageSize`: 1..max (a list's own largest page, at most MAX_PAGE_SIZE). */
export const PageSize = (max: number = MAX_PAGE_SIZE, defaultSize: number = DEFAULT_PAGE_SIZE): TInteger =>
  BoundedInteger({ title: '每页条数', minimum: 1, maximum: Math.min(max, MAX_PAGE_SIZE), default: defaultSize });

/** Optimistic locking: every update carries the version it read (an `integer` column). */
export const Version = BoundedInteger({ title: '版本号', minimum: 0, maximum: INT32_MAX });

/** A record's id as the API carries it (always a string; made by the server). */
export const Identifier = (title = '编号'): TString => Type.String({ minLength: 1, maxLength: 64, title });
