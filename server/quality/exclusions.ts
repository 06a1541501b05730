/**
 * 回避: which experts of the library may be drawn for a review, and why each of the others may
 * not. A pure function of facts the caller gathers (expert, declared conflicts, practice history,
 * reviews); the rules are written out for people in docs/expert-draw.md ("Who is in the pool").
 *
 * Each excluded expert is recorded with one rule: the first that applies, in the order of
 * EXCLUSION_RULE_CODES (common/expertReview.ts).
 */
import { EXCLUSION_REASONS, type ExclusionRule } from '@common/expertReview';
import type { DrawCandidate } from './draw';

export interface DeclaredConflict {
  unitName: string;
  /**
   * normaliseUnitName(unitName), when the caller keeps it with the conflict: then it is compared
   * as it is, which spares normalising every declared name at every draw.
   */
  unitKey?: string;
  /** worked / directed / advised / shares / relative (CONFLICT_KIND_VALUES) */
  kind: string;
  /** YYYY-MM-DD, null when open */
  from: string | null;
  to: string | null;
}

export interface ExpertFacts {
  expertId: string;
  active: boolean;
  category: string | null;
  specialties: readonly string[];
  /** the expert's work unit as recorded (free text) */
  workUnit: string | null;
  /** the units the expert declared a conflict with */
  conflicts: readonly DeclaredConflict[];
  /** the units the expert's linked practitioner record belonged to, with dates (empty when none is linked) */
  practitionerUnits: readonly { unitId: string; from: string | null; to: string | null }[];
  tookPartInReport: boolean;
  /** reviews in the calendar year of the review */
  reviewsThisYear: number;
  /** the latest review date of a project of the assessing unit, YYYY-MM-DD */
  lastReviewOfUnitOn: string | null;
  badConductInTerm: boolean;
}

export interface DrawContext {
  assessingUnitId: string;
  assessingUnitName: string;
  /** the project's 委托单位, when recorded */
  clientName: string | null;
  /** the review date, YYYY-MM-DD */
  reviewOn: string;
  yearlyCap: number;
  recentDays: number;
  windowYears: number;
}

export interface ExcludedExpert {
  expertId: string;
  rule: ExclusionRule;
  reason: string;
}

/** An eligible expert as the draw and its record take them (their own copy of the specialties). */
export interface EligibleExpert extends DrawCandidate {
  specialties: string[];
}

