/**
 * Table types of the domain (migration 0002_domain): member units, practitioners, experts,
 * unit changes, content (articles, notices, carousels, links, site pages), projects, annual
 * inspections, cases, certificates, reviews and file attachments.
 *
 * Conventions (the same as ./types.ts, so that one query runs on SQLite and PostgreSQL):
 * - ids are text; the demo seed uses readable fixed ids, the modules use randomUUID();
 * - timestamps (`*_at`) are ISO-8601 UTC text (`new Date().toISOString()`);
 * - calendar dates (`*_on`, `*_date`, `valid_until`, `deadline`) are 'YYYY-MM-DD' text: they
 *   name a day, not an instant, so they carry no time zone, and they sort as text;
 * - booleans are integers 0/1 (`toBool` / `fromBool` in ./index.ts);
 * - money is an integer number of fen (分) in a BIGINT column named `*_fen`: exact (no binary
 *   fractions), sortable and summable in SQL on both dialects. The API speaks 万元
 *   (registeredCapital, investment): convert with `wanYuanToFen` / `fenToWanYuan` below;
 * - JSON is stored as text (`pending_change`, `site_pages.data`, `reviews.payload`) and parsed
 *   by the code that owns it, because SQLite has no JSON column type;
 * - enumerations (status, kind, ...) are the literal values below; dictionary-backed fields
 *   (gender, education, member level, specialty, project type, risk level, category) hold the
 *   dictionary item's value (common/dictionaries.ts), as plain text since staff can add items.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { SitePageKey } from '@common/schemas/sitePages';

/** 0 or 1 (the same as IntBool in ./types.ts; repeated so that this file imports nothing local). */
type IntBool = number;

/** version (optimistic locking), created/updated at/by: every entity carries them (docs/domain.md). */
export interface AuditColumns {
  version: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
}

// ---- enumerations -------------------------------------------------------------------------

export const MEMBER_UNIT_STATUSES = ['pending', 'approved', 'rejected', 'suspended', 'cancelled'] as const;
export type MemberUnitStatus = (typeof MEMBER_UNIT_STATUSES)[number];

export const PRACTITIONER_STATUSES = ['pending', 'approved', 'rejected', 'left'] as const;
export type PractitionerStatus = (typeof PRACTITIONER_STATUSES)[number];
/**
 * A person (ID number) may have only one record in these statuses at a time; rejected and
 * left records stay as history. The partial unique index in 0002_domain uses the same list.
 */
export const PRACTITIONER_ACTIVE_STATUSES = ['pending', 'approved'] as const satisfies readonly PractitionerStatus[];

export const UNIT_CHANGE_STATUSES = ['requested', 'released', 'approved', 'rejected'] as const;
export type UnitChangeStatus = (typeof UNIT_CHANGE_STATUSES)[number];
/** A history step; 'rejected' may happen at the old unit (before release) or at the association. */
export type UnitChangeStep = UnitChangeStatus;

