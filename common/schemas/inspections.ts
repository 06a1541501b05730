/**
 * The annual inspection (年检; docs/domain.md, "Workflows"; `/api/v1/annual-inspections`):
 * the inspection years staff open, the record of each subject (a member unit or a
 * practitioner) in a year, its submission, the decision, the list query and the bodies.
 *
 *   not_submitted ──(unit / practitioner 提交)──▶ submitted ──(staff 通过)──▶ passed
 *        ▲                                          │      └──(staff 不通过)──▶ failed
 *        │                                          └──(staff 退回修改)──▶ returned
 *   returned ──(提交)──▶ resubmitted (waits for review like submitted)
 *
 * Every approved member unit and every approved practitioner is a subject of an open year;
 * its record exists from the moment the year opens (or, for one approved later, from the
 * first time the year is read). After the deadline a subject that has not submitted (not
 * submitted, or returned and not yet resubmitted) is flagged overdue.
 */
import Type, { type Static } from 'typebox';
import { Id, Nullable, PageQuery, Version } from './common';
import { FileRef } from './content';
import { FILE_ID_PATTERN } from './files';
import { BoundedInteger, CalendarDate, Identifier } from './kinds';
import { ReviewHistoryEntry } from './membership';

export const INSPECTION_STATUS_VALUES = ['not_submitted', 'submitted', 'resubmitted', 'returned', 'passed', 'failed'] as const;
export type InspectionStatusValue = (typeof INSPECTION_STATUS_VALUES)[number];

export const INSPECTION_STATUS_LABELS: Record<InspectionStatusValue, string> = {
  not_submitted: '未提交',
  submitted: '已提交',
  resubmitted: '已重新提交',
  returned: '退回修改',
  passed: '已通过',
  failed: '不通过',
};

/**
 * The state as a unit or practitioner reads it on their workbench: the list's label, and for
 * states that wait on someone, who (the same words as the inspection page, one table).
 */
export function inspectionStatusText(status: string): string {
  const label = INSPECTION_STATUS_LABELS[status as InspectionStatusValue] ?? status;
  if (status === 'submitted' || status === 'resubmitted') return `${label}，待审核`;
  if (status === 'returned') return `${label}，待重新提交`;
  return label;
}

/** States waiting for the association's decision. */
export const INSPECTION_PENDING_STATUSES = ['submitted', 'resubmitted'] as const satisfies readonly InspectionStatusValue[];
/** States from which the subject may (still) submit. */
export const INSPECTION_SUBMITTABLE_STATUSES = ['not_submitted', 'returned'] as const satisfies readonly InspectionStatusValue[];

export const INSPECTION_SUBJECT_TYPE_VALUES = ['unit', 'practitioner'] as const;
export type InspectionSubjectTypeValue = (typeof INSPECTION_SUBJECT_TYPE_VALUES)[number];
export const INSPECTION_SUBJECT_TYPE_LABELS: Record<InspectionSubjectTypeValue, string> = { unit: '会员单位', practitioner: '从业人员' };

export const INSPECTION_YEAR_STATUS_VALUES = ['open', 'closed'] as const;
export type InspectionYearStatusValue = (typeof INSPECTION_YEAR_STATUS_VALUES)[number];
export const INSPECTION_YEAR_STATUS_LABELS: Record<InspectionYearStatusValue, string> = { open: '进行中', closed: '已关闭' };

/** What a caller may do with one record now (the server decides; the page shows these buttons). */
export const INSPECTION_ACTIONS = ['submit', 'approve', 'reject', 'return'] as const;
export type InspectionAction = (typeof INSPECTION_ACTIONS)[number];
/** approve = 通过, reject = 不通过, return = 退回修改. */
export const INSPECTION_ACTION_LABELS: Record<InspectionAction, string> = { submit: '提交', approve: '通过', reject: '不通过', return: '退回修改' };

export const INSPECTION_YEAR_MIN = 2000;
export const INSPECTION_YEAR_MAX = 2100;
export const SELF_REPORT_MAX = 2000;
export const INSPECTION_REASON_MAX = 500;
export const INSPECTION_FILES_MAX = 20;
export const INSPECTION_FIGURE_MAX = 100_000;
/** Days before the deadline from which units that have not submitted are reminded (once). */
export const INSPECTION_REMINDER_DAYS = 3;

