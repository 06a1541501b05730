/**
 * Revising the credit rules: a new version, never an edit of an old one (a year's rating keeps
 * the version it started with, an event the points it was recorded with). The editor sends the
 * version in force they read: another revision in between is a 409. Kinds the body leaves out
 * keep their rule from the version in force.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { builtInPolarityOf, pointsAgreeWith, type CreditKindRule } from '@common/credit';
import { CREDIT_MESSAGES as M, type CreditRuleCreateBody, type CreditRuleCreated } from '@common/schemas/credit';
import { ApiStatus } from '@common/schemas/common';
import type { AuthUser } from '../../security/user';
import { rulesInForce } from '../../credit/rules';
import { BizError } from '../../http/errors';
import { logOperation } from '../../oplog';
import { dictionaryKinds } from './queries';

const stale = () => new BizError(M.ruleStale, ApiStatus.BusinessError, 409);

export async function createRuleVersion(request: FastifyRequest, user: AuthUser, body: CreditRuleCreateBody): Promise<CreditRuleCreated> {
  const { db } = request.server;
  const { tiers } = body;
  if (!(tiers.A > tiers.B && tiers.B > tiers.C)) throw new BizError(M.tiersOrder);
  const known = new Map((await dictionaryKinds(db)).map((k) => [k.value, k.label]));
  const seen = new Set<string>();
  for (const k of body.kinds) {
    if (seen.has(k.kind)) throw new BizError(M.ruleKindDuplicate(known.get(k.kind) ?? k.kind));
    seen.add(k.kind);
    if (!known.has(k.kind)) throw new BizError(M.ruleKindUnknown(k.kind));
    const polarity = builtInPolarityOf(k.kind);
    if (polarity && !pointsAgreeWith(polarity, k.points)) throw new BizError(M.rulePointsDisagree(known.get(k.kind) ?? k.kind));
  }
  const inForce = await rulesInForce(db);
  if (inForce.versionNo !== body.basedOnVersionNo) throw stale();
  const kinds: CreditKindRule[] = [
    ...body.kinds.map((k) => ({ kind: k.kind, points: k.points, termMonths: k.termMonths })),
    ...inForce.kinds.filter((k) => !seen.has(k.kind)),
  ];
  const id = randomUUID();
  const versionNo = inForce.versionNo + 1;
  const note = body.note?.trim() || null;
  const at = request.server.clock().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('credit_rule_versions')
        .values({ id, version_no: versionNo, base_score: body.baseScore, tiers: JSON.stringify(tiers), kinds: JSON.stringify(kinds), note, created_at: at, created_by: user.id })
        .execute();
      await logOperation(trx, request, {
        entity: 'credit-rule',
        entityId: id,
        action: 'create',
        summary: `修订信用评价规则：第 ${versionNo} 版（基础分 ${body.baseScore}，A ≥ ${tiers.A}，B ≥ ${tiers.B}，C ≥ ${tiers.C}，${kinds.length} 类事件）${note ? `：${note}` : ''}`,
      });
    });
  } catch (err) {
    // Two revisions of the same version at once: the unique number keeps the first.
    const again = await rulesInForce(db);
    if (again.versionNo >= versionNo && again.id !== id) throw stale();
    throw err;
  }
  return { id, versionNo };
}
