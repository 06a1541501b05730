/**
 * Notifications that reach people (通知设置, 通知记录, the one-off send, the personal opt-out):
 * e-mail and SMS beside the in-site messages, each sent by a rule, with a delivery record per
 * recipient and channel. Named apart from the notices of ./content.ts (通知公告, articles the
 * public site publishes): here a "notice" is a message to a person.
 *
 *   GET  /notice-rules                 the rules (what fires, when, to whom, on which channels)
 *   POST /notice-rules                 a further rule of a dated kind (e.g. certificate expiry 90 days before)
 *   PUT  /notice-rules/:id             edit (with the version read); POST /notice-rules/:id/enable|disable
 *   GET  /notice-templates             the templates (subject, plain text, HTML, SMS template code)
 *   PUT  /notice-templates/:id         edit (with the version read)
 *   GET  /notice-deliveries            the delivery records (address masked), filters below
 *   GET  /notice-deliveries/export     the same filters as an .xlsx
 *   GET  /notice-deliveries/status     which channels are configured, and the counts by state
 *   POST /notice-deliveries/:id/reveal the whole address (audited)
 *   POST /notice-deliveries/:id/resend send a failed, given-up or unconfigured one again, a retrying one at once
 *   POST /notice-deliveries/one-off/preview, /notice-deliveries/one-off   a notice to a filtered set
 *   GET|PUT /user/notice-preferences   the caller's opt-out of optional e-mails (个人中心)
 *
 * Staff need notice:view / notice:manage / notice:reveal / notice:export (common/permissions.ts);
 * every row carries the `actions` its caller may take.
 */
import Type, { type Static } from 'typebox';
import { Nullable, PageQuery, Version } from './common';
import { BoundedInteger, CalendarDate, DateRange, Identifier } from './kinds';

// ---- the words ---------------------------------------------------------------------------------

export const NOTICE_CHANNELS = ['site', 'email', 'sms'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export const NOTICE_CHANNEL_LABELS: Record<NoticeChannel, string> = {
  site: '站内消息',
  email: '电子邮件',
  sms: '短信',
};

/**
 * What a rule is about. Dated kinds (timing before/after) are found by the scanner from the
 * records; event kinds are sent by the step that causes them (server/notifications/enqueue.ts).
 */
export const NOTICE_KINDS = [
  'certificate_expiry',
  'inspection_deadline',
  'inspection_overdue',
  'expert_drawn',
  'review_sheet_replaced',
  'complaint_progress',
  'workflow_decision',
  'one_off',
  'daily_recap',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  certificate_expiry: '证书到期提醒',
  inspection_deadline: '年检截止提醒',
  inspection_overdue: '年检逾期提醒',
  expert_drawn: '评审专家抽取通知',
  review_sheet_replaced: '评分表替换通知',
  complaint_progress: '投诉办理进度',
  workflow_decision: '审核结果通知',
  one_off: '临时通知',
  daily_recap: '通知发送日报',
};

/** When a rule fires: `days` before or after the date its record names, or when an event happens. */
export const NOTICE_TIMINGS = ['before', 'after', 'event'] as const;
export type NoticeTiming = (typeof NOTICE_TIMINGS)[number];
export const NOTICE_TIMING_LABELS: Record<NoticeTiming, string> = { before: '之前', after: '之后', event: '发生时' };

/** Who a rule sends to; each kind offers some of these (NoticeRuleRecord.allowedAudiences). */
export const NOTICE_AUDIENCES = ['holder', 'unit', 'practitioner', 'expert', 'complainant', 'recipient', 'staff'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
export const NOTICE_AUDIENCE_LABELS: Record<NoticeAudience, string> = {
  holder: '证书持有人',
  unit: '会员单位',
  practitioner: '从业人员',
  expert: '评审专家',
  complainant: '投诉人',
  recipient: '消息接收人',
  staff: '具有通知管理权限的工作人员',
};

/** Whom a delivery went to: the record the address is read from. */
export const NOTICE_RECIPIENT_TYPES = ['unit', 'practitioner', 'expert', 'account', 'person'] as const;
export type NoticeRecipientType = (typeof NOTICE_RECIPIENT_TYPES)[number];
export const NOTICE_RECIPIENT_TYPE_LABELS: Record<NoticeRecipientType, string> = {
  unit: '会员单位',
  practitioner: '从业人员',
  expert: '专家',
  account: '工作人员',
  person: '个人',
};

/**
 * A delivery's state: queued → sent; a failed attempt → retrying (after the back-off) → sent or,
 * attempts used up, given_up. Final without sending: failed (no retry can help: no address, not
 * a mobile number, a provider's permanent refusal), unconfigured (the channel is not set up:
 * 未配置邮件通道 / 未配置短信通道), opted_out (the person turned optional e-mails off).
 */
export const NOTICE_DELIVERY_STATES = ['queued', 'retrying', 'sent', 'failed', 'given_up', 'unconfigured', 'opted_out'] as const;
export type NoticeDeliveryState = (typeof NOTICE_DELIVERY_STATES)[number];
export const NOTICE_DELIVERY_STATE_LABELS: Record<NoticeDeliveryState, string> = {
  queued: '待发送',
  retrying: '失败待重试',
  sent: '已发送',
  failed: '发送失败',
  given_up: '已放弃',
  unconfigured: '未配置通道',
  opted_out: '已退订',
};

/** Minutes before the 2nd, 3rd, … attempt; after the last of them fails the delivery is given up. */
export const NOTICE_BACKOFF_MINUTES = [1, 5, 30, 120, 720] as const;
/** The first attempt and one per back-off step. */
export const NOTICE_MAX_ATTEMPTS = NOTICE_BACKOFF_MINUTES.length + 1;

/** What the records say when a channel is not configured (README "Notifications"). */
export const EMAIL_UNCONFIGURED = '未配置邮件通道';
export const SMS_UNCONFIGURED = '未配置短信通道';

/** A placeholder as templates write it: `{{name}}` (spaces inside the braces allowed). */
export const PLACEHOLDER_SOURCE = String.raw`\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}`;

/** The placeholder names a text uses, each once, in order of appearance. */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(new RegExp(PLACEHOLDER_SOURCE, 'g'))].map((m) => m[1] as string))];
}

