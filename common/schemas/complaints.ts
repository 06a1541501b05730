/**
 * Complaints (投诉举报; docs/domain.md, "Complaints"): a member of the public complains about a
 * member unit (optionally naming one of its practitioners or projects) on the public site; staff
 * accept or decline it, the unit answers in writing (申辩), staff conclude it. The complainant
 * follows it with the tracking number and the query code shown once. The server is
 * server/modules/complaints; the statuses, steps and deadlines' numbers are common/credit.ts's,
 * the deadlines' days common/complaintDeadlines.ts's.
 *
 *   POST /public/complaints                        submit (no account; rate-limited per address) → number + query code, once
 *   POST /public/complaints/files                  an attachment, multipart (no account; rate-limited per address)
 *   POST /public/complaints/track                  { complaintNo, queryCode } → the progress (rate-limited; one answer for any miss)
 *   GET  /public/complaints/units                  approved member units to choose from (id, name)
 *   GET  /public/complaints/units/:id/practitioners?keyword=   the unit's practitioners matching a name (two characters at least)
 *   GET  /public/complaints/units/:id/projects?keyword=        the unit's filed projects matching a name
 *   GET  /complaints                               list (staff complaint:view; a unit its own, once accepted)
 *   GET  /complaints/export                        the list as .xlsx (complaint:export)
 *   GET  /complaints/:id                           one complaint (the complainant's phone and e-mail masked; never to the unit)
 *   POST /complaints/:id/accept                    { version, note? } (complaint:handle)
 *   POST /complaints/:id/decline                   { version, reason } (complaint:handle)
 *   POST /complaints/:id/reply                     the unit's written answer { version, answer, fileIds } by answer_due_on
 *   POST /complaints/:id/conclude                  { version, conclusion, handling } (complaint:handle)
 *   POST /complaints/:id/reveal                    { field } → the whole phone or e-mail (complaint:reveal; audited)
 *
 *   pending ──(受理)──▶ accepted ──(单位申辩)──▶ answered ──(办结)──▶ concluded
 *      │                  └───────(申辩期满未申辩，办结)──────────────▲
 *      └──(不予受理, reason)──▶ declined
 */
import Type, { type Static } from 'typebox';
import {
  COMPLAINT_CONCLUSIONS,
  COMPLAINT_KINDS,
  COMPLAINT_STATUSES,
  COMPLAINT_STEPS,
} from '../credit';
import { Nullable, PageQuery, Version } from './common';
import { FileRef } from './content';
import { FILE_ID_PATTERN } from './files';
import { CalendarDate, DateRange, Identifier } from './kinds';

// ---- limits -----------------------------------------------------------------------------------

export const COMPLAINT_NAME_MAX = 50;
export const COMPLAINT_PHONE_MAX = 20;
export const COMPLAINT_EMAIL_MAX = 100;
export const COMPLAINT_TITLE_MAX = 100;
export const COMPLAINT_CONTENT_MAX = 5000;
export const COMPLAINT_FILES_MAX = 9;
/** Largest attachment of a complaint (images and PDF). */
export const COMPLAINT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const COMPLAINT_NOTE_MAX = 500;
export const COMPLAINT_HANDLING_MAX = 2000;
export const COMPLAINT_ANSWER_MAX = 5000;
/** What the attachments may be, as the file picker's `accept` says it. */
export const COMPLAINT_FILE_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.bmp,.pdf';

/** The tracking number: TS, the year, six digits (server/workflow/numbers.ts). */
export const COMPLAINT_NO_PATTERN = '^TS\\d{10}$';
/** The query code: ten characters of QUERY_CODE_ALPHABET (no 0/O, 1/I: read off a screen). */
export const QUERY_CODE_LENGTH = 10;
export const QUERY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** How a typed number or code is compared: upper case, without spaces. */
export const normaliseTrackingText = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

// ---- the server's words ------------------------------------------------------------------------

