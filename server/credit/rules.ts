/**
 * The credit rules versions (credit_rule_versions): base score, tiers, and each kind's points and
 * term. A version is never edited: staff's change is a new version, and the one in force is the
 * highest number. A year's rating keeps the version in force when it was started.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_CREDIT_RULES, type CreditKindRule, type CreditTierThresholds } from '@common/credit';
import type { CreditRuleVersionRow, DbOrTrx } from '../db/types';

export interface CreditRules {
  id: string;
  versionNo: number;
  baseScore: number;
  tiers: CreditTierThresholds;
  kinds: CreditKindRule[];
  note: string | null;
  createdAt: string;
  createdBy: string | null;
}

export function parseRuleVersion(row: CreditRuleVersionRow): CreditRules {
  return {
    id: row.id,
    versionNo: row.version_no,
    baseScore: row.base_score,
    tiers: JSON.parse(row.tiers) as CreditTierThresholds,
    kinds: JSON.parse(row.kinds) as CreditKindRule[],
    note: row.note,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

/** The version in force: the highest number. The base seed makes the first, so there is always one. */
export async function rulesInForce(db: DbOrTrx): Promise<CreditRules> {
  const row = await db.selectFrom('credit_rule_versions').selectAll().orderBy('version_no', 'desc').limit(1).executeTakeFirst();
  if (!row) throw new Error('credit_rule_versions is empty: the base seed makes the first version');
  return parseRuleVersion(row);
}

export async function rulesVersion(db: DbOrTrx, id: string): Promise<CreditRules | undefined> {
  const row = await db.selectFrom('credit_rule_versions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? parseRuleVersion(row) : undefined;
}

/** A kind's points and term under these rules; a kind the version does not list carries nothing for a year. */
export function kindRule(rules: CreditRules, kind: string): CreditKindRule {
  return rules.kinds.find((k) => k.kind === kind) ?? { kind, points: 0, termMonths: 12 };
}

/** The base seed's first version, made once. */
export async function seedDefaultCreditRules(db: DbOrTrx, now: string): Promise<void> {
  const any = await db.selectFrom('credit_rule_versions').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('credit_rule_versions')
    .values({
      id: randomUUID(),
      version_no: 1,
      base_score: DEFAULT_CREDIT_RULES.baseScore,
      tiers: JSON.stringify(DEFAULT_CREDIT_RULES.tiers),
      kinds: JSON.stringify(DEFAULT_CREDIT_RULES.kinds),
      note: '初始规则：基础分 100，A ≥ 90，B 75–89，C 60–74，D < 60',
      created_at: now,
      created_by: null,
    })
    .execute();
}