/** Placeholders every template may use, whatever its kind. */
export const COMMON_PLACEHOLDERS: Record<string, string> = {
  recipientName: '收件人名称（单位名称或姓名）',
  associationName: '协会名称',
  siteUrl: '网站地址（PUBLIC_URL，未设置时为空）',
};

/** The placeholders each kind fills (beside COMMON_PLACEHOLDERS). */
export const NOTICE_KIND_PLACEHOLDERS: Record<NoticeKind, Record<string, string>> = {
  certificate_expiry: {
    holderName: '证书持有人',
    certificateKind: '证书类别（会员单位证书 / 从业人员证书）',
    certificateNo: '证书编号',
    validUntil: '有效期至',
    daysLeft: '距到期天数',
  },
  inspection_deadline: { year: '年检年度', deadline: '截止日期', daysLeft: '距截止天数', unsubmittedCount: '未提交的年检份数' },
  inspection_overdue: { year: '年检年度', deadline: '截止日期', unsubmittedCount: '未提交的年检份数' },
  expert_drawn: {
    projectName: '项目名称',
    reviewOn: '评审日期',
    reviewTime: '评审时间',
    place: '评审地点（或“线上”）',
    answerDeadline: '答复截止时间',
    contact: '确认方式（联系人与电话）',
  },
  review_sheet_replaced: {
    projectName: '项目名称',
    reviewOn: '评审日期',
    replacedTotal: '原评分表总分',
    replacedConclusion: '原评审结论',
    newTotal: '替换后的总分',
    newConclusion: '替换后的评审结论',
    reason: '替换原因',
    contact: '联系方式',
  },
  complaint_progress: { complaintNo: '投诉编号', step: '办理进度', detail: '说明', queryUrl: '查询地址' },
  workflow_decision: { title: '消息标题', body: '消息内容' },
  one_off: { title: '通知标题', body: '通知内容' },
  daily_recap: { date: '统计日期', sent: '已发送', failed: '发送失败', givenUp: '已放弃', queued: '待发送' },
};

// ---- limits --------------------------------------------------------------------------------------

