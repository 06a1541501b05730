/**
 * The member levels (dictionary member_level) for the table, its filter, the approval and the
 * edit form, and their tag colours.
 */
import { useDictionaries, type Dictionary } from '@/hooks/useDictionaries';

export type MemberLevels = Dictionary;

export function useMemberLevels(): MemberLevels {
  return useDictionaries('member_level').member_level;
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
