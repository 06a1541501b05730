/**
 * Queuing a notice: one delivery row per recipient and channel the rule names, where the
 * recipient has an address for it. The row's unique key (rule, reference, recipient, channel)
 * makes a second queuing of the same notice do nothing, whoever tries it and however often: a
 * restart, a scanner on another instance, a step retried. E-mail and SMS rows wait for the
 * sender (./sender.ts); an in-site row is written at once by the `site` writer the caller gives
 * (./enqueue.ts), in the same transaction, or left out without one.
 *
 * An optional notice to someone who turned optional e-mails off gets its e-mail row in state
 * opted_out: the record says why nothing was sent.
 */
import { randomUUID } from 'node:crypto';
import { ASSOCIATION_NAME } from '@common/association';
import type { NoticeChannel, NoticeDeliveryState, NoticeKind, NoticeTiming } from '@common/schemas/notifications';
import type { DbOrTrx, NotificationRuleRow, NotificationTemplateRow } from '../db/types';
import type { FieldCipher } from '../pii';
import { recipientFacts, type NoticeRecipient, type RecipientFacts } from './recipients';
import { maskAddress, normaliseAddress, renderNotice, type NoticeParams, type RenderedNotice } from './render';

/** A rule as queuing reads it: the row with its channels parsed, and its template. */
export interface LoadedRule {
  id: string;
  code: string;
  kind: NoticeKind;
  name: string;
  timing: NoticeTiming;
  days: number | null;
  channels: NoticeChannel[];
  mandatory: boolean;
  enabled: boolean;
  graceDays: number;
  catchUpDays: number;
  activeFrom: string;
  audiences: string[];
  template: NotificationTemplateRow;
}

function parseList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

const CHANNEL_ORDER: readonly NoticeChannel[] = ['site', 'email', 'sms'];
export const channelsOf = (json: string): NoticeChannel[] => {
  const listed = new Set(parseList(json));
  return CHANNEL_ORDER.filter((c) => listed.has(c));
};
export const audiencesOf = (json: string): string[] => parseList(json);

export function toLoadedRule(rule: NotificationRuleRow, template: NotificationTemplateRow): LoadedRule {
  return {
    id: rule.id,
    code: rule.code,
    kind: rule.kind,
    name: rule.name,
    timing: rule.timing,
    days: rule.days,
    channels: channelsOf(rule.channels),
    mandatory: !!rule.mandatory,
    enabled: !!rule.enabled,
    graceDays: rule.grace_days,
    catchUpDays: rule.catch_up_days,
    activeFrom: rule.active_from,
    audiences: audiencesOf(rule.audiences),
    template,
  };
}

async function withTemplates(db: DbOrTrx, rules: NotificationRuleRow[]): Promise<LoadedRule[]> {
  if (rules.length === 0) return [];
  const templates = await db
    .selectFrom('notification_templates')
    .selectAll()
    .where('id', 'in', [...new Set(rules.map((r) => r.template_id))])
    .execute();
  const byId = new Map(templates.map((t) => [t.id, t]));
  return rules.flatMap((r) => {
    const template = byId.get(r.template_id);
    return template ? [toLoadedRule(r, template)] : [];
  });
}

/** The rule with this code (enabled or not), or null. */
export async function loadRuleByCode(db: DbOrTrx, code: string): Promise<LoadedRule | null> {
  const rule = await db.selectFrom('notification_rules').selectAll().where('code', '=', code).executeTakeFirst();
  return rule ? ((await withTemplates(db, [rule]))[0] ?? null) : null;
}

/** Every enabled rule, with its template. */
export async function loadEnabledRules(db: DbOrTrx): Promise<LoadedRule[]> {
  const rules = await db.selectFrom('notification_rules').selectAll().where('enabled', '=', 1).orderBy('code').execute();
  return withTemplates(db, rules);
}

/** The placeholders every notice fills for every recipient (./render.ts). */
export function commonParams(recipientName: string, siteUrl: string | null): NoticeParams {
  return { recipientName, associationName: ASSOCIATION_NAME, siteUrl: siteUrl ?? '' };
}

export interface NoticeInput {
  rule: LoadedRule;
  /** The record and the date the notice is about, unique for the rule: `certificate:<id>@2027-03-01`. */
  reference: string;
  about?: { type: string; id: string | null; date?: string | null } | null;
  /** The day it was due (Beijing time) and whether it goes out later than the rule allows. */
  dueOn: string;
  late?: boolean;
  recipients: readonly NoticeRecipient[];
  /** The kind's placeholders (./render.ts); the recipient's name and the common ones are added. */
  params: NoticeParams;
  /** A back-office path for the in-site message. */
  link?: string | null;
  /** A one-off send chooses its own channels and whether it is mandatory. */
  channels?: readonly NoticeChannel[];
  mandatory?: boolean;
}