export const NOTICE_NAME_MAX = 60;
export const NOTICE_DESCRIPTION_MAX = 300;
export const NOTICE_SUBJECT_MAX = 200;
export const NOTICE_BODY_MAX = 5000;
export const NOTICE_SMS_TEMPLATE_CODE_MAX = 40;
export const NOTICE_SMS_PARAMS_MAX = 10;
export const NOTICE_RULE_DAYS_MAX = 366;
export const NOTICE_GRACE_DAYS_MAX = 30;
export const NOTICE_CATCH_UP_DAYS_MAX = 90;
/** A one-off notice reaches at most this many units or practitioners. */
export const ONE_OFF_RECIPIENTS_MAX = 5000;
/** How many names the one-off preview lists. */
export const ONE_OFF_PREVIEW_NAMES = 20;

// ---- rules ---------------------------------------------------------------------------------------

export const NOTICE_RULE_ACTIONS = ['edit', 'enable', 'disable'] as const;
export type NoticeRuleAction = (typeof NOTICE_RULE_ACTIONS)[number];

const Channels = Type.Array(Type.Enum(NOTICE_CHANNELS, { title: '发送渠道' }), { minItems: 1, maxItems: NOTICE_CHANNELS.length, uniqueItems: true, title: '发送渠道' });
const Audiences = Type.Array(Type.Enum(NOTICE_AUDIENCES, { title: '发送对象' }), { minItems: 1, maxItems: NOTICE_AUDIENCES.length, uniqueItems: true, title: '发送对象' });

export const NoticeRuleRecord = Type.Object({
  id: Type.String(),
  /** Stable name of the rule ('certificate_expiry_60', 'expert_drawn', …): what code and other modules send by. */
  code: Type.String(),
  kind: Type.Enum(NOTICE_KINDS),
  name: Type.String(),
  description: Nullable(Type.String()),
  timing: Type.Enum(NOTICE_TIMINGS),
  /** Days before / after the date (dated kinds); null for event kinds. */
  days: Nullable(Type.Integer()),
  audiences: Type.Array(Type.Enum(NOTICE_AUDIENCES)),
  channels: Type.Array(Type.Enum(NOTICE_CHANNELS)),
  /** What this kind can send to and through (the form offers these). */
  allowedAudiences: Type.Array(Type.Enum(NOTICE_AUDIENCES)),
  allowedChannels: Type.Array(Type.Enum(NOTICE_CHANNELS)),
  templateId: Type.String(),
  templateName: Type.String(),
  /** Mandatory notices reach people who turned optional e-mails off, and say that they are mandatory. */
  mandatory: Type.Boolean(),
  enabled: Type.Boolean(),
  /** A dated notice sent more than this many days after its day is marked late. */
  graceDays: Type.Integer(),
  /** How far back a dated notice that was missed (the server stopped) is still sent, late. */
  catchUpDays: Type.Integer(),
  /** Whether staff may add further rules of this kind (dated kinds only). */
  kindAllowsMore: Type.Boolean(),
  updatedAt: Type.String(),
  version: Type.Integer(),
  actions: Type.Array(Type.Enum(NOTICE_RULE_ACTIONS)),
});
export type NoticeRuleRecord = Static<typeof NoticeRuleRecord>;

export const NoticeRuleListQuery = Type.Object(
  {
    current: PageQuery.properties.current,
    pageSize: PageQuery.properties.pageSize,
    keyword: PageQuery.properties.keyword,
    kind: Type.Optional(Type.Enum(NOTICE_KINDS, { title: '通知类型' })),
    enabled: Type.Optional(Type.Boolean({ title: '启用状态' })),
  },
  { additionalProperties: false },
);
export type NoticeRuleListQuery = Static<typeof NoticeRuleListQuery>;

const ruleFields = {
  name: Type.String({ minLength: 1, maxLength: NOTICE_NAME_MAX, title: '规则名称' }),
  description: Type.Optional(Nullable(Type.String({ maxLength: NOTICE_DESCRIPTION_MAX, title: '说明' }))),
  /** Dated kinds only (required there); event kinds leave it out. */
  days: Type.Optional(Nullable(BoundedInteger({ title: '天数', minimum: 0, maximum: NOTICE_RULE_DAYS_MAX }))),
  audiences: Audiences,
  channels: Channels,
  templateId: Identifier('通知模板'),
  mandatory: Type.Boolean({ title: '必要通知' }),
  enabled: Type.Boolean({ title: '启用' }),
  graceDays: Type.Optional(BoundedInteger({ title: '准时发送的宽限天数', minimum: 0, maximum: NOTICE_GRACE_DAYS_MAX })),
  catchUpDays: Type.Optional(BoundedInteger({ title: '补发的最长天数', minimum: 1, maximum: NOTICE_CATCH_UP_DAYS_MAX })),
};

