/**
 * Member units as staff manage them (`/api/v1/member-units`; states in docs/domain.md): the
 * list and its filters (also the export's), the record the detail drawer shows, the staff
 * edit, the workflow steps and the options for selects.
 *
 *   pending ──approve──▶ approved ──suspend──▶ suspended
 *      │                    │   ◀──restore───     │
 *      └──reject──▶ rejected └──cancel──▶ cancelled ◀┘
 *
 * A unit's own record (GET/PUT /member-units/mine) and the review of its key-field changes
 * (approve-change / reject-change) are ./memberInfo.ts's; they share PendingUnitChange below.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery, Version } from './common';
import { FileRef } from './content';
import { FileId } from './files';
import { BoundedInteger, CalendarDate, DateRange } from './kinds';
import { ReviewHistoryEntry } from './membership';

export const MEMBER_UNIT_STATUS_VALUES = ['pending', 'approved', 'rejected', 'suspended', 'cancelled'] as const;
export type MemberUnitStatusValue = (typeof MEMBER_UNIT_STATUS_VALUES)[number];

export const MEMBER_UNIT_STATUS_LABELS: Record<MemberUnitStatusValue, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  suspended: '已暂停',
  cancelled: '已注销',
};

/** The workflow steps staff take (POST /member-units/:id/<action>). */
export const MEMBER_UNIT_ACTIONS = ['approve', 'reject', 'suspend', 'restore', 'cancel'] as const;
export type MemberUnitAction = (typeof MEMBER_UNIT_ACTIONS)[number];

/** Which states each step starts from (the server refuses the others with a clear message). */
export const MEMBER_UNIT_ACTION_FROM: Record<MemberUnitAction, readonly MemberUnitStatusValue[]> = {
  approve: ['pending'],
  reject: ['pending'],
  suspend: ['approved'],
  restore: ['suspended'],
  cancel: ['approved', 'suspended'],
};

/**
 * The row controls of a member unit for staff: the workflow steps above, 编辑, the 会员之窗
 * switch (`window`, approved units) and the decision on a pending key-field change
 * (`decide-change`). A unit's `actions` names those its caller may use now
 * (server/modules/member-units/queries.ts actionsFor).
 */
export const MEMBER_UNIT_ROW_ACTIONS = [...MEMBER_UNIT_ACTIONS, 'edit', 'window', 'decide-change'] as const;
export type MemberUnitRowAction = (typeof MEMBER_UNIT_ROW_ACTIONS)[number];

export const MEMBER_UNIT_ACTION_LABELS: Record<MemberUnitAction, string> = {
  approve: '审核通过',
  reject: '驳回',
  suspend: '暂停',
  restore: '恢复',
  cancel: '注销',
};

/** Field limits: the server's rules; the forms show the same ones. */
export const UNIT_NAME_MAX = 100;
export const UNIT_PERSON_MAX = 50;
export const UNIT_PHONE_MAX = 30;
export const UNIT_EMAIL_MAX = 100;
export const UNIT_ADDRESS_MAX = 200;
export const UNIT_SCOPE_MAX = 1000;
export const UNIT_INTRODUCTION_MAX = 2000;
export const UNIT_FILES_MAX = 20;
export const STATUS_REASON_MAX = 500;
/** 注册资本 in 万元: up to 10 亿万元 keeps the fen (BIGINT) far from overflow. */
export const REGISTERED_CAPITAL_MAX = 100_000_000;

/** The key fields whose change goes back to review when a unit makes it; the approved values stay live until then. */
export const UNIT_KEY_FIELD_LABELS = {
  name: '单位名称',
  creditCode: '统一社会信用代码',
  legalRepresentative: '法定代表人',
} as const;
export type UnitKeyField = keyof typeof UNIT_KEY_FIELD_LABELS;

/** The key fields a unit changed that wait for review; the record keeps the approved values meanwhile. */
export const PendingUnitChange = Type.Object({
  name: Type.Optional(Type.String()),
  creditCode: Type.Optional(Type.String()),
  legalRepresentative: Type.Optional(Type.String()),
});
export type PendingUnitChange = Static<typeof PendingUnitChange>;

/** The unit's member certificate (the newest; a revoked one still shows, with its state). */
export const UnitCertificate = Type.Object({
  id: Type.String(),
  number: Type.String(),
  issuedOn: Type.String(),
  validUntil: Type.String(),
  state: Type.Enum(['valid', 'expired', 'revoked'] as const),
  revokedReason: Nullable(Type.String()),
});
export type UnitCertificate = Static<typeof UnitCertificate>;

/** One step of the unit's membership outside the review records: suspended, restored, cancelled... (from the operation log). */
export const MemberUnitEvent = Type.Object({
  at: Type.String(),
  action: Type.String(),
  actorName: Nullable(Type.String()),
  summary: Type.String(),
});
export type MemberUnitEvent = Static<typeof MemberUnitEvent>;