/** Writes an in-site message for a row just queued (same transaction); the row is then marked sent. */
export type SiteWriter = (trx: DbOrTrx, message: { deliveryId: string; accountIds: string[]; notice: RenderedNotice; input: NoticeInput }, now: Date) => Promise<void>;

export interface QueueContext {
  now: Date;
  /** Needed only for a person's addresses given by the caller (stored encrypted). */
  pii?: FieldCipher;
  site?: SiteWriter;
}

export interface QueueResult {
  /** Rows written now (a notice queued before writes none). */
  created: number;
  /** Recipients found (records that exist). */
  recipients: number;
}

/** Whether each recipient turned optional e-mails off. */
async function optedOutKeys(db: DbOrTrx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('notification_opt_outs').select('recipient_key').where('channel', '=', 'email').where('recipient_key', 'in', [...keys]).execute();
  return new Set(rows.map((r) => r.recipient_key));
}

function initialState(channel: NoticeChannel, mandatory: boolean, optedOut: boolean): NoticeDeliveryState {
  return channel === 'email' && !mandatory && optedOut ? 'opted_out' : 'queued';
}

/** Queues one notice (see the file comment), in the caller's transaction. */
export async function queueNotice(trx: DbOrTrx, input: NoticeInput, context: QueueContext): Promise<QueueResult> {
  const { rule } = input;
  const channels = CHANNEL_ORDER.filter((c) => (input.channels ?? rule.channels).includes(c));
  const mandatory = input.mandatory ?? rule.mandatory;
  const facts = await recipientFacts(trx, input.recipients);
  const optedOut = channels.includes('email') && !mandatory ? await optedOutKeys(trx, facts.map((f) => f.key)) : new Set<string>();
  const at = context.now.toISOString();
  let created = 0;
  for (const recipient of facts) {
    const notice = renderNotice(
      { subject: rule.template.subject, textBody: rule.template.text_body, htmlBody: rule.template.html_body },
      { ...input.params, ...commonParams(recipient.name, null) },
      rule.kind,
    );
    for (const channel of channels) {
      if (!recipient.reachable[channel] || (channel === 'site' && !context.site)) continue;
      const id = randomUUID();
      const state = initialState(channel, mandatory, optedOut.has(recipient.key));
      const inserted = await trx
        .insertInto('notification_deliveries')
        .values({
          id,
          rule_id: rule.id,
          kind: rule.kind,
          reference: input.reference,
          about_type: input.about?.type ?? null,
          about_id: input.about?.id ?? null,
          about_date: input.about?.date ?? null,
          due_on: input.dueOn,
          late: input.late ? 1 : 0,
          mandatory: mandatory ? 1 : 0,
          recipient_type: recipient.type,
          recipient_id: recipient.id,
          recipient_key: recipient.key,
          recipient_name: recipient.name,
          channel,
          params: JSON.stringify(input.params),
          title: notice.subject.slice(0, 200),
          link: input.link ?? null,
          ...givenAddress(recipient, channel, context.pii),
          state,
          attempts: 0,
          next_attempt_at: state === 'queued' ? at : null,
          lease_owner: null,
          lease_until: null,
          provider_message_id: null,
          last_error: state === 'opted_out' ? '收件人已关闭可选的邮件通知' : null,
          created_at: at,
          updated_at: at,
          sent_at: null,
          given_up_at: null,
          resent_count: 0,
          last_resent_at: null,
          last_resent_by: null,
        })
        .onConflict((oc) => oc.columns(['rule_id', 'reference', 'recipient_key', 'channel']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) continue;
      created += 1;
      if (channel === 'site' && context.site) {
        await context.site(trx, { deliveryId: id, accountIds: recipient.accountIds, notice, input }, context.now);
        await trx
          .updateTable('notification_deliveries')
          .set({ state: 'sent', attempts: 1, next_attempt_at: null, sent_at: at, updated_at: at })
          .where('id', '=', id)
          .execute();
      }
    }
  }
  return { created, recipients: facts.length };
}

/** A person's address, given by the caller, is kept (encrypted) on the row from the start. */
function givenAddress(recipient: RecipientFacts, channel: NoticeChannel, pii: FieldCipher | undefined) {
  const address = channel === 'email' ? recipient.direct?.email : channel === 'sms' ? recipient.direct?.phone : null;
  if (!address) return { address_enc: null, address_masked: null, address_hash: null };
  if (!pii) throw new Error('queueNotice: a person\'s address needs the personal-information cipher (context.pii)');
  return { address_enc: pii.encrypt(address), address_masked: maskAddress(address), address_hash: pii.blindIndex(normaliseAddress(address)) };
}
