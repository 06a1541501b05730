/**
 * Assessment projects (`/api/v1/projects`; docs/domain.md, "Records and their states"): the
 * record, its members and report files, the list query (keyword, type, risk level, region,
 * year, status, unit), the bodies of create / edit and of each workflow step.
 *
 *   draft ──(单位提交)──▶ submitted ──(协会备案)──▶ filed
 *     ▲                      │
 *     │                 (协会退回, reason)
 *     │                      ▼
 *     └──(单位修改后重新提交)── returned
 *
 * A unit files, edits (draft, returned), deletes (draft) and submits its own projects; staff
 * file (备案) or return them; a practitioner reads the projects they led or worked on.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery, Version } from './common';
import { FileRef } from './content';
import { FILE_ID_PATTERN } from './files';
import { BoundedInteger, CalendarDate, DateRange, Identifier } from './kinds';
import { ReviewHistoryEntry } from './membership';
import { ProjectReviewSummary } from './reviewTasks';

export const PROJECT_STATUS_VALUES = ['draft', 'submitted', 'filed', 'returned'] as const;
export type ProjectStatusValue = (typeof PROJECT_STATUS_VALUES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatusValue, string> = {
  draft: '草稿',
  submitted: '待备案',
  filed: '已备案',
  returned: '已退回',
};

/** What the caller may do with a project now (the server decides; the page shows these buttons). */
export const PROJECT_ACTIONS = ['edit', 'delete', 'submit', 'file', 'return'] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

export const PROJECT_NAME_MAX = 200;
export const PROJECT_CODE_MAX = 50;
export const PROJECT_TEXT_MAX = 200;
export const PROJECT_CONCLUSION_MAX = 5000;
export const PROJECT_REASON_MAX = 500;
export const PROJECT_MEMBERS_MAX = 50;
export const PROJECT_REPORTS_MAX = 10;
/** 投资额 (万元): up to 100 billion 万元, two decimals. */
export const PROJECT_INVESTMENT_MAX = 100_000_000;
/** The role a leader is listed with among the members. */
export const LEADER_ROLE = '项目负责人';

export const ProjectMember = Type.Object({
  practitionerId: Type.String(),
  name: Type.String(),
  certificateNo: Nullable(Type.String()),
  role: Nullable(Type.String()),
  leader: Type.Boolean(),
});
export type ProjectMember = Static<typeof ProjectMember>;

export const ProjectRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  code: Nullable(Type.String()),
  unitId: Type.String(),
  unitName: Type.String(),
  client: Nullable(Type.String()),
  /** dictionary project_type */
  type: Nullable(Type.String()),
  region: Nullable(Type.String()),
  /** 投资额, 万元. */
  investment: Nullable(Type.Number()),
  leaderPractitionerId: Nullable(Type.String()),
  leaderName: Nullable(Type.String()),
  startOn: Nullable(Type.String()),
  endOn: Nullable(Type.String()),
  /** dictionary risk_level */
  riskLevel: Nullable(Type.String()),
  conclusion: Nullable(Type.String()),
  status: Type.Enum(PROJECT_STATUS_VALUES),
  returnReason: Nullable(Type.String()),
  submittedAt: Nullable(Type.String()),
  filedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  actions: Type.Array(Type.Enum(PROJECT_ACTIONS)),
  version: Type.Integer(),
});
export type ProjectRecord = Static<typeof ProjectRecord>;

/**
 * One project with its members (the leader first), report files, review history (oldest first)
 * and its expert reviews (newest first; what a panel is never shows here: ./reviewTasks.ts).
 */
export const ProjectDetail = Type.Object({
  ...ProjectRecord.properties,
  members: Type.Array(ProjectMember),
  reports: Type.Array(FileRef),
  reviewHistory: Type.Array(ReviewHistoryEntry),
  expertReviews: Type.Array(ProjectReviewSummary),
});
export type ProjectDetail = Static<typeof ProjectDetail>;

const period = DateRange(CalendarDate, { field: 'startOn', title: '开始日期' }, '结束日期');