/** A row of the staff list. */
export const MemberUnitListItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  creditCode: Type.String(),
  legalRepresentative: Type.String(),
  contactPerson: Type.String(),
  contactPhone: Type.String(),
  email: Nullable(Type.String()),
  /** dictionary member_level */
  memberLevel: Nullable(Type.String()),
  memberNo: Nullable(Type.String()),
  joinDate: Nullable(Type.String()),
  validUntil: Nullable(Type.String()),
  showInWindow: Type.Boolean(),
  status: Type.Enum(MEMBER_UNIT_STATUS_VALUES),
  /** Why it is rejected, suspended or cancelled (null otherwise). */
  statusReason: Nullable(Type.String()),
  pendingChange: Nullable(PendingUnitChange),
  pendingChangeAt: Nullable(Type.String()),
  /** Approved practitioners of the unit. */
  practitionerCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
  /** What the caller may do with the unit now. */
  actions: Type.Array(Type.Enum(MEMBER_UNIT_ROW_ACTIONS), { title: '可执行的操作' }),
});
export type MemberUnitListItem = Static<typeof MemberUnitListItem>;

/** GET /member-units/:id: everything the detail drawer and the unit's context page show. */
export const MemberUnitRecord = Type.Object({
  ...MemberUnitListItem.properties,
  address: Nullable(Type.String()),
  establishedOn: Nullable(Type.String()),
  /** 注册资本（万元） */
  registeredCapital: Nullable(Type.Number()),
  staffCount: Nullable(Type.Integer()),
  businessScope: Nullable(Type.String()),
  introduction: Nullable(Type.String()),
  logoFileId: Nullable(Type.String()),
  logo: Nullable(FileRef),
  businessLicenceFileIds: Type.Array(Type.String()),
  businessLicence: Type.Array(FileRef),
  qualificationFileIds: Type.Array(Type.String()),
  qualifications: Type.Array(FileRef),
  certificate: Nullable(UnitCertificate),
  reviewHistory: Type.Array(ReviewHistoryEntry),
  /** Suspensions, restorations, cancellations, staff edits: oldest first. */
  events: Type.Array(MemberUnitEvent),
  /** The unit's records elsewhere, for its context page. */
  counts: Type.Object({
    practitioners: Type.Integer(),
    pendingPractitioners: Type.Integer(),
    projects: Type.Integer(),
    cases: Type.Integer(),
  }),
});
export type MemberUnitRecord = Static<typeof MemberUnitRecord>;

const joined = DateRange(CalendarDate, { field: 'joinFrom', title: '入会开始日期' }, '入会结束日期');

const listFilters = {
  keyword: PageQuery.properties.keyword,
  sort: PageQuery.properties.sort,
  status: Type.Optional(Type.Enum(MEMBER_UNIT_STATUS_VALUES, { title: '状态' })),
  memberLevel: Type.Optional(Type.String({ maxLength: 40, title: '会员级别' })),
  joinFrom: Type.Optional(joined.from),
  joinTo: Type.Optional(joined.to),
  hasPendingChange: Type.Optional(Type.Boolean({ title: '待审核变更' })),
  showInWindow: Type.Optional(Type.Boolean({ title: '会员之窗' })),
};

/**
 * `?keyword=` (name, credit code, member number, contact person) `&status=approved&memberLevel=director
 * &joinFrom=2025-01-01&joinTo=2025-12-31&hasPendingChange=true&sort=joinDate,desc`
 * Sortable: joinDate, validUntil, createdAt, updatedAt, memberNo, name.
 */
export const MemberUnitListQuery = Type.Object(
  { current: PageQuery.properties.current, pageSize: PageQuery.properties.pageSize, ...listFilters },
  { additionalProperties: false },
);
export type MemberUnitListQuery = Static<typeof MemberUnitListQuery>;

/** The export takes the list's filters and sort, without paging. */
export const MemberUnitExportQuery = Type.Object(listFilters, { additionalProperties: false });
export type MemberUnitExportQuery = Static<typeof MemberUnitExportQuery>;

const Text = (title: string, max: number) => Type.Optional(Nullable(Type.String({ maxLength: max, title })));
const Files = (title: string) => Type.Optional(Type.Array(FileId, { maxItems: UNIT_FILES_MAX, uniqueItems: true, title }));

/**
 * PUT /member-units/:id by staff. Staff are the reviewers: key fields (name, credit code,
 * legal representative) apply at once and are logged. Optional fields left out keep their
 * values; null clears them. Carries the version read.
 */
