/**
 * The yearly credit rating's steps (docs/domain.md, "Credit"), each one transaction with the
 * rating's version read (a stale one: 409), the operation log and the messages to the units:
 *
 * - startRating: year Y (not in the future, once): the rules version in force now is the year's
 *   for good; every approved member unit scored (server/credit/scoring.ts) → 初评.
 * - recomputeRating: 初评 only; picks up events recorded or withdrawn since, units approved since.
 * - publicizeRating: 初评 → 公示 from today for CREDIT_PUBLICITY_DAYS days, both ends included
 *   (common/credit.ts publicityWindow); each unit is told its score and the window.
 * - finalizeRating: 公示 → 终评, once the window is over and every objection answered; locked
 *   from then on (no recompute, objection, answer; a withdrawal leaves the final score).
 *
 * The objections are ./objections.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CREDIT_RATING_STATUS_LABELS, CREDIT_TIER_LABELS, publicityWindow } from '@common/credit';
import { CREDIT_MESSAGES as M, creditRatingLink, type CreditRatingCreateBody, type CreditRatingStepBody } from '@common/schemas/credit';
import type { AuthUser } from '../../security/user';
import { beijingDay } from '@common/calendar';
import { rulesInForce, rulesVersion } from '../../credit/rules';
import { scoreRating } from '../../credit/scoring';
import type { DbOrTrx } from '../../db/types';
import { assertVersion, newAuditColumns, updateWithVersion } from '../../db/versioned';
import { BizError } from '../../http/errors';
import { notifyUnit } from '../../notify';
import { logOperation } from '../../oplog';
import { stampOf } from '../../workflow/stamp';
import { finalizeRefusal, loadRating, pendingObjections, type RatingRow } from './queries';

const ENTITY = 'credit-rating';

export async function startRating(request: FastifyRequest, user: AuthUser, body: CreditRatingCreateBody): Promise<{ id: string; units: number }> {
  const { db } = request.server;
  const stamp = stampOf(request, user);
  const thisYear = Number(beijingDay(stamp.at).slice(0, 4));
  if (body.year > thisYear) throw new BizError(M.yearInFuture(body.year));
  const existing = await db.selectFrom('credit_ratings').select('id').where('year', '=', body.year).executeTakeFirst();
  if (existing) throw new BizError(M.yearExists(body.year));
  const rules = await rulesInForce(db);
  const id = randomUUID();
  let units = 0;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('credit_ratings')
        .values({
          id,
          year: body.year,
          rule_version_id: rules.id,
          status: 'initial',
          started_at: stamp.now,
          publicity_from: null,
          publicity_until: null,
          finalized_at: null,
          finalized_by: null,
          ...newAuditColumns(stamp.now, user.id),
        })
        .execute();
      units = await scoreRating(trx, { id, year: body.year }, rules, stamp.at);
      await logOperation(trx, request, {
        entity: ENTITY,
        entityId: id,
        action: 'create',
        summary: `启动${body.year}年度信用评价（初评），按第 ${rules.versionNo} 版规则评价 ${units} 家会员单位`,
      });
    });
  } catch (err) {
    // Two staff starting the same year at once: the unique year keeps the first.
    const again = await db.selectFrom('credit_ratings').select('id').where('year', '=', body.year).executeTakeFirst();
    if (again && again.id !== id) throw new BizError(M.yearExists(body.year));
    throw err;
  }
  return { id, units };
}

/** The rating's own rules (the version it started with). */
async function ratingRules(db: DbOrTrx, row: RatingRow) {
  const rules = await rulesVersion(db, row.rule_version_id);
  if (!rules) throw new Error(`rules version ${row.rule_version_id} of rating ${row.id} is missing`);
  return rules;
}