/** A further rule of a dated kind (certificate expiry, inspection deadline or overdue, daily recap). */
export const NoticeRuleCreateBody = Type.Object(
  { kind: Type.Enum(NOTICE_KINDS, { title: '通知类型' }), ...ruleFields },
  { additionalProperties: false },
);
export type NoticeRuleCreateBody = Static<typeof NoticeRuleCreateBody>;

export const NoticeRuleUpdateBody = Type.Object({ ...ruleFields, version: Version }, { additionalProperties: false });
export type NoticeRuleUpdateBody = Static<typeof NoticeRuleUpdateBody>;

// ---- templates -----------------------------------------------------------------------------------

export const NOTICE_TEMPLATE_ACTIONS = ['edit'] as const;
export type NoticeTemplateAction = (typeof NOTICE_TEMPLATE_ACTIONS)[number];

export const NoticePlaceholder = Type.Object({ name: Type.String(), description: Type.String() });
export type NoticePlaceholder = Static<typeof NoticePlaceholder>;

export const NoticeTemplateRecord = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  /** The e-mail's subject and the in-site message's title. */
  subject: Type.String(),
  /** The e-mail's plain text and the in-site message's body. */
  textBody: Type.String(),
  /** The e-mail's HTML (sanitised when saved; placeholders' values are escaped). */
  htmlBody: Type.String(),
  /** The template code approved by the SMS provider (阿里云 SMS_xxx, 腾讯云 a number); null: no SMS. */
  smsTemplateCode: Nullable(Type.String()),
  /** The provider template's variables in order: 阿里云 by name, 腾讯云 by position. */
  smsParams: Type.Array(Type.String()),
  /** What the template may use: the common placeholders and those of every kind using it. */
  placeholders: Type.Array(NoticePlaceholder),
  /** The names of the rules sending with this template. */
  usedBy: Type.Array(Type.String()),
  updatedAt: Type.String(),
  version: Type.Integer(),
  actions: Type.Array(Type.Enum(NOTICE_TEMPLATE_ACTIONS)),
});
export type NoticeTemplateRecord = Static<typeof NoticeTemplateRecord>;

export const NoticeTemplateListQuery = Type.Object(
  { current: PageQuery.properties.current, pageSize: PageQuery.properties.pageSize, keyword: PageQuery.properties.keyword },
  { additionalProperties: false },
);
export type NoticeTemplateListQuery = Static<typeof NoticeTemplateListQuery>;

export const NoticeTemplateUpdateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: NOTICE_NAME_MAX, title: '模板名称' }),
    subject: Type.String({ minLength: 1, maxLength: NOTICE_SUBJECT_MAX, title: '标题' }),
    textBody: Type.String({ minLength: 1, maxLength: NOTICE_BODY_MAX, title: '纯文本内容' }),
    htmlBody: Type.String({ minLength: 1, maxLength: NOTICE_BODY_MAX, title: 'HTML 内容' }),
    smsTemplateCode: Type.Optional(Nullable(Type.String({ maxLength: NOTICE_SMS_TEMPLATE_CODE_MAX, pattern: '^[A-Za-z0-9_]*$', title: '短信模板编号' }))),
    smsParams: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z][A-Za-z0-9]*$', title: '短信模板变量' }), {
        maxItems: NOTICE_SMS_PARAMS_MAX,
        title: '短信模板变量',
      }),
    ),
    version: Version,
  },
  { additionalProperties: false },
);
export type NoticeTemplateUpdateBody = Static<typeof NoticeTemplateUpdateBody>;

// ---- deliveries ----------------------------------------------------------------------------------

export const NOTICE_DELIVERY_ACTIONS = ['resend', 'reveal'] as const;
export type NoticeDeliveryAction = (typeof NOTICE_DELIVERY_ACTIONS)[number];

