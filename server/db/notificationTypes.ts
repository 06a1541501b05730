/**
 * Table types of notifications (migration 0012_notifications): the templates, the rules kept by
 * staff, one delivery row per notice, recipient and channel, the opt-outs of optional e-mails
 * and the one-off sends. Conventions as in ./domainTypes.ts (text ids, ISO timestamps,
 * 'YYYY-MM-DD' dates, 0/1 booleans, JSON as text). The code is in server/notifications.
 */
import type { Selectable } from 'kysely';
import type {
  NoticeChannel,
  NoticeDeliveryState,
  NoticeKind,
  NoticeRecipientType,
  NoticeTiming,
  OneOffAudience,
} from '@common/schemas/notifications';
import type { AuditColumns } from './domainTypes';

type IntBool = number;

export interface NotificationTemplatesTable extends AuditColumns {
  id: string;
  code: string;
  name: string;
  subject: string;
  text_body: string;
  /** Sanitised HTML (content/sanitize.ts) with `{{placeholders}}`. */
  html_body: string;
  sms_template_code: string | null;
  /** JSON string[]: the provider template's variables in order. */
  sms_params: string;
}

export interface NotificationRulesTable extends AuditColumns {
  id: string;
  code: string;
  kind: NoticeKind;
  name: string;
  description: string | null;
  timing: NoticeTiming;
  days: number | null;
  /** JSON NoticeAudience[] */
  audiences: string;
  /** JSON NoticeChannel[] */
  channels: string;
  template_id: string;
  mandatory: IntBool;
  enabled: IntBool;
  grace_days: number;
  catch_up_days: number;
  /** The first day the scanner looks at: the day the rule was made or last enabled (a disabled spell is not made up for). */
  active_from: string;
}

export interface NotificationDeliveriesTable {
  id: string;
  rule_id: string;
  kind: NoticeKind;
  reference: string;
  about_type: string | null;
  about_id: string | null;
  about_date: string | null;
  due_on: string;
  late: IntBool;
  mandatory: IntBool;
  recipient_type: NoticeRecipientType;
  recipient_id: string | null;
  /** `${recipient_type}:${recipient_id}` (a person without a record: the caller's key): part of the unique key. */
  recipient_key: string;
  recipient_name: string;
  channel: NoticeChannel;
  /** JSON Record<string, string>: the placeholders' values (the recipient's name is added when rendering). */
  params: string;
  title: string;
  link: string | null;
  /** The address of the last attempt, encrypted by server/pii (a person without a record: given when queued). */
  address_enc: string | null;
  address_masked: string | null;
  /** Keyed hash of the normalised address (`pii.blindIndex`): the list's exact look-up by address. */
  address_hash: string | null;
  state: NoticeDeliveryState;
  attempts: number;
  next_attempt_at: string | null;
  /** The sender instance holding the row, and until when (a crashed sender's rows come back after it). */
  lease_owner: string | null;
  lease_until: string | null;
  provider_message_id: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  given_up_at: string | null;
  resent_count: number;
  last_resent_at: string | null;
  last_resent_by: string | null;
}

export interface NotificationOptOutsTable {
  recipient_key: string;
  channel: NoticeChannel;
  account_id: string | null;
  created_at: string;
}

export interface NotificationOneOffsTable {
  id: string;
  title: string;
  body: string;
  audience: OneOffAudience;
  /** JSON: the filter as sent. */
  filter: string;
  /** JSON NoticeChannel[] */
  channels: string;
  mandatory: IntBool;
  recipient_count: number;
  created_at: string;
  created_by: string | null;
  created_by_name: string | null;
}

export interface NotificationTables {
  notification_templates: NotificationTemplatesTable;
  notification_rules: NotificationRulesTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_opt_outs: NotificationOptOutsTable;
  notification_one_offs: NotificationOneOffsTable;
}

export type NotificationTemplateRow = Selectable<NotificationTemplatesTable>;
export type NotificationRuleRow = Selectable<NotificationRulesTable>;
export type NotificationDeliveryRow = Selectable<NotificationDeliveriesTable>;
