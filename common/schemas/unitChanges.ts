/**
 * A practitioner's move to another member unit (`/api/v1/unit-changes`; docs/domain.md,
 * "Workflows"): the record, its history, the list query and the bodies of each step.
 *
 *   requested ──(old unit 放行)──▶ released ──(association 审批通过)──▶ approved
 *       │  (old unit or association 驳回; the requesting side 撤回)      │
 *       └──────────────────────────────▶ rejected ◀──(association 驳回)─┘
 *
 * A withdrawal is stored as 'rejected' with the reason WITHDRAWN_REASON, so the four states of
 * the table stay the only ones. Every step appends one history entry; nothing is ever erased.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery, Version } from './common';
import { FileRef } from './content';
import { FILE_ID_PATTERN } from './files';
import { CalendarDate, DateRange, Identifier } from './kinds';

export const UNIT_CHANGE_STATUS_VALUES = ['requested', 'released', 'approved', 'rejected'] as const;
export type UnitChangeStatusValue = (typeof UNIT_CHANGE_STATUS_VALUES)[number];

/** What a list shows for each state: an open change says whose turn it is. */
export const UNIT_CHANGE_STATUS_LABELS: Record<UnitChangeStatusValue, string> = {
  requested: '待原单位放行',
  released: '待协会审批',
  approved: '已通过',
  rejected: '已驳回',
};

/** The history's wording for each step. */
export const UNIT_CHANGE_STEP_LABELS: Record<UnitChangeStatusValue, string> = {
  requested: '提交申请',
  released: '原单位放行',
  approved: '协会审批通过',
  rejected: '驳回',
};

/** The reason a change withdrawn by the requesting side carries (status 'rejected'). */
export const WITHDRAWN_REASON = '申请人撤回';
export const WITHDRAWN_LABEL = '已撤回';

/** Who has to act next on an open change. */
export const UNIT_CHANGE_WAITING_VALUES = ['from_unit', 'association'] as const;
export type UnitChangeWaiting = (typeof UNIT_CHANGE_WAITING_VALUES)[number];

/** The steps a caller may take on a change now (the server decides; the page shows these buttons). */
export const UNIT_CHANGE_ACTIONS = ['release', 'approve', 'reject', 'withdraw'] as const;
export type UnitChangeAction = (typeof UNIT_CHANGE_ACTIONS)[number];

export const UNIT_CHANGE_REASON_MAX = 500;
export const UNIT_CHANGE_COMMENT_MAX = 500;
export const RELEASE_LETTERS_MAX = 10;
export const PRACTITIONER_NAME_MAX = 50;

/** A new unit's look-up found nobody with that name and ID number (which part was wrong stays unsaid). */
export const PRACTITIONER_NOT_FOUND_MESSAGE = '未找到该从业人员，请核对姓名和身份证号码';

export const UnitChangeRecord = Type.Object({
  id: Type.String(),
  practitionerId: Type.String(),
  practitionerName: Type.String(),
  /** Masked (110105********1234); never the whole number in a unit change. */
  idCardNo: Nullable(Type.String()),
  certificateNo: Nullable(Type.String()),
  fromUnitId: Type.String(),
  fromUnitName: Type.String(),
  toUnitId: Type.String(),
  toUnitName: Type.String(),
  reason: Type.String(),
  status: Type.Enum(UNIT_CHANGE_STATUS_VALUES),
  /** Whose turn it is while the change is open; null once it is closed. */
  waitingFor: Nullable(Type.Enum(UNIT_CHANGE_WAITING_VALUES)),
  /** Closed by the requesting side, not refused. */
  withdrawn: Type.Boolean(),
  rejectReason: Nullable(Type.String()),
  /** Who submitted the request (the practitioner, or the new unit). */
  requestedByName: Nullable(Type.String()),
  /** When it was submitted. */
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** What the caller may do now. */
  actions: Type.Array(Type.Enum(UNIT_CHANGE_ACTIONS)),
  version: Type.Integer(),
});
export type UnitChangeRecord = Static<typeof UnitChangeRecord>;

