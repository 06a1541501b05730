/**
 * Changing 通知记录: the audited reveal of a record's whole address, and sending a failed,
 * given-up or unconfigured record again (a fresh round of attempts on the same row: the record
 * stays one per notice, recipient and channel).
 */
import type { FastifyRequest } from 'fastify';
import { NOTICE_CHANNEL_LABELS, NOTICE_DELIVERY_STATE_LABELS, type NoticeAddressReveal } from '@common/schemas/notifications';
import { BizError, errors } from '../../http/errors';
import { logOperation } from '../../oplog';
import { readPii } from '../../pii';
import { requireUser } from '../../security/guard';
import { findDelivery, RESENDABLE_STATES, SEALED_KINDS, sealedDeliveryIds, type DeliveryWithRule } from './queries';

/**
 * Who a log line names: an invitation's expert by the seat (the reference), never by name, since
 * the log's readers may not know the panel (./queries.ts, sealing).
 */
const loggedRecipient = (row: DeliveryWithRule): string => (SEALED_KINDS.includes(row.kind) ? `评审专家，${row.reference}` : row.recipient_name);

const ENTITY = 'notice-delivery';

export async function revealAddress(request: FastifyRequest, id: string): Promise<NoticeAddressReveal> {
  const user = requireUser(request);
  const { db, pii } = request.server;
  const row = await findDelivery(db, id);
  if (!row) throw errors.notFound('通知记录');
  if ((await sealedDeliveryIds(db, user, [row])).has(row.id)) throw new BizError('评审结束前，被抽取专家的收件地址只对有查看抽取结果权限的人员公开', 10, 403);
  if (!row.address_enc) return { value: null };
  const { value, damaged } = readPii(pii, row.address_enc);
  if (damaged) throw new BizError('该记录的收件地址数据已损坏，无法解密，请联系管理员');
  await db.transaction().execute(async (trx) => {
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: row.id,
      action: 'reveal',
      summary: `查看通知记录的完整收件地址（${loggedRecipient(row)}，${NOTICE_CHANNEL_LABELS[row.channel]}，${row.rule_name}）`,
    });
  });
  return { value };
}

export async function resendDelivery(request: FastifyRequest, id: string): Promise<string> {
  const user = requireUser(request);
  const { db } = request.server;
  const row = await findDelivery(db, id);
  if (!row) throw errors.notFound('通知记录');
  if (!RESENDABLE_STATES.includes(row.state)) {
    throw new BizError(`「${NOTICE_DELIVERY_STATE_LABELS[row.state]}」的通知不能重新发送，只有发送失败、失败待重试、已放弃或未配置通道的可以`);
  }
  const at = request.server.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('notification_deliveries')
      .set((eb) => ({
        state: 'queued',
        attempts: 0,
        next_attempt_at: at,
        lease_owner: null,
        lease_until: null,
        given_up_at: null,
        updated_at: at,
        resent_count: eb('resent_count', '+', 1),
        last_resent_at: at,
        last_resent_by: user.id,
      }))
      .where('id', '=', row.id)
      .where('state', '=', row.state)
      // Not while a sender holds it: that attempt is under way and answers for itself.
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .executeTakeFirst();
    // Someone resent it, a sender is sending it now, or it changed in between.
    if (Number(changed.numUpdatedRows) !== 1) throw errors.staleVersion();
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: row.id,
      action: 'resend',
      summary: `重新发送通知「${row.title}」（${loggedRecipient(row)}，${NOTICE_CHANNEL_LABELS[row.channel]}，原状态：${NOTICE_DELIVERY_STATE_LABELS[row.state]}）`,
    });
  });
  return row.title;
}