/** The server's words, shared with the mock and the tests. */
export const INSPECTION_MESSAGES = {
  yearExists: (year: number) => `${year}年度年检已开启，不能重复开启`,
  yearNotFound: (year: number) => `${year}年度年检尚未开启`,
  yearClosed: (year: number) => `${year}年度年检已关闭，不能再提交或审核`,
  yearAlreadyClosed: (year: number) => `${year}年度年检已经关闭`,
  deadlineBeforeToday: '截止日期不能早于今天',
  alreadySubmitted: '该年检已提交，正在等待协会审核，不能重复提交',
  alreadyDecided: (label: string) => `该年检已审核（${label}），不能再提交`,
  notPending: (label: string) => `该年检当前为「${label}」，只有已提交、等待审核的年检可以审核`,
  subjectNotApproved: '年检对象已不是已通过审核的会员单位或在职从业人员，不能提交',
  notYourSubject: '只能为本单位及本单位的从业人员提交年检',
  notYourself: '从业人员只能提交本人的年检',
  selfReportRequired: '请填写年度自查报告',
  reasonRequired: (what: string) => `请填写${what}原因`,
  filesMissing: '年检附件不存在，请重新上传',
  batchDuplicate: '同一份年检在本次批量提交中出现了多次',
  batchSubmitted: (submitted: number, refused: number) => (refused > 0 ? `已提交 ${submitted} 份年检，${refused} 份未能提交` : `已提交 ${submitted} 份年检`),
  yearRequiredForExport: '请选择要导出的年度',
} as const;

const Year = BoundedInteger({ title: '年度', minimum: INSPECTION_YEAR_MIN, maximum: INSPECTION_YEAR_MAX });

/** How many records of a year are in each state (staff: all; a unit: its own and its practitioners'; a practitioner: their own). */
export const InspectionCounts = Type.Object({
  total: Type.Integer(),
  notSubmitted: Type.Integer(),
  /** submitted + resubmitted: waiting for review. */
  submitted: Type.Integer(),
  returned: Type.Integer(),
  passed: Type.Integer(),
  failed: Type.Integer(),
  /** Not submitted (or returned and not resubmitted) after the deadline. */
  overdue: Type.Integer(),
});
export type InspectionCounts = Static<typeof InspectionCounts>;

export const InspectionYearRecord = Type.Object({
  id: Type.String(),
  year: Type.Integer(),
  /** 'YYYY-MM-DD', the last day to submit (inclusive). */
  deadline: Type.String(),
  status: Type.Enum(INSPECTION_YEAR_STATUS_VALUES),
  /** The deadline has passed (Beijing time). */
  pastDeadline: Type.Boolean(),
  openedAt: Type.String(),
  openedByName: Nullable(Type.String()),
  counts: InspectionCounts,
  version: Type.Integer(),
});
export type InspectionYearRecord = Static<typeof InspectionYearRecord>;

export const InspectionYearCreateBody = Type.Object(
  { year: Year, deadline: CalendarDate('截止日期') },
  { additionalProperties: false },
);
export type InspectionYearCreateBody = Static<typeof InspectionYearCreateBody>;

export const InspectionYearUpdateBody = Type.Object(
  { version: Version, deadline: CalendarDate('截止日期') },
  { additionalProperties: false },
);
export type InspectionYearUpdateBody = Static<typeof InspectionYearUpdateBody>;

export const InspectionYearCloseBody = Type.Object({ version: Version }, { additionalProperties: false });
export type InspectionYearCloseBody = Static<typeof InspectionYearCloseBody>;

export const InspectionYearParams = Type.Object({ year: Year }, { additionalProperties: false });
export type InspectionYearParams = Static<typeof InspectionYearParams>;

