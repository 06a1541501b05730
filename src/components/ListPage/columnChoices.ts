/**
 * Which columns a user shows in one list (ProTable's 列设置), kept in this browser under a key
 * of the user and the list, so that a colleague signing in on the same computer starts from
 * the defaults. Only the choices that differ from the list's defaults are kept: a column the
 * user never touched keeps following the screen (ResourceColumn.optional).
 *
 * Every function survives a storage that throws (private windows, quota) and a stored value
 * that is not what was written: reads then give no choices.
 */

/** Column key → shown (true) or hidden (false). */
export type ColumnChoices = Record<string, boolean>;

const PREFIX = 'resourceTable.columns';

/** The storage key of one user's choices for one list (the page's path and the list's title). */
export function columnChoicesKey(userId: string, pathname: string, list: string): string {
  return `${PREFIX}:${userId}:${pathname}:${list}`;
}

export function readColumnChoices(key: string): ColumnChoices {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return {};
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}

/** Saves the choices; none left removes the entry. */
export function writeColumnChoices(key: string, choices: ColumnChoices): void {
  try {
    if (Object.keys(choices).length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(choices));
  } catch {
    // A storage that refuses writes keeps the choice for this visit only.
  }
}
