/**
 * Table types of quality review (migration 0011_quality_review): review tasks, expert draws
 * and samplings (append-only), seats, score sheets, personal links, ratings, the task's history
 * and the experts' declared conflicts. Conventions as in ./domainTypes.ts (text ids, ISO
 * timestamps, 'YYYY-MM-DD' dates, 0/1 booleans, JSON as text).
 */
import type { Generated, Selectable } from 'kysely';
import type { ConflictKind, ReviewConclusion } from '@common/expertReview';
import type {
  ReviewDrawKind,
  ReviewRevisionStatus,
  ReviewSeatStatus,
  ReviewSheetSource,
  ReviewTaskStatus,
} from '@common/schemas/reviewTasks';
import type { AuditColumns } from './domainTypes';

type IntBool = number;

export interface ExpertConflictsTable extends AuditColumns {
  id: string;
  expert_id: string;
  unit_name: string;
  /** unitKey(unit_name) of server/quality/pool.ts. */
  unit_key: string;
  kind: ConflictKind;
  /** For a relative: who (配偶, 子女...). */
  relation: string | null;
  from_on: string;
  to_on: string | null;
  note: string | null;
}

export interface ReviewSamplingsTable {
  id: string;
  period_from: string;
  period_to: string;
  share_percent: number | null;
  asked_count: number | null;
  sample_size: number;
  /** JSON string[]: the candidates' project ids, sorted. */
  candidates: string;
  /** JSON string[]: the sampled project ids in the order drawn. */
  sampled: string;
  seed: string;
  algorithm_version: string;
  /** JSON: the settings of the review tasks the sampling opened. */
  task_settings: string;
  digest: string;
  note: string | null;
  operator_id: string | null;
  operator_name: string | null;
  created_at: string;
}

export interface ReviewTasksTable extends AuditColumns {
  id: string;
  project_id: string;
  unit_id: string;
  /** dictionary review_reason */
  reason: string;
  sampling_id: string | null;
  review_on: string;
  review_time: string | null;
  place: string | null;
  online: IntBool;
  panel_size: number;
  backup_count: number;
  /** JSON string[] of expert_category values. */
  required_categories: string;
  /** JSON string[] of specialty values. */
  wanted_specialties: string;
  supervisor: string;
  note: string | null;
  /** JSON RubricCriterion[]. */
  rubric: string;
  status: ReviewTaskStatus;
  cancel_reason: string | null;
  result_score_centi: number | null;
  result_conclusion: ReviewConclusion | null;
  closed_at: string | null;
  closed_by: string | null;
  revision_status: ReviewRevisionStatus | null;
  revision_note: string | null;
  revision_submitted_at: string | null;
  revision_decided_at: string | null;
  revision_comment: string | null;
  unit_comment: string | null;
  unit_comment_at: string | null;
}

export interface ExpertDrawsTable {
  id: string;
  task_id: string;
  round: number;
  kind: ReviewDrawKind;
  reason: string | null;
  seed: string;
  algorithm_version: string;
  /** JSON DrawRules (panel rules and context). */
  rules: string;
  /** JSON DrawPool (eligible with their facts, excluded with rule and reason). */
  pool: string;
  /** JSON DrawResult (order, panel, backups). */
  result: string;
  digest: string;
  warning: string | null;
  supervisor: string;
  operator_id: string | null;
  operator_name: string | null;
  drawn_at: string;
  /** The pool's and the result's sizes (0013), so that a task's rounds list without parsing each pool. */
  eligible_count: number | null;
  excluded_count: number | null;
  panel_count: number | null;
  backup_count: number | null;
}

export interface ReviewSeatsTable extends AuditColumns {
  id: string;
  task_id: string;
  draw_id: string;
  expert_id: string;
  draw_rank: number;
  backup_rank: number | null;
  seat_no: number | null;
  status: ReviewSeatStatus;
  invited_at: string | null;
  answer_deadline: string | null;
  answer_reason: string | null;
  answered_at: string | null;
  answered_by_name: string | null;
}

export interface ReviewSheetsTable extends AuditColumns {
  id: string;
  task_id: string;
  seat_id: string;
  expert_id: string;
  /** JSON Record<criterion, points>. */
  scores: string;
  total: number;
  comments: string | null;
  conclusion: ReviewConclusion;
  source: ReviewSheetSource;
  entered_by_name: string | null;
  submitted_at: string;
}

/**
 * A sheet as it was before it was replaced (migration 0018_review_sheet_replacements): the sheet's
 * own columns, with its own id, and who replaced it, when and why.
 */
export interface ReviewSheetReplacementsTable extends Omit<ReviewSheetsTable, keyof AuditColumns> {
  replaced_at: string;
  replaced_by: string | null;
  replaced_by_name: string | null;
  replaced_by_source: ReviewSheetSource;
  reason: string | null;
}

export interface ReviewLinksTable {
  id: string;
  task_id: string;
  seat_id: string;
  expert_id: string;
  token_hash: string;
  created_at: string;
  created_by: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface ExpertRatingsTable {
  id: string;
  task_id: string;
  expert_id: string;
  rating: number;
  comment: string | null;
  rated_by: string | null;
  rated_by_name: string | null;
  rated_at: string;
}

export interface ReviewEventsTable {
  id: Generated<number>;
  task_id: string;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  kind: string;
  summary: string;
  seat_id: string | null;
}

/** Merged into `Database` in ./types.ts. */
export interface QualityReviewTables {
  expert_conflicts: ExpertConflictsTable;
  review_samplings: ReviewSamplingsTable;
  review_tasks: ReviewTasksTable;
  expert_draws: ExpertDrawsTable;
  review_seats: ReviewSeatsTable;
  review_sheets: ReviewSheetsTable;
  review_sheet_replacements: ReviewSheetReplacementsTable;
  review_links: ReviewLinksTable;
  expert_ratings: ExpertRatingsTable;
  review_events: ReviewEventsTable;
}

export type ReviewTaskRow = Selectable<ReviewTasksTable>;
export type ExpertDrawRow = Selectable<ExpertDrawsTable>;
export type ReviewSeatRow = Selectable<ReviewSeatsTable>;
export type ReviewSheetRow = Selectable<ReviewSheetsTable>;
export type ReviewSamplingRow = Selectable<ReviewSamplingsTable>;
export type ExpertConflictRow = Selectable<ExpertConflictsTable>;
