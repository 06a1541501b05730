/**
 * Personal data in the notices' records, erased with the person's (server/pii/retention.ts): the
 * records sent to the person keep the reduced name and lose the address, the placeholders' values
 * and the title (which may name them); records about them sent to others (their unit told of their
 * certificate) lose the values and the title; what was still to be sent is not sent (failed, with
 * the reason); the person's opt-out goes. Runs in the erasure's transaction.
 */
import type { DbOrTrx } from '../db/types';

export const ERASED_TITLE = '（通知内容已随个人信息删除）';
const ERASED_REASON = '收件人的个人信息已删除，不再发送';

export interface NoticeErasure {
  /** The person's recipient key (`practitioner:<id>`, `unit:<id>`). */
  recipientKey: string;
  /** Their name as it stays (reduced), or null to keep the recorded one (a unit's name stays). */
  name: string | null;
  /** Records about them sent to others: the certificates' ids (about_type 'certificate'). */
  certificateIds: readonly string[];
  at: string;
}

export async function eraseNoticeData(trx: DbOrTrx, erasure: NoticeErasure): Promise<void> {
  const { recipientKey, at } = erasure;
  await trx
    .updateTable('notification_deliveries')
    .set({ state: 'failed', last_error: ERASED_REASON, next_attempt_at: null, lease_owner: null, lease_until: null, updated_at: at })
    .where('recipient_key', '=', recipientKey)
    .where('state', 'in', ['queued', 'retrying'])
    .execute();
  await trx
    .updateTable('notification_deliveries')
    .set({
      ...(erasure.name ? { recipient_name: erasure.name, params: '{}', title: ERASED_TITLE } : {}),
      address_enc: null,
      address_masked: null,
      address_hash: null,
      updated_at: at,
    })
    .where('recipient_key', '=', recipientKey)
    .execute();
  if (erasure.certificateIds.length > 0) {
    await trx
      .updateTable('notification_deliveries')
      .set({ state: 'failed', last_error: ERASED_REASON, next_attempt_at: null, lease_owner: null, lease_until: null, updated_at: at })
      .where('about_type', '=', 'certificate')
      .where('about_id', 'in', [...erasure.certificateIds])
      .where('state', 'in', ['queued', 'retrying'])
      .execute();
    await trx
      .updateTable('notification_deliveries')
      .set({ params: '{}', title: ERASED_TITLE, updated_at: at })
      .where('about_type', '=', 'certificate')
      .where('about_id', 'in', [...erasure.certificateIds])
      .execute();
  }
  await trx.deleteFrom('notification_opt_outs').where('recipient_key', '=', recipientKey).execute();
}
