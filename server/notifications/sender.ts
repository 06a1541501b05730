/**
 * The sender: takes due e-mail and SMS rows in small batches under a lease and sends each once.
 *
 * - Claiming is one statement that stamps the rows with this sender's id and a lease time
 *   (`UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`): on PostgreSQL, senders
 *   of other instances skip the rows one of them holds; SQLite has one writer, so the statement
 *   runs alone. A row is due when it is queued or retrying, its next attempt time has come, and
 *   no live lease holds it.
 * - Before each send the attempt is counted and the lease renewed, guarded by the lease: a sender
 *   whose lease ran out (another took the row) does not send it. After the send the outcome is
 *   written under the same guard.
 * - A sender that dies mid-batch leaves its rows leased until the lease ends; then they are due
 *   again and another sender (or this one after a restart) sends them: nothing is lost. Only a
 *   death between the provider's acceptance and the outcome's write can repeat a message; the
 *   e-mail's Message-ID (and the SMS's OutId / SessionContext) is the delivery's id, so the
 *   receiving side can tell.
 * - A failure retries after NOTICE_BACKOFF_MINUTES (1, 5, 30 minutes, 2 and 12 hours); after the
 *   last one the row is given up (shown on the workbench and in the daily recap). What no retry
 *   can fix ends at once: no address, not a mobile number, a provider's permanent refusal
 *   (failed); the channel not configured (unconfigured); the person opted out (opted_out).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_UNCONFIGURED,
  NOTICE_BACKOFF_MINUTES,
  NOTICE_MAX_ATTEMPTS,
  SMS_UNCONFIGURED,
  type NoticeDeliveryState,
} from '@common/schemas/notifications';
import type { DialectName } from '../db/index';
import type { Db, NotificationDeliveryRow, NotificationTemplateRow } from '../db/types';
import type { FieldCipher } from '../pii';
import { describeEmailError, type EmailChannel } from './channels/email';
import type { SmsProvider } from './channels/smsTypes';
import { commonParams } from './deliveries';
import { currentAddress } from './recipients';
import { maskAddress, messageParams, normaliseAddress, redactAddresses, renderNotice, withFooter, type NoticeParams } from './render';

export interface NoticeChannels {
  email: EmailChannel | null;
  sms: SmsProvider | null;
}

export interface SenderDeps {
  db: Db;
  dialect: DialectName;
  clock: () => Date;
  pii: FieldCipher;
  channels: NoticeChannels;
  /** PUBLIC_URL, for the {{siteUrl}} placeholder. */
  siteUrl: string | null;
  log: FastifyBaseLogger;
  /** This sender's id (one per process): the lease's owner. */
  owner: string;
}

export const SEND_BATCH_SIZE = 10;
/** Longer than one send can take (the channels' time-outs), renewed before each send. */
export const LEASE_MS = 5 * 60_000;

export interface SendRound {
  claimed: number;
  sent: number;
  retrying: number;
  givenUp: number;
  failed: number;
  unconfigured: number;
  optedOut: number;
  /** Rows another sender took over (our lease had run out). */
  lost: number;
}

const emptyRound = (): SendRound => ({ claimed: 0, sent: 0, retrying: 0, givenUp: 0, failed: 0, unconfigured: 0, optedOut: 0, lost: 0 });

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** Stamps up to `batchSize` due rows with `owner` and a lease; returns them. */
export async function claimDue(deps: Pick<SenderDeps, 'db' | 'dialect' | 'clock' | 'owner'>, batchSize = SEND_BATCH_SIZE, leaseMs = LEASE_MS): Promise<NotificationDeliveryRow[]> {
  const now = deps.clock();
  const at = now.toISOString();
  let due = deps.db
    .selectFrom('notification_deliveries')
    .select('id')
    .where('state', 'in', ['queued', 'retrying'])
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(batchSize);
  if (deps.dialect === 'postgres') due = due.forUpdate().skipLocked();
  return deps.db
    .updateTable('notification_deliveries')
    .set({ lease_owner: deps.owner, lease_until: later(now, leaseMs) })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

type Outcome =
  | { state: 'sent'; messageId: string }
  | { state: Exclude<NoticeDeliveryState, 'sent' | 'queued' | 'retrying' | 'given_up'>; error: string }
  | { state: 'retry'; error: string };

/** Writes a row's outcome if this sender still holds it; false when another sender took it. */
async function settle(deps: SenderDeps, row: NotificationDeliveryRow, attempts: number, outcome: Outcome): Promise<{ held: boolean; state: NoticeDeliveryState }> {
  const now = deps.clock();
  const at = now.toISOString();
  let state: NoticeDeliveryState;
  let changes: Partial<NotificationDeliveryRow>;
  if (outcome.state === 'sent') {
    state = 'sent';
    changes = { state, provider_message_id: outcome.messageId.slice(0, 200), last_error: null, sent_at: at, next_attempt_at: null };
  } else if (outcome.state === 'retry') {
    const wait = NOTICE_BACKOFF_MINUTES[attempts - 1];
    state = attempts >= NOTICE_MAX_ATTEMPTS || wait === undefined ? 'given_up' : 'retrying';
    changes =
      state === 'given_up'
        ? { state, last_error: outcome.error, next_attempt_at: null, given_up_at: at }
        : { state, last_error: outcome.error, next_attempt_at: later(now, wait * 60_000) };
  } else {
    state = outcome.state;
    changes = { state, last_error: outcome.error, next_attempt_at: null };
  }
  const result = await deps.db
    .updateTable('notification_deliveries')
    .set({ ...changes, lease_owner: null, lease_until: null, updated_at: at })
    .where('id', '=', row.id)
    .where('lease_owner', '=', deps.owner)
    .executeTakeFirst();
  return { held: Number(result.numUpdatedRows) === 1, state };
}

async function isOptedOut(db: Db, recipientKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('notification_opt_outs')
    .select('recipient_key')
    .where('recipient_key', '=', recipientKey)
    .where('channel', '=', 'email')
    .executeTakeFirst();
  return !!row;
}

function parseParams(json: string): NoticeParams {
  const value: unknown = JSON.parse(json);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : String(v ?? '')]));
}

