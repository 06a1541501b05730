/**
 * Objections (异议) to a rating in 公示 (docs/domain.md, "Credit"):
 *
 * - fileObjection: a member unit, about its own score, once per rating, with its materials, from
 *   the window's first day up to and including its last (publicity_until); staff holding
 *   credit:rating:manage are told.
 * - answerObjection: staff, while the rating is in 公示 (also after the window, before 终评):
 *   rejected with the reason, or upheld with the reason and the events of the unit's score to
 *   withdraw, which are withdrawn (server/credit/withdraw.ts) and the unit scored again without
 *   them in the same transaction; the unit is told.
 *
 * Each step holds the rating's row (a conditional update on its state) until it commits, so that
 * 终评 at the same moment waits for it or refuses it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CREDIT_OBJECTION_STATUS_LABELS, CREDIT_TIER_LABELS } from '@common/credit';
import {
  CREDIT_MESSAGES as M,
  creditRatingLink,
  type CreditObjectionAnswerBody,
  type CreditObjectionAnswered,
  type CreditObjectionCreateBody,
} from '@common/schemas/credit';
import { AuthType } from '@common/permissions';
import type { AuthUser } from '../../security/user';
import { setAttachments } from '../../content/files';
import { beijingDay } from '@common/calendar';
import { parseItems } from '../../credit/scoring';
import { withdrawCreditEvent } from '../../credit/withdraw';
import type { DbOrTrx } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { assertAttachable } from '../../files/attach';
import { BizError, errors } from '../../http/errors';
import { notifyStaffWith, notifyUnit } from '../../notify';
import { logOperation } from '../../oplog';
import { stampOf } from '../../workflow/stamp';
import { findObjection, loadRating, MANAGE_CODE, OBJECTION_SLOT } from './queries';

const ENTITY = 'credit-objection';

/** Holds a rating in 公示 until the transaction ends; false when it is not (any more) in 公示. */
async function holdInPublicity(trx: DbOrTrx, ratingId: string): Promise<boolean> {
  const held = await trx
    .updateTable('credit_ratings')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', ratingId)
    .where('status', '=', 'publicity')
    .executeTakeFirst();
  return Number(held.numUpdatedRows) === 1;
}

const isUniqueViolation = (err: unknown): boolean => /unique|duplicate/i.test(err instanceof Error ? err.message : String(err));

export async function fileObjection(request: FastifyRequest, user: AuthUser, ratingId: string, body: CreditObjectionCreateBody): Promise<{ id: string }> {
  const { db } = request.server;
  if (user.authType !== AuthType.MemberUnit || !user.unitId) throw errors.forbidden();
  const unitId = user.unitId;
  const stamp = stampOf(request, user);
  const today = beijingDay(stamp.at);
  const rating = await loadRating(db, ratingId);
  if (rating.status === 'final') throw new BizError(M.finalLocked);
  if (rating.status !== 'publicity' || !rating.publicity_until) throw new BizError(M.objectionNotInPublicity);
  if (today > rating.publicity_until) throw new BizError(M.objectionTooLate(rating.publicity_until));
  const scored = await db.selectFrom('credit_rating_units').select(['unit_name', 'score', 'tier']).where('rating_id', '=', ratingId).where('unit_id', '=', unitId).executeTakeFirst();
  if (!scored) throw new BizError(M.objectionNotRated);
  const existing = await db.selectFrom('credit_objections').select('id').where('rating_id', '=', ratingId).where('unit_id', '=', unitId).executeTakeFirst();
  if (existing) throw new BizError(M.objectionExists);
  const content = body.content.trim();
  if (!content) throw new BizError(M.objectionContentRequired);
  await assertAttachable(db, user, stamp.at, body.fileIds, '异议材料');
  const id = randomUUID();
  const year = Number(rating.year);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await holdInPublicity(trx, ratingId))) throw new BizError(M.objectionNotInPublicity);
      await trx
        .insertInto('credit_objections')
        .values({
          id,
          rating_id: ratingId,
          unit_id: unitId,
          content,
          status: 'pending',
          answer: null,
          withdrawn_event_ids: '[]',
          answered_at: null,
          answered_by: null,
          ...newAuditColumns(stamp.now, user.id),
        })
        .execute();
      await setAttachments(trx, { type: 'credit_objection', id }, OBJECTION_SLOT, body.fileIds, stamp);
      await logOperation(trx, request, {
        entity: ENTITY,
        entityId: id,
        action: 'submit',
        summary: `${scored.unit_name}对${year}年度信用评价（${Number(scored.score)} 分，${scored.tier} 级）提出异议`,
      });
      await notifyStaffWith(
        trx,
        MANAGE_CODE,
        {
          kind: 'submission',
          title: `新的信用评价异议：${scored.unit_name}（${year}年度）`,
          body: content.length > 200 ? `${content.slice(0, 200)}…` : content,
          link: creditRatingLink(ratingId, unitId),
          subjectType: 'credit_objection',
          subjectId: id,
        },
        stamp.at,
      );
    });
  } catch (err) {
    // The same unit's second objection at the same moment: the unique (rating, unit) keeps one.
    if (!(err instanceof BizError) && isUniqueViolation(err)) throw new BizError(M.objectionExists);
    throw err;
  }
  return { id };
}

