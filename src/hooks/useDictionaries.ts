/**
 * Dictionaries for the back office's tables, filters and forms: the seed's items at once
 * (common/dictionaries.ts), so that a page never waits for them, then the dictionary's current
 * enabled items from the server (staff may rename or add items). One hook for every page.
 */
import { useEffect, useState } from 'react';
import { DICTIONARIES, type DictionaryCode } from '@common/dictionaries';
import type { DictItem } from '@common/schemas/dict';
import { getDictItems } from '@/services/dict';

export interface Dictionary {
  /** The enabled items, in order: what a form offers. */
  items: DictItem[];
  /** value → label, the seed's labels included, so that an item disabled later still reads well. */
  labels: Map<string, string>;
}

export type Dictionaries<C extends DictionaryCode> = Record<C, Dictionary>;

function seedItems(code: DictionaryCode): DictItem[] {
  const seed = DICTIONARIES.find((d) => d.code === code);
  return (seed?.items ?? []).map((item, index) => ({ label: item.label, value: item.value, sort: index + 1 }));
}

function dictionaryOf(code: DictionaryCode, items: DictItem[]): Dictionary {
  return { items, labels: new Map([...seedItems(code), ...items].map((i) => [i.value, i.label])) };
}

function seedDictionaries<C extends DictionaryCode>(codes: readonly C[]): Dictionaries<C> {
  return Object.fromEntries(codes.map((code) => [code, dictionaryOf(code, seedItems(code))])) as Dictionaries<C>;
}

/** `useDictionaries('gender', 'education')` → `{ gender, education }`. */
export function useDictionaries<C extends DictionaryCode>(...codes: C[]): Dictionaries<C> {
  const key = codes.join(',');
  const [dictionaries, setDictionaries] = useState<Dictionaries<C>>(() => seedDictionaries(codes));
  useEffect(() => {
    let live = true;
    for (const code of key.split(',') as C[]) {
      getDictItems(code)
        .then((items) => {
          if (live) setDictionaries((current) => ({ ...current, [code]: dictionaryOf(code, items) }));
        })
        .catch(() => undefined); // the seed's items stay
    }
    return () => {
      live = false;
    };
  }, [key]);
  return dictionaries;
}

/** A stored value as people read it; the value itself when the dictionary does not know it. */
export function labelOf(dict: Dictionary, value: string | null | undefined): string {
  if (!value) return '-';
  return dict.labels.get(value) ?? value;
}

/** A Select's options. */
export function optionsOf(dict: Dictionary): { label: string; value: string }[] {
  return dict.items.map((i) => ({ label: i.label, value: i.value }));
}

/** ProTable's select filter: value → { text }. */
export function valueEnumOf(dict: Dictionary): Record<string, { text: string }> {
  return Object.fromEntries(dict.items.map((i) => [i.value, { text: i.label }]));
}
