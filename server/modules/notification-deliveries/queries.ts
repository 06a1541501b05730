/**
 * Reading 通知记录: the filtered list (also what the export walks through), each row with its
 * address masked and the actions its caller may take, and the page's head (channels, counts).
 *
 * The recipient filter matches a name (contains), or a whole e-mail address or phone exactly
 * through the addresses' keyed hash, so a list can be searched by address without the
 * addresses being stored in the clear.
 *
 * Sealing (server/modules/expert-reviews/queries.ts `namesVisible`): a notice to a drawn expert
 * (SEALED_KINDS: the invitation, a replaced sheet) names the panel. Until its review is closed,
 * staff without review:draw:view read such a record without its recipient (no name, id, address
 * or error), do not find it by recipient, and may not reveal its address.
 */
import { hasPermission } from '@common/permissions';
import { sql } from 'kysely';
import type { Page } from '@common/schemas/common';
import type {
  NoticeDeliveryAction,
  NoticeDeliveryExportQuery,
  NoticeDeliveryRecord,
  NoticeKind,
  NoticeDeliveryState,
  NoticeDeliveryStatus,
} from '@common/schemas/notifications';
import type { Config } from '../../config';
import { dayEnd, dayStart } from '../../content/publishing';
import { beijingDay } from '@common/calendar';
import type { DbOrTrx, NotificationDeliveryRow } from '../../db/types';
import { fetchPage, matchesKeyword, paging, parseSort, type Sort } from '../../http/paging';
import { mobileNumber, normaliseAddress } from '../../notifications/render';
import type { FieldCipher } from '../../pii';
import type { AuthUser } from '../../security/user';

/** What staff may send again: a failure, a give-up, or a channel that was not configured then. */
/**
 * What 重新发送 takes: a failed, given-up or unconfigured notice again from its first attempt,
 * and one waiting for its retry at once instead of after the back-off (staff fixed the address,
 * or the mail server is back). A row a sender holds under its lease is left to it (service.ts).
 */
export const RESENDABLE_STATES: readonly NoticeDeliveryState[] = ['failed', 'retrying', 'given_up', 'unconfigured'];

const SORTABLE = {
  createdAt: 'd.created_at',
  updatedAt: 'd.updated_at',
  dueOn: 'd.due_on',
  sentAt: 'd.sent_at',
  attempts: 'd.attempts',
} as const;
type SortColumn = (typeof SORTABLE)[keyof typeof SORTABLE];
const DEFAULT_SORT: Sort<SortColumn> = { column: 'd.created_at', direction: 'desc' };

export function deliverySort(sort: string | undefined): Sort<SortColumn> {
  return parseSort(sort, SORTABLE, DEFAULT_SORT);
}

const joined = (db: DbOrTrx) => db.selectFrom('notification_deliveries as d').innerJoin('notification_rules as r', 'r.id', 'd.rule_id');
type DeliveriesQuery = ReturnType<typeof joined>;

/** Whether the text is a whole address (then matched by its hash, not as a name). */
function looksLikeAddress(text: string): boolean {
  return text.includes('@') || mobileNumber(text) !== null;
}

/** The kinds whose records name a panel's expert: their invitation, and their sheet replaced. */
export const SEALED_KINDS: readonly NoticeKind[] = ['expert_drawn', 'review_sheet_replaced'];
/** What a sealed record shows in place of the expert. */
export const SEALED_RECIPIENT = '评审专家（评审结束前不公开）';

/** Whether this caller reads drawn experts' names before their review closes. */
export const seesDrawnNames = (user: AuthUser): boolean => hasPermission(user, 'review:draw:view');

/** Of these records, the ids of those sealed from this caller (their review not closed). */
export async function sealedDeliveryIds(db: DbOrTrx, user: AuthUser, rows: readonly Pick<NotificationDeliveryRow, 'id' | 'kind' | 'about_type' | 'about_id'>[]): Promise<Set<string>> {
  const drawn = rows.filter((r) => SEALED_KINDS.includes(r.kind));
  if (drawn.length === 0 || seesDrawnNames(user)) return new Set();
  const taskIds = [...new Set(drawn.flatMap((r) => (r.about_type === 'review_task' && r.about_id ? [r.about_id] : [])))];
  const closed = taskIds.length
    ? new Set((await db.selectFrom('review_tasks').select('id').where('id', 'in', taskIds).where('status', '=', 'closed').execute()).map((t) => t.id))
    : new Set<string>();
  return new Set(drawn.filter((r) => !(r.about_type === 'review_task' && r.about_id && closed.has(r.about_id))).map((r) => r.id));
}