export const InspectionRecord = Type.Object({
  id: Type.String(),
  year: Type.Integer(),
  subjectType: Type.Enum(INSPECTION_SUBJECT_TYPE_VALUES),
  /** member_units.id or practitioners.id. */
  subjectId: Type.String(),
  subjectName: Type.String(),
  /** The unit itself, or the practitioner's unit. */
  unitId: Type.String(),
  unitName: Type.String(),
  status: Type.Enum(INSPECTION_STATUS_VALUES),
  selfReport: Nullable(Type.String()),
  projectsDone: Nullable(Type.Integer()),
  trainingHours: Nullable(Type.Integer()),
  /**
   * The training hours on record for the subject, which the submission form fills in: a
   * practitioner's registered hours, or for a unit the sum of its approved practitioners'.
   */
  knownTrainingHours: Nullable(Type.Integer()),
  submittedAt: Nullable(Type.String()),
  reviewerName: Nullable(Type.String()),
  /** The reviewer's comment: the reason of a return or a fail, or the remark of a pass. */
  reviewComment: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  deadline: Type.String(),
  yearStatus: Type.Enum(INSPECTION_YEAR_STATUS_VALUES),
  overdue: Type.Boolean(),
  /** The subject's certificate validity (the live certificate; a pass extends it by a year). */
  certificateValidUntil: Nullable(Type.String()),
  actions: Type.Array(Type.Enum(INSPECTION_ACTIONS)),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type InspectionRecord = Static<typeof InspectionRecord>;

/** One record with its files and its review history (oldest first). */
export const InspectionDetail = Type.Object({
  ...InspectionRecord.properties,
  files: Type.Array(FileRef),
  reviewHistory: Type.Array(ReviewHistoryEntry),
});
export type InspectionDetail = Static<typeof InspectionDetail>;

const BoolQuery = (title: string) => Type.Boolean({ title });

const listFilters = {
  year: Type.Optional(Year),
  subjectType: Type.Optional(Type.Enum(INSPECTION_SUBJECT_TYPE_VALUES, { title: '对象类型' })),
  status: Type.Optional(Type.Enum(INSPECTION_STATUS_VALUES, { title: '状态' })),
  /** Staff only: one unit's own record and its practitioners'. */
  unitId: Type.Optional(Identifier('单位')),
  overdue: Type.Optional(BoolQuery('是否逾期')),
};

/**
 * `?year=2026&subjectType=practitioner&status=submitted&unitId=…&overdue=true&keyword=张&sort=submittedAt,desc`
 * keyword: the subject's name or the unit's name. status=submitted also finds resubmitted ones.
 */
export const InspectionListQuery = Type.Object({ ...PageQuery.properties, ...listFilters }, { additionalProperties: false });
export type InspectionListQuery = Static<typeof InspectionListQuery>;

export const InspectionExportQuery = Type.Object(
  {
    keyword: PageQuery.properties.keyword,
    sort: PageQuery.properties.sort,
    ...listFilters,
  },
  { additionalProperties: false },
);
export type InspectionExportQuery = Static<typeof InspectionExportQuery>;

const Figure = (title: string) => BoundedInteger({ title, minimum: 0, maximum: INSPECTION_FIGURE_MAX });

/** 提交 / 重新提交: the self report, the figures of the year and the files. */
export const InspectionSubmitBody = Type.Object(
  {
    version: Version,
    selfReport: Type.String({ minLength: 1, maxLength: SELF_REPORT_MAX, title: '年度自查报告' }),
    projectsDone: Figure('本年度完成项目数'),
    trainingHours: Figure('本年度培训学时'),
    fileIds: Type.Array(Type.String({ pattern: FILE_ID_PATTERN, title: '年检附件' }), {
      maxItems: INSPECTION_FILES_MAX,
      uniqueItems: true,
      title: '年检附件',
    }),
  },
  { additionalProperties: false },
);
export type InspectionSubmitBody = Static<typeof InspectionSubmitBody>;

/** At most this many records in one 批量提交. */
export const INSPECTION_BATCH_MAX = 100;

/**
 * 批量提交 (POST /annual-inspections/batch-submit): a unit submits several records at once (its
 * practitioners', its own) with one self report and the same files, each record with its own
 * figures and the version read. Each allowed record is submitted in a transaction of its own.
 */
export const InspectionBatchSubmitBody = Type.Object(
  {
    selfReport: InspectionSubmitBody.properties.selfReport,
    fileIds: InspectionSubmitBody.properties.fileIds,
    items: Type.Array(
      Type.Object(
        {
          id: Id,
          version: Version,
          projectsDone: Figure('本年度完成项目数'),
          trainingHours: Figure('本年度培训学时'),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: INSPECTION_BATCH_MAX, title: '年检' },
    ),
  },
  { additionalProperties: false },
);
export type InspectionBatchSubmitBody = Static<typeof InspectionBatchSubmitBody>;

/** What a 批量提交 did: the records submitted (and their new state), those refused and why. */
export const InspectionBatchSubmitResult = Type.Object({
  submitted: Type.Array(Type.Object({ id: Type.String(), subjectName: Type.String(), status: Type.Enum(INSPECTION_STATUS_VALUES) })),
  refused: Type.Array(Type.Object({ id: Type.String(), subjectName: Nullable(Type.String()), reason: Type.String() })),
});
export type InspectionBatchSubmitResult = Static<typeof InspectionBatchSubmitResult>;

/** 通过: an optional comment. The version is the one read (the review queue may leave it out). */
export const InspectionApproveBody = Type.Object(
  {
    version: Type.Optional(Version),
    comment: Type.Optional(Type.String({ maxLength: INSPECTION_REASON_MAX, title: '审核意见' })),
  },
  { additionalProperties: false },
);
export type InspectionApproveBody = Static<typeof InspectionApproveBody>;

/** 不通过 / 退回修改: the reason is required. */
export const InspectionReasonBody = Type.Object(
  {
    version: Type.Optional(Version),
    reason: Type.String({ minLength: 1, maxLength: INSPECTION_REASON_MAX, title: '原因' }),
  },
  { additionalProperties: false },
);
export type InspectionReasonBody = Static<typeof InspectionReasonBody>;
