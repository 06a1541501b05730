/**
 * The dictionaries an expert is described with (gender, professional title, specialty): the
 * seed's items at once (common/dictionaries.ts), then the dictionary's current enabled ones
 * (staff may rename or add items), for the table, the filters and the form.
 */
import { useEffect, useState } from 'react';
import { DICTIONARIES, type DictionaryCode } from '@common/dictionaries';
import type { DictItem } from '@common/schemas/dict';
import { getDictItems } from '@/services/dict';

export type ExpertDictCode = Extract<DictionaryCode, 'gender' | 'professional_title' | 'specialty'>;
const CODES: readonly ExpertDictCode[] = ['gender', 'professional_title', 'specialty'];

export interface ExpertDict {
  /** The enabled items, in order: what the form offers. */
  items: DictItem[];
  /** value → label, the seed's labels included, so that an item disabled later still reads well. */
  labels: Map<string, string>;
}

export type ExpertDicts = Record<ExpertDictCode, ExpertDict>;

function seedItems(code: ExpertDictCode): DictItem[] {
  const seed = DICTIONARIES.find((d) => d.code === code);
  return (seed?.items ?? []).map((item, index) => ({ label: item.label, value: item.value, sort: index + 1 }));
}

function dictOf(seed: DictItem[], items: DictItem[]): ExpertDict {
  return { items, labels: new Map([...seed, ...items].map((i) => [i.value, i.label])) };
}

const SEED: ExpertDicts = {
  gender: dictOf(seedItems('gender'), seedItems('gender')),
  professional_title: dictOf(seedItems('professional_title'), seedItems('professional_title')),
  specialty: dictOf(seedItems('specialty'), seedItems('specialty')),
};

export function useExpertDicts(): ExpertDicts {
  const [dicts, setDicts] = useState<ExpertDicts>(SEED);
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
export function labelOf(dict: ExpertDict, value: string | null | undefined): string {
  if (!value) return '-';
  return dict.labels.get(value) ?? value;
}

export function optionsOf(dict: ExpertDict): { label: string; value: string }[] {
  return dict.items.map((i) => ({ label: i.label, value: i.value }));
}

/** ProTable's select filter: value → { text }. */
export function valueEnumOf(dict: ExpertDict): Record<string, { text: string }> {
  return Object.fromEntries(dict.items.map((i) => [i.value, { text: i.label }]));
}
