/**
 * msw handlers for notices that reach people (common/schemas/notifications.ts), stateful like the
 * server: 通知设置's rules (list with kind / enabled / keyword, one, create for dated kinds, edit
 * with the version and the kind's channels, 启用 / 停用) and templates (list, one, edit with the
 * version, unknown placeholders refused); 通知记录 (list with the server's filters, addresses
 * masked, actions by code, the status head, the audited reveal, resend of a failed / retrying / given-up /
 * unconfigured record, the export); the one-off preview and send; the caller's own settings.
 * Every route checks the token and the code as the server does (notice:view / manage / reveal /
 * export; the settings any account).
 *
 * `resetNotificationsMock()` (through `resetMockState()`, after each test) restores the fixtures.
 *
 *   notificationsDb.rules / .templates / .deliveries / .optedOut
 *   notificationCallsTo('post', '/notice-deliveries/delivery-2/resend')
 */
import { http, type HttpHandler } from 'msw';
import { hasPermission } from '@common/permissions';
import {
  COMMON_PLACEHOLDERS,
  NOTICE_KIND_PLACEHOLDERS,
  NOTICE_DELIVERY_STATE_LABELS,
  placeholderNames,
  type NoticeChannel,
  type NoticeDeliveryAction,
  type NoticeDeliveryRecord,
  type NoticeDeliveryState,
  type NoticeKind,
  type NoticePreferences,
  type NoticeRuleCreateBody,
  type NoticeRuleRecord,
  type NoticeRuleUpdateBody,
  type NoticeTemplateRecord,
  type NoticeTemplateUpdateBody,
  type OneOffPreviewBody,
  type OneOffSendBody,
} from '@common/schemas/notifications';
import { apiPath, ALL_KINDS, bad, bumped, callLog, done, download, hasKeyword, matching, notFound, pageOf, stale, type ApiCall, type FixtureAccount } from './kit';

const log = callLog();
export type NotificationCall = ApiCall;
export const notificationCalls = log.calls;
export const notificationCallsTo = log.to;

/* ---------- fixtures ---------- */

const T0 = '2026-11-20T02:00:00.000Z';

/** What each kind allows, as server/notifications/kinds.ts says. */
const KIND_ALLOWS: Record<NoticeKind, Pick<NoticeRuleRecord, 'allowedAudiences' | 'allowedChannels' | 'kindAllowsMore' | 'timing'>> = {
  certificate_expiry: { timing: 'before', allowedAudiences: ['holder', 'unit'], allowedChannels: ['site', 'email', 'sms'], kindAllowsMore: true },
  inspection_deadline: { timing: 'before', allowedAudiences: ['unit', 'practitioner'], allowedChannels: ['site', 'email', 'sms'], kindAllowsMore: true },
  inspection_overdue: { timing: 'after', allowedAudiences: ['unit', 'practitioner'], allowedChannels: ['site', 'email', 'sms'], kindAllowsMore: true },
  expert_drawn: { timing: 'event', allowedAudiences: ['expert'], allowedChannels: ['email', 'sms'], kindAllowsMore: false },
  review_sheet_replaced: { timing: 'event', allowedAudiences: ['expert'], allowedChannels: ['email', 'sms'], kindAllowsMore: false },
  complaint_progress: { timing: 'event', allowedAudiences: ['complainant'], allowedChannels: ['email', 'sms'], kindAllowsMore: false },
  workflow_decision: { timing: 'event', allowedAudiences: ['recipient'], allowedChannels: ['email', 'sms'], kindAllowsMore: false },
  one_off: { timing: 'event', allowedAudiences: ['unit', 'practitioner'], allowedChannels: ['site', 'email', 'sms'], kindAllowsMore: false },
  daily_recap: { timing: 'after', allowedAudiences: ['staff'], allowedChannels: ['site', 'email', 'sms'], kindAllowsMore: false },
};

type StoredRule = Omit<NoticeRuleRecord, 'actions'>;
type StoredTemplate = Omit<NoticeTemplateRecord, 'actions' | 'usedBy' | 'placeholders'>;
type StoredDelivery = Omit<NoticeDeliveryRecord, 'actions'> & { wholeAddress: string | null };

