/** Dictionaries (`/api/v1/dict/item/{code}`), cached in the client for the session. */
import type { DictItem } from '@common/schemas/dict';
import type { DictionaryCode } from '@common/dictionaries';
import { api } from './api';

const cache = new Map<string, Promise<DictItem[]>>();

export function getDictItems(code: DictionaryCode): Promise<DictItem[]> {
  let pending = cache.get(code);
  if (!pending) {
    pending = api<DictItem[]>(`/dict/item/${code}`);
    // A failed look-up is not cached: the next caller asks again.
    pending.catch(() => cache.delete(code));
    cache.set(code, pending);
  }
  return pending;
}

export function clearDictCache() {
  cache.clear();
}