export function filteredDeliveries(db: DbOrTrx, pii: FieldCipher, query: NoticeDeliveryExportQuery, user: AuthUser): DeliveriesQuery {
  let base: DeliveriesQuery = joined(db);
  if (query.ruleId) base = base.where('d.rule_id', '=', query.ruleId);
  if (query.kind) base = base.where('d.kind', '=', query.kind);
  if (query.state) base = base.where('d.state', '=', query.state);
  if (query.channel) base = base.where('d.channel', '=', query.channel);
  if (query.recipientType) base = base.where('d.recipient_type', '=', query.recipientType);
  if (query.late !== undefined) base = base.where('d.late', '=', query.late ? 1 : 0);
  if (query.reference) base = base.where('d.reference', '=', query.reference);
  if (query.fromDay) base = base.where('d.created_at', '>=', dayStart(query.fromDay));
  if (query.toDay) base = base.where('d.created_at', '<', dayEnd(query.toDay));
  const recipient = query.recipient?.trim();
  if (recipient) {
    const hash = looksLikeAddress(recipient) ? pii.blindIndex(normaliseAddress(recipient)) : null;
    base = base.where((eb) => (hash ? eb.or([eb('d.address_hash', '=', hash), matchesKeyword(eb, ['d.recipient_name'], recipient)]) : matchesKeyword(eb, ['d.recipient_name'], recipient)));
    // A sealed record is never found by its recipient: the count would name the panel.
    if (!seesDrawnNames(user)) {
      base = base.where((eb) =>
        eb.or([
          eb('d.kind', 'not in', [...SEALED_KINDS]),
          eb.exists(eb.selectFrom('review_tasks as t').select(sql<number>`1`.as('one')).whereRef('t.id', '=', 'd.about_id').where('d.about_type', '=', 'review_task').where('t.status', '=', 'closed')),
        ]),
      );
    }
  }
  return base;
}

export function deliveryActions(user: AuthUser, row: Pick<NotificationDeliveryRow, 'state' | 'address_enc'>, sealed = false): NoticeDeliveryAction[] {
  const actions: NoticeDeliveryAction[] = [];
  if (hasPermission(user, 'notice:manage') && RESENDABLE_STATES.includes(row.state)) actions.push('resend');
  if (hasPermission(user, 'notice:reveal') && row.address_enc && !sealed) actions.push('reveal');
  return actions;
}

export type DeliveryWithRule = NotificationDeliveryRow & { rule_name: string };

/** One record as this caller reads it; `sealed` (sealedDeliveryIds) leaves its recipient out. */
export function toDeliveryRecord(user: AuthUser | null, row: DeliveryWithRule, sealed = false): NoticeDeliveryRecord {
  return {
    id: row.id,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    kind: row.kind,
    reference: row.reference,
    aboutType: row.about_type,
    aboutId: row.about_id,
    aboutDate: row.about_date,
    dueOn: row.due_on,
    late: !!row.late,
    mandatory: !!row.mandatory,
    recipientType: row.recipient_type,
    recipientId: sealed ? null : row.recipient_id,
    recipientName: sealed ? SEALED_RECIPIENT : row.recipient_name,
    channel: row.channel,
    address: sealed ? null : row.address_masked,
    title: row.title,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    providerMessageId: row.provider_message_id,
    lastError: sealed ? null : row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    updatedAt: row.updated_at,
    resentCount: row.resent_count,
    actions: user ? deliveryActions(user, row, sealed) : [],
  };
}

export function orderedDeliveries(base: DeliveriesQuery, sort: Sort<SortColumn>) {
  return base.selectAll('d').select('r.name as rule_name').orderBy(sort.column, sort.direction).orderBy('d.id');
}

export async function listDeliveries(db: DbOrTrx, pii: FieldCipher, user: AuthUser, query: NoticeDeliveryExportQuery & { current?: number; pageSize?: number }): Promise<Page<NoticeDeliveryRecord>> {
  const page = paging(query);
  const sort = deliverySort(query.sort);
  const { rows, total } = await fetchPage(filteredDeliveries(db, pii, query, user), page, (q) => orderedDeliveries(q, sort));
  const sealed = await sealedDeliveryIds(db, user, rows);
  return { list: rows.map((r) => toDeliveryRecord(user, r, sealed.has(r.id))), total, current: page.current, pageSize: page.pageSize };
}

export async function findDelivery(db: DbOrTrx, id: string): Promise<DeliveryWithRule | undefined> {
  return db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notification_rules as r', 'r.id', 'd.rule_id')
    .selectAll('d')
    .select('r.name as rule_name')
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** The page's head: which channels are set up (never their secrets), and the counts by state. */
export async function deliveryStatus(db: DbOrTrx, config: Config, now: Date): Promise<NoticeDeliveryStatus> {
  const today = beijingDay(now);
  const [byState, sentToday] = await Promise.all([
    db
      .selectFrom('notification_deliveries')
      .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
      .where('state', 'in', ['queued', 'retrying', 'failed', 'given_up'])
      .groupBy('state')
      .execute(),
    db
      .selectFrom('notification_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sent_at', '>=', dayStart(today))
      .where('sent_at', '<', dayEnd(today))
      .executeTakeFirst(),
  ]);
  const count = (state: NoticeDeliveryState) => Number(byState.find((r) => r.state === state)?.n ?? 0);
  return {
    email: { configured: !!config.smtpUrl, from: config.smtpFrom },
    sms: { configured: !!config.sms, provider: config.sms?.provider ?? null },
    counts: { queued: count('queued'), retrying: count('retrying'), failed: count('failed'), givenUp: count('given_up'), sentToday: Number(sentToday?.n ?? 0) },
  };
}