export const NoticeDeliveryRecord = Type.Object({
  id: Type.String(),
  ruleId: Type.String(),
  ruleName: Type.String(),
  kind: Type.Enum(NOTICE_KINDS),
  /** The record and the date the notice is about, e.g. `certificate:<id>@2027-03-01`: unique per rule, recipient and channel. */
  reference: Type.String(),
  aboutType: Nullable(Type.String()),
  aboutId: Nullable(Type.String()),
  aboutDate: Nullable(Type.String()),
  /** The day the notice was due. */
  dueOn: Type.String(),
  /** Sent more than the rule's grace days after its day (the server was down). */
  late: Type.Boolean(),
  /** Optional notices respect the person's opt-out of e-mails. */
  mandatory: Type.Boolean(),
  recipientType: Type.Enum(NOTICE_RECIPIENT_TYPES),
  recipientId: Nullable(Type.String()),
  recipientName: Type.String(),
  channel: Type.Enum(NOTICE_CHANNELS),
  /** The address of the last attempt, masked (null before the first attempt, and for in-site messages). */
  address: Nullable(Type.String()),
  title: Type.String(),
  state: Type.Enum(NOTICE_DELIVERY_STATES),
  attempts: Type.Integer(),
  nextAttemptAt: Nullable(Type.String()),
  providerMessageId: Nullable(Type.String()),
  /** The last error, or why nothing was sent (未配置邮件通道 …); addresses in it masked. */
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  sentAt: Nullable(Type.String()),
  updatedAt: Type.String(),
  resentCount: Type.Integer(),
  actions: Type.Array(Type.Enum(NOTICE_DELIVERY_ACTIONS)),
});
export type NoticeDeliveryRecord = Static<typeof NoticeDeliveryRecord>;

const createdDays = DateRange(CalendarDate, { field: 'fromDay', title: '开始日期' }, '结束日期');

const deliveryFilters = {
  ruleId: Type.Optional(Identifier('通知规则')),
  kind: Type.Optional(Type.Enum(NOTICE_KINDS, { title: '通知类型' })),
  state: Type.Optional(Type.Enum(NOTICE_DELIVERY_STATES, { title: '状态' })),
  channel: Type.Optional(Type.Enum(NOTICE_CHANNELS, { title: '发送渠道' })),
  recipientType: Type.Optional(Type.Enum(NOTICE_RECIPIENT_TYPES, { title: '收件人类型' })),
  /** The recipient's name contains it, or it is their whole e-mail address or phone (exact). */
  recipient: Type.Optional(Type.String({ maxLength: 100, title: '收件人' })),
  late: Type.Optional(Type.Boolean({ title: '逾期补发' })),
  /** Exactly this reference (a one-off send's `one_off:<id>`, a certificate's notices…). */
  reference: Type.Optional(Type.String({ maxLength: 200, title: '关联记录' })),
  /** Calendar days (Beijing time) of the record's creation, both inclusive. */
  fromDay: Type.Optional(createdDays.from),
  toDay: Type.Optional(createdDays.to),
  sort: PageQuery.properties.sort,
};

export const NoticeDeliveryListQuery = Type.Object(
  { current: PageQuery.properties.current, pageSize: PageQuery.properties.pageSize, ...deliveryFilters },
  { additionalProperties: false },
);
export type NoticeDeliveryListQuery = Static<typeof NoticeDeliveryListQuery>;

export const NoticeDeliveryExportQuery = Type.Object(deliveryFilters, { additionalProperties: false });
export type NoticeDeliveryExportQuery = Static<typeof NoticeDeliveryExportQuery>;

export const NoticeAddressReveal = Type.Object({ value: Nullable(Type.String()) });
export type NoticeAddressReveal = Static<typeof NoticeAddressReveal>;

const StateCount = Type.Integer({ minimum: 0 });

/** The page's head: whether each channel is set up, and how many records stand in each state. */
export const NoticeDeliveryStatus = Type.Object({
  email: Type.Object({ configured: Type.Boolean(), from: Nullable(Type.String()) }),
  sms: Type.Object({ configured: Type.Boolean(), provider: Nullable(Type.Enum(['aliyun', 'tencent'] as const)) }),
  counts: Type.Object({
    queued: StateCount,
    retrying: StateCount,
    failed: StateCount,
    givenUp: StateCount,
    /** Sent today (Beijing time). */
    sentToday: StateCount,
  }),
});
export type NoticeDeliveryStatus = Static<typeof NoticeDeliveryStatus>;