function template(id: string, code: string, name: string, subject: string, smsParams: string[] = []): StoredTemplate {
  return { id, code, name, subject, textBody: `{{recipientName}}：\n\n${subject}`, htmlBody: `<p>{{recipientName}}：</p><p>${subject}</p>`, smsTemplateCode: null, smsParams, updatedAt: T0, version: 0 };
}

function fixtureTemplates(): StoredTemplate[] {
  return [
    template('tpl-cert', 'certificate_expiry', '证书到期提醒', '{{certificateKind}}将于 {{validUntil}} 到期：{{holderName}}', ['holderName', 'validUntil']),
    template('tpl-deadline', 'inspection_deadline', '年检截止提醒', '{{year}}年度年检将于 {{deadline}} 截止'),
    template('tpl-drawn', 'expert_drawn', '评审专家抽取通知', '评审邀请：{{projectName}}（{{reviewOn}}）'),
    template('tpl-decision', 'workflow_decision', '审核结果通知', '{{title}}'),
    template('tpl-one-off', 'one_off', '临时通知', '{{title}}'),
  ];
}

function rule(id: string, code: string, kind: NoticeKind, name: string, fields: Partial<StoredRule>): StoredRule {
  return {
    id,
    code,
    kind,
    name,
    description: null,
    days: null,
    audiences: [...KIND_ALLOWS[kind].allowedAudiences].slice(0, 1),
    channels: ['email'],
    templateId: 'tpl-decision',
    templateName: '审核结果通知',
    mandatory: false,
    enabled: true,
    graceDays: 1,
    catchUpDays: 30,
    updatedAt: T0,
    version: 0,
    ...KIND_ALLOWS[kind],
    ...fields,
  };
}

function fixtureRules(): StoredRule[] {
  const cert = { templateId: 'tpl-cert', templateName: '证书到期提醒', audiences: ['holder', 'unit'] as NoticeRuleRecord['audiences'] };
  return [
    rule('rule-cert-60', 'certificate_expiry_60', 'certificate_expiry', '证书到期前 60 天提醒', { ...cert, days: 60, channels: ['site', 'email'] }),
    rule('rule-cert-7', 'certificate_expiry_7', 'certificate_expiry', '证书到期前 7 天提醒', { ...cert, days: 7, channels: ['site', 'email', 'sms'], mandatory: true }),
    rule('rule-deadline-7', 'inspection_deadline_7', 'inspection_deadline', '年检截止前 7 天提醒', { days: 7, templateId: 'tpl-deadline', templateName: '年检截止提醒', channels: ['site', 'email'], mandatory: true }),
    rule('rule-drawn', 'expert_drawn', 'expert_drawn', '评审专家抽取通知', { templateId: 'tpl-drawn', templateName: '评审专家抽取通知', channels: ['email', 'sms'], mandatory: true, catchUpDays: 1, graceDays: 0 }),
    rule('rule-decision', 'workflow_decision', 'workflow_decision', '审核结果通知', { catchUpDays: 1, graceDays: 0 }),
    rule('rule-one-off', 'one_off', 'one_off', '临时通知', { templateId: 'tpl-one-off', templateName: '临时通知', audiences: ['unit', 'practitioner'], channels: ['site', 'email'], catchUpDays: 1, graceDays: 0 }),
  ];
}

function delivery(id: string, fields: Partial<StoredDelivery>): StoredDelivery {
  return {
    id,
    ruleId: 'rule-cert-60',
    ruleName: '证书到期前 60 天提醒',
    kind: 'certificate_expiry',
    reference: `certificate:cert-1@2027-01-19`,
    aboutType: 'certificate',
    aboutId: 'cert-1',
    aboutDate: '2027-01-19',
    dueOn: '2026-11-20',
    late: false,
    mandatory: false,
    recipientType: 'unit',
    recipientId: 'unit-1',
    recipientName: '示例社会稳定风险评估咨询有限公司',
    channel: 'email',
    address: 'c***@example.cn',
    wholeAddress: 'contact@example.cn',
    title: '会员单位证书将于 2027-01-19 到期：示例社会稳定风险评估咨询有限公司',
    state: 'sent',
    attempts: 1,
    nextAttemptAt: null,
    providerMessageId: '<delivery-1@example.cn>',
    lastError: null,
    createdAt: T0,
    sentAt: T0,
    updatedAt: T0,
    resentCount: 0,
    ...fields,
  };
}

