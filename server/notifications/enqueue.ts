/**
 * The call other modules make: queue a notice by its rule's code, in the caller's transaction,
 * so that the step and its notice land together or not at all.
 *
 *   await enqueueNotice(trx, {
 *     rule: 'expert_drawn',
 *     reference: `review_seat:${seat.id}`,
 *     about: { type: 'review_task', id: task.id, date: task.reviewOn },
 *     recipients: [{ type: 'expert', id: seat.expertId }],
 *     params: { projectName, reviewOn, reviewTime, place, answerDeadline, contact },
 *   }, { now: stamp.now, pii: request.server.pii });
 *
 * A disabled (or unknown) rule queues nothing. The same rule and reference queue nothing the
 * second time for a recipient and channel already queued (./deliveries.ts). In-site messages
 * go through server/notify like every other message, marked with the delivery's id.
 */
import type { DbOrTrx, MessageKind } from '../db/types';
import { notifyAccounts } from '../notify';
import { beijingDay } from '@common/calendar';
import type { FieldCipher } from '../pii';
import { loadRuleByCode, queueNotice, type LoadedRule, type NoticeInput, type QueueResult, type SiteWriter } from './deliveries';
import type { NoticeRecipient } from './recipients';
import type { NoticeParams } from './render';

/** Dated notices are reminders in the message box; event notices are system messages. */
const messageKindOf = (rule: LoadedRule): MessageKind => (rule.timing === 'event' ? 'system' : 'reminder');

export const writeSiteMessage: SiteWriter = async (trx, { deliveryId, accountIds, notice, input }, now) => {
  await notifyAccounts(
    trx,
    accountIds,
    {
      kind: messageKindOf(input.rule),
      title: notice.subject,
      body: notice.text,
      link: input.link ?? null,
      subjectType: input.about?.type ?? null,
      subjectId: input.about?.id ?? null,
      // Once per account even if the same delivery were written twice.
      dedupeKey: `notice:${deliveryId}`,
    },
    now,
  );
};

export interface EnqueueRequest {
  /** The rule's code: 'expert_drawn', 'complaint_progress', 'one_off', … (通知设置). */
  rule: string;
  reference: string;
  about?: NoticeInput['about'];
  recipients: readonly NoticeRecipient[];
  params: NoticeParams;
  link?: string | null;
  channels?: NoticeInput['channels'];
  mandatory?: boolean;
}

export interface EnqueueResult extends QueueResult {
  /** False when the rule is disabled or unknown (nothing queued). */
  ruleEnabled: boolean;
}

export async function enqueueNotice(trx: DbOrTrx, request: EnqueueRequest, context: { now: Date; pii?: FieldCipher }): Promise<EnqueueResult> {
  const rule = await loadRuleByCode(trx, request.rule);
  if (!rule || !rule.enabled) return { created: 0, recipients: 0, ruleEnabled: false };
  const result = await queueNotice(
    trx,
    {
      rule,
      reference: request.reference,
      about: request.about ?? null,
      dueOn: beijingDay(context.now),
      recipients: request.recipients,
      params: request.params,
      link: request.link ?? null,
      channels: request.channels,
      mandatory: request.mandatory,
    },
    { now: context.now, pii: context.pii, site: writeSiteMessage },
  );
  return { ...result, ruleEnabled: true };
}