export async function recomputeRating(request: FastifyRequest, user: AuthUser, id: string, body: CreditRatingStepBody): Promise<number> {
  const { db } = request.server;
  const row = await loadRating(db, id);
  if (row.status === 'final') throw new BizError(M.finalLocked);
  if (row.status !== 'initial') throw new BizError(M.notInitial(CREDIT_RATING_STATUS_LABELS[row.status]));
  assertVersion(Number(row.version), body.version);
  const stamp = stampOf(request, user);
  const rules = await ratingRules(db, row);
  return db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'credit_ratings', id, body.version, {}, stamp);
    const units = await scoreRating(trx, { id, year: Number(row.year) }, rules, stamp.at);
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'recompute', summary: `重新计算${Number(row.year)}年度信用评价（初评）：${units} 家会员单位` });
    return units;
  });
}

export async function publicizeRating(request: FastifyRequest, user: AuthUser, id: string, body: CreditRatingStepBody): Promise<{ from: string; until: string }> {
  const { db } = request.server;
  const row = await loadRating(db, id);
  if (row.status === 'final') throw new BizError(M.finalLocked);
  if (row.status !== 'initial') throw new BizError(M.notInitialToPublicize(CREDIT_RATING_STATUS_LABELS[row.status]));
  assertVersion(Number(row.version), body.version);
  const stamp = stampOf(request, user);
  const window = publicityWindow(beijingDay(stamp.at));
  const year = Number(row.year);
  await db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'credit_ratings', id, body.version, { status: 'publicity', publicity_from: window.from, publicity_until: window.until }, stamp);
    const units = await trx.selectFrom('credit_rating_units').select(['unit_id', 'score', 'tier']).where('rating_id', '=', id).execute();
    await logOperation(trx, request, {
      entity: ENTITY,
      entityId: id,
      action: 'publicize',
      summary: `${year}年度信用评价初评结果公示：${window.from} 至 ${window.until}，${units.length} 家会员单位`,
    });
    for (const u of units) {
      await notifyUnit(
        trx,
        u.unit_id,
        {
          kind: 'decision',
          title: `${year}年度信用评价初评结果公示：${Number(u.score)} 分，${CREDIT_TIER_LABELS[u.tier]}`,
          body: `公示期 ${window.from} 至 ${window.until}。得分明细可在“信用评价”中查看；如有异议，请在公示期内（至 ${window.until}）提出，每家单位可提出一次。`,
          link: creditRatingLink(id, u.unit_id),
          subjectType: 'credit_rating',
          subjectId: id,
        },
        stamp.at,
      );
    }
  });
  return window;
}

export async function finalizeRating(request: FastifyRequest, user: AuthUser, id: string, body: CreditRatingStepBody): Promise<number> {
  const { db } = request.server;
  const row = await loadRating(db, id);
  const stamp = stampOf(request, user);
  const today = beijingDay(stamp.at);
  const before = finalizeRefusal(row, await pendingObjections(db, id), today);
  if (before) throw new BizError(before);
  assertVersion(Number(row.version), body.version);
  const year = Number(row.year);
  return db.transaction().execute(async (trx) => {
    await updateWithVersion(trx, 'credit_ratings', id, body.version, { status: 'final', finalized_at: stamp.now, finalized_by: user.id }, stamp);
    // Checked again under the rating's lock: an answer may have been written in between.
    const refusal = finalizeRefusal(row, await pendingObjections(trx, id), today);
    if (refusal) throw new BizError(refusal);
    const units = await trx.selectFrom('credit_rating_units').select(['unit_id', 'score', 'tier']).where('rating_id', '=', id).execute();
    await logOperation(trx, request, { entity: ENTITY, entityId: id, action: 'finalize', summary: `${year}年度信用评价终评，结果锁定：${units.length} 家会员单位` });
    for (const u of units) {
      await notifyUnit(
        trx,
        u.unit_id,
        {
          kind: 'decision',
          title: `${year}年度信用评价终评结果：${Number(u.score)} 分，${CREDIT_TIER_LABELS[u.tier]}`,
          body: '终评结果已锁定，并在协会网站“信用公示”中公布。',
          link: creditRatingLink(id, u.unit_id),
          subjectType: 'credit_rating',
          subjectId: id,
        },
        stamp.at,
      );
    }
    return units.length;
  });
}
