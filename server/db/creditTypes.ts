/**
 * Table types of credit and complaints (migration 0014_credit): complaints with their steps,
 * credit events, the versioned rating rules, the yearly ratings with each unit's score, and the
 * units' objections. Conventions as in ./domainTypes.ts (text ids, ISO timestamps, 'YYYY-MM-DD'
 * dates, 0/1 booleans, JSON as text).
 */
import type { Insertable, Selectable } from 'kysely';
import type {
  ComplaintConclusion,
  ComplaintKind,
  ComplaintStatus,
  ComplaintStep,
  CreditEventStatus,
  CreditObjectionStatus,
  CreditPolarity,
  CreditRatingStatus,
  CreditSourceType,
  CreditSubjectType,
  CreditTier,
} from '@common/credit';
import type { AuditColumns } from './domainTypes';

type IntBool = number;

export interface ComplaintsTable extends AuditColumns {
  id: string;
  /** The tracking number the complainant is given. */
  complaint_no: string;
  kind: ComplaintKind;
  anonymous: IntBool;
  /** Null for an anonymous 举报, and once the retention rule erased it. */
  complainant_name: string | null;
  /** Encrypted like a practitioner's phone (server/pii). */
  complainant_phone_enc: string | null;
  /** Optional; encrypted like the phone. */
  complainant_email_enc: string | null;
  unit_id: string;
  practitioner_id: string | null;
  project_id: string | null;
  title: string;
  content: string;
  /** Hash of the query code shown once to the complainant. */
  query_code_hash: string;
  status: ComplaintStatus;
  submitted_at: string;
  /** 'YYYY-MM-DD': the last day to accept or decline (working days). */
  accept_due_on: string;
  decided_at: string | null;
  decided_by: string | null;
  decision_reason: string | null;
  answer_due_on: string | null;
  conclude_due_on: string | null;
  unit_answer: string | null;
  answered_at: string | null;
  answered_by: string | null;
  conclusion: ComplaintConclusion | null;
  handling: string | null;
  concluded_at: string | null;
  concluded_by: string | null;
  erased_at: string | null;
}

export interface ComplaintStepsTable {
  id: string;
  complaint_id: string;
  step: ComplaintStep;
  /** What the complainant reads for this step. */
  public_note: string | null;
  at: string;
  actor_id: string | null;
}

export interface CreditRuleVersionsTable {
  id: string;
  version_no: number;
  base_score: number;
  /** JSON CreditTierThresholds */
  tiers: string;
  /** JSON CreditKindRule[] */
  kinds: string;
  note: string | null;
  created_at: string;
  created_by: string | null;
}

export interface CreditEventsTable extends AuditColumns {
  id: string;
  subject_type: CreditSubjectType;
  unit_id: string;
  practitioner_id: string | null;
  polarity: CreditPolarity;
  /** A value of the dictionary credit_event_kind. */
  kind: string;
  occurred_on: string;
  points: number;
  /** Why staff set points other than the kind's rule (manual events only), else null. */
  points_note: string | null;
  /** 'YYYY-MM-DD': the last day the event is public (in term). */
  term_until: string;
  description: string;
  source_type: CreditSourceType;
  source_id: string | null;
  /** `kind:sourceId` for events the system makes; null for manual ones. */
  auto_key: string | null;
  rule_version_id: string;
  status: CreditEventStatus;
  withdraw_reason: string | null;
  withdrawn_at: string | null;
  withdrawn_by: string | null;
}

export interface CreditRatingsTable extends AuditColumns {
  id: string;
  year: number;
  rule_version_id: string;
  status: CreditRatingStatus;
  started_at: string;
  publicity_from: string | null;
  publicity_until: string | null;
  finalized_at: string | null;
  finalized_by: string | null;
}

export interface CreditRatingUnitsTable {
  id: string;
  rating_id: string;
  unit_id: string;
  unit_name: string;
  score: number;
  tier: CreditTier;
  /** JSON CreditScoreItem[] */
  items: string;
  computed_at: string;
}

export interface CreditObjectionsTable extends AuditColumns {
  id: string;
  rating_id: string;
  unit_id: string;
  content: string;
  status: CreditObjectionStatus;
  answer: string | null;
  /** JSON string[] */
  withdrawn_event_ids: string;
  answered_at: string | null;
  answered_by: string | null;
}

export interface CreditTables {
  complaints: ComplaintsTable;
  complaint_steps: ComplaintStepsTable;
  credit_rule_versions: CreditRuleVersionsTable;
  credit_events: CreditEventsTable;
  credit_ratings: CreditRatingsTable;
  credit_rating_units: CreditRatingUnitsTable;
  credit_objections: CreditObjectionsTable;
}

export type ComplaintRow = Selectable<ComplaintsTable>;
export type CreditEventRow = Selectable<CreditEventsTable>;
export type NewCreditEvent = Insertable<CreditEventsTable>;
export type CreditRuleVersionRow = Selectable<CreditRuleVersionsTable>;
export type CreditRatingRow = Selectable<CreditRatingsTable>;
export type CreditRatingUnitRow = Selectable<CreditRatingUnitsTable>;
export type CreditObjectionRow = Selectable<CreditObjectionsTable>;