export const MemberUnitUpdateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: UNIT_NAME_MAX, title: '单位名称' }),
    creditCode: Type.String({ minLength: 18, maxLength: 18, title: '统一社会信用代码' }),
    legalRepresentative: Type.String({ minLength: 1, maxLength: UNIT_PERSON_MAX, title: '法定代表人' }),
    contactPerson: Type.String({ minLength: 1, maxLength: UNIT_PERSON_MAX, title: '联系人' }),
    contactPhone: Type.String({ minLength: 1, maxLength: UNIT_PHONE_MAX, title: '联系电话' }),
    email: Text('电子邮箱', UNIT_EMAIL_MAX),
    address: Text('地址', UNIT_ADDRESS_MAX),
    establishedOn: Type.Optional(Nullable(CalendarDate('成立日期'))),
    registeredCapital: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: REGISTERED_CAPITAL_MAX, title: '注册资本' }))),
    staffCount: Type.Optional(Nullable(BoundedInteger({ title: '从业人数', minimum: 0, maximum: 1_000_000 }))),
    memberLevel: Type.Optional(Nullable(Type.String({ maxLength: 40, title: '会员级别' }))),
    businessScope: Text('经营范围', UNIT_SCOPE_MAX),
    introduction: Text('单位简介', UNIT_INTRODUCTION_MAX),
    logoFileId: Type.Optional(Nullable(FileId)),
    businessLicenceFileIds: Files('营业执照'),
    qualificationFileIds: Files('资质文件'),
    version: Version,
  },
  { additionalProperties: false },
);
export type MemberUnitUpdateBody = Static<typeof MemberUnitUpdateBody>;

/** An optional version on a workflow step: when sent, a unit changed since it was read is refused (409). */
const StepVersion = Type.Optional(Version);
const Reason = (title: string) => Type.String({ minLength: 1, maxLength: STATUS_REASON_MAX, title });
const Comment = Type.Optional(Type.String({ maxLength: STATUS_REASON_MAX, title: '审核意见' }));

/** 审核通过: the member number, join date (today), validity (one year) and certificate are the server's. */
export const MemberUnitApproveBody = Type.Object(
  {
    comment: Comment,
    /** The level to admit with; without one the unit keeps its own, or becomes 会员单位. */
    memberLevel: Type.Optional(Type.String({ minLength: 1, maxLength: 40, title: '会员级别' })),
    /** Show the new member in the member window at once (default true). */
    showInWindow: Type.Optional(Type.Boolean({ title: '会员之窗' })),
    version: StepVersion,
  },
  { additionalProperties: false },
);
export type MemberUnitApproveBody = Static<typeof MemberUnitApproveBody>;

export const MemberUnitRejectBody = Type.Object({ reason: Reason('驳回原因'), version: StepVersion }, { additionalProperties: false });
export type MemberUnitRejectBody = Static<typeof MemberUnitRejectBody>;

export const MemberUnitSuspendBody = Type.Object({ reason: Reason('暂停原因'), version: StepVersion }, { additionalProperties: false });
export type MemberUnitSuspendBody = Static<typeof MemberUnitSuspendBody>;

export const MemberUnitCancelBody = Type.Object({ reason: Reason('注销原因'), version: StepVersion }, { additionalProperties: false });
export type MemberUnitCancelBody = Static<typeof MemberUnitCancelBody>;

export const MemberUnitRestoreBody = Type.Object({ comment: Comment, version: StepVersion }, { additionalProperties: false });
export type MemberUnitRestoreBody = Static<typeof MemberUnitRestoreBody>;

/** What approval gave, for the confirmation toast. */
export const MemberUnitApproveResult = Type.Object({
  memberNo: Type.String(),
  joinDate: Type.String(),
  validUntil: Type.String(),
  certificateNo: Type.String(),
});
export type MemberUnitApproveResult = Static<typeof MemberUnitApproveResult>;

/** POST /member-units/:id/window { show }: only an approved unit can be in the member window. */
export const MemberUnitWindowBody = Type.Object(
  { show: Type.Boolean({ title: '会员之窗' }), version: StepVersion },
  { additionalProperties: false },
);
export type MemberUnitWindowBody = Static<typeof MemberUnitWindowBody>;

/** GET /member-units/options: approved units for selects (any logged-in account). */
export const MemberUnitOption = Type.Object({ id: Type.String(), name: Type.String(), memberNo: Nullable(Type.String()) });
export type MemberUnitOption = Static<typeof MemberUnitOption>;

export const MemberUnitOptionsQuery = Type.Object(
  { keyword: Type.Optional(Type.String({ maxLength: 100, title: '关键字' })) },
  { additionalProperties: false },
);
export type MemberUnitOptionsQuery = Static<typeof MemberUnitOptionsQuery>;

/** The staff decisions on a unit's key-field change (helper B2's routes; the drawer calls them). */
export const UnitChangeDecisionBody = Type.Object(
  {
    comment: Type.Optional(Type.String({ maxLength: STATUS_REASON_MAX, title: '审核意见' })),
    reason: Type.Optional(Type.String({ maxLength: STATUS_REASON_MAX, title: '驳回原因' })),
  },
  { additionalProperties: false },
);
export type UnitChangeDecisionBody = Static<typeof UnitChangeDecisionBody>;

/** Messages both sides show. */
export const MEMBER_UNIT_MESSAGES = {
  cancelledReadOnly: '已注销的单位不能修改',
  windowNeedsApproved: '只有已通过审核的会员单位才能在会员之窗展示',
} as const;
