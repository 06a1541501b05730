/**
 * Changing 通知设置: a further rule of a dated kind, a rule's edit (with the version read), its
 * switch, and a template's edit. Each checks what the rule's kind allows (./kinds.ts), writes a
 * log row in the change's transaction, and answers in Chinese what is wrong.
 *
 * Enabling a rule (or making it) sets the first day its scanner looks at to today: a disabled
 * spell is not made up for afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  COMMON_PLACEHOLDERS,
  NOTICE_AUDIENCE_LABELS,
  NOTICE_CHANNEL_LABELS,
  NOTICE_KIND_LABELS,
  NOTICE_KIND_PLACEHOLDERS,
  placeholderNames,
  type NoticeAudience,
  type NoticeChannel,
  type NoticeKind,
  type NoticeRuleCreateBody,
  type NoticeRuleUpdateBody,
  type NoticeTemplateUpdateBody,
} from '@common/schemas/notifications';
import { sanitizeRichText } from '../../content/sanitize';
import { beijingDay } from '@common/calendar';
import type { DbOrTrx, NotificationRuleRow } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { scanDueNotices, type ScanResult } from '../../notifications/scanner';
import { requireUser } from '../../security/guard';
import { stampOf } from '../../workflow/stamp';
import { DUE_NOTICE_FINDERS, NOTICE_KIND_REGISTRY } from '../../notifications/kinds';
import { findRule, findTemplate, rulesByTemplate } from './queries';

const RULE_ENTITY = 'notice-rule';
const TEMPLATE_ENTITY = 'notice-template';

type RuleFields = Omit<NoticeRuleUpdateBody, 'version'>;

/** The fields as the rule's kind allows them, or a refusal naming what is wrong. */
function checkedRule(kind: NoticeKind, body: RuleFields) {
  const entry = NOTICE_KIND_REGISTRY[kind];
  const dated = !entry.timings.includes('event');
  if (dated && (body.days === undefined || body.days === null)) throw new BizError(`「${NOTICE_KIND_LABELS[kind]}」需要填写天数`);
  if (!dated && body.days !== undefined && body.days !== null) throw new BizError(`「${NOTICE_KIND_LABELS[kind]}」在事件发生时发送，不设天数`);
  if (dated && body.days === 0 && entry.timings.includes('after')) throw new BizError('“之后”的天数至少为 1 天');
  const audience = body.audiences.find((a: NoticeAudience) => !entry.audiences.includes(a));
  if (audience) throw new BizError(`「${NOTICE_KIND_LABELS[kind]}」不能发送给${NOTICE_AUDIENCE_LABELS[audience]}`);
  const channel = body.channels.find((c: NoticeChannel) => !entry.channels.includes(c));
  if (channel) throw new BizError(`「${NOTICE_KIND_LABELS[kind]}」不能通过${NOTICE_CHANNEL_LABELS[channel]}发送`);
  return {
    name: body.name.trim(),
    description: body.description?.trim() || null,
    days: dated ? (body.days ?? null) : null,
    audiences: JSON.stringify(body.audiences),
    channels: JSON.stringify(body.channels),
    template_id: body.templateId,
    mandatory: body.mandatory ? 1 : 0,
    enabled: body.enabled ? 1 : 0,
  };
}

/** The template must exist, and use only placeholders its rules' kinds fill. */
async function assertTemplateFits(db: DbOrTrx, templateId: string, kind: NoticeKind): Promise<void> {
  const template = await findTemplate(db, templateId);
  if (!template) throw new BizError('通知模板不存在');
  const allowed = new Set([...Object.keys(COMMON_PLACEHOLDERS), ...Object.keys(NOTICE_KIND_PLACEHOLDERS[kind])]);
  const used = placeholderNames(`${template.subject}\n${template.text_body}\n${template.html_body}`);
  const unknown = used.find((name) => !allowed.has(name));
  if (unknown) throw new BizError(`模板「${template.name}」使用的占位符 {{${unknown}}} 不适用于「${NOTICE_KIND_LABELS[kind]}」，请换用其他模板`);
}

