/**
 * The words of the dictionaries (dict_types / dict_items, seeded in ./seed): records store an
 * item's value, lists, exports and the search index show its label. Every item counts, disabled
 * ones too, so that old records keep their words after an item is retired.
 */
import type { DbOrTrx } from './types';

/** value → label of one dictionary. */
export async function dictLabels(db: DbOrTrx, code: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('dict_items').select(['value', 'label']).where('type_code', '=', code).execute();
  return new Map(rows.map((r) => [r.value, r.label]));
}

/** code → (value → label) of several dictionaries, in one query; a code without items has no entry. */
export async function dictLabelsOf(db: DbOrTrx, codes: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const rows = await db.selectFrom('dict_items').select(['type_code', 'value', 'label']).where('type_code', 'in', [...codes]).execute();
  const out = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const items = out.get(r.type_code) ?? new Map<string, string>();
    items.set(r.value, r.label);
    out.set(r.type_code, items);
  }
  return out;
}
