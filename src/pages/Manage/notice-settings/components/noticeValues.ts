/** A notice rule and a notice template between their records, the forms' values and the API's bodies. */
import type {
  NoticeAudience,
  NoticeChannel,
  NoticeRuleRecord,
  NoticeRuleUpdateBody,
  NoticeTemplateRecord,
  NoticeTemplateUpdateBody,
} from '@common/schemas/notifications';
import { orNull } from '@/components/ListPage';

export interface RuleValues {
  name: string;
  description?: string | null;
  days?: number | null;
  audiences: NoticeAudience[];
  channels: NoticeChannel[];
  templateId: string;
  mandatory: boolean;
  enabled: boolean;
  graceDays?: number | null;
  catchUpDays?: number | null;
}

/** Dated rules fire a number of days before or after a date; event rules when something happens. */
export const isDated = (rule: Pick<NoticeRuleRecord, 'timing'>) => rule.timing !== 'event';

export function toRuleValues(r: NoticeRuleRecord): RuleValues {
  return {
    name: r.name,
    description: r.description,
    days: r.days,
    audiences: r.audiences,
    channels: r.channels,
    templateId: r.templateId,
    mandatory: r.mandatory,
    enabled: r.enabled,
    graceDays: r.graceDays,
    catchUpDays: r.catchUpDays,
  };
}

/**
 * The body without the version. Only dated rules have the days field (RuleFields), so a number
 * there means a dated rule; event rules send no days and no grace or catch-up days.
 */
export function toRuleBody(values: RuleValues): Omit<NoticeRuleUpdateBody, 'version'> {
  const dated = typeof values.days === 'number';
  return {
    name: values.name.trim(),
    description: orNull(values.description),
    days: dated ? values.days : null,
    audiences: values.audiences,
    channels: values.channels,
    templateId: values.templateId,
    mandatory: !!values.mandatory,
    enabled: !!values.enabled,
    ...(dated && typeof values.graceDays === 'number' ? { graceDays: values.graceDays } : {}),
    ...(dated && typeof values.catchUpDays === 'number' ? { catchUpDays: values.catchUpDays } : {}),
  };
}

export interface TemplateValues {
  name: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  smsTemplateCode?: string | null;
  smsParams: string[];
}

export function toTemplateValues(t: NoticeTemplateRecord): TemplateValues {
  return { name: t.name, subject: t.subject, textBody: t.textBody, htmlBody: t.htmlBody, smsTemplateCode: t.smsTemplateCode, smsParams: t.smsParams };
}

export function toTemplateBody(values: TemplateValues): Omit<NoticeTemplateUpdateBody, 'version'> {
  return {
    name: values.name.trim(),
    subject: values.subject.trim(),
    textBody: values.textBody,
    htmlBody: values.htmlBody,
    smsTemplateCode: orNull(values.smsTemplateCode),
    smsParams: values.smsParams ?? [],
  };
}
