/**
 * A member unit's own record (单位信息管理, authType 2) and the association's decision on its
 * key-information changes (docs/domain.md, "Records and their states": name, credit code and legal
 * representative go back to review; the approved values stay live until staff approve).
 *
 *   GET  /member-units/mine                 MemberInfoRecord (the unit's record as it stands)
 *   PUT  /member-units/mine                 MemberInfoUpdateBody → MemberInfoSaveResult
 *   POST /member-units/mine/resubmit        ResubmitBody (a rejected registration, after corrections)
 *   POST /member-units/:id/approve-change   ApproveChangeBody (staff, member:unit:approve)
 *   POST /member-units/:id/reject-change    RejectChangeBody (staff, member:unit:approve)
 *
 * Field limits here are the server's rules; the page's form shows the same ones.
 */
import Type, { type Static } from 'typebox';
import { Nullable, Version } from './common';
import { FileRef } from './content';
import { FILE_ID_PATTERN } from './files';
import { BoundedInteger, CalendarDate } from './kinds';
import { ReviewHistoryEntry } from './membership';
import { MEMBER_UNIT_STATUS_VALUES } from './memberUnits';

export const UNIT_NAME_MAX = 100;
export const UNIT_PERSON_MAX = 50;
export const UNIT_PHONE_MAX = 30;
export const UNIT_EMAIL_MAX = 100;
export const UNIT_ADDRESS_MAX = 200;
export const UNIT_SCOPE_MAX = 1000;
export const UNIT_INTRODUCTION_MAX = 2000;
export const UNIT_STAFF_COUNT_MAX = 100_000;
/** 注册资本 in 万元: up to 1 000 亿元, two decimals at most (stored exactly as fen). */
export const UNIT_CAPITAL_MAX = 10_000_000;
export const UNIT_FILES_MAX = 20;

// A unit's states are those staff manage (one table, in ./memberUnits.ts).
export { MEMBER_UNIT_STATUS_LABELS, MEMBER_UNIT_STATUS_VALUES, type MemberUnitStatusValue } from './memberUnits';

/** The key fields (API names) whose change goes back to review, in the order forms show them. */
export const UNIT_KEY_FIELD_NAMES = ['name', 'creditCode', 'legalRepresentative'] as const;
export type UnitKeyField = (typeof UNIT_KEY_FIELD_NAMES)[number];
export const UNIT_KEY_FIELD_LABELS: Record<UnitKeyField, string> = {
  name: '单位名称',
  creditCode: '统一社会信用代码',
  legalRepresentative: '法定代表人',
};
/**
 * The same fields under their column names: member_units.pending_change and the review
 * payload ({ before, after }) are keyed by column (server/db/domainTypes.ts PendingUnitChange).
 */
export const UNIT_KEY_COLUMN_LABELS: Record<string, string> = {
  name: '单位名称',
  credit_code: '统一社会信用代码',
  legal_representative: '法定代表人',
};

export const KEY_CHANGE_NOTE = '修改后需协会审核，审核通过前仍显示原信息';

/** The server's words, so that the page and the tests say the same. */
export const MEMBER_INFO_MESSAGES = {
  changePending: '单位关键信息变更正在审核中，请等待审核结果',
  noPendingChange: '没有待审核的信息变更',
  cancelled: '单位已注销，不能修改单位信息',
  resubmitNotRejected: '只有被驳回的入会申请可以重新提交',
  licenceMissing: '请先上传营业执照后再重新提交',
  creditCodeTaken: '统一社会信用代码已被其他单位使用',
  saved: '单位信息已保存',
  savedWithReview: '单位信息已保存，关键信息变更已提交协会审核',
  resubmitted: '入会申请已重新提交，请等待协会审核',
} as const;

/** Key fields waiting for review (API names); absent = unchanged. */
export const UnitPendingChange = Type.Object({
  name: Type.Optional(Type.String()),
  creditCode: Type.Optional(Type.String()),
  legalRepresentative: Type.Optional(Type.String()),
});
export type UnitPendingChange = Static<typeof UnitPendingChange>;

/** The unit's member certificate as of today (Beijing time). */
export const MemberCertificateSummary = Type.Object({
  id: Type.String(),
  number: Type.String(),
  issuedOn: Type.String(),
  validUntil: Type.String(),
  state: Type.Enum(['valid', 'expired', 'revoked'] as const),
  revokedReason: Nullable(Type.String()),
});
export type MemberCertificateSummary = Static<typeof MemberCertificateSummary>;

export const MemberInfoFiles = Type.Object({
  businessLicence: Type.Array(FileRef),
  qualification: Type.Array(FileRef),
  logo: Nullable(FileRef),
});
export type MemberInfoFiles = Static<typeof MemberInfoFiles>;