export const COMPLAINT_MESSAGES = {
  submitted: '投诉举报已提交，请妥善保存投诉编号和查询码',
  tooMany: '提交过于频繁，请稍后再试',
  uploadsTooMany: '上传过于频繁，请稍后再试',
  lookupsTooMany: '查询过于频繁，请稍后再试',
  /** One answer for an unknown number and a wrong code: the answer tells nothing about which numbers exist. */
  trackFailed: '投诉编号或查询码不正确，请核对后重新输入',
  trackTooMany: '查询次数过多，请稍后再试',
  nameRequired: '请填写投诉人姓名（举报可选择匿名）',
  phoneRequired: '请填写联系电话（举报可选择匿名）',
  anonymousComplaint: '投诉须实名，只有举报可以匿名',
  anonymousWithContact: '匿名举报请不要填写姓名、电话或电子邮箱',
  consentMissing: '请阅读并同意投诉举报个人信息处理说明',
  unitInvalid: '被投诉单位不存在或不是本协会会员单位，请从列表中选择',
  practitionerInvalid: '所选从业人员不属于被投诉单位，请重新选择',
  projectInvalid: '所选项目不属于被投诉单位，请重新选择',
  fileKind: '附件只能上传图片（JPG、PNG、GIF、WebP、BMP）或 PDF 文件',
  keywordShort: '请输入至少两个字',
  notPending: '该投诉举报已办理受理决定，不能重复受理或不予受理',
  declineReasonRequired: '请填写不予受理的理由',
  notAnswerable: '该投诉举报当前不能申辩',
  answerLate: '书面申辩期限已过，不能再提交申辩；如有特殊情况请联系协会',
  answerRequired: '请填写书面申辩内容',
  concludeWaiting: '被投诉单位的书面申辩期限尚未届满，请等单位申辩或期限届满后再办结',
  notConcludable: '该投诉举报当前不能办结',
  handlingRequired: '请填写处理结果',
  nothingToReveal: '该投诉举报没有可查看的联系方式（匿名举报或已按保存期限删除）',
} as const;

// ---- what the caller may do ----------------------------------------------------------------------

/** A complaint's actions for this caller now (the server decides; the page shows these buttons). */
export const COMPLAINT_ACTIONS = ['accept', 'decline', 'reply', 'conclude', 'reveal'] as const;
export type ComplaintAction = (typeof COMPLAINT_ACTIONS)[number];

/** Which deadline a complaint waits on now. */
export const COMPLAINT_DEADLINE_STEPS = ['accept', 'answer', 'conclude'] as const;
export type ComplaintDeadlineStep = (typeof COMPLAINT_DEADLINE_STEPS)[number];
export const COMPLAINT_DEADLINE_LABELS: Record<ComplaintDeadlineStep, string> = { accept: '受理期限', answer: '申辩期限', conclude: '办结期限' };

/** The list's filter by deadline: running out (COMPLAINT_DUE_SOON_DAYS) or past. */
export const COMPLAINT_DUE_FILTERS = ['soon', 'overdue'] as const;
export type ComplaintDueFilter = (typeof COMPLAINT_DUE_FILTERS)[number];
export const COMPLAINT_DUE_LABELS: Record<ComplaintDueFilter, string> = { soon: '即将到期', overdue: '已逾期' };

// ---- public: submit and track ---------------------------------------------------------------------

const FileIds = (title: string) =>
  Type.Array(Type.String({ pattern: FILE_ID_PATTERN, title }), { maxItems: COMPLAINT_FILES_MAX, uniqueItems: true, title });

export const ComplaintSubmitBody = Type.Object(
  {
    kind: Type.Enum(COMPLAINT_KINDS, { title: '类型' }),
    /** A 举报 without the complainant's name and phone. */
    anonymous: Type.Boolean({ title: '匿名举报' }),
    name: Type.Optional(Nullable(Type.String({ maxLength: COMPLAINT_NAME_MAX, title: '姓名' }))),
    phone: Type.Optional(Nullable(Type.String({ maxLength: COMPLAINT_PHONE_MAX, title: '联系电话' }))),
    /** Optional: the progress notices go there too. */
    email: Type.Optional(Nullable(Type.String({ maxLength: COMPLAINT_EMAIL_MAX, title: '电子邮箱' }))),
    unitId: Identifier('被投诉单位'),
    practitionerId: Type.Optional(Nullable(Identifier('涉及从业人员'))),
    projectId: Type.Optional(Nullable(Identifier('涉及项目'))),
    title: Type.String({ minLength: 1, maxLength: COMPLAINT_TITLE_MAX, title: '标题' }),
    content: Type.String({ minLength: 1, maxLength: COMPLAINT_CONTENT_MAX, title: '投诉举报内容' }),
    /** Uploaded through POST /public/complaints/files. */
    fileIds: Type.Optional(FileIds('附件')),
    /** The complainant read and agreed to the personal-information notice of the form. */
    consent: Type.Boolean({ title: '同意个人信息处理说明' }),
  },
  { additionalProperties: false },
);
export type ComplaintSubmitBody = Static<typeof ComplaintSubmitBody>;

