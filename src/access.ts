/**
 * Access flags and the menu filter that reads them.
 *
 * Umi's access plugin calls the default export with the initial state; components read the
 * flags through src/hooks/useCan.ts (`useCan()` for `can(code)`, `useAccessFlags()` for all),
 * typed, never through a cast of `useAccess()`. The flags only derive from the current user
 * and the one table of pages (common/menu.ts): the server enforces the same permission codes.
 * Nothing here imports React, so the public bundle stays light.
 */
import { canOpenEntry, MANAGE_ROOT, type PageEntry } from '@common/menu';
import { AuthType, hasPermission, type PermissionCode } from '@common/permissions';
import type { InitialState } from '@/initialState';

/**
 * What `access()` returns; an entry's `access` field names one of these. A type alias, not an
 * interface, so that it also passes as a plain record of flags.
 */
export type AccessFlags = {
  /** The initial state exists and its name is not `dontHaveAccess` (NO_ACCESS_STATE_NAME). */
  canSeeAdmin: boolean;
  isLoggedIn: boolean;
  isStaff: boolean;
  isMemberUnit: boolean;
  isPractitioner: boolean;
  /** A function flag, evaluated per route or menu entry. */
  canSeeMenu: (route: Pick<PageEntry, 'authTypes' | 'permission'>) => boolean;
  /**
   * Does the current user hold `code`? The one question menus, routes and toolbar buttons ask;
   * a record's own buttons follow its `actions` instead (the server's answer for that record).
   */
  can: (code: PermissionCode) => boolean;
};

/** The name of the initial state that denies the back office. */
export const NO_ACCESS_STATE_NAME = 'dontHaveAccess';

export default function access(initialState: InitialState | undefined | null): AccessFlags {
  const user = initialState?.currentUser;
  return {
    canSeeAdmin: !!initialState && initialState.name !== NO_ACCESS_STATE_NAME,
    isLoggedIn: !!user,
    isStaff: user?.authType === AuthType.Staff,
    isMemberUnit: user?.authType === AuthType.MemberUnit,
    isPractitioner: user?.authType === AuthType.Practitioner,
    canSeeMenu: (route) => canOpenEntry(user, route),
    can: (code) => hasPermission(user, code),
  };
}

/** Flags as a plain record: the filter only needs "a name gives a boolean or a function". */
export type FlagLookup = Record<string, unknown>;

/**
 * Whether one entry is open, before looking at its children: its own flag decides, else the
 * decision its parent inherited. A boolean flag is used as is, a function flag is called with
 * the entry, and any other value (undefined included) hides.
 */
function ownDecision(entry: PageEntry, flags: FlagLookup, inherited: boolean): boolean {
  if (!entry.access) return inherited;
  const flag = flags[entry.access];
  if (typeof flag === 'boolean') return flag;
  if (typeof flag === 'function') return !!(flag as (e: PageEntry) => unknown)(entry);
  return false;
}

/**
 * The entries that remain visible, children filtered too. An entry with children all hidden
 * hides as well, so a parent never shows as an empty group.
 */
export function filterMenu(
  entries: readonly PageEntry[],
  flags: FlagLookup,
  inherited = true,
): PageEntry[] {
  const visible: PageEntry[] = [];
  for (const entry of entries) {
    const open = ownDecision(entry, flags, inherited);
    if (!open) continue;
    if (entry.children?.length) {
      const children = filterMenu(entry.children, flags, open);
      if (children.length === 0) continue;
      visible.push({ ...entry, children });
    } else {
      visible.push(entry);
    }
  }
  return visible;
}

/** Flags for a user who has just logged in, before the initial state exists. */
function flagsForUser(user: InitialState['currentUser']): AccessFlags {
  return access({ name: 'login', currentUser: user });
}

/** The back-office entries one user sees, in menu order (the root's children). */
export function manageMenuFor(flags: FlagLookup): PageEntry[] {
  return filterMenu([MANAGE_ROOT], flags)[0]?.children?.slice() ?? [];
}

function firstLeaf(entries: readonly PageEntry[]): PageEntry | undefined {
  for (const entry of entries) {
    // A landing page is one the side menu shows (not the personal centre or the messages).
    if (entry.hideInMenu) continue;
    if (entry.children?.length) {
      const leaf = firstLeaf(entry.children);
      if (leaf) return leaf;
    } else {
      return entry;
    }
  }
  return undefined;
}

/** The first back-office page the user's menu offers, or undefined when it offers none. */
export function firstAccessiblePath(
  user: InitialState['currentUser'],
  flags: FlagLookup = flagsForUser(user),
): string | undefined {
  return firstLeaf(manageMenuFor(flags))?.path;
}

function lies(path: string, under: string): boolean {
  return path === under || path.startsWith(`${under}/`);
}

/**
 * The back-office entry a path belongs to (the deepest one), with the chain of its parents,
 * or undefined for a path the table does not know (which the not-found page answers).
 */
export function manageEntryChain(pathname: string): PageEntry[] | undefined {
  const walk = (entry: PageEntry, chain: PageEntry[]): PageEntry[] | undefined => {
    // A menu group is no page: a path belongs to it through one of its children only.
    if (!entry.menuGroup && !lies(pathname, entry.path)) return undefined;
    const here = [...chain, entry];
    for (const child of entry.children ?? []) {
      const found = walk(child, here);
      if (found) return found;
    }
    return entry.menuGroup ? undefined : here;
  };
  const chain = walk(MANAGE_ROOT, []);
  // A path under /Manage that matches no child is unknown, not the root.
  if (chain && chain.length === 1 && pathname.replace(/\/+$/, '') !== MANAGE_ROOT.path) {
    return undefined;
  }
  return chain;
}

/**
 * May these flags open this back-office path? Unknown paths answer true, so that the
 * not-found page (not a 403) shows for them.
 */
export function canOpenManagePath(pathname: string, flags: FlagLookup): boolean {
  const chain = manageEntryChain(pathname);
  if (!chain) return true;
  let level: readonly PageEntry[] = filterMenu([MANAGE_ROOT], flags);
  for (const entry of chain) {
    const match = level.find((e) => e.path === entry.path);
    if (!match) return false;
    level = match.children ?? [];
  }
  return true;
}
