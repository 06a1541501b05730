/**
 * A panel's result from its score sheets, and the flag on an expert whose recent ratings are low
 * (docs/expert-draw.md, "The panel's result").
 */
import {
  REVIEW_CONCLUSION_VALUES,
  STANDING_RATING_COUNT,
  STANDING_RATING_THRESHOLD,
  conclusionStrictness,
  type ReviewConclusion,
} from '@common/expertReview';

/** From this many scored sheets on, the highest and the lowest total are left out of the mean. */
export const DROP_EXTREMES_FROM = 5;

export interface ScoreSheetSummary {
  /** the sheet's total, 0–100 (at most two decimals count) */
  total: number;
  conclusion: ReviewConclusion;
}

export interface PanelResult {
  /** the mean of the counted totals, rounded half up to one decimal (84.25 → 84.3) */
  score: number;
  /** the conclusion most sheets gave; a tie goes to the stricter */
  conclusion: ReviewConclusion;
  /** the indices (in the sheets given) of the highest and the lowest total left out, or null when all count */
  dropped: { highest: number; lowest: number } | null;
  /** how many totals the mean is of */
  counted: number;
  /** sheets per conclusion */
  votes: Record<ReviewConclusion, number>;
}

/**
 * The panel's score and conclusion: the mean of the totals, leaving out one highest and one
 * lowest total when five or more sheets are scored; the conclusion given on most sheets (all of
 * them, the left-out ones too), a tie going to the stricter (不通过 over 修改后通过 over 通过).
 * Null when there is no sheet yet.
 */
export function panelResult(sheets: readonly ScoreSheetSummary[]): PanelResult | null {
  if (sheets.length === 0) return null;
  // In hundredths, so that the sum and the rounding are exact.
  const hundredths = sheets.map((sheet) => {
    if (!Number.isFinite(sheet.total) || sheet.total < 0) throw new RangeError('a sheet total is a number from 0');
    return Math.round(sheet.total * 100);
  });
  let dropped: PanelResult['dropped'] = null;
  if (sheets.length >= DROP_EXTREMES_FROM) {
    let highest = 0;
    hundredths.forEach((value, i) => {
      if (value > hundredths[highest]) highest = i;
    });
    let lowest = highest === 0 ? 1 : 0;
    hundredths.forEach((value, i) => {
      if (i !== highest && value < hundredths[lowest]) lowest = i;
    });
    dropped = { highest, lowest };
  }
  const counted = hundredths.filter((_, i) => i !== dropped?.highest && i !== dropped?.lowest);
  const sum = counted.reduce((a, b) => a + b, 0);
  // round(sum / counted / 10) in tenths, half up: floor((sum + 5·n) / (10·n)).
  const tenths = Math.floor((sum + 5 * counted.length) / (10 * counted.length));

  const votes: Record<ReviewConclusion, number> = { pass: 0, revise: 0, fail: 0 };
  for (const sheet of sheets) votes[sheet.conclusion] += 1;
  let conclusion: ReviewConclusion = REVIEW_CONCLUSION_VALUES[0];
  for (const candidate of REVIEW_CONCLUSION_VALUES) {
    const more = votes[candidate] > votes[conclusion];
    const tieStricter = votes[candidate] === votes[conclusion] && conclusionStrictness(candidate) > conclusionStrictness(conclusion);
    if (more || tieStricter) conclusion = candidate;
  }
  return { score: tenths / 10, conclusion, dropped, counted: counted.length, votes };
}

/** The average of the newest STANDING_RATING_COUNT ratings (fewer when there are fewer), null without any. */
export function recentRatingAverage(ratingsNewestFirst: readonly number[]): number | null {
  const recent = ratingsNewestFirst.slice(0, STANDING_RATING_COUNT);
  if (recent.length === 0) return null;
  return recent.reduce((a, b) => a + b, 0) / recent.length;
}

/**
 * Whether staff should look at the expert: the average of their last five ratings (all of them
 * when fewer) is under 3. An expert not yet rated is not flagged.
 */
export function standingFlag(ratingsNewestFirst: readonly number[]): boolean {
  const average = recentRatingAverage(ratingsNewestFirst);
  return average !== null && average < STANDING_RATING_THRESHOLD;
}