/** Shown once: only the query code's hash is kept. */
export const ComplaintSubmitResult = Type.Object({
  complaintNo: Type.String(),
  queryCode: Type.String(),
  /** The last day for the association to accept or decline it. */
  acceptDueOn: Type.String(),
});
export type ComplaintSubmitResult = Static<typeof ComplaintSubmitResult>;

/** In a body, never in an address: the code is a secret (proxies and browsers keep addresses). */
export const ComplaintTrackBody = Type.Object(
  {
    complaintNo: Type.String({ minLength: 1, maxLength: 32, title: '投诉编号' }),
    queryCode: Type.String({ minLength: 1, maxLength: 32, title: '查询码' }),
  },
  { additionalProperties: false },
);
export type ComplaintTrackBody = Static<typeof ComplaintTrackBody>;

/** One step as the complainant reads it: when, and the public note. */
export const ComplaintPublicStep = Type.Object({
  step: Type.Enum(COMPLAINT_STEPS),
  at: Type.String(),
  note: Nullable(Type.String()),
});
export type ComplaintPublicStep = Static<typeof ComplaintPublicStep>;

/** What the query code opens: the progress and the outcome, nothing of the content or the complainant. */
export const ComplaintProgress = Type.Object({
  complaintNo: Type.String(),
  kind: Type.Enum(COMPLAINT_KINDS),
  unitName: Type.String(),
  /** 'YYYY-MM-DD' (Beijing). */
  submittedOn: Type.String(),
  status: Type.Enum(COMPLAINT_STATUSES),
  steps: Type.Array(ComplaintPublicStep),
  outcome: Nullable(
    Type.Object({
      conclusion: Type.Enum(COMPLAINT_CONCLUSIONS),
      handling: Type.String(),
      concludedOn: Type.String(),
    }),
  ),
});
export type ComplaintProgress = Static<typeof ComplaintProgress>;

export const ComplaintOption = Type.Object({ id: Type.String(), name: Type.String() });
export type ComplaintOption = Static<typeof ComplaintOption>;

export const ComplaintUnitsQuery = Type.Object(
  { keyword: Type.Optional(Type.String({ maxLength: 50, title: '单位名称' })) },
  { additionalProperties: false },
);
export type ComplaintUnitsQuery = Static<typeof ComplaintUnitsQuery>;

/** A name to look for among the unit's practitioners or projects: two characters at least, so that a list is never handed out whole. */
export const ComplaintLookupQuery = Type.Object(
  { keyword: Type.String({ minLength: 2, maxLength: 50, title: '关键字' }) },
  { additionalProperties: false },
);
export type ComplaintLookupQuery = Static<typeof ComplaintLookupQuery>;

// ---- staff and the unit -----------------------------------------------------------------------

/** The deadline a complaint waits on now, and how it stands today. */
export const ComplaintDeadline = Type.Object({
  step: Type.Enum(COMPLAINT_DEADLINE_STEPS),
  dueOn: Type.String(),
  /** Days left (0: its last day); negative: days overdue. */
  daysLeft: Type.Integer(),
});
export type ComplaintDeadline = Static<typeof ComplaintDeadline>;

export const ComplaintListItem = Type.Object({
  id: Type.String(),
  complaintNo: Type.String(),
  kind: Type.Enum(COMPLAINT_KINDS),
  /** Null to a unit: it never learns whether the complainant gave a name. */
  anonymous: Nullable(Type.Boolean()),
  unitId: Type.String(),
  unitName: Type.String(),
  practitionerName: Nullable(Type.String()),
  projectName: Nullable(Type.String()),
  title: Type.String(),
  status: Type.Enum(COMPLAINT_STATUSES),
  /** Staff only (null for an anonymous 举报, after erasure, and always to a unit). */
  complainantName: Nullable(Type.String()),
  /** Masked (138****0000); the whole number through reveal. Staff only. */
  complainantPhone: Nullable(Type.String()),
  submittedAt: Type.String(),
  acceptDueOn: Type.String(),
  answerDueOn: Nullable(Type.String()),
  concludeDueOn: Nullable(Type.String()),
  deadline: Nullable(ComplaintDeadline),
  conclusion: Nullable(Type.Enum(COMPLAINT_CONCLUSIONS)),
  updatedAt: Type.String(),
  version: Type.Integer(),
  actions: Type.Array(Type.Enum(COMPLAINT_ACTIONS)),
});
export type ComplaintListItem = Static<typeof ComplaintListItem>;

/** A step as staff and the unit read it (the unit sees no names of staff). */
export const ComplaintStepRecord = Type.Object({
  step: Type.Enum(COMPLAINT_STEPS),
  at: Type.String(),
  note: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
});
export type ComplaintStepRecord = Static<typeof ComplaintStepRecord>;

