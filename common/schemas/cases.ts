/**
 * Business cases (业绩案例; `/api/v1/cases`; docs/domain.md, "Records and their states"): a
 * unit's record of an assessment it completed, checked by the association. Approved cases
 * marked public show in the member window's unit detail.
 *
 *   pending ──(协会通过)──▶ approved
 *      │  ◀──(单位修改：回到待审核)──┘
 *      └──(协会驳回, reason)──▶ rejected ──(单位修改)──▶ pending
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery, Version } from './common';
import { FileRef } from './content';
import { FILE_ID_PATTERN } from './files';
import { BoundedInteger, CalendarDate, Identifier } from './kinds';
import { ReviewHistoryEntry } from './membership';

export const CASE_STATUS_VALUES = ['pending', 'approved', 'rejected'] as const;
export type CaseStatusValue = (typeof CASE_STATUS_VALUES)[number];

export const CASE_STATUS_LABELS: Record<CaseStatusValue, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

export const CASE_ACTIONS = ['edit', 'delete', 'approve', 'reject'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];

export const CASE_TITLE_MAX = 200;
export const CASE_TEXT_MAX = 200;
export const CASE_SUMMARY_MAX = 5000;
export const CASE_REASON_MAX = 500;
export const CASE_FILES_MAX = 10;

export const CaseRecord = Type.Object({
  id: Type.String(),
  unitId: Type.String(),
  unitName: Type.String(),
  title: Type.String(),
  /** dictionary project_type */
  projectType: Nullable(Type.String()),
  client: Nullable(Type.String()),
  completedOn: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  status: Type.Enum(CASE_STATUS_VALUES),
  /** Shown in the member window once approved. */
  public: Type.Boolean(),
  rejectReason: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  actions: Type.Array(Type.Enum(CASE_ACTIONS)),
  version: Type.Integer(),
});
export type CaseRecord = Static<typeof CaseRecord>;

export const CaseDetail = Type.Object({
  ...CaseRecord.properties,
  files: Type.Array(FileRef),
  reviewHistory: Type.Array(ReviewHistoryEntry),
});
export type CaseDetail = Static<typeof CaseDetail>;


/** keyword: title or client. unitId: staff only. year: the completion date's year. */
const listFilters = {
  keyword: PageQuery.properties.keyword,
  sort: PageQuery.properties.sort,
  status: Type.Optional(Type.Enum(CASE_STATUS_VALUES, { title: '状态' })),
  projectType: Type.Optional(Type.String({ maxLength: 40, title: '项目类型' })),
  public: Type.Optional(Type.Boolean({ title: '是否公开' })),
  year: Type.Optional(BoundedInteger({ title: '年度', minimum: 1900, maximum: 2999 })),
  unitId: Type.Optional(Identifier('单位')),
};

export const CaseListQuery = Type.Object(
  { current: PageQuery.properties.current, pageSize: PageQuery.properties.pageSize, ...listFilters },
  { additionalProperties: false },
);
export type CaseListQuery = Static<typeof CaseListQuery>;

export const CaseExportQuery = Type.Object(listFilters, { additionalProperties: false });
export type CaseExportQuery = Static<typeof CaseExportQuery>;

const Text = (title: string, max = CASE_TEXT_MAX) => Type.Optional(Nullable(Type.String({ maxLength: max, title })));

const caseFields = {
  title: Type.String({ minLength: 1, maxLength: CASE_TITLE_MAX, title: '案例名称' }),
  projectType: Text('项目类型', 40),
  client: Text('委托单位'),
  completedOn: Type.Optional(Nullable(CalendarDate('完成日期'))),
  summary: Text('案例简介', CASE_SUMMARY_MAX),
  public: Type.Boolean({ title: '是否公开' }),
  fileIds: Type.Optional(
    Type.Array(Type.String({ pattern: FILE_ID_PATTERN, title: '证明材料' }), { maxItems: CASE_FILES_MAX, uniqueItems: true, title: '证明材料' }),
  ),
};

export const CaseCreateBody = Type.Object(caseFields, { additionalProperties: false });
export type CaseCreateBody = Static<typeof CaseCreateBody>;

export const CaseUpdateBody = Type.Object({ ...caseFields, version: Version }, { additionalProperties: false });
export type CaseUpdateBody = Static<typeof CaseUpdateBody>;

export const CaseApproveBody = Type.Object(
  { version: Type.Optional(Version), comment: Type.Optional(Type.String({ maxLength: CASE_REASON_MAX, title: '审核意见' })) },
  { additionalProperties: false },
);
export type CaseApproveBody = Static<typeof CaseApproveBody>;

export const CaseRejectBody = Type.Object(
  { version: Type.Optional(Version), reason: Type.String({ minLength: 1, maxLength: CASE_REASON_MAX, title: '驳回原因' }) },
  { additionalProperties: false },
);
export type CaseRejectBody = Static<typeof CaseRejectBody>;
