/**
 * Credit events the system records by itself from a source record (an upheld complaint, a failed
 * or overdue inspection, a review's score, a revoked certificate), called inside the source's own
 * transaction so that the event exists exactly when its cause does. Each has an auto_key
 * (`kind:sourceId`, unique): the same source never makes its event twice, whatever retries,
 * restarts or instances.
 */
import { randomUUID } from 'node:crypto';
import { AUTOMATIC_CREDIT_KINDS, CREDIT_POLARITY_LABELS, type AutomaticCreditKind, type CreditSourceType } from '@common/credit';
import { creditEventLink } from '@common/schemas/credit';
import { dictLabels } from '../db/dictionaries';
import type { DbOrTrx } from '../db/types';
import { notifyPractitioner, notifyUnit, type MessageInput } from '../notify';
import type { OperationEntry } from '../oplog';
import { kindRule, rulesInForce } from './rules';

export interface AutomaticEventInput {
  kind: AutomaticCreditKind;
  sourceType: Exclude<CreditSourceType, 'manual'>;
  sourceId: string;
  unitId: string;
  practitionerId?: string | null;
  /** 'YYYY-MM-DD' */
  occurredOn: string;
  description: string;
  actorId?: string | null;
  now?: string;
}

/** The last day of a term of `months` starting on `date` ('YYYY-MM-DD'), clamped to the month's end. */
export function termUntil(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const autoKey = (kind: string, sourceId: string): string => `${kind}:${sourceId}`;

export interface AutomaticEventOptions {
  /**
   * Writes the event's operation-log row in the caller's transaction: a request's step passes
   * `(entry) => logOperation(trx, request, entry)`, a job `appendOperation` (server/oplog.ts).
   */
  log?: (entry: OperationEntry) => Promise<void>;
}

/**
 * Records the event unless its source already made it. Resolves to the event's id and whether
 * this call made it. A new event also leaves a message to its unit (and practitioner) and,
 * given `options.log`, its operation-log row, all in the caller's transaction.
 */
export async function recordAutomaticEvent(
  trx: DbOrTrx,
  input: AutomaticEventInput,
  options: AutomaticEventOptions = {},
): Promise<{ id: string; created: boolean }> {
  const key = autoKey(input.kind, input.sourceId);
  const existing = await trx.selectFrom('credit_events').select('id').where('auto_key', '=', key).executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
  const rules = await rulesInForce(trx);
  const rule = kindRule(rules, input.kind);
  const now = input.now ?? new Date().toISOString();
  const id = randomUUID();
  const inserted = await trx
    .insertInto('credit_events')
    .values({
      id,
      subject_type: input.practitionerId ? 'practitioner' : 'unit',
      unit_id: input.unitId,
      practitioner_id: input.practitionerId ?? null,
      polarity: AUTOMATIC_CREDIT_KINDS[input.kind],
      kind: input.kind,
      occurred_on: input.occurredOn,
      points: rule.points,
      points_note: null,
      term_until: termUntil(input.occurredOn, rule.termMonths),
      description: input.description,
      source_type: input.sourceType,
      source_id: input.sourceId,
      auto_key: key,
      rule_version_id: rules.id,
      status: 'active',
      withdraw_reason: null,
      withdrawn_at: null,
      withdrawn_by: null,
      version: 0,
      created_at: now,
      created_by: input.actorId ?? null,
      updated_at: now,
      updated_by: input.actorId ?? null,
    })
    // Another process made it between the read and here: theirs stands.
    .onConflict((oc) => oc.column('auto_key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    const theirs = await trx.selectFrom('credit_events').select('id').where('auto_key', '=', key).executeTakeFirstOrThrow();
    return { id: theirs.id, created: false };
  }
  const label = (await dictLabels(trx, 'credit_event_kind')).get(input.kind) ?? input.kind;
  const polarity = CREDIT_POLARITY_LABELS[AUTOMATIC_CREDIT_KINDS[input.kind]];
  const words = `${label}（${rule.points > 0 ? '+' : ''}${rule.points} 分）`;
  await options.log?.({ entity: 'credit-event', entityId: id, action: 'create', summary: `系统自动登记${polarity}：${words}，${input.description}` });
  // The source step sends its own decision; this says what it means for the unit's credit.
  const message: MessageInput = {
    kind: 'system',
    title: `新增${polarity}记录：${label}`,
    body: `${input.description}\n计分：${rule.points > 0 ? '+' : ''}${rule.points} 分，公示至 ${termUntil(input.occurredOn, rule.termMonths)}。`,
    link: creditEventLink(id),
    subjectType: 'credit_event',
    subjectId: id,
  };
  await notifyUnit(trx, input.unitId, message, new Date(now));
  // A practitioner has no credit page of their own: the message without the link.
  if (input.practitionerId) await notifyPractitioner(trx, input.practitionerId, { ...message, link: null }, new Date(now));
  return { id, created: true };
}
