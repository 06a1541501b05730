/**
 * Reading 通知设置: the rules with what their kind allows, the templates with the placeholders
 * they may use and the rules sending with them, and each row's actions for its caller.
 */
import { hasPermission } from '@common/permissions';
import type { Page } from '@common/schemas/common';
import {
  COMMON_PLACEHOLDERS,
  NOTICE_KIND_PLACEHOLDERS,
  type NoticeAudience,
  type NoticePlaceholder,
  type NoticeRuleAction,
  type NoticeRuleListQuery,
  type NoticeRuleRecord,
  type NoticeTemplateListQuery,
  type NoticeTemplateRecord,
} from '@common/schemas/notifications';
import type { DbOrTrx, NotificationRuleRow, NotificationTemplateRow } from '../../db/types';
import { fetchPage, matchesKeyword, paging } from '../../http/paging';
import { audiencesOf, channelsOf } from '../../notifications/deliveries';
import type { AuthUser } from '../../security/user';
import { NOTICE_KIND_REGISTRY } from '../../notifications/kinds';

function parseNames(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

const isAudience = (kindAudiences: readonly NoticeAudience[]) => (value: string): value is NoticeAudience =>
  kindAudiences.some((a) => a === value);

export function ruleActions(user: AuthUser, rule: Pick<NotificationRuleRow, 'enabled'>): NoticeRuleAction[] {
  if (!hasPermission(user, 'notice:manage')) return [];
  return ['edit', rule.enabled ? 'disable' : 'enable'];
}

export function toRuleRecord(user: AuthUser, rule: NotificationRuleRow, templateName: string): NoticeRuleRecord {
  const entry = NOTICE_KIND_REGISTRY[rule.kind];
  return {
    id: rule.id,
    code: rule.code,
    kind: rule.kind,
    name: rule.name,
    description: rule.description,
    timing: rule.timing,
    days: rule.days,
    audiences: audiencesOf(rule.audiences).filter(isAudience(entry.audiences)),
    channels: channelsOf(rule.channels),
    allowedAudiences: [...entry.audiences],
    allowedChannels: [...entry.channels],
    templateId: rule.template_id,
    templateName,
    mandatory: !!rule.mandatory,
    enabled: !!rule.enabled,
    graceDays: rule.grace_days,
    catchUpDays: rule.catch_up_days,
    kindAllowsMore: entry.moreAllowed,
    updatedAt: rule.updated_at,
    version: rule.version,
    actions: ruleActions(user, rule),
  };
}

export async function findRule(db: DbOrTrx, id: string): Promise<NotificationRuleRow | undefined> {
  return db.selectFrom('notification_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function ruleRecord(db: DbOrTrx, user: AuthUser, id: string): Promise<NoticeRuleRecord | null> {
  const row = await db
    .selectFrom('notification_rules as r')
    .innerJoin('notification_templates as t', 't.id', 'r.template_id')
    .selectAll('r')
    .select('t.name as template_name')
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row ? toRuleRecord(user, row, row.template_name) : null;
}

/** Dated rules first (by kind and days), then the event rules; keyword over name and code. */
export async function listRules(db: DbOrTrx, user: AuthUser, query: NoticeRuleListQuery): Promise<Page<NoticeRuleRecord>> {
  const page = paging(query);
  let base = db.selectFrom('notification_rules as r').innerJoin('notification_templates as t', 't.id', 'r.template_id');
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['r.name', 'r.code'], keyword));
  if (query.kind) base = base.where('r.kind', '=', query.kind);
  if (query.enabled !== undefined) base = base.where('r.enabled', '=', query.enabled ? 1 : 0);
  const { rows, total } = await fetchPage(base, page, (q) =>
    q.selectAll('r').select('t.name as template_name').orderBy('r.kind').orderBy('r.days', 'desc').orderBy('r.code'),
  );
  return { list: rows.map((r) => toRuleRecord(user, r, r.template_name)), total, current: page.current, pageSize: page.pageSize };
}

/** The placeholders a template may use: the common ones and those of every kind whose rules use it. */
export function placeholdersFor(kinds: Iterable<NoticeRuleRecord['kind']>): NoticePlaceholder[] {
  const all = new Map<string, string>(Object.entries(COMMON_PLACEHOLDERS));
  for (const kind of kinds) for (const [name, description] of Object.entries(NOTICE_KIND_PLACEHOLDERS[kind])) all.set(name, description);
  return [...all].map(([name, description]) => ({ name, description }));
}

/** The rules (name and kind) sending with each template. */
export async function rulesByTemplate(db: DbOrTrx, templateIds: readonly string[]): Promise<Map<string, { name: string; kind: NoticeRuleRecord['kind'] }[]>> {
  const byTemplate = new Map<string, { name: string; kind: NoticeRuleRecord['kind'] }[]>();
  if (templateIds.length === 0) return byTemplate;
  const rows = await db.selectFrom('notification_rules').select(['template_id', 'name', 'kind']).where('template_id', 'in', [...templateIds]).orderBy('code').execute();
  for (const r of rows) byTemplate.set(r.template_id, [...(byTemplate.get(r.template_id) ?? []), { name: r.name, kind: r.kind }]);
  return byTemplate;
}

export function toTemplateRecord(user: AuthUser, t: NotificationTemplateRow, rules: { name: string; kind: NoticeRuleRecord['kind'] }[]): NoticeTemplateRecord {
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    subject: t.subject,
    textBody: t.text_body,
    htmlBody: t.html_body,
    smsTemplateCode: t.sms_template_code,
    smsParams: parseNames(t.sms_params),
    placeholders: placeholdersFor(rules.map((r) => r.kind)),
    usedBy: rules.map((r) => r.name),
    updatedAt: t.updated_at,
    version: t.version,
    actions: hasPermission(user, 'notice:manage') ? ['edit'] : [],
  };
}

export async function findTemplate(db: DbOrTrx, id: string): Promise<NotificationTemplateRow | undefined> {
  return db.selectFrom('notification_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function templateRecord(db: DbOrTrx, user: AuthUser, id: string): Promise<NoticeTemplateRecord | null> {
  const t = await findTemplate(db, id);
  if (!t) return null;
  return toTemplateRecord(user, t, (await rulesByTemplate(db, [t.id])).get(t.id) ?? []);
}

export async function listTemplates(db: DbOrTrx, user: AuthUser, query: NoticeTemplateListQuery): Promise<Page<NoticeTemplateRecord>> {
  const page = paging(query);
  let base = db.selectFrom('notification_templates');
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['name', 'code', 'subject'], keyword));
  const { rows, total } = await fetchPage(base, page, (q) => q.selectAll().orderBy('code'));
  const rules = await rulesByTemplate(db, rows.map((t) => t.id));
  return { list: rows.map((t) => toTemplateRecord(user, t, rules.get(t.id) ?? [])), total, current: page.current, pageSize: page.pageSize };
}