export async function answerObjection(request: FastifyRequest, user: AuthUser, id: string, body: CreditObjectionAnswerBody): Promise<CreditObjectionAnswered> {
  const { db } = request.server;
  const row = await findObjection(db, id);
  if (!row) throw errors.notFound(M.objectionNoun);
  if (row.rating_status === 'final') throw new BizError(M.finalLocked);
  if (row.status !== 'pending') throw new BizError(M.objectionAnswered);
  assertVersion(Number(row.version), body.version);
  const answer = body.answer.trim();
  if (!answer) throw new BizError(M.answerRequired);
  const withdraw = body.withdrawEventIds ?? [];
  if (body.decision === 'upheld' && withdraw.length === 0) throw new BizError(M.upheldNeedsEvents);
  if (body.decision === 'rejected' && withdraw.length > 0) throw new BizError(M.rejectedTakesNoEvents);
  const stamp = stampOf(request, user);
  const year = Number(row.year);
  return db.transaction().execute(async (trx) => {
    if (!(await holdInPublicity(trx, row.rating_id))) throw new BizError(M.finalLocked);
    const unitRow = await trx.selectFrom('credit_rating_units').selectAll().where('rating_id', '=', row.rating_id).where('unit_id', '=', row.unit_id).executeTakeFirstOrThrow();
    const counted = new Set(parseItems(unitRow.items).map((i) => i.eventId));
    if (withdraw.some((eventId) => !counted.has(eventId))) throw new BizError(M.eventNotInItems);
    if (withdraw.length > 0) {
      const active = await trx.selectFrom('credit_events').select('id').where('id', 'in', [...withdraw]).where('status', '=', 'active').execute();
      if (active.length !== withdraw.length) throw new BizError(M.eventNotInItems);
    }
    await updateWithVersion(
      trx,
      'credit_objections',
      id,
      body.version,
      { status: body.decision, answer, withdrawn_event_ids: JSON.stringify(withdraw), answered_at: stamp.now, answered_by: user.id },
      stamp,
    );
    // Each withdrawal scores this unit again without the event, here and in any other rating not final.
    for (const eventId of withdraw) await withdrawCreditEvent(trx, { eventId, reason: `异议成立：${answer}`, byId: user.id, now: stamp.at });
    const after = await trx.selectFrom('credit_rating_units').select(['score', 'tier']).where('id', '=', unitRow.id).executeTakeFirstOrThrow();
    const score = Number(after.score);
    const changed = score !== Number(unitRow.score) || after.tier !== unitRow.tier;
    const words = changed ? `得分由 ${Number(unitRow.score)} 分（${unitRow.tier} 级）改为 ${score} 分（${after.tier} 级）` : `得分 ${score} 分（${after.tier} 级）不变`;
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: 'answer',
      summary: `答复${row.unit_name}对${year}年度信用评价的异议：${CREDIT_OBJECTION_STATUS_LABELS[body.decision]}${withdraw.length ? `，撤销信用记录 ${withdraw.length} 条` : ''}，${words}；${answer}`,
    });
    await notifyUnit(
      trx,
      row.unit_id,
      {
        kind: 'decision',
        title: `${year}年度信用评价异议答复：${CREDIT_OBJECTION_STATUS_LABELS[body.decision]}`,
        body: `答复意见：${answer}\n${changed ? `已撤销相关信用记录，贵单位得分改为 ${score} 分，${CREDIT_TIER_LABELS[after.tier]}。` : `贵单位得分 ${score} 分，${CREDIT_TIER_LABELS[after.tier]}。`}`,
        link: creditRatingLink(row.rating_id, row.unit_id),
        subjectType: 'credit_objection',
        subjectId: id,
      },
      stamp.at,
    );
    return { status: body.decision, score, tier: after.tier };
  });
}
