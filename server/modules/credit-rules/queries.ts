/**
 * Reading the credit rules versions (credit_rule_versions; server/credit/rules.ts parses them):
 * every version, the one in force first, each kind with its dictionary label and polarity, the
 * dictionary kinds a version leaves out, and the years rated under it.
 */
import { builtInPolarityOf } from '@common/credit';
import type { CreditRuleVersionRecord } from '@common/schemas/credit';
import { parseRuleVersion } from '../../credit/rules';
import type { DbOrTrx } from '../../db/types';

export const KIND_DICT = 'credit_event_kind';

/** The dictionary's kinds in its order (retired ones included: a version may still list them). */
export async function dictionaryKinds(db: DbOrTrx): Promise<{ value: string; label: string; enabled: boolean }[]> {
  const rows = await db.selectFrom('dict_items').select(['value', 'label', 'enabled']).where('type_code', '=', KIND_DICT).orderBy('sort').orderBy('value').execute();
  return rows.map((r) => ({ value: r.value, label: r.label, enabled: Number(r.enabled) === 1 }));
}

export async function listRuleVersions(db: DbOrTrx): Promise<CreditRuleVersionRecord[]> {
  const rows = await db
    .selectFrom('credit_rule_versions as v')
    .leftJoin('accounts as a', 'a.id', 'v.created_by')
    .selectAll('v')
    .select('a.name as created_by_name')
    .orderBy('v.version_no', 'desc')
    .execute();
  const years = await db.selectFrom('credit_ratings').select(['rule_version_id', 'year']).orderBy('year', 'desc').execute();
  const kinds = await dictionaryKinds(db);
  const labelOf = new Map(kinds.map((k) => [k.value, k.label]));
  return rows.map((row, i) => {
    const rules = parseRuleVersion(row);
    const listed = new Set(rules.kinds.map((k) => k.kind));
    return {
      id: rules.id,
      versionNo: rules.versionNo,
      baseScore: rules.baseScore,
      tiers: rules.tiers,
      kinds: rules.kinds.map((k) => ({ kind: k.kind, label: labelOf.get(k.kind) ?? k.kind, polarity: builtInPolarityOf(k.kind), points: k.points, termMonths: k.termMonths })),
      uncoveredKinds: kinds.filter((k) => k.enabled && !listed.has(k.value)).map((k) => ({ kind: k.value, label: k.label })),
      note: rules.note,
      createdAt: rules.createdAt,
      createdByName: row.created_by_name ?? null,
      inForce: i === 0,
      usedByYears: years.filter((y) => y.rule_version_id === rules.id).map((y) => Number(y.year)),
    };
  });
}