function fixtureDeliveries(): StoredDelivery[] {
  return [
    delivery('delivery-1', {}),
    delivery('delivery-2', {
      id: 'delivery-2',
      channel: 'email',
      recipientName: '润和社会治理咨询有限公司',
      recipientId: 'unit-2',
      address: 'r***@example.cn',
      wholeAddress: 'runhe@example.cn',
      state: 'given_up',
      attempts: 6,
      sentAt: null,
      providerMessageId: null,
      lastError: 'SMTP 550：Mailbox r***@example.cn unavailable',
      createdAt: '2026-11-19T02:00:00.000Z',
      updatedAt: '2026-11-20T01:00:00.000Z',
    }),
    delivery('delivery-3', {
      channel: 'sms',
      address: null,
      wholeAddress: null,
      state: 'unconfigured',
      attempts: 0,
      sentAt: null,
      providerMessageId: null,
      lastError: '未配置短信通道',
      ruleId: 'rule-cert-7',
      ruleName: '证书到期前 7 天提醒',
      mandatory: true,
      late: true,
    }),
  ];
}

export const notificationsDb: { rules: StoredRule[]; templates: StoredTemplate[]; deliveries: StoredDelivery[]; optedOut: Set<string> } = {
  rules: fixtureRules(),
  templates: fixtureTemplates(),
  deliveries: fixtureDeliveries(),
  optedOut: new Set(),
};

export function resetNotificationsMock(): void {
  notificationsDb.rules = fixtureRules();
  notificationsDb.templates = fixtureTemplates();
  notificationsDb.deliveries = fixtureDeliveries();
  notificationsDb.optedOut = new Set();
  log.clear();
}

/* ---------- rows as the server answers them ---------- */

const RESENDABLE: readonly NoticeDeliveryState[] = ['failed', 'retrying', 'given_up', 'unconfigured'];

function ruleRow(account: FixtureAccount, r: StoredRule): NoticeRuleRecord {
  return { ...r, actions: hasPermission(account.user, 'notice:manage') ? ['edit', r.enabled ? 'disable' : 'enable'] : [] };
}

function templateRow(account: FixtureAccount, t: StoredTemplate): NoticeTemplateRecord {
  const users = notificationsDb.rules.filter((r) => r.templateId === t.id);
  const placeholders = new Map(Object.entries(COMMON_PLACEHOLDERS));
  for (const r of users) for (const [name, description] of Object.entries(NOTICE_KIND_PLACEHOLDERS[r.kind])) placeholders.set(name, description);
  return {
    ...t,
    placeholders: [...placeholders].map(([name, description]) => ({ name, description })),
    usedBy: users.map((r) => r.name),
    actions: hasPermission(account.user, 'notice:manage') ? ['edit'] : [],
  };
}

function deliveryRow(account: FixtureAccount, d: StoredDelivery): NoticeDeliveryRecord {
  const { wholeAddress, ...record } = d;
  const actions: NoticeDeliveryAction[] = [];
  if (hasPermission(account.user, 'notice:manage') && RESENDABLE.includes(d.state)) actions.push('resend');
  if (hasPermission(account.user, 'notice:reveal') && wholeAddress) actions.push('reveal');
  return { ...record, actions };
}

const day = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

