/**
 * Notifications (e-mail, SMS and in-site messages by rule, with a delivery record): the
 * templates, the rules staff keep (通知设置), one delivery row per notice, recipient and channel
 * (通知记录; the unique key makes a second send of the same notice impossible, whatever
 * restarts or instances), the opt-outs of optional e-mails and the one-off sends.
 *
 * The tables only: the default rules and templates are the base seed's
 * (../seed/notificationDefaults.ts), so that a restore, which builds a backup's schema with these
 * migrations into an empty database, finds them empty (server/backup/restore.ts). The code is in
 * server/notifications; the table types in ../notificationTypes.ts.
 */
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { auditColumns } from './0001_core';

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const intDefault = (value: number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);

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
    },
  };
}
