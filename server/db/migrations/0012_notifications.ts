/**
 * Notifications (e-mail, SMS and in-site messages by rule, with a delivery record): the
 * templates, the rules staff keep (通知设置), one delivery row per notice, recipient and channel
 * (通知记录; the unique key makes a second send of the same notice impossible, whatever
 * restarts or instances), the opt-outs of optional e-mails and the one-off sends.
 *
 * The default rules and templates are seeded here, as they stood when this migration was
 * written (a later change of them is a later migration or staff's edit). The code is in
 * server/notifications; the table types in ../notificationTypes.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { auditColumns } from './0001_core';

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const intDefault = (value: number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);

interface SeedTemplate {
  code: string;
  name: string;
  subject: string;
  text: string;
  html: string;
  smsParams: string[];
}

const TEMPLATES: SeedTemplate[] = [
  {
    code: 'certificate_expiry',
    name: '证书到期提醒',
    subject: '{{certificateKind}}将于 {{validUntil}} 到期：{{holderName}}',
    text: '{{recipientName}}：\n\n{{holderName}}的{{certificateKind}}（编号 {{certificateNo}}）将于 {{validUntil}} 到期，距今还有 {{daysLeft}} 天。请按时参加年检并办理续期，以免影响执业。\n\n{{associationName}}\n{{siteUrl}}',
    html: '<p>{{recipientName}}：</p><p>{{holderName}}的{{certificateKind}}（编号 {{certificateNo}}）将于 <strong>{{validUntil}}</strong> 到期，距今还有 {{daysLeft}} 天。请按时参加年检并办理续期，以免影响执业。</p><p>{{associationName}}<br>{{siteUrl}}</p>',
    smsParams: ['holderName', 'validUntil'],
  },
  {
    code: 'inspection_deadline',
    name: '年检截止提醒',
    subject: '{{year}}年度年检将于 {{deadline}} 截止',
    text: '{{recipientName}}：\n\n{{year}}年度年检将于 {{deadline}} 截止（还有 {{daysLeft}} 天），尚有 {{unsubmittedCount}} 份年检未提交，请登录协会网站在截止前提交。\n\n{{associationName}}\n{{siteUrl}}',
    html: '<p>{{recipientName}}：</p><p>{{year}}年度年检将于 <strong>{{deadline}}</strong> 截止（还有 {{daysLeft}} 天），尚有 {{unsubmittedCount}} 份年检未提交，请登录协会网站在截止前提交。</p><p>{{associationName}}<br>{{siteUrl}}</p>',
    smsParams: ['year', 'deadline', 'unsubmittedCount'],
  },
  {
    code: 'inspection_overdue',
    name: '年检逾期提醒',
    subject: '{{year}}年度年检已于 {{deadline}} 截止，尚未提交',
    text: '{{recipientName}}：\n\n{{year}}年度年检已于 {{deadline}} 截止，仍有 {{unsubmittedCount}} 份年检未提交。逾期未参加年检将影响会员资格和证书有效期，请尽快登录协会网站提交或与协会联系。\n\n{{associationName}}\n{{siteUrl}}',
    html: '<p>{{recipientName}}：</p><p>{{year}}年度年检已于 <strong>{{deadline}}</strong> 截止，仍有 {{unsubmittedCount}} 份年检未提交。逾期未参加年检将影响会员资格和证书有效期，请尽快登录协会网站提交或与协会联系。</p><p>{{associationName}}<br>{{siteUrl}}</p>',
    smsParams: ['year', 'unsubmittedCount'],
  },
  {
    code: 'expert_drawn',
    name: '评审专家抽取通知',
    subject: '评审邀请：{{projectName}}（{{reviewOn}}）',
    text: '{{recipientName}}专家：\n\n您已被随机抽取为项目「{{projectName}}」的评审专家。\n评审时间：{{reviewOn}} {{reviewTime}}\n评审地点：{{place}}\n请于 {{answerDeadline}} 前答复是否参加：{{contact}}。如与该项目或评估单位存在利害关系，请主动申请回避。\n评审结束前请勿向他人透露本次抽取结果。\n\n{{associationName}}',
    html: '<p>{{recipientName}}专家：</p><p>您已被随机抽取为项目「{{projectName}}」的评审专家。</p><p>评审时间：{{reviewOn}} {{reviewTime}}<br>评审地点：{{place}}</p><p>请于 <strong>{{answerDeadline}}</strong> 前答复是否参加：{{contact}}。如与该项目或评估单位存在利害关系，请主动申请回避。</p><p>评审结束前请勿向他人透露本次抽取结果。</p><p>{{associationName}}</p>',
    smsParams: ['reviewOn', 'answerDeadline'],
  },
  {
    code: 'complaint_progress',
    name: '投诉办理进度',
    subject: '您的投诉（{{complaintNo}}）{{step}}',
    text: '{{recipientName}}：\n\n您提交的投诉（编号 {{complaintNo}}）{{step}}。\n{{detail}}\n可凭投诉编号和查询码查询办理进度：{{queryUrl}}\n\n{{associationName}}',
    html: '<p>{{recipientName}}：</p><p>您提交的投诉（编号 {{complaintNo}}）<strong>{{step}}</strong>。</p><p>{{detail}}</p><p>可凭投诉编号和查询码查询办理进度：{{queryUrl}}</p><p>{{associationName}}</p>',
    smsParams: ['complaintNo', 'step'],
  },
  {
    code: 'workflow_decision',
    name: '审核结果通知',
    subject: '{{title}}',
    text: '{{recipientName}}：\n\n{{title}}\n{{body}}\n\n详情请登录协会网站查看。\n{{associationName}}\n{{siteUrl}}',
    html: '<p>{{recipientName}}：</p><p><strong>{{title}}</strong></p><p>{{body}}</p><p>详情请登录协会网站查看。<br>{{associationName}}<br>{{siteUrl}}</p>',
    smsParams: ['title'],
  },
  {
    code: 'one_off',
    name: '临时通知',
    subject: '{{title}}',
    text: '{{recipientName}}：\n\n{{body}}\n\n{{associationName}}',
    html: '<p>{{recipientName}}：</p><p>{{body}}</p><p>{{associationName}}</p>',
    smsParams: ['title'],
  },
  {
    code: 'daily_recap',
    name: '通知发送日报',
    subject: '通知发送日报（{{date}}）：已发送 {{sent}}，失败 {{failed}}，已放弃 {{givenUp}}',
    text: '{{date}} 通知发送情况：已发送 {{sent}} 条，发送失败 {{failed}} 条，已放弃 {{givenUp}} 条；当前待发送 {{queued}} 条。已放弃和发送失败的记录可在“通知记录”中查看并重新发送。',
    html: '<p>{{date}} 通知发送情况：已发送 {{sent}} 条，发送失败 {{failed}} 条，已放弃 {{givenUp}} 条；当前待发送 {{queued}} 条。</p><p>已放弃和发送失败的记录可在“通知记录”中查看并重新发送。</p>',
    smsParams: [],
  },
];

interface SeedRule {
  code: string;
  kind: string;
  name: string;
  description: string;
  timing: 'before' | 'after' | 'event';
  days: number | null;
  audiences: string[];
  channels: string[];
  template: string;
  mandatory: boolean;
  graceDays: number;
  catchUpDays: number;
}

const dated = (days: number) => ({ days, graceDays: 1, catchUpDays: 30 });
const event = { timing: 'event' as const, days: null, graceDays: 0, catchUpDays: 1 };

const RULES: SeedRule[] = [
  ...[60, 30, 7].map((days) => ({
    code: `certificate_expiry_${days}`,
    kind: 'certificate_expiry',
    name: `证书到期前 ${days} 天提醒`,
    description: '会员单位证书和从业人员证书：提醒持证人和所在单位。',
    timing: 'before' as const,
    ...dated(days),
    audiences: ['holder', 'unit'],
    channels: days === 7 ? ['site', 'email', 'sms'] : ['site', 'email'],
    template: 'certificate_expiry',
    mandatory: days === 7,
  })),
  {
    code: 'inspection_deadline_7',
    kind: 'inspection_deadline',
    name: '年检截止前 7 天提醒',
    description: '开放年度中尚有年检未提交（含本单位从业人员）的会员单位。',
    timing: 'before',
    ...dated(7),
    audiences: ['unit'],
    channels: ['site', 'email'],
    template: 'inspection_deadline',
    mandatory: true,
  },
  {
    code: 'inspection_deadline_3',
    kind: 'inspection_deadline',
    name: '年检截止前 3 天提醒',
    // The in-site reminder three days before is the inspection module's own (modules/inspections/reminders.ts).
    description: '开放年度中尚有年检未提交的会员单位；站内消息由年检提醒发送，此处发邮件和短信。',
    timing: 'before',
    ...dated(3),
    audiences: ['unit'],
    channels: ['email', 'sms'],
    template: 'inspection_deadline',
    mandatory: true,
  },
  {
    code: 'inspection_overdue_1',
    kind: 'inspection_overdue',
    name: '年检逾期提醒（截止次日）',
    description: '截止日期已过仍有年检未提交的会员单位。',
    timing: 'after',
    ...dated(1),
    audiences: ['unit'],
    channels: ['site', 'email', 'sms'],
    template: 'inspection_overdue',
    mandatory: true,
  },
  {
    code: 'expert_drawn',
    kind: 'expert_drawn',
    name: '评审专家抽取通知',
    description: '专家被抽取（或由备选递补）为评审专家时：评审时间、地点和确认方式。',
    ...event,
    audiences: ['expert'],
    channels: ['email', 'sms'],
    template: 'expert_drawn',
    mandatory: true,
  },
  {
    code: 'complaint_progress',
    kind: 'complaint_progress',
    name: '投诉办理进度通知',
    description: '投诉受理、不予受理、办结时通知投诉人。',
    ...event,
    audiences: ['complainant'],
    channels: ['email', 'sms'],
    template: 'complaint_progress',
    mandatory: true,
  },
  {
    code: 'workflow_decision',
    kind: 'workflow_decision',
    name: '审核结果通知',
    description: '每一项审核决定（入会、信息变更、从业人员、单位变更、年检、项目、案例、评审）留下站内消息时，同时按此规则发送邮件或短信。',
    ...event,
    audiences: ['recipient'],
    channels: ['email'],
    template: 'workflow_decision',
    mandatory: false,
  },
  {
    code: 'one_off',
    kind: 'one_off',
    name: '临时通知',
    description: '工作人员向筛选出的会员单位或从业人员发送的一次性通知（渠道和是否必要在发送时选择）。',
    ...event,
    audiences: ['unit', 'practitioner'],
    channels: ['site', 'email'],
    template: 'one_off',
    mandatory: false,
  },
  {
    code: 'daily_recap',
    kind: 'daily_recap',
    name: '通知发送日报',
    description: '每天向具有通知管理权限的工作人员报告前一天的发送、失败和放弃数量。',
    timing: 'after',
    days: 1,
    graceDays: 1,
    catchUpDays: 3,
    audiences: ['staff'],
    channels: ['site'],
    template: 'daily_recap',
    mandatory: false,
  },
];

export function notificationsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const index = async (name: string, table: string, columns: string[]) => db.schema.createIndex(name).on(table).columns(columns).execute();

      await auditColumns(
        db.schema
          .createTable('notification_templates')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', notNull)
          .addColumn('subject', 'text', notNull)
          .addColumn('text_body', 'text', notNull)
          .addColumn('html_body', 'text', notNull)
          .addColumn('sms_template_code', 'text')
          .addColumn('sms_params', 'text', (c) => c.notNull().defaultTo('[]')),
      ).execute();

      await auditColumns(
        db.schema
          .createTable('notification_rules')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('kind', 'text', notNull)
          .addColumn('name', 'text', notNull)
          .addColumn('description', 'text')
          // before | after | event
          .addColumn('timing', 'text', notNull)
          .addColumn('days', 'integer')
          .addColumn('audiences', 'text', notNull)
          .addColumn('channels', 'text', notNull)
          .addColumn('template_id', 'text', (c) => c.notNull().references('notification_templates.id').onDelete('restrict'))
          .addColumn('mandatory', 'integer', intDefault(0))
          .addColumn('enabled', 'integer', intDefault(1))
          .addColumn('grace_days', 'integer', intDefault(1))
          .addColumn('catch_up_days', 'integer', intDefault(30))
          .addColumn('active_from', 'text', notNull),
      ).execute();
      await index('notification_rules_kind_idx', 'notification_rules', ['kind', 'enabled']);

      await db.schema
        .createTable('notification_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('rule_id', 'text', (c) => c.notNull().references('notification_rules.id').onDelete('restrict'))
        .addColumn('kind', 'text', notNull)
        .addColumn('reference', 'text', notNull)
        .addColumn('about_type', 'text')
        .addColumn('about_id', 'text')
        .addColumn('about_date', 'text')
        .addColumn('due_on', 'text', notNull)
        .addColumn('late', 'integer', intDefault(0))
        .addColumn('mandatory', 'integer', intDefault(0))
        .addColumn('recipient_type', 'text', notNull)
        .addColumn('recipient_id', 'text')
        .addColumn('recipient_key', 'text', notNull)
        .addColumn('recipient_name', 'text', notNull)
        .addColumn('channel', 'text', notNull)
        .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('title', 'text', notNull)
        .addColumn('link', 'text')
        .addColumn('address_enc', 'text')
        .addColumn('address_masked', 'text')
        .addColumn('address_hash', 'text')
        // queued | retrying | sent | failed | given_up | unconfigured | opted_out
        .addColumn('state', 'text', notNull)
        .addColumn('attempts', 'integer', intDefault(0))
        .addColumn('next_attempt_at', 'text')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('provider_message_id', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addColumn('sent_at', 'text')
        .addColumn('given_up_at', 'text')
        .addColumn('resent_count', 'integer', intDefault(0))
        .addColumn('last_resent_at', 'text')
        .addColumn('last_resent_by', 'text')
        // One notice, one recipient, one channel: one row, ever (server/notifications/enqueue.ts).
        .addUniqueConstraint('notification_deliveries_once_uq', ['rule_id', 'reference', 'recipient_key', 'channel'])
        .execute();
      // The sender's claim: due rows by state and time.
      await index('notification_deliveries_due_idx', 'notification_deliveries', ['state', 'next_attempt_at']);
      await index('notification_deliveries_created_idx', 'notification_deliveries', ['created_at']);
      await index('notification_deliveries_recipient_idx', 'notification_deliveries', ['recipient_key']);
      await index('notification_deliveries_address_idx', 'notification_deliveries', ['address_hash']);
      await index('notification_deliveries_about_idx', 'notification_deliveries', ['about_type', 'about_id']);
      await index('notification_deliveries_sent_idx', 'notification_deliveries', ['sent_at']);
      await index('notification_deliveries_given_up_idx', 'notification_deliveries', ['given_up_at']);

      await db.schema
        .createTable('notification_opt_outs')
        .addColumn('recipient_key', 'text', notNull)
        .addColumn('channel', 'text', notNull)
        .addColumn('account_id', 'text')
        .addColumn('created_at', 'text', notNull)
        .addPrimaryKeyConstraint('notification_opt_outs_pk', ['recipient_key', 'channel'])
        .execute();

      await db.schema
        .createTable('notification_one_offs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('audience', 'text', notNull)
        .addColumn('filter', 'text', notNull)
        .addColumn('channels', 'text', notNull)
        .addColumn('mandatory', 'integer', intDefault(0))
        .addColumn('recipient_count', 'integer', intDefault(0))
        .addColumn('created_at', 'text', notNull)
        .addColumn('created_by', 'text')
        .addColumn('created_by_name', 'text')
        .execute();
      await index('notification_one_offs_created_idx', 'notification_one_offs', ['created_at']);

      // ---- the default templates and rules -----------------------------------------------------
      const now = new Date();
      const at = now.toISOString();
      const today = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      const templateIds = new Map<string, string>();
      for (const t of TEMPLATES) {
        const id = randomUUID();
        templateIds.set(t.code, id);
        await sql`insert into notification_templates
            (id, code, name, subject, text_body, html_body, sms_template_code, sms_params, version, created_at, created_by, updated_at, updated_by)
          values (${id}, ${t.code}, ${t.name}, ${t.subject}, ${t.text}, ${t.html}, ${null}, ${JSON.stringify(t.smsParams)}, 0, ${at}, ${null}, ${at}, ${null})`.execute(db);
      }
      for (const r of RULES) {
        await sql`insert into notification_rules
            (id, code, kind, name, description, timing, days, audiences, channels, template_id, mandatory, enabled,
             grace_days, catch_up_days, active_from, version, created_at, created_by, updated_at, updated_by)
          values (${randomUUID()}, ${r.code}, ${r.kind}, ${r.name}, ${r.description}, ${r.timing}, ${r.days},
             ${JSON.stringify(r.audiences)}, ${JSON.stringify(r.channels)}, ${templateIds.get(r.template) ?? ''}, ${r.mandatory ? 1 : 0}, 1,
             ${r.graceDays}, ${r.catchUpDays}, ${today}, 0, ${at}, ${null}, ${at}, ${null})`.execute(db);
      }
    },
  };
}