export const MemberInfoRecord = Type.Object({
  id: Type.String(),
  /** The approved (live) values; a change waiting for review is in pendingChange. */
  name: Type.String(),
  creditCode: Type.String(),
  legalRepresentative: Type.String(),
  contactPerson: Type.String(),
  contactPhone: Type.String(),
  email: Nullable(Type.String()),
  address: Nullable(Type.String()),
  /** 'YYYY-MM-DD' */
  establishedOn: Nullable(Type.String()),
  /** 万元 */
  registeredCapital: Nullable(Type.Number()),
  staffCount: Nullable(Type.Integer()),
  businessScope: Nullable(Type.String()),
  introduction: Nullable(Type.String()),
  memberLevel: Nullable(Type.String()),
  memberLevelLabel: Nullable(Type.String()),
  memberNo: Nullable(Type.String()),
  joinDate: Nullable(Type.String()),
  validUntil: Nullable(Type.String()),
  status: Type.Enum(MEMBER_UNIT_STATUS_VALUES),
  rejectReason: Nullable(Type.String()),
  pendingChange: Nullable(UnitPendingChange),
  pendingChangeAt: Nullable(Type.String()),
  files: MemberInfoFiles,
  certificate: Nullable(MemberCertificateSummary),
  reviewHistory: Type.Array(ReviewHistoryEntry),
  updatedAt: Type.String(),
  version: Version,
});
export type MemberInfoRecord = Static<typeof MemberInfoRecord>;

const Text = (title: string, max: number, min = 0) => Type.String({ minLength: min, maxLength: max, title });
const OptionalText = (title: string, max: number) => Type.Optional(Nullable(Text(title, max)));
const FileIdField = (title: string) => Type.String({ pattern: FILE_ID_PATTERN, title });
const FileIds = (title: string) =>
  Type.Optional(Type.Array(FileIdField(title), { maxItems: UNIT_FILES_MAX, uniqueItems: true, title }));

/**
 * The unit's edit. Every field is optional (absent = unchanged) so that a client may send
 * only what it edits; the page sends the whole form. Key fields that differ from the approved
 * values of an approved unit wait for review; everything else applies at once.
 */
export const MemberInfoUpdateBody = Type.Object(
  {
    name: Type.Optional(Text('单位名称', UNIT_NAME_MAX, 1)),
    creditCode: Type.Optional(Text('统一社会信用代码', 18, 1)),
    legalRepresentative: Type.Optional(Text('法定代表人', UNIT_PERSON_MAX, 1)),
    contactPerson: Type.Optional(Text('联系人', UNIT_PERSON_MAX, 1)),
    contactPhone: Type.Optional(Text('联系电话', UNIT_PHONE_MAX, 1)),
    email: OptionalText('电子邮箱', UNIT_EMAIL_MAX),
    address: OptionalText('单位地址', UNIT_ADDRESS_MAX),
    establishedOn: Type.Optional(Nullable(CalendarDate('成立日期'))),
    registeredCapital: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: UNIT_CAPITAL_MAX, title: '注册资本' }))),
    staffCount: Type.Optional(Nullable(BoundedInteger({ title: '从业人数', minimum: 0, maximum: UNIT_STAFF_COUNT_MAX }))),
    businessScope: OptionalText('经营范围', UNIT_SCOPE_MAX),
    introduction: OptionalText('单位简介', UNIT_INTRODUCTION_MAX),
    logoFileId: Type.Optional(Nullable(FileIdField('单位标志'))),
    businessLicenceFileIds: FileIds('营业执照'),
    qualificationFileIds: FileIds('资质文件'),
    version: Version,
  },
  { additionalProperties: false },
);
export type MemberInfoUpdateBody = Static<typeof MemberInfoUpdateBody>;

export const MemberInfoSaveResult = Type.Object({
  /** True when key fields now wait for the association's review. */
  changePending: Type.Boolean(),
});
export type MemberInfoSaveResult = Static<typeof MemberInfoSaveResult>;

export const ResubmitBody = Type.Object({ version: Type.Optional(Version) }, { additionalProperties: false });
export type ResubmitBody = Static<typeof ResubmitBody>;

export const ApproveChangeBody = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: 500, title: '审核意见' })) },
  { additionalProperties: false },
);
export type ApproveChangeBody = Static<typeof ApproveChangeBody>;

export const RejectChangeBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 500, title: '驳回原因' }) },
  { additionalProperties: false },
);
export type RejectChangeBody = Static<typeof RejectChangeBody>;