/** `certificate_expiry_90`, or with a suffix when that code is taken. */
async function freeCode(db: DbOrTrx, kind: NoticeKind, days: number): Promise<string> {
  const base = `${kind}_${days}`;
  const taken = new Set((await db.selectFrom('notification_rules').select('code').where('code', 'like', `${base}%`).execute()).map((r) => r.code));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

export async function createRule(request: FastifyRequest, body: NoticeRuleCreateBody): Promise<string> {
  const user = requireUser(request);
  const entry = NOTICE_KIND_REGISTRY[body.kind];
  if (!entry.moreAllowed) throw new BizError(`「${NOTICE_KIND_LABELS[body.kind]}」不能新增规则，请修改已有的规则`);
  const fields = checkedRule(body.kind, body);
  const stamp = stampOf(request, user);
  const { db } = request.server;
  return db.transaction().execute(async (trx) => {
    await assertTemplateFits(trx, body.templateId, body.kind);
    const id = randomUUID();
    const code = await freeCode(trx, body.kind, fields.days ?? 0);
    await trx
      .insertInto('notification_rules')
      .values({
        id,
        code,
        kind: body.kind,
        timing: entry.timings[0] ?? 'before',
        ...fields,
        grace_days: body.graceDays ?? 1,
        catch_up_days: body.catchUpDays ?? 30,
        active_from: beijingDay(stamp.at),
        ...newAuditColumns(stamp.now, stamp.by),
      })
      .execute();
    await logOperation(trx, request, { entity: RULE_ENTITY, entityId: id, action: 'create', summary: `新增通知规则「${fields.name}」` });
    return id;
  });
}

async function loadRule(request: FastifyRequest, id: string): Promise<NotificationRuleRow> {
  const rule = await findRule(request.server.db, id);
  if (!rule) throw errors.notFound('通知规则');
  return rule;
}

export async function updateRule(request: FastifyRequest, id: string, body: NoticeRuleUpdateBody): Promise<void> {
  const user = requireUser(request);
  const rule = await loadRule(request, id);
  assertVersion(rule.version, body.version);
  const fields = checkedRule(rule.kind, body);
  const stamp = stampOf(request, user);
  await request.server.db.transaction().execute(async (trx) => {
    await assertTemplateFits(trx, body.templateId, rule.kind);
    const enabling = !rule.enabled && fields.enabled === 1;
    await updateWithVersion(
      trx,
      'notification_rules',
      id,
      body.version,
      {
        ...fields,
        ...(body.graceDays !== undefined ? { grace_days: body.graceDays } : {}),
        ...(body.catchUpDays !== undefined ? { catch_up_days: body.catchUpDays } : {}),
        ...(enabling ? { active_from: beijingDay(stamp.at) } : {}),
      },
      stamp,
    );
    await logOperation(trx, request, { entity: RULE_ENTITY, entityId: id, action: 'update', summary: `修改通知规则「${fields.name}」${fields.enabled ? '' : '（已停用）'}` });
  });
}

/** 启用 / 停用; setting the state a rule already has changes nothing. */
export async function switchRule(request: FastifyRequest, id: string, enable: boolean): Promise<string> {
  const user = requireUser(request);
  const rule = await loadRule(request, id);
  if (!!rule.enabled === enable) return rule.name;
  const stamp = stampOf(request, user);
  await request.server.db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'notification_rules', id, rule.version, { enabled: enable ? 1 : 0, ...(enable ? { active_from: beijingDay(stamp.at) } : {}) }, stamp);
    await logOperation(trx, request, { entity: RULE_ENTITY, entityId: id, action: enable ? 'enable' : 'disable', summary: `${enable ? '启用' : '停用'}通知规则「${rule.name}」` });
  });
  return rule.name;
}

export async function updateTemplate(request: FastifyRequest, id: string, body: NoticeTemplateUpdateBody): Promise<void> {
  const user = requireUser(request);
  const { db } = request.server;
  const template = await findTemplate(db, id);
  if (!template) throw errors.notFound('通知模板');
  assertVersion(template.version, body.version);
  const html = sanitizeRichText(body.htmlBody);
  if (!html.trim()) throw new BizError('HTML 内容不能为空');
  const rules = (await rulesByTemplate(db, [id])).get(id) ?? [];
  const allowed = new Set([...Object.keys(COMMON_PLACEHOLDERS), ...rules.flatMap((r) => Object.keys(NOTICE_KIND_PLACEHOLDERS[r.kind]))]);
  const smsParams = body.smsParams ?? [];
  for (const [field, text] of [['标题', body.subject], ['纯文本内容', body.textBody], ['HTML 内容', html], ['短信模板变量', smsParams.map((p) => `{{${p}}}`).join('')]] as const) {
    const unknown = placeholderNames(text).find((name) => !allowed.has(name));
    if (unknown) throw new BizError(`${field}中的占位符 {{${unknown}}} 不可用；可用的占位符：${[...allowed].join('、')}`);
  }
  const stamp = stampOf(request, user);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(
      trx,
      'notification_templates',
      id,
      body.version,
      {
        name: body.name.trim(),
        subject: body.subject,
        text_body: body.textBody,
        html_body: html,
        sms_template_code: body.smsTemplateCode?.trim() || null,
        sms_params: JSON.stringify(smsParams),
      },
      stamp,
    );
    await logOperation(trx, request, { entity: TEMPLATE_ENTITY, entityId: id, action: 'update', summary: `修改通知模板「${body.name.trim()}」` });
  });
}

/**
 * 立即检查: the scan the server runs every NOTICE_SCAN_MINUTES, now (after a rule's change, staff
 * need not wait for the next one). The scan is idempotent (server/notifications/scanner.ts), so
 * running it here, on any instance and beside the timer, never queues a notice twice; the sender
 * picks up what it queued within seconds.
 */
export async function scanRulesNow(request: FastifyRequest): Promise<ScanResult> {
  requireUser(request);
  const result = await scanDueNotices(request.server, DUE_NOTICE_FINDERS);
  await logOperation(request.server.db, request, {
    entity: RULE_ENTITY,
    entityId: null,
    action: 'scan',
    summary: `立即检查通知规则：检查 ${result.rules} 条规则，新排入 ${result.notices} 条通知（${result.deliveries} 条发送记录${result.late > 0 ? `，其中 ${result.late} 条补发` : ''}）`,
  });
  return result;
}
