/**
 * The member levels (dictionary member_level): the seed's items at once
 * (common/dictionaries.ts), then the dictionary's current enabled ones (staff may rename or
 * add levels), for the table, its filter, the approval and the edit form.
 */
import { useEffect, useState } from 'react';
import { DICTIONARIES } from '@common/dictionaries';
import type { DictItem } from '@common/schemas/dict';
import { getDictItems } from '@/services/dict';

export interface MemberLevels {
  /** Enabled items in order: what the forms offer. */
  items: DictItem[];
  /** value → label, the seed's too, so that a level disabled later still reads well. */
  labels: Map<string, string>;
}

const SEED_ITEMS: DictItem[] = (DICTIONARIES.find((d) => d.code === 'member_level')?.items ?? []).map((item, index) => ({
  label: item.label,
  value: item.value,
  sort: index + 1,
}));

function levelsOf(items: DictItem[]): MemberLevels {
  return { items, labels: new Map([...SEED_ITEMS, ...items].map((i) => [i.value, i.label])) };
}

export function useMemberLevels(): MemberLevels {
  const [levels, setLevels] = useState<MemberLevels>(() => levelsOf(SEED_ITEMS));
  useEffect(() => {
    let live = true;
    getDictItems('member_level')
      .then((items) => live && setLevels(levelsOf(items)))
      .catch(() => undefined); // the seed's items stay
    return () => {
      live = false;
    };
  }, []);
  return levels;
}

export function levelLabel(levels: MemberLevels, value: string | null | undefined): string {
  if (!value) return '-';
  return levels.labels.get(value) ?? value;
}

export function levelOptions(levels: MemberLevels): { label: string; value: string }[] {
  return levels.items.map((i) => ({ label: i.label, value: i.value }));
}

/** Tag colours by rank: the higher the level, the warmer. */
const LEVEL_COLORS: Record<string, string> = {
  president: 'red',
  vice_president: 'volcano',
  executive_director: 'orange',
  director: 'gold',
  member: 'blue',
};

export function levelColor(value: string): string {
  return LEVEL_COLORS[value] ?? 'default';
}