export const ARTICLE_CATEGORIES = ['work', 'news', 'industry', 'download'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** Articles and notices share the publishing states. */
export const PUBLISH_STATUSES = ['draft', 'published', 'offline'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

// The site pages' keys and structured fields are part of the API contract (common/schemas).
export { SITE_PAGE_KEYS, type SitePageKey, type SitePageData } from '@common/schemas/sitePages';

export const PROJECT_STATUSES = ['draft', 'submitted', 'filed', 'returned'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const INSPECTION_YEAR_STATUSES = ['open', 'closed'] as const;
export type InspectionYearStatus = (typeof INSPECTION_YEAR_STATUSES)[number];

export const INSPECTION_SUBJECT_TYPES = ['unit', 'practitioner'] as const;
export type InspectionSubjectType = (typeof INSPECTION_SUBJECT_TYPES)[number];

export const INSPECTION_STATUSES = ['not_submitted', 'submitted', 'passed', 'failed', 'returned', 'resubmitted'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export const CASE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CERTIFICATE_KINDS = ['unit', 'practitioner'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** What a review record decides (the business-audit queue groups by it). */
export const REVIEW_KINDS = [
  'registration', // a member unit's registration
  'info_change', // a member unit's change of key fields (member_units.pending_change)
  'unit_change', // a practitioner moving to another unit
  'annual_inspection',
  'project',
  'case',
  'practitioner', // a practitioner's registration by their unit
  'pi_deletion', // a practitioner withdrew their consent: erase their personal data (PIPL art. 47)
] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'returned'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * The record kinds that reviews point at (reviews.subject_type) and that own attachments
 * (file_attachments.owner_type). 'unit' is a member unit.
 */
export const DOMAIN_ENTITY_TYPES = [
  'unit',
  'practitioner',
  'expert',
  'unit_change',
  'article',
  'notice',
  'project',
  'annual_inspection',
  'case',
  'complaint',
  'credit_event',
  'credit_objection',
] as const;
export type DomainEntityType = (typeof DOMAIN_ENTITY_TYPES)[number];

/** Usual attachment slots; the column is plain text so a module can add its own. */
export const ATTACHMENT_SLOTS = [
  'business_licence',
  'qualification',
  'diploma',
  'release_letter',
  'report',
  'attachment',
] as const;

// ---- money --------------------------------------------------------------------------------

const FEN_PER_WAN_YUAN = 1_000_000;
/** 万元 (as the API and forms speak) → integer fen (as stored). 1234.56 万元 → 12 345 600 000 fen. */
export const wanYuanToFen = (wan: number): number => Math.round(wan * FEN_PER_WAN_YUAN);
/** Integer fen → 万元, for the API. */
export const fenToWanYuan = (fen: number): number => fen / FEN_PER_WAN_YUAN;

// ---- JSON text shapes -----------------------------------------------------------------------

/**
 * member_units.pending_change: key fields a unit changed that wait for review; the row's own
 * columns keep the approved values until staff approve (then they are copied over and this
 * becomes null) or reject (this becomes null). Keys are column names, so applying it is one
 * `update ... set`.
 */
export interface PendingUnitChange {
  name?: string;
  credit_code?: string;
  legal_representative?: string;
}
/** The member-unit columns whose change goes back to review (the association's rule: docs/domain.md). */
export const UNIT_KEY_FIELDS = ['name', 'credit_code', 'legal_representative'] as const satisfies readonly (keyof PendingUnitChange)[];


// ---- tables -------------------------------------------------------------------------------

export interface MemberUnitsTable extends AuditColumns {
  id: string;
  name: string;
  /** 统一社会信用代码, upper case, checked with checkCreditCode. Unique. */
  credit_code: string;
  legal_representative: string;
  contact_person: string;
  contact_phone: string;
  email: string | null;
  address: string | null;
  established_on: string | null;
  /** 注册资本 in fen (see wanYuanToFen). */
  registered_capital_fen: number | null;
  staff_count: number | null;
  /** dictionary member_level */
  member_level: string | null;
  /** 会员编号, given on approval (e.g. HY2024001). Unique when set. */
  member_no: string | null;
  join_date: string | null;
  valid_until: string | null;
  business_scope: string | null;
  introduction: string | null;
  logo_file_id: string | null;
  show_in_window: IntBool;
  status: MemberUnitStatus;
  reject_reason: string | null;
  /** JSON text of PendingUnitChange, or null when nothing waits for review. */
  pending_change: string | null;
  pending_change_at: string | null;
  /** When a rejected registration's contact data and files were erased (0007; server/pii/retention.ts). */
  anonymised_at: string | null;
}

export interface PractitionersTable extends AuditColumns {
  id: string;
  name: string;
  /** dictionary gender */
  gender: string | null;
  /**
   * The ID number (18 characters, checked with checkIdCardNo), encrypted by server/pii: read and
   * write it only through `app.pii` (an old database holds plaintext here until the start-up
   * backfill has run).
   */
  id_card_enc: string;
  /** Keyed hash of the normalised ID number (`pii.blindIndex`): unique among pending/approved records, exact look-up. */
  id_card_hash: string | null;
  /** The phone, encrypted like the ID number. */
  phone_enc: string | null;
  email: string | null;
  /** dictionary education */
  education: string | null;
  major: string | null;
  /** dictionary professional_title */
  professional_title: string | null;
  position: string | null;
  unit_id: string;
  entry_date: string | null;
  photo_file_id: string | null;
  training_hours: number;
  /** Given on approval; equals certificates.number of the practitioner's certificate. */
  certificate_no: string | null;
  certificate_valid_until: string | null;
  status: PractitionerStatus;
  reject_reason: string | null;
  left_on: string | null;
  /** When the personal data was erased (0007): retention, or an approved deletion request. */
  anonymised_at: string | null;
}

export interface ExpertsTable extends AuditColumns {
  id: string;
  name: string;
  gender: string | null;
  birth_year: number | null;
  professional_title: string | null;
  work_unit: string | null;
  position: string | null;
  phone: string | null;
  email: string | null;
  introduction: string | null;
  photo_file_id: string | null;
  /** Shown in the public expert library. */
  public: IntBool;
  active: IntBool;
  /** Display order in the library, ascending. */
  sort: number;
  /** dictionary expert_category (0011_quality_review); null until staff set it. */
  category: string | null;
  /** The expert's own practitioner record, if any (0011): the draw's practitioner exclusion. */
  practitioner_id: string | null;
}

export interface ExpertSpecialtiesTable {
  expert_id: string;
  /** dictionary specialty */
  specialty: string;
}

export interface UnitChangesTable extends AuditColumns {
  id: string;
  practitioner_id: string;
  from_unit_id: string;
  to_unit_id: string;
  reason: string;
  status: UnitChangeStatus;
  reject_reason: string | null;
}

/** Append-only history of a unit change (who did which step, when, with what comment). */
export interface UnitChangeStepsTable {
  id: Generated<number>;
  unit_change_id: string;
  step: UnitChangeStep;
  actor_id: string | null;
  actor_name: string | null;
  at: string;
  comment: string | null;
}

export interface ArticlesTable extends AuditColumns {
  id: string;
  title: string;
  category: ArticleCategory;
  summary: string | null;
  cover_file_id: string | null;
  /** Rich text, sanitised on the server before it is stored. */
  content: string;
  author: string | null;
  source: string | null;
  /** When it was (or is to be) published; null for a draft never published. */
  publish_at: string | null;
  status: PublishStatus;
  pinned: IntBool;
  view_count: number;
}

export interface NoticesTable extends AuditColumns {
  id: string;
  title: string;
  content: string;
  publish_at: string | null;
  /** After this instant the notice no longer shows publicly; null = no expiry. */
  expire_at: string | null;
  status: PublishStatus;
  pinned: IntBool;
  /** Added by 0003_content; counted like articles'. */
  view_count: Generated<number>;
}

/** One searchable public item (0003_content); the dialect's word index sits beside it. */
export interface SearchDocumentsTable {
  /** The word index's row id (FTS5 rowid on SQLite, search_tsv.id on PostgreSQL). */
  id: Generated<number>;
  /** `${doc_type}:${doc_id}` */
  key: string;
  doc_type: 'article' | 'notice' | 'unit' | 'expert';
  doc_id: string;
  title: string;
  summary: string | null;
  /** What the hit shows beside its title: an article's category label, a unit's level... */
  label: string | null;
  /** Publication time, join date, or null. */
  date: string | null;
  /** Whether the item is public apart from time (published, approved and in the window...). */
  visible: IntBool;
  visible_from: string | null;
  visible_until: string | null;
  updated_at: string;
}

/** A visitor's reading of an article or notice on one day (0003_content). */
export interface ContentViewsTable {
  content_type: 'article' | 'notice';
  content_id: string;
  /** A keyed hash of address and browser: counts visitors without keeping their address. */
  visitor: string;
  /** 'YYYY-MM-DD' (Beijing time) */
  day: string;
}

/** Small facts about the installation (0003_content). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface CarouselsTable extends AuditColumns {
  id: string;
  title: string;
  image_file_id: string | null;
  /** An http(s) URL or an in-site path (e.g. an article's detail page); null = not clickable. */
  link: string | null;
  sort: number;
  enabled: IntBool;
  show_from: string | null;
  show_until: string | null;
}

export interface FriendlyLinksTable extends AuditColumns {
  id: string;
  name: string;
  url: string;
  logo_file_id: string | null;
  sort: number;
  enabled: IntBool;
}

export interface SitePagesTable extends AuditColumns {
  id: string;
  key: SitePageKey;
  title: string;
  /** Sanitised HTML. */
  content: string;
  /** JSON text of SitePageData ('{}' when the page has no structured fields). */
  data: string;
}

export interface ProjectsTable extends AuditColumns {
  id: string;
  name: string;
  /** The unit's own project code; unique when set. */
  code: string | null;
  unit_id: string;
  /** 评估主体 / 委托单位 */
  client: string | null;
  /** dictionary project_type */
  type: string | null;
  region: string | null;
  /** 投资额 in fen (see wanYuanToFen); null when not applicable (a policy, an event). */
  investment_fen: number | null;
  leader_practitioner_id: string | null;
  start_on: string | null;
  end_on: string | null;
  /** dictionary risk_level */
  risk_level: string | null;
  conclusion: string | null;
  status: ProjectStatus;
  return_reason: string | null;
  submitted_at: string | null;
  filed_at: string | null;
}

export interface ProjectMembersTable {
  project_id: string;
  practitioner_id: string;
  /** Free text: 项目负责人, 社会调查, 报告编写... */
  role: string | null;
  sort: number;
}

export interface AnnualInspectionYearsTable extends AuditColumns {
  id: string;
  year: number;
  deadline: string;
  status: InspectionYearStatus;
  /** The staff account that opened the year. */
  opened_by: string | null;
  opened_at: string;
}

export interface AnnualInspectionsTable extends AuditColumns {
  id: string;
  year: number;
  subject_type: InspectionSubjectType;
  /** member_units.id or practitioners.id, per subject_type. */
  subject_id: string;
  subject_name: string;
  /** The unit itself, or the practitioner's unit: lets a unit see its own and its staff's. */
  unit_id: string;
  self_report: string | null;
  projects_done: number | null;
  training_hours: number | null;
  status: InspectionStatus;
  submitted_at: string | null;
  reviewer_id: string | null;
  review_comment: string | null;
  reviewed_at: string | null;
}

export interface CasesTable extends AuditColumns {
  id: string;
  unit_id: string;
  title: string;
  /** dictionary project_type */
  project_type: string | null;
  client: string | null;
  completed_on: string | null;
  summary: string | null;
  status: CaseStatus;
  /** Approved public cases show in the member window. */
  public: IntBool;
  reject_reason: string | null;
}

export interface CertificatesTable extends AuditColumns {
  id: string;
  kind: CertificateKind;
  /** Printed on the certificate and looked up by /certificate-view?no=… Unique. */
  number: string;
  holder_type: CertificateKind;
  holder_id: string;
  holder_name: string;
  /** The unit (kind 'unit') or the practitioner's unit, which moves with a unit change. */
  unit_id: string | null;
  issued_on: string;
  valid_until: string;
  status: CertificateStatus;
  revoked_reason: string | null;
  revoked_at: string | null;
}

export interface ReviewsTable extends AuditColumns {
  id: string;
  what: ReviewKind;
  subject_type: DomainEntityType;
  subject_id: string;
  /** The subject's name when submitted, so the queue reads without joins. */
  subject_name: string;
  /** The unit concerned, if any: scopes the record for a unit's own view. */
  unit_id: string | null;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_at: string;
  status: ReviewStatus;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  comment: string | null;
  /** JSON text: what was submitted for review (e.g. the changed fields), or null. */
  payload: string | null;
}

/** Which stored files belong to which record; the files module's read rules use it. */
export interface FileAttachmentsTable {
  id: string;
  owner_type: DomainEntityType;
  owner_id: string;
  /** business_licence, qualification, diploma, release_letter, report, attachment, ... */
  slot: string;
  file_id: string;
  sort: number;
  created_at: string;
  created_by: string | null;
}

export const CONSENT_KINDS = ['terms_privacy', 'sensitive_pi'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** What an account agreed to, when and from where; withdrawing keeps the row (PIPL art. 15). */
export interface ConsentsTable {
  id: string;
  account_id: string;
  kind: ConsentKind;
  /** JSON text: the documents and versions agreed, e.g. {"terms":"2026-11-01","privacy":"2026-11-01"}. */
  versions: string;
  agreed_at: string;
  ip: string | null;
  user_agent: string | null;
  withdrawn_at: string | null;
}

/** One counted event of a rate limit shared by every process (server/http/rateLimit.ts). */
export interface RateLimitEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  at: string;
}

/** Merged into `Database` in ./types.ts. */
export const MESSAGE_KINDS = ['decision', 'submission', 'reminder', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A message to one account: decisions, new submissions for staff, reminders. */
export interface MessagesTable {
  id: string;
  account_id: string;
  kind: MessageKind;
  title: string;
  body: string | null;
  link: string | null;
  subject_type: string | null;
  subject_id: string | null;
  dedupe_key: string | null;
  created_at: string;
  read_at: string | null;
}

export interface DomainTables {
  member_units: MemberUnitsTable;
  practitioners: PractitionersTable;
  experts: ExpertsTable;
  expert_specialties: ExpertSpecialtiesTable;
  unit_changes: UnitChangesTable;
  unit_change_steps: UnitChangeStepsTable;
  articles: ArticlesTable;
  notices: NoticesTable;
  carousels: CarouselsTable;
  friendly_links: FriendlyLinksTable;
  site_pages: SitePagesTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  annual_inspection_years: AnnualInspectionYearsTable;
  annual_inspections: AnnualInspectionsTable;
  cases: CasesTable;
  certificates: CertificatesTable;
  reviews: ReviewsTable;
  file_attachments: FileAttachmentsTable;
  search_documents: SearchDocumentsTable;
  content_views: ContentViewsTable;
  app_meta: AppMetaTable;
  consents: ConsentsTable;
  rate_limit_events: RateLimitEventsTable;
  messages: MessagesTable;
}

export type MessageRow = Selectable<MessagesTable>;
export type MemberUnitRow = Selectable<MemberUnitsTable>;
export type NewMemberUnit = Insertable<MemberUnitsTable>;
export type MemberUnitUpdate = Updateable<MemberUnitsTable>;
export type PractitionerRow = Selectable<PractitionersTable>;
export type NewPractitioner = Insertable<PractitionersTable>;
export type PractitionerUpdate = Updateable<PractitionersTable>;
export type ExpertRow = Selectable<ExpertsTable>;
export type NewExpert = Insertable<ExpertsTable>;
export type UnitChangeRow = Selectable<UnitChangesTable>;
export type NewUnitChange = Insertable<UnitChangesTable>;
export type UnitChangeStepRow = Selectable<UnitChangeStepsTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type NewArticle = Insertable<ArticlesTable>;
export type NoticeRow = Selectable<NoticesTable>;
export type NewNotice = Insertable<NoticesTable>;
export type CarouselRow = Selectable<CarouselsTable>;
export type NewCarousel = Insertable<CarouselsTable>;
export type FriendlyLinkRow = Selectable<FriendlyLinksTable>;
export type NewFriendlyLink = Insertable<FriendlyLinksTable>;
export type SitePageRow = Selectable<SitePagesTable>;
export type NewSitePage = Insertable<SitePagesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type NewProject = Insertable<ProjectsTable>;
export type ProjectMemberRow = Selectable<ProjectMembersTable>;
export type AnnualInspectionYearRow = Selectable<AnnualInspectionYearsTable>;
export type AnnualInspectionRow = Selectable<AnnualInspectionsTable>;
export type NewAnnualInspection = Insertable<AnnualInspectionsTable>;
export type CaseRow = Selectable<CasesTable>;
export type NewCase = Insertable<CasesTable>;
export type CertificateRow = Selectable<CertificatesTable>;
export type NewCertificate = Insertable<CertificatesTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type NewReview = Insertable<ReviewsTable>;
export type FileAttachmentRow = Selectable<FileAttachmentsTable>;
export type NewFileAttachment = Insertable<FileAttachmentsTable>;
