/**
 * A one-off notice from staff to a filtered set: approved member units, or approved
 * practitioners, narrowed by unit, member level, or records of an inspection year still to
 * submit (a unit: its own or its practitioners'). The preview says how many it reaches and how
 * many of them have an e-mail address or a phone; the send records the send
 * (notification_one_offs) and queues the notice (rule `one_off`) for each, on the channels and
 * with the mandatory flag staff chose, in one transaction.
 */
import { INSPECTION_SUBMITTABLE_STATUSES } from '@common/schemas/inspections';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  NOTICE_CHANNEL_LABELS,
  ONE_OFF_PREVIEW_NAMES,
  ONE_OFF_RECIPIENTS_MAX,
  type OneOffPreview,
  type OneOffPreviewBody,
  type OneOffSendBody,
  type OneOffSendResult,
} from '@common/schemas/notifications';
import type { DbOrTrx } from '../../db/types';
import { BizError } from '../../http/errors';
import { enqueueNotice } from '../../notifications/enqueue';
import { emailAddress, mobileNumber } from '../../notifications/render';
import type { NoticeRecipient } from '../../notifications/recipients';
import { logOperation } from '../../oplog';
import { requireUser } from '../../security/guard';
import { syncSubjects } from '../../workflow/inspectionSubjects';
import { NOTICE_KIND_REGISTRY } from '../../notifications/kinds';

interface Target {
  id: string;
  name: string;
  hasEmail: boolean;
  hasPhone: boolean;
}

/** Brings an open year's records in step before asking who has not submitted (server/workflow/inspectionSubjects.ts). */
async function syncYear(db: DbOrTrx, year: number | undefined, now: Date): Promise<void> {
  if (year === undefined) return;
  const open = await db.selectFrom('annual_inspection_years').select('year').where('year', '=', year).where('status', '=', 'open').executeTakeFirst();
  if (open) await syncSubjects(db, year, now);
}

/** Everyone the filter selects, by name; at most ONE_OFF_RECIPIENTS_MAX + 1 (one more says "too many"). */
async function targets(db: DbOrTrx, filter: OneOffPreviewBody): Promise<Target[]> {
  const limit = ONE_OFF_RECIPIENTS_MAX + 1;
  const year = filter.unsubmittedInspectionYear;
  const unsubmitted = [...INSPECTION_SUBMITTABLE_STATUSES];
  if (filter.audience === 'unit') {
    let q = db.selectFrom('member_units as mu').select(['mu.id', 'mu.name', 'mu.email', 'mu.contact_phone']).where('mu.status', '=', 'approved');
    if (filter.unitIds?.length) q = q.where('mu.id', 'in', filter.unitIds);
    if (filter.memberLevel) q = q.where('mu.member_level', '=', filter.memberLevel);
    if (year !== undefined) {
      q = q.where(({ exists, selectFrom }) =>
        exists(selectFrom('annual_inspections as ai').select('ai.id').where('ai.year', '=', year).where('ai.status', 'in', unsubmitted).whereRef('ai.unit_id', '=', 'mu.id')),
      );
    }
    const rows = await q.orderBy('mu.name').orderBy('mu.id').limit(limit).execute();
    return rows.map((u) => ({ id: u.id, name: u.name, hasEmail: !!emailAddress(u.email), hasPhone: !!mobileNumber(u.contact_phone) }));
  }
  let q = db
    .selectFrom('practitioners as p')
    .innerJoin('member_units as mu', 'mu.id', 'p.unit_id')
    .select(['p.id', 'p.name', 'p.email', 'p.phone_enc', 'mu.name as unit_name'])
    .where('p.status', '=', 'approved');
  if (filter.unitIds?.length) q = q.where('p.unit_id', 'in', filter.unitIds);
  if (filter.memberLevel) q = q.where('mu.member_level', '=', filter.memberLevel);
  if (year !== undefined) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('annual_inspections as ai')
          .select('ai.id')
          .where('ai.year', '=', year)
          .where('ai.subject_type', '=', 'practitioner')
          .where('ai.status', 'in', unsubmitted)
          .whereRef('ai.subject_id', '=', 'p.id'),
      ),
    );
  }
  const rows = await q.orderBy('p.name').orderBy('p.id').limit(limit).execute();
  return rows.map((p) => ({ id: p.id, name: `${p.name}（${p.unit_name}）`, hasEmail: !!emailAddress(p.email), hasPhone: !!p.phone_enc }));
}

export async function previewOneOff(request: FastifyRequest, body: OneOffPreviewBody): Promise<OneOffPreview> {
  const { db } = request.server;
  await syncYear(db, body.unsubmittedInspectionYear, request.server.clock());
  const found = await targets(db, body);
  return {
    count: found.length,
    names: found.slice(0, ONE_OFF_PREVIEW_NAMES).map((t) => t.name),
    withEmail: found.filter((t) => t.hasEmail).length,
    withPhone: found.filter((t) => t.hasPhone).length,
  };
}

export async function sendOneOff(request: FastifyRequest, body: OneOffSendBody): Promise<OneOffSendResult> {
  const user = requireUser(request);
  const { db, pii } = request.server;
  const now = request.server.clock();
  const allowed = NOTICE_KIND_REGISTRY.one_off.channels;
  const channel = body.channels.find((c) => !allowed.includes(c));
  if (channel) throw new BizError(`临时通知不能通过${NOTICE_CHANNEL_LABELS[channel]}发送`);
  const { title, body: text, channels, mandatory, ...filter } = body;
  await syncYear(db, filter.unsubmittedInspectionYear, now);
  const found = await targets(db, filter);
  if (found.length === 0) throw new BizError('没有符合条件的发送对象');
  if (found.length > ONE_OFF_RECIPIENTS_MAX) throw new BizError(`发送对象超过 ${ONE_OFF_RECIPIENTS_MAX} 个，请缩小范围后分批发送`);
  const id = randomUUID();
  const reference = `one_off:${id}`;
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification_one_offs')
      .values({
        id,
        title: title.trim(),
        body: text,
        audience: filter.audience,
        filter: JSON.stringify(filter),
        channels: JSON.stringify(channels),
        mandatory: mandatory ? 1 : 0,
        recipient_count: found.length,
        created_at: now.toISOString(),
        created_by: user.id,
        created_by_name: user.name,
      })
      .execute();
    const recipients: NoticeRecipient[] = found.map((t) => ({ type: filter.audience, id: t.id }));
    const result = await enqueueNotice(
      trx,
      { rule: 'one_off', reference, about: { type: 'notice_one_off', id, date: null }, recipients, params: { title: title.trim(), body: text }, channels, mandatory },
      { now, pii },
    );
    if (!result.ruleEnabled) throw new BizError('“临时通知”规则已停用，请先在通知设置中启用');
    await logOperation(trx, request, {
      entity: 'notice-delivery',
      entityId: id,
      action: 'send',
      summary: `发送临时通知「${title.trim()}」：${found.length} 个${filter.audience === 'unit' ? '会员单位' : '从业人员'}，${channels.map((c) => NOTICE_CHANNEL_LABELS[c]).join('、')}，${result.created} 条记录${mandatory ? '（必要通知）' : ''}`,
    });
    return { reference, recipients: found.length, deliveries: result.created };
  });
}