export interface PoolClassification {
  /** in the order given */
  eligible: EligibleExpert[];
  /** in the order given */
  excluded: ExcludedExpert[];
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(text: string): { year: number; month: number; day: number } {
  const match = DATE_PATTERN.exec(text);
  const parts = match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
  if (!parts) throw new RangeError(`not a date (YYYY-MM-DD): ${text}`);
  const check = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  if (check.getUTCMonth() !== parts.month - 1 || check.getUTCDate() !== parts.day) throw new RangeError(`not a date: ${text}`);
  return parts;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The same calendar day `years` years earlier (29 February becomes 28 February in a year
 * without it): the first day of the window.
 */
export function yearsBefore(day: string, years: number): string {
  const { year, month, day: date } = parseDay(day);
  const earlier = year - years;
  const leap = (earlier % 4 === 0 && earlier % 100 !== 0) || earlier % 400 === 0;
  const fitted = month === 2 && date === 29 && !leap ? 28 : date;
  return `${pad(earlier, 4)}-${pad(month, 2)}-${pad(fitted, 2)}`;
}

/** The calendar day `days` days earlier. */
export function daysBefore(day: string, days: number): string {
  const { year, month, day: date } = parseDay(day);
  return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}

// Full-width forms (U+FF01–U+FF5E) are their ASCII letters shifted by this much.
const FULL_WIDTH_OFFSET = 0xfee0;

/** One UTF-16 code unit as compared: full-width as half-width, the ideographic space as a space, A–Z as a–z. */
function foldCode(code: number): number {
  let c = code;
  if (c >= 0xff01 && c <= 0xff5e) c -= FULL_WIDTH_OFFSET;
  else if (c === 0x3000) c = 0x20;
  if (c >= 0x41 && c <= 0x5a) c += 0x20;
  return c;
}

/** JavaScript's white space (what `\s` matches), as code units. */
function isSpaceCode(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * A unit's name as the rules compare it: white space trimmed and each run of it made one
 * space, full-width letters, digits, punctuation and the ideographic space made half-width
 * (（ → (, Ａ → A), Latin letters in lower case. Two names are the same unit when these are equal.
 */
export function normaliseUnitName(name: string): string {
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < name.length; i += 1) {
    const c = foldCode(name.charCodeAt(i));
    if (isSpaceCode(c)) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) out += ' ';
    pendingSpace = false;
    out += String.fromCharCode(c);
  }
  return out;
}

/**
 * normaliseUnitName(raw) === normalised, without building the normalised text: 5,000 experts
 * with 100 declared conflicts each are half a million names, and most differ from the unit's
 * at their first character.
 */
export function sameUnitName(raw: string, normalised: string): boolean {
  if (normalised.length === 0) return false;
  let at = 0;
  let pendingSpace = false;
  for (let i = 0; i < raw.length; i += 1) {
    const c = foldCode(raw.charCodeAt(i));
    if (isSpaceCode(c)) {
      pendingSpace = at > 0;
      continue;
    }
    if (pendingSpace) {
      if (normalised.charCodeAt(at) !== 0x20) return false;
      at += 1;
      pendingSpace = false;
    }
    if (normalised.charCodeAt(at) !== c) return false;
    at += 1;
  }
  return at === normalised.length;
}

/** The first character of normaliseUnitName(raw), as a code unit; -1 when the name is empty. */
function firstCode(raw: string): number {
  for (let i = 0; i < raw.length; i += 1) {
    const c = foldCode(raw.charCodeAt(i));
    if (!isSpaceCode(c)) return c;
  }
  return -1;
}

/**
 * Sorts the library into who may be drawn and who may not, and why (the first rule that applies,
 * in this order):
 *  1. inactive: not active;
 *  2. own_or_client_unit: the work unit is the assessing unit or the client (names compared
 *     through normaliseUnitName);
 *  3. recent_employment: the linked practitioner belonged to the assessing unit (by id), or the
 *     expert declared having worked there (`worked`, by name), at any time in the window;
 *  4. declared_conflict: any other declared conflict with the assessing unit or the client in
 *     the window;
 *  5. took_part_in_report;
 *  6. yearly_cap_reached: reviewsThisYear ≥ yearlyCap;
 *  7. recently_reviewed_unit: lastReviewOfUnitOn on or after the day recentDays before reviewOn
 *     (90 days before counts, 91 does not; a later one counts too);
 *  8. bad_conduct: a bad-conduct record in term.
 * The window runs from the same day windowYears before reviewOn to reviewOn, both included; a
 * period counts when it overlaps it (it ends on or after the first day, or is open; it starts on
 * or before reviewOn, or has no start). Dates are compared by their first ten characters.
 */
export function classifyPool(experts: readonly ExpertFacts[], ctx: DrawContext): PoolClassification {
  if (!Number.isInteger(ctx.windowYears) || ctx.windowYears < 0) throw new RangeError('windowYears must be a whole number');
  if (!Number.isInteger(ctx.recentDays) || ctx.recentDays < 0) throw new RangeError('recentDays must be a whole number');
  const reviewOn = ctx.reviewOn;
  const windowStart = yearsBefore(reviewOn, ctx.windowYears);
  const recentFrom = daysBefore(reviewOn, ctx.recentDays);
  // The two names are normalised once; each expert's names are compared against them as they are.
  const unitName = normaliseUnitName(ctx.assessingUnitName);
  const clientName = ctx.clientName === null ? '' : normaliseUnitName(ctx.clientName);
  // Most declared conflicts are with other units and differ from both names at the first
  // character: one look at it settles them (-2 matches no name, not even an empty one).
  const unitFirst = unitName.length > 0 ? unitName.charCodeAt(0) : -2;
  const clientFirst = clientName.length > 0 ? clientName.charCodeAt(0) : -2;
  const inWindow = (from: string | null, to: string | null) =>
    (to === null || to.slice(0, 10) >= windowStart) && (from === null || from.slice(0, 10) <= reviewOn);

  const firstRule = (expert: ExpertFacts): ExclusionRule | null => {
    if (!expert.active) return 'inactive';
    if (expert.workUnit !== null && (sameUnitName(expert.workUnit, unitName) || sameUnitName(expert.workUnit, clientName))) {
      return 'own_or_client_unit';
    }
    for (const unit of expert.practitionerUnits) {
      if (unit.unitId === ctx.assessingUnitId && inWindow(unit.from, unit.to)) return 'recent_employment';
    }
    let declared = false;
    for (const conflict of expert.conflicts) {
      let withUnit: boolean;
      let withClient: boolean;
      if (conflict.unitKey !== undefined) {
        withUnit = unitName.length > 0 && conflict.unitKey === unitName;
        withClient = clientName.length > 0 && conflict.unitKey === clientName;
      } else {
        const first = firstCode(conflict.unitName);
        if (first !== unitFirst && first !== clientFirst) continue;
        withUnit = first === unitFirst && sameUnitName(conflict.unitName, unitName);
        withClient = !withUnit && first === clientFirst && sameUnitName(conflict.unitName, clientName);
      }
      if (!withUnit && !withClient) continue;
      if (!inWindow(conflict.from, conflict.to)) continue;
      if (withUnit && conflict.kind === 'worked') return 'recent_employment';
      declared = true;
    }
    if (declared) return 'declared_conflict';
    if (expert.tookPartInReport) return 'took_part_in_report';
    if (expert.reviewsThisYear >= ctx.yearlyCap) return 'yearly_cap_reached';
    if (expert.lastReviewOfUnitOn !== null && expert.lastReviewOfUnitOn.slice(0, 10) >= recentFrom) return 'recently_reviewed_unit';
    if (expert.badConductInTerm) return 'bad_conduct';
    return null;
  };

  const eligible: EligibleExpert[] = [];
  const excluded: ExcludedExpert[] = [];
  for (const expert of experts) {
    const rule = firstRule(expert);
    if (rule === null) eligible.push({ expertId: expert.expertId, category: expert.category, specialties: [...expert.specialties] });
    else excluded.push({ expertId: expert.expertId, rule, reason: EXCLUSION_REASONS[rule] });
  }
  return { eligible, excluded };
}
