/**
 * The expert library as staff manage it (`/api/v1/experts`; the record in docs/domain.md): the
 * record, the list query (also the export's filters) and the create/update bodies. The public read
 * of the same experts is PublicExpert in ./public.ts.
 *
 * Gender, professional title and specialties hold dictionary values (`gender`,
 * `professional_title`, `specialty`); the server checks them against the dictionary.
 * Field limits here are the server's rules; the back-office form shows the same ones.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery, Version } from './common';
import { FileRef } from './content';
import { FILE_ID_PATTERN } from './files';
import { BoundedInteger, Identifier } from './kinds';
import { ExpertReviewStanding } from './reviewTasks';

export const EXPERT_NAME_MAX = 50;
export const EXPERT_TEXT_MAX = 100;
export const EXPERT_PHONE_MAX = 30;
export const EXPERT_EMAIL_MAX = 100;
export const EXPERT_INTRODUCTION_MAX = 2000;
export const EXPERT_SPECIALTIES_MAX = 10;

/** Birth years the library accepts: from 1920 to 18 years before `now` (an adult). */
export const BIRTH_YEAR_MIN = 1920;
export const ADULT_AGE = 18;

export function birthYearMax(now: Date = new Date()): number {
  return now.getFullYear() - ADULT_AGE;
}

/** The birth year rule, for the form and the server alike: a message, or undefined when fine. */
export function checkBirthYear(year: number, now: Date = new Date()): string | undefined {
  const max = birthYearMax(now);
  return Number.isInteger(year) && year >= BIRTH_YEAR_MIN && year <= max ? undefined : `出生年份应在 ${BIRTH_YEAR_MIN} 至 ${max} 之间`;
}


export const ExpertRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** dictionary gender */
  gender: Nullable(Type.String()),
  birthYear: Nullable(Type.Integer()),
  /** dictionary professional_title */
  professionalTitle: Nullable(Type.String()),
  workUnit: Nullable(Type.String()),
  position: Nullable(Type.String()),
  /** dictionary specialty values, in the dictionary's order */
  specialties: Type.Array(Type.String()),
  /** dictionary expert_category (社科研究 / 工程技术 / 综合管理): the review panels' composition rules use it. */
  category: Nullable(Type.String()),
  /** The expert's own practitioner record, if any: the draw keeps them off their units' projects. */
  practitionerId: Nullable(Type.String()),
  practitionerName: Nullable(Type.String()),
  /** Whole: staff see the contact details (the public site masks them). */
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  introduction: Nullable(Type.String()),
  photoFileId: Nullable(Type.String()),
  photo: Nullable(FileRef),
  /** Shown on the public expert page (together with `active`). */
  public: Type.Boolean(),
  /** Still in the library; an inactive expert (retired, left) is kept but never shown publicly. */
  active: Type.Boolean(),
  /** Whether the public expert page and the site search show the expert now: public and active. */
  shownPublicly: Type.Boolean(),
  sort: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type ExpertRecord = Static<typeof ExpertRecord>;

/**
 * The row controls of an expert: 编辑, 删除, and the two switches (官网公开: `show` on a hidden
 * row, `hide` on a public one; 启用: `enable` / `disable`). A list row's `actions` names those
 * its caller may use now (server/modules/experts/queries.ts actionsFor).
 */
export const EXPERT_ROW_ACTIONS = ['edit', 'delete', 'show', 'hide', 'enable', 'disable'] as const;
export type ExpertRowAction = (typeof EXPERT_ROW_ACTIONS)[number];

/**
 * A row of the staff's expert list: the record, the expert's reviews (this year against the
 * yearly cap, the last one, the average rating and whether it flags the expert; see
 * ExpertReviewStanding in ./reviewTasks.ts) and what the caller may do with it.
 */
export const ExpertListItem = Type.Object({
  ...ExpertRecord.properties,
  ...ExpertReviewStanding.properties,
  actions: Type.Array(Type.Enum(EXPERT_ROW_ACTIONS), { title: '可执行的操作' }),
});
export type ExpertListItem = Static<typeof ExpertListItem>;

