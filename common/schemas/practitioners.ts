/**
 * Practitioners (`/api/v1/practitioners`; states in docs/domain.md; the personal information:
 * README.md, "个人信息保护与安全"): the record as each viewer may see it, the list query (also the
 * export's), the create/update bodies, the workflow steps and the Excel import.
 *
 *   pending ──approve──▶ approved ──leave──▶ left
 *      │  ▲
 *   reject │ resubmit
 *      ▼  │
 *   rejected
 *
 * ID numbers and phones travel whole only to the practitioner themselves; everyone else gets
 * them masked (common/validators maskIdCardNo/maskPhone) and, where allowed, fetches the whole
 * value with POST /practitioners/:id/reveal (RevealBody/RevealResult of ./membership.ts),
 * which the server writes to the audit trail.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery, Version } from './common';
import { FileRef } from './content';
import { FileId } from './files';
import { BoundedInteger, CalendarDate, Identifier } from './kinds';
import { ReviewHistoryEntry } from './membership';

export const PRACTITIONER_STATUS_VALUES = ['pending', 'approved', 'rejected', 'left'] as const;
export type PractitionerStatusValue = (typeof PRACTITIONER_STATUS_VALUES)[number];

export const PRACTITIONER_STATUS_LABELS: Record<PractitionerStatusValue, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  left: '已离职',
};

/** The list's certificate filter: holds one, holds none, valid but ending soon, past its date. */
export const CERTIFICATE_FILTER_VALUES = ['has', 'none', 'expiring', 'expired'] as const;
export type CertificateFilterValue = (typeof CERTIFICATE_FILTER_VALUES)[number];
export const CERTIFICATE_FILTER_LABELS: Record<CertificateFilterValue, string> = {
  has: '已发证',
  none: '未发证',
  expiring: '即将到期（90天内）',
  expired: '已过期',
};
/** "Ending soon" means within this many days from today. */
export const CERTIFICATE_EXPIRING_DAYS = 90;
/** A practitioner's certificate is valid for three years from approval (to the day before). */
export const PRACTITIONER_CERTIFICATE_YEARS = 3;

/** Field limits: the server's rules; the form and the import template say the same. */
export const PRACTITIONER_NAME_MAX = 50;
export const PRACTITIONER_TEXT_MAX = 100;
export const PRACTITIONER_PHONE_MAX = 30;
export const PRACTITIONER_EMAIL_MAX = 100;
export const PRACTITIONER_FILES_MAX = 10;
export const PRACTITIONER_TRAINING_HOURS_MAX = 100_000;
export const PRACTITIONER_REASON_MAX = 500;

/** The Excel import: at most this many rows, and this many characters in one cell. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_CELL_CHARS = 500;

/** The import template's columns, in order; `required` ones must be filled on every row. */
export const IMPORT_COLUMNS = [
  { header: '姓名', required: true, note: `必填，不超过${PRACTITIONER_NAME_MAX}个字` },
  { header: '身份证号码', required: true, note: '必填，18位居民身份证号码（最后一位可为X），校验位须正确' },
  { header: '性别', required: false, note: '填写字典中的名称；不填时按身份证号码推定' },
  { header: '手机号码', required: false, note: '11位手机号码或带区号的固定电话' },
  { header: '电子邮箱', required: false, note: '如 name@example.com' },
  { header: '学历', required: false, note: '填写字典中的名称' },
  { header: '专业', required: false, note: `不超过${PRACTITIONER_TEXT_MAX}个字` },
  { header: '职称', required: false, note: '填写字典中的名称' },
  { header: '职务', required: false, note: `不超过${PRACTITIONER_TEXT_MAX}个字` },
  { header: '入职日期', required: false, note: '格式 2024-03-01（也可为 2024/3/1 或 Excel 日期），不能晚于今天' },
  { header: '培训学时', required: false, note: `0 至 ${PRACTITIONER_TRAINING_HOURS_MAX} 的整数` },
] as const;
export type ImportHeader = (typeof IMPORT_COLUMNS)[number]['header'];

/**
 * The row buttons of a practitioner: 编辑, 通过 / 驳回 (staff, a pending registration), 重新提交
 * (a rejected one), 离职 (an approved one), 删除 (never certified, pending or rejected). A
 * record's `actions` names those its caller may press now (staff by their codes, a unit on its
 * own records; server/modules/practitioners/queries.ts actionsFor).
 */
export const PRACTITIONER_ROW_ACTIONS = ['edit', 'approve', 'reject', 'resubmit', 'leave', 'delete'] as const;
export type PractitionerRowAction = (typeof PRACTITIONER_ROW_ACTIONS)[number];

