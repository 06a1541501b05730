/**
 * Recording and withdrawing credit events by hand (docs/domain.md, "Credit"). Each step is one
 * transaction: the row, its evidence files, the operation log and the messages to the unit the
 * event counts against (and the practitioner it names).
 *
 * - recordEvent: against a member unit, or a registered practitioner (then it counts against
 *   the practitioner's unit). The kind is a dictionary value; the polarity the kind's own
 *   (CREDIT_KIND_POLARITIES) or, for a kind staff added, staff's choice. Points and term come
 *   from the rules version in force (its id stored): points may differ within −100..100 with a
 *   note why, never against the polarity; the term runs from the date by the kind's months.
 * - withdrawEvent: with a reason and the version read; never edited, never deleted
 *   (server/credit/withdraw.ts; ratings not yet final score the unit again).
 *
 * Events the system records by itself (a failed or overdue inspection, a review's score, a
 * revoked certificate, an upheld complaint) are made in their sources' transactions by
 * server/credit/events.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { builtInPolarityOf, CREDIT_POLARITY_LABELS, pointsAgreeWith, type CreditPolarity } from '@common/credit';
import { CREDIT_MESSAGES as M, creditEventLink, type CreditEventCreateBody, type CreditEventCreated, type CreditEventWithdrawBody } from '@common/schemas/credit';
import type { AuthUser } from '../../security/user';
import { setAttachments } from '../../content/files';
import { beijingDay } from '@common/calendar';
import { termUntil } from '../../credit/events';
import { kindRule, rulesInForce } from '../../credit/rules';
import { withdrawCreditEvent } from '../../credit/withdraw';
import { dictLabels } from '../../db/dictionaries';
import type { DbOrTrx } from '../../db/types';
import { newAuditColumns } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError } from '../../http/errors';
import { notifyPractitioner, notifyUnit, type MessageInput } from '../../notify';
import { logOperation } from '../../oplog';
import { stampOf } from '../../workflow/stamp';
import { EVIDENCE_SLOT, KIND_DICT } from './queries';

const ENTITY = 'credit-event';

const signed = (points: number) => `${points > 0 ? '+' : ''}${points}`;

/** The subject: the unit the event counts against, and the practitioner it names. */
async function subjectOf(db: DbOrTrx, body: CreditEventCreateBody): Promise<{ unitId: string; unitName: string; practitionerId: string | null; practitionerName: string | null }> {
  if (body.subjectType === 'unit') {
    if (!body.unitId) throw new BizError(M.unitRequired);
    const unit = await db.selectFrom('member_units').select(['id', 'name', 'status']).where('id', '=', body.unitId).executeTakeFirst();
    // A member is a unit the association admitted (approved, suspended or cancelled since).
    if (!unit || unit.status === 'pending' || unit.status === 'rejected') throw new BizError(M.unitNotMember);
    return { unitId: unit.id, unitName: unit.name, practitionerId: null, practitionerName: null };
  }
  if (!body.practitionerId) throw new BizError(M.practitionerRequired);
  const p = await db
    .selectFrom('practitioners as p')
    .innerJoin('member_units as mu', 'mu.id', 'p.unit_id')
    .select(['p.id', 'p.name', 'p.status', 'p.unit_id', 'mu.name as unit_name'])
    .where('p.id', '=', body.practitionerId)
    .executeTakeFirst();
  if (!p || (p.status !== 'approved' && p.status !== 'left')) throw new BizError(M.practitionerNotRegistered);
  return { unitId: p.unit_id, unitName: p.unit_name, practitionerId: p.id, practitionerName: p.name };
}