function filteredDeliveries(params: URLSearchParams): StoredDelivery[] {
  return notificationsDb.deliveries
    .filter(
      matching<StoredDelivery>(params, {
        ruleId: 'ruleId',
        kind: 'kind',
        state: 'state',
        channel: 'channel',
        recipientType: 'recipientType',
        reference: 'reference',
        late: (d, v) => String(d.late) === v,
        recipient: (d, v) => hasKeyword(v, [d.recipientName]) || d.wholeAddress === v,
        fromDay: (d, v) => day(d.createdAt) >= v,
        toDay: (d, v) => day(d.createdAt) <= v,
      }),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** The kind's rules for a rule's body, in the server's words; null when fine. */
function ruleProblem(kind: NoticeKind, body: Partial<NoticeRuleUpdateBody>): string | null {
  const allows = KIND_ALLOWS[kind];
  if (!body.name?.trim()) return '规则名称不能为空';
  const dated = allows.timing !== 'event';
  if (dated && (body.days === undefined || body.days === null)) return '需要填写天数';
  if (!dated && body.days !== undefined && body.days !== null) return '在事件发生时发送，不设天数';
  const channel = (body.channels ?? []).find((c: NoticeChannel) => !allows.allowedChannels.includes(c));
  if (channel) return `不能通过${channel === 'site' ? '站内消息' : channel === 'email' ? '电子邮件' : '短信'}发送`;
  if (!notificationsDb.templates.some((t) => t.id === body.templateId)) return '通知模板不存在';
  return null;
}

/* ---------- handlers ---------- */

export const notificationsHandlers: HttpHandler[] = [
  http.get(apiPath('/notice-rules'), async ({ request }) => {
    const account = await log.guard(request, 'notice:view');
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    const list = notificationsDb.rules.filter(
      matching<StoredRule>(params, { kind: 'kind', enabled: 'enabled', keyword: (r, k) => hasKeyword(k, [r.name, r.code]) }),
    );
    return done(pageOf(list.map((r) => ruleRow(account, r)), params));
  }),

  http.get(apiPath('/notice-rules/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'notice:view');
    if (account instanceof Response) return account;
    const r = notificationsDb.rules.find((x) => x.id === params.id);
    return r ? done(ruleRow(account, r)) : notFound('通知规则');
  }),

  http.post(apiPath('/notice-rules'), async ({ request }) => {
    const account = await log.guard(request, 'notice:manage');
    if (account instanceof Response) return account;
    const body = (await request.json()) as NoticeRuleCreateBody;
    if (!KIND_ALLOWS[body.kind]?.kindAllowsMore) return bad('该类型不能新增规则，请修改已有的规则');
    const problem = ruleProblem(body.kind, body);
    if (problem) return bad(problem);
    const id = `rule-${notificationsDb.rules.length + 1}`;
    const templateName = notificationsDb.templates.find((t) => t.id === body.templateId)?.name ?? '';
    notificationsDb.rules.push(rule(id, `${body.kind}_${body.days ?? 0}`, body.kind, body.name.trim(), { ...body, templateName, description: body.description ?? null, days: body.days ?? null, graceDays: body.graceDays ?? 1, catchUpDays: body.catchUpDays ?? 30 }));
    return done({ id }, '通知规则已创建');
  }),

  http.put(apiPath('/notice-rules/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'notice:manage');
    if (account instanceof Response) return account;
    const i = notificationsDb.rules.findIndex((x) => x.id === params.id);
    const current = notificationsDb.rules[i];
    if (!current) return notFound('通知规则');
    const body = (await request.json()) as NoticeRuleUpdateBody;
    if (body.version !== current.version) return stale();
    const problem = ruleProblem(current.kind, body);
    if (problem) return bad(problem);
    const templateName = notificationsDb.templates.find((t) => t.id === body.templateId)?.name ?? current.templateName;
    const { version: _version, ...fields } = body;
    notificationsDb.rules[i] = bumped(current, { ...fields, description: body.description ?? null, days: body.days ?? null, templateName, graceDays: body.graceDays ?? current.graceDays, catchUpDays: body.catchUpDays ?? current.catchUpDays });
    return done(null, '通知规则已保存');
  }),

  // 立即检查: the mock has no clock of due notices; it answers as a scan that found none.
  http.post(apiPath('/notice-rules/scan'), async ({ request }) => {
    const account = await log.guard(request, 'notice:manage');
    if (account instanceof Response) return account;
    const rules = notificationsDb.rules.filter((r) => r.enabled && r.timing !== 'event').length;
    return done({ rules, notices: 0, deliveries: 0, late: 0 }, `已检查 ${rules} 条规则，没有新的到期通知`);
  }),

  ...(['enable', 'disable'] as const).map((action) =>
    http.post(apiPath(`/notice-rules/:id/${action}`), async ({ request, params }) => {
      const account = await log.guard(request, 'notice:manage');
      if (account instanceof Response) return account;
      const i = notificationsDb.rules.findIndex((x) => x.id === params.id);
      const current = notificationsDb.rules[i];
      if (!current) return notFound('通知规则');
      if (current.enabled !== (action === 'enable')) notificationsDb.rules[i] = bumped(current, { enabled: action === 'enable' });
      return done(null, `已${action === 'enable' ? '启用' : '停用'}通知规则「${current.name}」`);
    }),
  ),

  http.get(apiPath('/notice-templates'), async ({ request }) => {
    const account = await log.guard(request, 'notice:view');
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    const list = notificationsDb.templates.filter(matching<StoredTemplate>(params, { keyword: (t, k) => hasKeyword(k, [t.name, t.code, t.subject]) }));
    return done(pageOf(list.map((t) => templateRow(account, t)), params));
  }),

  http.get(apiPath('/notice-templates/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'notice:view');
    if (account instanceof Response) return account;
    const found = notificationsDb.templates.find((x) => x.id === params.id);
    return found ? done(templateRow(account, found)) : notFound('通知模板');
  }),

  http.put(apiPath('/notice-templates/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'notice:manage');
    if (account instanceof Response) return account;
    const i = notificationsDb.templates.findIndex((x) => x.id === params.id);
    const current = notificationsDb.templates[i];
    if (!current) return notFound('通知模板');
    const body = (await request.json()) as NoticeTemplateUpdateBody;
    if (body.version !== current.version) return stale();
    const allowed = new Set(templateRow(account, current).placeholders.map((p) => p.name));
    const unknown = placeholderNames(`${body.subject}\n${body.textBody}\n${body.htmlBody}`).find((n) => !allowed.has(n));
    if (unknown) return bad(`占位符 {{${unknown}}} 不可用；可用的占位符：${[...allowed].join('、')}`);
    const { version: _version, ...fields } = body;
    notificationsDb.templates[i] = bumped(current, { ...fields, smsTemplateCode: body.smsTemplateCode ?? null, smsParams: body.smsParams ?? [] });
    return done(null, '通知模板已保存');
  }),

  http.get(apiPath('/notice-deliveries'), async ({ request }) => {
    const account = await log.guard(request, 'notice:view');
    if (account instanceof Response) return account;
    const params = new URL(request.url).searchParams;
    return done(pageOf(filteredDeliveries(params).map((d) => deliveryRow(account, d)), params));
  }),

  // Before /notice-deliveries/:id.
  http.get(apiPath('/notice-deliveries/export'), async ({ request }) => {
    const account = await log.guard(request, 'notice:export');
    if (account instanceof Response) return account;
    return download('通知记录.xlsx');
  }),

  http.get(apiPath('/notice-deliveries/status'), async ({ request }) => {
    const account = await log.guard(request, 'notice:view');
    if (account instanceof Response) return account;
    const count = (state: NoticeDeliveryState) => notificationsDb.deliveries.filter((d) => d.state === state).length;
    return done({
      email: { configured: true, from: 'notice@example.cn' },
      sms: { configured: false, provider: null },
      counts: { queued: count('queued'), retrying: count('retrying'), failed: count('failed'), givenUp: count('given_up'), sentToday: count('sent') },
    });
  }),

  http.get(apiPath('/notice-deliveries/:id'), async ({ request, params }) => {
    const account = await log.guard(request, 'notice:view');
    if (account instanceof Response) return account;
    const d = notificationsDb.deliveries.find((x) => x.id === params.id);
    return d ? done(deliveryRow(account, d)) : notFound('通知记录');
  }),

  http.post(apiPath('/notice-deliveries/:id/reveal'), async ({ request, params }) => {
    const account = await log.guard(request, 'notice:reveal');
    if (account instanceof Response) return account;
    const d = notificationsDb.deliveries.find((x) => x.id === params.id);
    return d ? done({ value: d.wholeAddress }) : notFound('通知记录');
  }),

  http.post(apiPath('/notice-deliveries/:id/resend'), async ({ request, params }) => {
    const account = await log.guard(request, 'notice:manage');
    if (account instanceof Response) return account;
    const i = notificationsDb.deliveries.findIndex((x) => x.id === params.id);
    const d = notificationsDb.deliveries[i];
    if (!d) return notFound('通知记录');
    if (!RESENDABLE.includes(d.state)) return bad(`「${NOTICE_DELIVERY_STATE_LABELS[d.state]}」的通知不能重新发送，只有发送失败、失败待重试、已放弃或未配置通道的可以`);
    notificationsDb.deliveries[i] = { ...d, state: 'queued', attempts: 0, nextAttemptAt: new Date().toISOString(), resentCount: d.resentCount + 1, updatedAt: new Date().toISOString() };
    return done(null, `已重新排入发送：${d.title}`);
  }),

  http.post(apiPath('/notice-deliveries/one-off/preview'), async ({ request }) => {
    const account = await log.guard(request, 'notice:manage');
    if (account instanceof Response) return account;
    const body = (await request.json()) as OneOffPreviewBody;
    const names = body.audience === 'unit' ? ['示例社会稳定风险评估咨询有限公司', '润和社会治理咨询有限公司'] : ['赵雨桐（示例社会稳定风险评估咨询有限公司）'];
    return done({ count: names.length, names, withEmail: names.length, withPhone: 1 });
  }),

  http.post(apiPath('/notice-deliveries/one-off'), async ({ request }) => {
    const account = await log.guard(request, 'notice:manage');
    if (account instanceof Response) return account;
    const body = (await request.json()) as OneOffSendBody;
    if (!body.title?.trim() || !body.body?.trim()) return bad('通知标题和内容不能为空');
    const recipients = body.audience === 'unit' ? 2 : 1;
    const reference = `one_off:mock-${notificationCalls.length}`;
    return done({ reference, recipients, deliveries: recipients * body.channels.length }, `已排入发送：${recipients} 个对象，${recipients * body.channels.length} 条记录`);
  }),

  http.get(apiPath('/user/notice-preferences'), async ({ request }) => {
    const account = await log.guard(request, null, ALL_KINDS);
    if (account instanceof Response) return account;
    return done(preferencesOf(account));
  }),

  http.put(apiPath('/user/notice-preferences'), async ({ request }) => {
    const account = await log.guard(request, null, ALL_KINDS);
    if (account instanceof Response) return account;
    const body = (await request.json()) as { optionalEmails: boolean };
    if (body.optionalEmails) notificationsDb.optedOut.delete(account.user.userId);
    else notificationsDb.optedOut.add(account.user.userId);
    return done(preferencesOf(account), body.optionalEmails ? '已开启可选的邮件通知' : '已关闭可选的邮件通知，必要通知仍会发送');
  }),
];

function preferencesOf(account: FixtureAccount): NoticePreferences {
  const staff = account.user.authType === 1;
  const reaches = (r: StoredRule) =>
    r.enabled && (staff ? r.audiences.some((a) => a === 'staff' || a === 'recipient') : r.audiences.some((a) => a === 'unit' || a === 'holder' || a === 'recipient' || a === 'practitioner'));
  return {
    optionalEmails: !notificationsDb.optedOut.has(account.user.userId),
    email: 'c***@example.cn',
    rules: notificationsDb.rules.filter(reaches).map((r) => ({ name: r.name, kind: r.kind, channels: r.channels, mandatory: r.mandatory })),
  };
}