export const ComplaintDetail = Type.Object({
  ...ComplaintListItem.properties,
  content: Type.String(),
  /** Masked; staff only. */
  complainantEmail: Nullable(Type.String()),
  /** The retention rule erased the complainant's name and contacts on this day. Staff only. */
  erasedAt: Nullable(Type.String()),
  practitionerId: Nullable(Type.String()),
  projectId: Nullable(Type.String()),
  /** The acceptance's note, or the reason it was declined. */
  decisionNote: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  unitAnswer: Nullable(Type.String()),
  answeredAt: Nullable(Type.String()),
  handling: Nullable(Type.String()),
  concludedAt: Nullable(Type.String()),
  /** The complainant's attachments. */
  files: Type.Array(FileRef),
  /** The unit's answer's files. */
  answerFiles: Type.Array(FileRef),
  steps: Type.Array(ComplaintStepRecord),
});
export type ComplaintDetail = Static<typeof ComplaintDetail>;

const submitted = DateRange(CalendarDate, { field: 'submittedFrom', title: '提交日期起' }, '提交日期止');

/** keyword: the number, the title or the unit's name (staff: the complainant's name too). unitId: staff only. */
const listFilters = {
  keyword: PageQuery.properties.keyword,
  sort: PageQuery.properties.sort,
  status: Type.Optional(Type.Enum(COMPLAINT_STATUSES, { title: '状态' })),
  kind: Type.Optional(Type.Enum(COMPLAINT_KINDS, { title: '类型' })),
  conclusion: Type.Optional(Type.Enum(COMPLAINT_CONCLUSIONS, { title: '办理结论' })),
  unitId: Type.Optional(Identifier('被投诉单位')),
  due: Type.Optional(Type.Enum(COMPLAINT_DUE_FILTERS, { title: '期限' })),
  submittedFrom: Type.Optional(submitted.from),
  submittedTo: Type.Optional(submitted.to),
};

export const ComplaintListQuery = Type.Object(
  { current: PageQuery.properties.current, pageSize: PageQuery.properties.pageSize, ...listFilters },
  { additionalProperties: false },
);
export type ComplaintListQuery = Static<typeof ComplaintListQuery>;

export const ComplaintExportQuery = Type.Object(listFilters, { additionalProperties: false });
export type ComplaintExportQuery = Static<typeof ComplaintExportQuery>;

export const ComplaintAcceptBody = Type.Object(
  {
    version: Version,
    /** What the complainant reads with the acceptance (optional). */
    note: Type.Optional(Type.String({ maxLength: COMPLAINT_NOTE_MAX, title: '受理说明' })),
  },
  { additionalProperties: false },
);
export type ComplaintAcceptBody = Static<typeof ComplaintAcceptBody>;

export const ComplaintDeclineBody = Type.Object(
  { version: Version, reason: Type.String({ minLength: 1, maxLength: COMPLAINT_NOTE_MAX, title: '不予受理理由' }) },
  { additionalProperties: false },
);
export type ComplaintDeclineBody = Static<typeof ComplaintDeclineBody>;

export const ComplaintReplyBody = Type.Object(
  {
    version: Version,
    answer: Type.String({ minLength: 1, maxLength: COMPLAINT_ANSWER_MAX, title: '书面申辩' }),
    fileIds: Type.Optional(FileIds('申辩材料')),
  },
  { additionalProperties: false },
);
export type ComplaintReplyBody = Static<typeof ComplaintReplyBody>;

export const ComplaintConcludeBody = Type.Object(
  {
    version: Version,
    conclusion: Type.Enum(COMPLAINT_CONCLUSIONS, { title: '办理结论' }),
    handling: Type.String({ minLength: 1, maxLength: COMPLAINT_HANDLING_MAX, title: '处理结果' }),
  },
  { additionalProperties: false },
);
export type ComplaintConcludeBody = Static<typeof ComplaintConcludeBody>;

export const COMPLAINT_REVEAL_FIELDS = ['phone', 'email'] as const;
export type ComplaintRevealField = (typeof COMPLAINT_REVEAL_FIELDS)[number];

export const ComplaintRevealBody = Type.Object({ field: Type.Enum(COMPLAINT_REVEAL_FIELDS, { title: '字段' }) }, { additionalProperties: false });
export type ComplaintRevealBody = Static<typeof ComplaintRevealBody>;
export const ComplaintRevealResult = Type.Object({ field: Type.Enum(COMPLAINT_REVEAL_FIELDS), value: Nullable(Type.String()) });
export type ComplaintRevealResult = Static<typeof ComplaintRevealResult>;
