/** Reading a dictionary for the forms that offer its items. */
import type { DictItem } from '@common/schemas/dict';
import type { DbOrTrx } from '../../db/types';

/** The enabled items of an enabled dictionary, in order; undefined when there is no such dictionary or it is disabled. */
export async function enabledDictItems(db: DbOrTrx, code: string): Promise<DictItem[] | undefined> {
  const type = await db.selectFrom('dict_types').select(['code', 'enabled']).where('code', '=', code).executeTakeFirst();
  if (!type || !type.enabled) return undefined;
  return db
    .selectFrom('dict_items')
    .select(['label', 'value', 'sort'])
    .where('type_code', '=', code)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('value')
    .execute();
}
