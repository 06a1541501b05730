/** How the review pages show a task's and a seat's state, a conclusion and a score. No React here. */
import {
  REVIEW_CONCLUSION_LABELS,
  type ReviewConclusion,
} from '@common/expertReview';
import {
  REVIEW_SEAT_STATUS_LABELS,
  REVIEW_TASK_STATUS_LABELS,
  type ReviewSeatStatus,
  type ReviewTaskStatus,
} from '@common/schemas/reviewTasks';
import type { StatusStyle } from '@/components/ReviewedSubject';

export const TASK_STATUS_STYLE: StatusStyle<ReviewTaskStatus> = {
  labels: REVIEW_TASK_STATUS_LABELS,
  badges: { awaiting_draw: 'warning', confirming: 'processing', scoring: 'processing', closed: 'success', cancelled: 'default' },
};

export const SEAT_STATUS_COLORS: Record<ReviewSeatStatus, string> = {
  invited: 'processing',
  confirmed: 'success',
  declined: 'error',
  no_answer: 'warning',
  standby: 'default',
  void: 'default',
};

export const seatStatusLabel = (status: ReviewSeatStatus) => REVIEW_SEAT_STATUS_LABELS[status];

export const CONCLUSION_COLORS: Record<ReviewConclusion, string> = { pass: 'success', revise: 'warning', fail: 'error' };

export const conclusionLabel = (conclusion: ReviewConclusion) => REVIEW_CONCLUSION_LABELS[conclusion];

/** 86.5 分 (the server keeps two decimals). */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined) return '-';
  return `${Number.isInteger(score) ? score : score.toFixed(2).replace(/0$/, '')} 分`;
}

/** 2026-12-03 09:30 (or the day alone). */
export function reviewWhen(reviewOn: string, reviewTime: string | null): string {
  return reviewTime ? `${reviewOn} ${reviewTime}` : reviewOn;
}

/** 线上评审, or the place. */
export function reviewWhere(place: string | null, online: boolean): string {
  if (online) return place ? `线上评审（${place}）` : '线上评审';
  return place ?? '-';
}

/** The first and last characters of a long hex digest or seed, enough to compare by eye. */
export function shortHex(hex: string, keep = 10): string {
  return hex.length > keep * 2 + 1 ? `${hex.slice(0, keep)}…${hex.slice(-keep)}` : hex;
}