export const UnitChangeStepEntry = Type.Object({
  id: Type.String(),
  step: Type.Enum(UNIT_CHANGE_STATUS_VALUES),
  actorName: Nullable(Type.String()),
  at: Type.String(),
  comment: Nullable(Type.String()),
});
export type UnitChangeStepEntry = Static<typeof UnitChangeStepEntry>;

/** One change with its whole history (oldest first) and the release letter. */
export const UnitChangeDetail = Type.Object({
  ...UnitChangeRecord.properties,
  steps: Type.Array(UnitChangeStepEntry),
  releaseLetters: Type.Array(FileRef),
});
export type UnitChangeDetail = Static<typeof UnitChangeDetail>;

const submitted = DateRange(CalendarDate, { field: 'submittedFrom', title: '申请日期起' }, '申请日期止');

/**
 * `?status=requested&unitId=…&direction=in&keyword=张&submittedFrom=2026-01-01&submittedTo=…&sort=createdAt,desc`
 * keyword: the practitioner's name or certificate number. unitId: the old or the new unit
 * (staff). direction: a unit's incoming (in) or outgoing (out) changes.
 */
export const UnitChangeListQuery = Type.Object(
  {
    ...PageQuery.properties,
    status: Type.Optional(Type.Enum(UNIT_CHANGE_STATUS_VALUES, { title: '状态' })),
    unitId: Type.Optional(Identifier('单位')),
    practitionerId: Type.Optional(Identifier('从业人员')),
    direction: Type.Optional(Type.Enum(['in', 'out'] as const, { title: '申请方向' })),
    submittedFrom: Type.Optional(submitted.from),
    submittedTo: Type.Optional(submitted.to),
  },
  { additionalProperties: false },
);
export type UnitChangeListQuery = Static<typeof UnitChangeListQuery>;

export const UNIT_CHANGE_DIRECTION_LABELS = { in: '调入申请', out: '调出申请' } as const;

const Reason = Type.String({ minLength: 1, maxLength: UNIT_CHANGE_REASON_MAX, title: '变更原因' });
const ReleaseLetters = Type.Array(Type.String({ pattern: FILE_ID_PATTERN, title: '放行函' }), {
  minItems: 1,
  maxItems: RELEASE_LETTERS_MAX,
  uniqueItems: true,
  title: '放行函',
});

/**
 * A request. A practitioner names the unit to move to (toUnitId) and asks for themselves; a
 * member unit asks to take in a practitioner, whom it names by name and full ID number.
 */
export const UnitChangeCreateBody = Type.Object(
  {
    toUnitId: Type.Optional(Identifier('调入单位')),
    practitionerName: Type.Optional(Type.String({ minLength: 1, maxLength: PRACTITIONER_NAME_MAX, title: '从业人员姓名' })),
    idCardNo: Type.Optional(Type.String({ minLength: 1, maxLength: 30, title: '身份证号码' })),
    reason: Reason,
    releaseLetterFileIds: ReleaseLetters,
  },
  { additionalProperties: false },
);
export type UnitChangeCreateBody = Static<typeof UnitChangeCreateBody>;

const Comment = Type.Optional(Type.String({ maxLength: UNIT_CHANGE_COMMENT_MAX, title: '意见' }));

/** 放行 (old unit) and 审批通过 (association): an optional comment. */
export const UnitChangeCommentBody = Type.Object({ version: Version, comment: Comment }, { additionalProperties: false });
export type UnitChangeCommentBody = Static<typeof UnitChangeCommentBody>;

/** 驳回: the reason is required. */
export const UnitChangeRejectBody = Type.Object(
  { version: Version, reason: Type.String({ minLength: 1, maxLength: UNIT_CHANGE_COMMENT_MAX, title: '驳回原因' }) },
  { additionalProperties: false },
);
export type UnitChangeRejectBody = Static<typeof UnitChangeRejectBody>;

/** 撤回 by the requesting side, before the old unit released. */
export const UnitChangeWithdrawBody = Type.Object({ version: Version }, { additionalProperties: false });
export type UnitChangeWithdrawBody = Static<typeof UnitChangeWithdrawBody>;
