/**
 * The default notice templates and rules (通知设置), added by the base seed at every start where
 * their code is missing: a new database gets them all, a restored one keeps its own (staff's
 * edits included), and a default added in a later release reaches existing databases. A rule
 * starts on the day it is added (active_from): the scanner never sends for days before it.
 */
import { randomUUID } from 'node:crypto';
import type { NoticeKind } from '@common/schemas/notifications';
import type { DbOrTrx } from '../types';

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
    code: 'review_sheet_replaced',
    name: '评分表替换通知',
    subject: '您的评分表已被替换：{{projectName}}（{{reviewOn}}）',
    text: '{{recipientName}}专家：\n\n您在项目「{{projectName}}」（评审日期 {{reviewOn}}）评审中的评分表已由协会工作人员替换。\n原评分表：总分 {{replacedTotal}}，结论 {{replacedConclusion}}\n替换后：总分 {{newTotal}}，结论 {{newConclusion}}\n替换原因：{{reason}}\n原评分表已完整保留在评审记录中。如有异议，{{contact}}。\n\n{{associationName}}',
    html: '<p>{{recipientName}}专家：</p><p>您在项目「{{projectName}}」（评审日期 {{reviewOn}}）评审中的评分表已由协会工作人员替换。</p><p>原评分表：总分 {{replacedTotal}}，结论 {{replacedConclusion}}<br>替换后：总分 {{newTotal}}，结论 {{newConclusion}}<br>替换原因：{{reason}}</p><p>原评分表已完整保留在评审记录中。如有异议，{{contact}}。</p><p>{{associationName}}</p>',
    smsParams: ['projectName', 'replacedTotal', 'newTotal'],
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
  kind: NoticeKind;
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
  ...[60, 30, 7].map((days): SeedRule => ({
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
    code: 'review_sheet_replaced',
    kind: 'review_sheet_replaced',
    name: '评分表替换通知',
    description: '协会工作人员替换专家的评分表时告知专家本人：原评分、替换后的评分和原因。',
    ...event,
    audiences: ['expert'],
    channels: ['email', 'sms'],
    template: 'review_sheet_replaced',
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


/** Inserts the templates and rules whose code is not there yet. */
export async function seedNotificationDefaults(db: DbOrTrx, now: string): Promise<void> {
  const today = new Date(new Date(now).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const existingTemplates = await db.selectFrom('notification_templates').select(['id', 'code']).execute();
  const templateIds = new Map(existingTemplates.map((t) => [t.code, t.id]));
  for (const t of TEMPLATES) {
    if (templateIds.has(t.code)) continue;
    const id = randomUUID();
    templateIds.set(t.code, id);
    await db
      .insertInto('notification_templates')
      .values({ id, code: t.code, name: t.name, subject: t.subject, text_body: t.text, html_body: t.html, sms_template_code: null, sms_params: JSON.stringify(t.smsParams), version: 0, created_at: now, created_by: null, updated_at: now, updated_by: null })
      .execute();
  }
  const existingRules = new Set((await db.selectFrom('notification_rules').select('code').execute()).map((r) => r.code));
  for (const r of RULES) {
    if (existingRules.has(r.code)) continue;
    await db
      .insertInto('notification_rules')
      .values({
        id: randomUUID(),
        code: r.code,
        kind: r.kind,
        name: r.name,
        description: r.description,
        timing: r.timing,
        days: r.days,
        audiences: JSON.stringify(r.audiences),
        channels: JSON.stringify(r.channels),
        template_id: templateIds.get(r.template) ?? '',
        mandatory: r.mandatory ? 1 : 0,
        enabled: 1,
        grace_days: r.graceDays,
        catch_up_days: r.catchUpDays,
        active_from: today,
        version: 0,
        created_at: now,
        created_by: null,
        updated_at: now,
        updated_by: null,
      })
      .execute();
  }
}
