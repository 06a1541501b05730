/**
 * The dictionaries a practitioner is described with (gender, education, professional title):
 * the seed's items at once (common/dictionaries.ts), then the dictionary's current enabled ones
 * (staff may rename or add items), for the table, the filters and the form.
 */
import { useEffect, useState } from 'react';
import { DICTIONARIES, type DictionaryCode } from '@common/dictionaries';
import type { DictItem } from '@common/schemas/dict';
import { getDictItems } from '@/services/dict';

export type PractitionerDictCode = Extract<DictionaryCode, 'gender' | 'education' | 'professional_title'>;
const CODES: readonly PractitionerDictCode[] = ['gender', 'education', 'professional_title'];

export interface PractitionerDict {
  /** The enabled items, in order: what the form offers. */
  items: DictItem[];
  /** value → label, the seed's labels included, so that an item disabled later still reads well. */
  labels: Map<string, string>;
}

export type PractitionerDicts = Record<PractitionerDictCode, PractitionerDict>;

function seedItems(code: PractitionerDictCode): DictItem[] {
  const seed = DICTIONARIES.find((d) => d.code === code);
  return (seed?.items ?? []).map((item, index) => ({ label: item.label, value: item.value, sort: index + 1 }));
}

function dictOf(seed: DictItem[], items: DictItem[]): PractitionerDict {
  return { items, labels: new Map([...seed, ...items].map((i) => [i.value, i.label])) };
}

const SEED: PractitionerDicts = {
  gender: dictOf(seedItems('gender'), seedItems('gender')),
  education: dictOf(seedItems('education'), seedItems('education')),
  professional_title: dictOf(seedItems('professional_title'), seedItems('professional_title')),
};

export function usePractitionerDicts(): PractitionerDicts {
  const [dicts, setDicts] = useState<PractitionerDicts>(SEED);
  useEffect(() => {
    let live = true;
    for (const code of CODES) {
      getDictItems(code)
        .then((items) => {
          if (live) setDicts((current) => ({ ...current, [code]: dictOf(seedItems(code), items) }));
        })
        .catch(() => undefined); // the seed's items stay
    }
    return () => {
      live = false;
    };
  }, []);
  return dicts;
}

/** A stored value as people read it; the value itself when the dictionary does not know it. */
export function labelOf(dict: PractitionerDict, value: string | null | undefined): string {
  if (!value) return '-';
  return dict.labels.get(value) ?? value;
}

export function optionsOf(dict: PractitionerDict): { label: string; value: string }[] {
  return dict.items.map((i) => ({ label: i.label, value: i.value }));
}

/** ProTable's select filter: value → { text }. */
export function valueEnumOf(dict: PractitionerDict): Record<string, { text: string }> {
  return Object.fromEntries(dict.items.map((i) => [i.value, { text: i.label }]));
}