/** What 立即检查 found: the dated rules looked at, the notices newly due, the records written, how many late. */
export const NoticeScanResult = Type.Object({
  rules: Type.Integer({ minimum: 0 }),
  notices: Type.Integer({ minimum: 0 }),
  deliveries: Type.Integer({ minimum: 0 }),
  late: Type.Integer({ minimum: 0 }),
});
export type NoticeScanResult = Static<typeof NoticeScanResult>;

// ---- the one-off notice --------------------------------------------------------------------------

export const ONE_OFF_AUDIENCES = ['unit', 'practitioner'] as const;
export type OneOffAudience = (typeof ONE_OFF_AUDIENCES)[number];

/**
 * Who a one-off notice reaches: approved member units, or approved practitioners, narrowed by
 * any of these (all given must hold).
 */
const oneOffFilter = {
  audience: Type.Enum(ONE_OFF_AUDIENCES, { title: '发送对象' }),
  /** Only these units (or the practitioners of these units). */
  unitIds: Type.Optional(Type.Array(Identifier('会员单位'), { maxItems: 500, uniqueItems: true, title: '会员单位' })),
  /** dictionary member_level (units; practitioners of such units). */
  memberLevel: Type.Optional(Type.String({ maxLength: 40, title: '会员级别' })),
  /** Those with annual-inspection records of this year not yet submitted (a unit: its own or its practitioners'). */
  unsubmittedInspectionYear: Type.Optional(BoundedInteger({ title: '未提交年检的年度', minimum: 2000, maximum: 2100 })),
};

export const OneOffPreviewBody = Type.Object(oneOffFilter, { additionalProperties: false });
export type OneOffPreviewBody = Static<typeof OneOffPreviewBody>;

export const OneOffPreview = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  /** The first ONE_OFF_PREVIEW_NAMES names. */
  names: Type.Array(Type.String()),
  /** How many of them have an e-mail address / a phone (what each channel would reach). */
  withEmail: Type.Integer({ minimum: 0 }),
  withPhone: Type.Integer({ minimum: 0 }),
});
export type OneOffPreview = Static<typeof OneOffPreview>;

export const OneOffSendBody = Type.Object(
  {
    ...oneOffFilter,
    title: Type.String({ minLength: 1, maxLength: NOTICE_SUBJECT_MAX, title: '通知标题' }),
    body: Type.String({ minLength: 1, maxLength: NOTICE_BODY_MAX, title: '通知内容' }),
    channels: Channels,
    /** Mandatory: sent also to those who turned optional e-mails off (the e-mail says so). */
    mandatory: Type.Boolean({ title: '必要通知' }),
  },
  { additionalProperties: false },
);
export type OneOffSendBody = Static<typeof OneOffSendBody>;

export const OneOffSendResult = Type.Object({
  /** The reference every record of this send carries (`one_off:<id>`). */
  reference: Type.String(),
  recipients: Type.Integer({ minimum: 0 }),
  deliveries: Type.Integer({ minimum: 0 }),
});
export type OneOffSendResult = Static<typeof OneOffSendResult>;

// ---- the person's own settings (个人中心) ---------------------------------------------------------

export const NoticePreferenceRule = Type.Object({
  name: Type.String(),
  kind: Type.Enum(NOTICE_KINDS),
  channels: Type.Array(Type.Enum(NOTICE_CHANNELS)),
  /** Mandatory notices are e-mailed whatever the setting below. */
  mandatory: Type.Boolean(),
});
export type NoticePreferenceRule = Static<typeof NoticePreferenceRule>;

export const NoticePreferences = Type.Object({
  /** Whether optional notices are e-mailed (the opt-out is the false). */
  optionalEmails: Type.Boolean(),
  /** The e-mail address notices go to, masked; null when there is none (then nothing is e-mailed). */
  email: Nullable(Type.String()),
  /** The rules that may send to this person, and whether each is mandatory. */
  rules: Type.Array(NoticePreferenceRule),
});
export type NoticePreferences = Static<typeof NoticePreferences>;

export const NoticePreferencesBody = Type.Object(
  { optionalEmails: Type.Boolean({ title: '接收可选的邮件通知' }) },
  { additionalProperties: false },
);
export type NoticePreferencesBody = Static<typeof NoticePreferencesBody>;

/** The staff workbench's figure: deliveries given up (and failed) that nobody resent yet. */
export const NoticeWork = Type.Object({
  givenUp: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  link: Type.String(),
});
export type NoticeWork = Static<typeof NoticeWork>;