function parseNames(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** One row: the checks that need no send, then the attempt. */
async function deliver(deps: SenderDeps, row: NotificationDeliveryRow, template: NotificationTemplateRow | undefined): Promise<{ held: boolean; state: NoticeDeliveryState }> {
  const { channels } = deps;
  if (!template) return settle(deps, row, row.attempts, { state: 'failed', error: '通知规则的模板不存在' });
  if (row.channel === 'email' && !channels.email) return settle(deps, row, row.attempts, { state: 'unconfigured', error: EMAIL_UNCONFIGURED });
  if (row.channel === 'sms' && !channels.sms) return settle(deps, row, row.attempts, { state: 'unconfigured', error: SMS_UNCONFIGURED });
  if (row.channel === 'sms' && !template.sms_template_code) {
    return settle(deps, row, row.attempts, { state: 'unconfigured', error: `通知模板「${template.name}」未设置短信模板编号` });
  }
  if (row.channel === 'email' && !row.mandatory && (await isOptedOut(deps.db, row.recipient_key))) {
    return settle(deps, row, row.attempts, { state: 'opted_out', error: '收件人已关闭可选的邮件通知' });
  }
  const lookup = await currentAddress(deps.db, deps.pii, row);
  if (lookup.address === null) return settle(deps, row, row.attempts, { state: 'failed', error: lookup.problem });
  const { address } = lookup;

  // The attempt counts from here, and the lease is renewed: only the holder may go on.
  const attempts = row.attempts + 1;
  const now = deps.clock();
  const marked = await deps.db
    .updateTable('notification_deliveries')
    .set({
      attempts,
      lease_until: later(now, LEASE_MS),
      address_enc: deps.pii.encrypt(address),
      address_masked: maskAddress(address),
      address_hash: deps.pii.blindIndex(normaliseAddress(address)),
      updated_at: now.toISOString(),
    })
    .where('id', '=', row.id)
    .where('lease_owner', '=', deps.owner)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return { held: false, state: row.state };

  const params = { ...parseParams(row.params), ...commonParams(row.recipient_name, deps.siteUrl) };
  try {
    if (row.channel === 'email' && channels.email) {
      const notice = withFooter(renderNotice({ subject: template.subject, textBody: template.text_body, htmlBody: template.html_body }, params, row.kind), !!row.mandatory);
      const info = await channels.email.send({ to: address, subject: notice.subject, text: notice.text, html: notice.html, deliveryId: row.id });
      return await settle(deps, row, attempts, { state: 'sent', messageId: info.messageId });
    }
    if (row.channel === 'sms' && channels.sms && template.sms_template_code) {
      const names = parseNames(template.sms_params);
      // An SMS app links what looks like an address: the values go out disarmed as in the e-mail.
      const smsValues = messageParams(row.kind, params);
      const result = await channels.sms.send({
        phone: address,
        templateCode: template.sms_template_code,
        params: names.map((name) => ({ name, value: smsValues[name] ?? '' })),
        deliveryId: row.id,
      });
      if (result.ok) return await settle(deps, row, attempts, { state: 'sent', messageId: result.messageId });
      const error = redactAddresses(result.error);
      return await settle(deps, row, attempts, result.permanent ? { state: 'failed', error } : { state: 'retry', error });
    }
    return await settle(deps, row, attempts, { state: 'failed', error: '不支持的发送渠道' });
  } catch (err) {
    const error = redactAddresses(row.channel === 'email' ? describeEmailError(err) : err instanceof Error ? err.message : String(err));
    return settle(deps, row, attempts, { state: 'retry', error });
  }
}

/** Claims one batch and sends it. */
export async function sendDueNotices(deps: SenderDeps, batchSize = SEND_BATCH_SIZE): Promise<SendRound> {
  const round = emptyRound();
  const rows = await claimDue(deps, batchSize);
  round.claimed = rows.length;
  if (rows.length === 0) return round;
  const templates = await deps.db
    .selectFrom('notification_rules')
    .innerJoin('notification_templates', 'notification_templates.id', 'notification_rules.template_id')
    .selectAll('notification_templates')
    .select('notification_rules.id as rule_id')
    .where('notification_rules.id', 'in', [...new Set(rows.map((r) => r.rule_id))])
    .execute();
  const templateOfRule = new Map(templates.map((t) => [t.rule_id, t]));
  for (const row of rows) {
    try {
      const { held, state } = await deliver(deps, row, templateOfRule.get(row.rule_id));
      if (!held) round.lost += 1;
      else if (state === 'sent') round.sent += 1;
      else if (state === 'retrying') round.retrying += 1;
      else if (state === 'given_up') round.givenUp += 1;
      else if (state === 'unconfigured') round.unconfigured += 1;
      else if (state === 'opted_out') round.optedOut += 1;
      else round.failed += 1;
    } catch (err) {
      // A database error on this row: the lease ends and the row is due again; the batch goes on.
      deps.log.error({ deliveryId: row.id, error: redactAddresses(err instanceof Error ? err.message : String(err)) }, '发送通知时出错');
    }
  }
  return round;
}