/** What every viewer sees of a practitioner in a list. */
export const PractitionerRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** dictionary gender */
  gender: Nullable(Type.String()),
  /** Whole for the practitioner themselves; masked for everyone else (or a note when it cannot be decrypted). */
  idCardNo: Type.String(),
  phone: Nullable(Type.String()),
  /** Whether idCardNo/phone above are masked for this viewer. */
  piiMasked: Type.Boolean(),
  /** Whether this viewer may fetch the whole values (POST /practitioners/:id/reveal). */
  canReveal: Type.Boolean(),
  email: Nullable(Type.String()),
  /** dictionary education */
  education: Nullable(Type.String()),
  major: Nullable(Type.String()),
  /** dictionary professional_title */
  professionalTitle: Nullable(Type.String()),
  position: Nullable(Type.String()),
  unitId: Type.String(),
  unitName: Type.String(),
  entryDate: Nullable(Type.String()),
  trainingHours: Type.Integer(),
  certificateNo: Nullable(Type.String()),
  certificateValidUntil: Nullable(Type.String()),
  status: Type.Enum(PRACTITIONER_STATUS_VALUES),
  rejectReason: Nullable(Type.String()),
  leftOn: Nullable(Type.String()),
  photoFileId: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
  /** What this viewer may do with the record now. */
  actions: Type.Array(Type.Enum(PRACTITIONER_ROW_ACTIONS), { title: '可执行的操作' }),
});
export type PractitionerRecord = Static<typeof PractitionerRecord>;

/** The practitioner's certificate as the detail shows it (state as of today). */
export const PractitionerCertificate = Type.Object({
  number: Type.String(),
  issuedOn: Type.String(),
  validUntil: Type.String(),
  state: Type.Enum(['valid', 'expired', 'revoked'] as const),
  revokedReason: Nullable(Type.String()),
});
export type PractitionerCertificate = Static<typeof PractitionerCertificate>;

/** GET /practitioners/:id: the record with its files, certificate, account and review history. */
export const PractitionerDetail = Type.Object({
  ...PractitionerRecord.properties,
  photo: Nullable(FileRef),
  diplomas: Type.Array(FileRef),
  otherFiles: Type.Array(FileRef),
  certificate: Nullable(PractitionerCertificate),
  /** The practitioner's login name (authType 3); null when the account is gone. */
  loginAccount: Nullable(Type.String()),
  accountEnabled: Type.Boolean(),
  reviewHistory: Type.Array(ReviewHistoryEntry),
});
export type PractitionerDetail = Static<typeof PractitionerDetail>;


const listFilters = {
  keyword: PageQuery.properties.keyword,
  sort: PageQuery.properties.sort,
  unitId: Type.Optional(Type.String({ maxLength: 64, title: '单位' })),
  status: Type.Optional(Type.Enum(PRACTITIONER_STATUS_VALUES, { title: '状态' })),
  education: Type.Optional(Type.String({ maxLength: 40, title: '学历' })),
  certificate: Type.Optional(Type.Enum(CERTIFICATE_FILTER_VALUES, { title: '证书' })),
};

/**
 * `?keyword=` (a part of the name or certificate number, or a whole 18-character ID number,
 * matched exactly) `&unitId=&status=&education=&certificate=&sort=name,asc`.
 */
export const PractitionerListQuery = Type.Object(
  { current: PageQuery.properties.current, pageSize: PageQuery.properties.pageSize, ...listFilters },
  { additionalProperties: false },
);
export type PractitionerListQuery = Static<typeof PractitionerListQuery>;

/** The export takes the list's filters and sort; `sensitive=true` writes whole ID numbers (a separate, audited permission). */
export const PractitionerExportQuery = Type.Object(
  { ...listFilters, sensitive: Type.Optional(Type.Boolean({ title: '导出完整身份证号码' })) },
  { additionalProperties: false },
);
export type PractitionerExportQuery = Static<typeof PractitionerExportQuery>;

const Text = (title: string, max = PRACTITIONER_TEXT_MAX) => Type.Optional(Nullable(Type.String({ maxLength: max, title })));
const Files = (title: string) => Type.Optional(Type.Array(FileId, { maxItems: PRACTITIONER_FILES_MAX, uniqueItems: true, title }));

const practitionerFields = {
  name: Type.String({ minLength: 1, maxLength: PRACTITIONER_NAME_MAX, title: '姓名' }),
  gender: Text('性别', 40),
  idCardNo: Type.String({ minLength: 1, maxLength: 30, title: '身份证号码' }),
  phone: Text('手机号码', PRACTITIONER_PHONE_MAX),
  email: Text('电子邮箱', PRACTITIONER_EMAIL_MAX),
  education: Text('学历', 40),
  major: Text('专业'),
  professionalTitle: Text('职称', 40),
  position: Text('职务'),
  entryDate: Type.Optional(Nullable(CalendarDate('入职日期'))),
  trainingHours: Type.Optional(BoundedInteger({ title: '培训学时', minimum: 0, maximum: PRACTITIONER_TRAINING_HOURS_MAX })),
  photoFileId: Type.Optional(Nullable(FileId)),
  diplomaFileIds: Files('学历证书'),
  otherFileIds: Files('其他材料'),
};