export async function recordEvent(request: FastifyRequest, user: AuthUser, body: CreditEventCreateBody): Promise<CreditEventCreated> {
  const { db } = request.server;
  const stamp = stampOf(request, user);
  const today = beijingDay(stamp.at);
  const subject = await subjectOf(db, body);
  const item = await db.selectFrom('dict_items').select(['label']).where('type_code', '=', KIND_DICT).where('value', '=', body.kind).where('enabled', '=', 1).executeTakeFirst();
  if (!item) throw new BizError(M.kindUnknown);
  const builtIn = builtInPolarityOf(body.kind);
  if (builtIn && body.polarity && body.polarity !== builtIn) throw new BizError(M.polarityMismatch(item.label, CREDIT_POLARITY_LABELS[builtIn]));
  const polarity: CreditPolarity | undefined = builtIn ?? body.polarity;
  if (!polarity) throw new BizError(M.polarityRequired);
  if (body.occurredOn > today) throw new BizError(M.occurredInFuture);
  const description = body.description.trim();
  if (!description) throw new BizError(M.descriptionRequired);
  const rules = await rulesInForce(db);
  const rule = kindRule(rules, body.kind);
  const points = body.points ?? rule.points;
  const pointsNote = body.pointsNote?.trim() || null;
  if (points !== rule.points && !pointsNote) throw new BizError(M.pointsNoteRequired);
  if (!pointsAgreeWith(polarity, points)) throw new BizError(M.pointsDisagree(CREDIT_POLARITY_LABELS[polarity]));
  await assertAttachable(db, user, stamp.at, body.fileIds, '证明材料');

  const id = randomUUID();
  const until = termUntil(body.occurredOn, rule.termMonths);
  const who = subject.practitionerName ? `${subject.unitName}·${subject.practitionerName}` : subject.unitName;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('credit_events')
      .values({
        id,
        subject_type: body.subjectType,
        unit_id: subject.unitId,
        practitioner_id: subject.practitionerId,
        polarity,
        kind: body.kind,
        occurred_on: body.occurredOn,
        points,
        points_note: points === rule.points ? null : pointsNote,
        term_until: until,
        description,
        source_type: 'manual',
        source_id: null,
        auto_key: null,
        rule_version_id: rules.id,
        status: 'active',
        withdraw_reason: null,
        withdrawn_at: null,
        withdrawn_by: null,
        ...newAuditColumns(stamp.now, user.id),
      })
      .execute();
    await setAttachments(trx, { type: 'credit_event', id }, EVIDENCE_SLOT, body.fileIds, stamp);
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: 'create',
      summary: `登记${CREDIT_POLARITY_LABELS[polarity]}（${who}）：${item.label}，${body.occurredOn}，${signed(points)} 分${points === rule.points ? '' : `（规则 ${signed(rule.points)} 分，调整说明：${pointsNote ?? ''}）`}，公示至 ${until}`,
    });
    const message: MessageInput = {
      kind: 'decision',
      title: `新增${CREDIT_POLARITY_LABELS[polarity]}记录：${item.label}${subject.practitionerName ? `（${subject.practitionerName}）` : ''}`,
      body: `${description}\n发生日期：${body.occurredOn}；计分：${signed(points)} 分；公示至 ${until}。`,
      link: creditEventLink(id),
      subjectType: 'credit_event',
      subjectId: id,
    };
    await notifyUnit(trx, subject.unitId, message, stamp.at);
    if (subject.practitionerId) await notifyPractitioner(trx, subject.practitionerId, { ...message, link: null }, stamp.at);
  });
  return { id, points, termUntil: until, ruleVersionNo: rules.versionNo };
}

export async function withdrawEvent(request: FastifyRequest, user: AuthUser, id: string, body: CreditEventWithdrawBody): Promise<{ rescoredYears: number[] }> {
  const { db } = request.server;
  const reason = body.reason.trim();
  if (!reason) throw new BizError(M.reasonRequired);
  const stamp = stampOf(request, user);
  const labels = await dictLabels(db, KIND_DICT);
  return db.transaction().execute(async (trx) => {
    const { event, rescored } = await withdrawCreditEvent(trx, { eventId: id, reason, byId: user.id, now: stamp.at, version: body.version });
    const label = labels.get(event.kind) ?? event.kind;
    const again = rescored.map((r) => `${r.year}年度评分重算为 ${r.score} 分（${r.tier} 级）`).join('；');
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: 'withdraw',
      summary: `撤销${CREDIT_POLARITY_LABELS[event.polarity]}：${label}（${event.occurred_on}，${signed(Number(event.points))} 分）：${reason}${again ? `；${again}` : ''}`,
    });
    const message: MessageInput = {
      kind: 'decision',
      title: `${CREDIT_POLARITY_LABELS[event.polarity]}记录已撤销：${label}`,
      body: `撤销原因：${reason}${again ? `\n${again}。` : ''}`,
      link: creditEventLink(id),
      subjectType: 'credit_event',
      subjectId: id,
    };
    await notifyUnit(trx, event.unit_id, message, stamp.at);
    if (event.practitioner_id) await notifyPractitioner(trx, event.practitioner_id, { ...message, link: null }, stamp.at);
    return { rescoredYears: rescored.map((r) => r.year) };
  });
}