/** `?keyword=` (name or work unit) `&specialty=law&public=true&active=false&professionalTitle=senior&sort=name,asc` */
export const ExpertListQuery = Type.Object(
  {
    ...PageQuery.properties,
    specialty: Type.Optional(Type.String({ maxLength: 40, title: '专业领域' })),
    professionalTitle: Type.Optional(Type.String({ maxLength: 40, title: '职称' })),
    public: Type.Optional(Type.Boolean({ title: '公开状态' })),
    active: Type.Optional(Type.Boolean({ title: '启用状态' })),
    category: Type.Optional(Type.String({ maxLength: 40, title: '专家类别' })),
    /** Only the experts whose recent ratings flag them. */
    flagged: Type.Optional(Type.Boolean({ title: '评价偏低' })),
  },
  { additionalProperties: false },
);
export type ExpertListQuery = Static<typeof ExpertListQuery>;

/** The export takes the list's filters and sort, without paging. */
export const ExpertExportQuery = Type.Object(
  {
    keyword: ExpertListQuery.properties.keyword,
    sort: ExpertListQuery.properties.sort,
    specialty: ExpertListQuery.properties.specialty,
    professionalTitle: ExpertListQuery.properties.professionalTitle,
    public: ExpertListQuery.properties.public,
    active: ExpertListQuery.properties.active,
    category: ExpertListQuery.properties.category,
    flagged: ExpertListQuery.properties.flagged,
  },
  { additionalProperties: false },
);
export type ExpertExportQuery = Static<typeof ExpertExportQuery>;

const Text = (title: string, max = EXPERT_TEXT_MAX) => Type.Optional(Nullable(Type.String({ maxLength: max, title })));

const expertFields = {
  name: Type.String({ minLength: 1, maxLength: EXPERT_NAME_MAX, title: '姓名' }),
  gender: Text('性别', 40),
  birthYear: Type.Optional(Nullable(BoundedInteger({ title: '出生年份', minimum: 1900, maximum: 2100 }))),
  professionalTitle: Text('职称', 40),
  workUnit: Type.String({ minLength: 1, maxLength: EXPERT_TEXT_MAX, title: '工作单位' }),
  position: Text('职务'),
  specialties: Type.Array(Type.String({ minLength: 1, maxLength: 40, title: '专业领域' }), {
    minItems: 1,
    maxItems: EXPERT_SPECIALTIES_MAX,
    uniqueItems: true,
    title: '专业领域',
  }),
  phone: Text('联系电话', EXPERT_PHONE_MAX),
  email: Text('电子邮箱', EXPERT_EMAIL_MAX),
  introduction: Text('简介', EXPERT_INTRODUCTION_MAX),
  photoFileId: Type.Optional(Nullable(Type.String({ pattern: FILE_ID_PATTERN, title: '照片' }))),
  category: Text('专家类别', 40),
  practitionerId: Type.Optional(Nullable(Identifier('关联的从业人员'))),
  public: Type.Optional(Type.Boolean({ title: '公开' })),
  active: Type.Optional(Type.Boolean({ title: '启用' })),
  sort: Type.Optional(BoundedInteger({ title: '排序', minimum: 0, maximum: 1_000_000 })),
};

/** A new expert: public and active unless said otherwise; without a sort, after the last one. */
export const ExpertCreateBody = Type.Object(expertFields, { additionalProperties: false });
export type ExpertCreateBody = Static<typeof ExpertCreateBody>;

/** An edit: optional fields left out keep their values, null clears them; carries the version read. */
export const ExpertUpdateBody = Type.Object({ ...expertFields, version: Version }, { additionalProperties: false });
export type ExpertUpdateBody = Static<typeof ExpertUpdateBody>;

/**
 * The row switches (POST /experts/:id/<action>, no body): show/hide on the public page,
 * enable/disable in the library. Setting the state an expert already has changes nothing.
 */
export const EXPERT_ACTIONS = ['show', 'hide', 'enable', 'disable'] as const;
export type ExpertAction = (typeof EXPERT_ACTIONS)[number];