/** A new practitioner (pending). A unit adds for itself; staff name the (approved) unit. */
export const PractitionerCreateBody = Type.Object(
  { ...practitionerFields, unitId: Type.Optional(Identifier('所属单位')) },
  { additionalProperties: false },
);
export type PractitionerCreateBody = Static<typeof PractitionerCreateBody>;

/**
 * An edit: optional fields left out keep their values, null clears them; carries the version
 * read. The editor sees the ID number and phone masked, so both are sent only when changed.
 */
export const PractitionerUpdateBody = Type.Object(
  { ...practitionerFields, idCardNo: Type.Optional(practitionerFields.idCardNo), version: Version },
  { additionalProperties: false },
);
export type PractitionerUpdateBody = Static<typeof PractitionerUpdateBody>;

/** What creating answers: the new record and its account's credentials, shown once. */
export const PractitionerCreatedResult = Type.Object({
  id: Type.String(),
  loginAccount: Type.String(),
  initialPassword: Type.String(),
});
export type PractitionerCreatedResult = Static<typeof PractitionerCreatedResult>;

const StepVersion = Type.Optional(Version);
const Reason = (title: string) => Type.String({ minLength: 1, maxLength: PRACTITIONER_REASON_MAX, title });

export const PractitionerApproveBody = Type.Object(
  {
    comment: Type.Optional(Type.String({ maxLength: PRACTITIONER_REASON_MAX, title: '审核意见' })),
    /** Without one: the issue date + 3 years − 1 day. */
    validUntil: Type.Optional(CalendarDate('证书有效期至')),
    version: StepVersion,
  },
  { additionalProperties: false },
);
export type PractitionerApproveBody = Static<typeof PractitionerApproveBody>;

export const PractitionerApproveResult = Type.Object({ certificateNo: Type.String(), validUntil: Type.String() });
export type PractitionerApproveResult = Static<typeof PractitionerApproveResult>;

export const PractitionerRejectBody = Type.Object({ reason: Reason('驳回原因'), version: StepVersion }, { additionalProperties: false });
export type PractitionerRejectBody = Static<typeof PractitionerRejectBody>;

export const PractitionerLeaveBody = Type.Object(
  { leftOn: Type.Optional(CalendarDate('离职日期')), reason: Reason('离职原因'), version: StepVersion },
  { additionalProperties: false },
);
export type PractitionerLeaveBody = Static<typeof PractitionerLeaveBody>;

export const PractitionerResubmitBody = Type.Object({ version: StepVersion }, { additionalProperties: false });
export type PractitionerResubmitBody = Static<typeof PractitionerResubmitBody>;

/** POST /practitioners/import: an .xlsx uploaded through /file/upload; staff name the unit. */
export const PractitionerImportBody = Type.Object(
  {
    fileId: FileId,
    unitId: Type.Optional(Identifier('所属单位')),
  },
  { additionalProperties: false },
);
export type PractitionerImportBody = Static<typeof PractitionerImportBody>;

export const ImportRowError = Type.Object({ rowNumber: Type.Integer(), messages: Type.Array(Type.String()) });
export type ImportRowError = Static<typeof ImportRowError>;

export const ImportedAccount = Type.Object({
  rowNumber: Type.Integer(),
  name: Type.String(),
  loginAccount: Type.String(),
  initialPassword: Type.String(),
});
export type ImportedAccount = Static<typeof ImportedAccount>;

/** Each good row saved (with its account, shown once); each failing row saved nothing and says why. */
export const PractitionerImportResult = Type.Object({
  total: Type.Integer(),
  created: Type.Integer(),
  failed: Type.Integer(),
  errors: Type.Array(ImportRowError),
  accounts: Type.Array(ImportedAccount),
});
export type PractitionerImportResult = Static<typeof PractitionerImportResult>;

/** Messages both sides show. */
export const PRACTITIONER_MESSAGES = {
  unitNotApproved: '单位尚未通过入会审核，不能登记从业人员',
  /** Only to staff, or to the unit that holds the live record (server/modules/practitioners/idCardCheck.ts). */
  duplicateIdCard: '该身份证号码已有在册或待审核的从业人员记录',
  /** To a unit whenever an ID number cannot be used and the unit does not hold the record: it says nothing of who holds it. */
  idCardUnavailable: '该身份证号码无法登记：请核对姓名和身份证号码，如确认无误请联系协会',
  /** The form, the edit and the import share one budget of look-ups per unit. */
  lookupTooOften: '登记或导入从业人员过于频繁，请稍后再试；人数较多时可请协会代为导入',
  /** An import row past the unit's remaining look-ups: not looked up, saved nothing. */
  importRowNotLookedUp: '本单位一小时内可核验的身份证号码已用完，该行未导入，请稍后单独导入该行',
} as const;