/** The filters of the list and of the export. year: the start date's year. unitId: staff only. */
const listFilters = {
  keyword: PageQuery.properties.keyword,
  sort: PageQuery.properties.sort,
  status: Type.Optional(Type.Enum(PROJECT_STATUS_VALUES, { title: '状态' })),
  type: Type.Optional(Type.String({ maxLength: 40, title: '项目类型' })),
  riskLevel: Type.Optional(Type.String({ maxLength: 40, title: '风险等级' })),
  region: Type.Optional(Type.String({ maxLength: 100, title: '所在区域' })),
  year: Type.Optional(BoundedInteger({ title: '年度', minimum: 1900, maximum: 2999 })),
  unitId: Type.Optional(Identifier('评估单位')),
};

export const ProjectListQuery = Type.Object(
  { current: PageQuery.properties.current, pageSize: PageQuery.properties.pageSize, ...listFilters },
  { additionalProperties: false },
);
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const ProjectExportQuery = Type.Object(listFilters, { additionalProperties: false });
export type ProjectExportQuery = Static<typeof ProjectExportQuery>;

const Text = (title: string, max = PROJECT_TEXT_MAX) => Type.Optional(Nullable(Type.String({ maxLength: max, title })));

export const ProjectMemberInput = Type.Object(
  {
    practitionerId: Identifier('项目成员'),
    role: Text('成员分工', 50),
  },
  { additionalProperties: false },
);
export type ProjectMemberInput = Static<typeof ProjectMemberInput>;

/**
 * Create and edit. A draft may be incomplete; submitting asks for what 备案 needs (client, type,
 * region, leader, start date, risk level, conclusion and at least one report).
 */
const projectFields = {
  name: Type.String({ minLength: 1, maxLength: PROJECT_NAME_MAX, title: '项目名称' }),
  code: Type.String({ minLength: 1, maxLength: PROJECT_CODE_MAX, title: '项目编号' }),
  client: Text('委托单位'),
  type: Text('项目类型', 40),
  region: Text('所在区域', 100),
  investment: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: PROJECT_INVESTMENT_MAX, title: '投资额' }))),
  leaderPractitionerId: Type.Optional(Nullable(Identifier('项目负责人'))),
  members: Type.Optional(Type.Array(ProjectMemberInput, { maxItems: PROJECT_MEMBERS_MAX, title: '项目成员' })),
  startOn: Type.Optional(Nullable(period.from)),
  endOn: Type.Optional(Nullable(period.to)),
  riskLevel: Text('风险等级', 40),
  conclusion: Text('评估结论', PROJECT_CONCLUSION_MAX),
  reportFileIds: Type.Optional(
    Type.Array(Type.String({ pattern: FILE_ID_PATTERN, title: '评估报告' }), { maxItems: PROJECT_REPORTS_MAX, uniqueItems: true, title: '评估报告' }),
  ),
};

export const ProjectCreateBody = Type.Object(projectFields, { additionalProperties: false });
export type ProjectCreateBody = Static<typeof ProjectCreateBody>;

export const ProjectUpdateBody = Type.Object({ ...projectFields, version: Version }, { additionalProperties: false });
export type ProjectUpdateBody = Static<typeof ProjectUpdateBody>;

/** 提交 and 备案 (an optional comment); the version read is optional for the review queue's sake. */
export const ProjectStepBody = Type.Object(
  { version: Type.Optional(Version), comment: Type.Optional(Type.String({ maxLength: PROJECT_REASON_MAX, title: '意见' })) },
  { additionalProperties: false },
);
export type ProjectStepBody = Static<typeof ProjectStepBody>;

/** 退回修改: the reason is required. */
export const ProjectReturnBody = Type.Object(
  { version: Type.Optional(Version), reason: Type.String({ minLength: 1, maxLength: PROJECT_REASON_MAX, title: '退回原因' }) },
  { additionalProperties: false },
);
export type ProjectReturnBody = Static<typeof ProjectReturnBody>;

/** A unit's approved practitioner, for the leader and member pickers (GET /practitioners/options). */
export const PractitionerOption = Type.Object({ id: Type.String(), name: Type.String(), certificateNo: Nullable(Type.String()) });
export type PractitionerOption = Static<typeof PractitionerOption>;

export const PractitionerOptionsQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 50, title: '关键字' })),
    /** Staff name the unit; a unit always gets its own. */
    unitId: Type.Optional(Identifier('单位')),
  },
  { additionalProperties: false },
);
export type PractitionerOptionsQuery = Static<typeof PractitionerOptionsQuery>;
