/**
 * Workflow decisions by e-mail and SMS: every decision message a workflow step leaves
 * (server/notify, kind 'decision') also queues the rule `workflow_decision` for the people the
 * message went to, on the channels that rule names. The in-site message is the step's own, so
 * this rule never names the site channel and nothing here writes one (which also keeps this file
 * free of server/notify, which calls it).
 *
 * The recipients are the accounts' owners: a member unit's accounts are the unit (one notice per
 * unit, to its contact e-mail and phone), a practitioner's account the practitioner, a staff
 * account itself. One decision is one reference: the subject, the moment and the title, so that a
 * second decision on the same record is a new notice, and the same one queued again is not.
 */
import { createHash } from 'node:crypto';
import { beijingDay } from '@common/calendar';
import type { DbOrTrx } from '../db/types';
import { loadRuleByCode, queueNotice } from './deliveries';
import type { NoticeRecipient } from './recipients';

export const DECISION_RULE = 'workflow_decision';

export interface DecisionMessage {
  title: string;
  body?: string | null;
  link?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  dedupeKey?: string | null;
}

async function ownersOf(db: DbOrTrx, accountIds: readonly string[]): Promise<NoticeRecipient[]> {
  const rows = await db.selectFrom('accounts').select(['id', 'auth_type', 'unit_id', 'practitioner_id']).where('id', 'in', [...accountIds]).execute();
  return rows.flatMap((a): NoticeRecipient[] => {
    if (a.auth_type === 2 && a.unit_id) return [{ type: 'unit', id: a.unit_id }];
    if (a.auth_type === 3 && a.practitioner_id) return [{ type: 'practitioner', id: a.practitioner_id }];
    if (a.auth_type === 1) return [{ type: 'account', id: a.id }];
    return [];
  });
}

export function decisionReference(message: DecisionMessage, now: Date): string {
  const titleHash = createHash('sha256').update(message.title).digest('hex').slice(0, 12);
  const when = message.dedupeKey ?? now.toISOString();
  return `decision:${message.subjectType ?? 'message'}:${message.subjectId ?? '-'}:${when}:${titleHash}`;
}

/** Queues the decision's e-mail / SMS for the accounts it was written to (none when the rule is off). */
export async function queueDecisionNotice(trx: DbOrTrx, accountIds: readonly string[], message: DecisionMessage, now: Date): Promise<number> {
  if (accountIds.length === 0) return 0;
  const rule = await loadRuleByCode(trx, DECISION_RULE);
  if (!rule || !rule.enabled) return 0;
  const recipients = await ownersOf(trx, accountIds);
  const { created } = await queueNotice(
    trx,
    {
      rule,
      reference: decisionReference(message, now),
      about: message.subjectType ? { type: message.subjectType, id: message.subjectId ?? null, date: beijingDay(now) } : null,
      dueOn: beijingDay(now),
      recipients,
      params: { title: message.title, body: message.body ?? '' },
      link: message.link ?? null,
    },
    // No site writer: the step wrote its message already.
    { now },
  );
  return created;
}
