/**
 * The public top menu, derived from PUBLIC_PAGES (common/menu.ts): entries marked hidden, and
 * outside the back office those that lead into it, are left out.
 * Pure functions, so the rules are tested without rendering.
 */
import { PUBLIC_PAGES, type PageEntry } from '@common/menu';

/**
 * Entries the top menu shows on `pathname`, children included where allowed; with `phone`, the
 * 栏目 drawer's, which also lists the entries marked inPhoneMenu (通知公告).
 */
export function publicMenuEntries(
  pathname: string,
  entries: readonly PageEntry[] = PUBLIC_PAGES,
  { phone = false }: { phone?: boolean } = {},
): PageEntry[] {
  const inManage = pathname.includes('/Manage');
  const shown: PageEntry[] = [];
  for (const entry of entries) {
    if (entry.hideInMenu && !(phone && entry.inPhoneMenu)) continue;
    // Outside the back office, entries that lead into it stay hidden.
    if (!inManage && entry.path.includes('/Manage')) continue;
    const children =
      entry.children && !entry.hideChildrenInMenu ? publicMenuEntries(pathname, entry.children, { phone }) : [];
    shown.push(children.length ? { ...entry, children } : { ...entry, children: undefined });
  }
  return shown;
}

/** The menu entry to highlight: the deepest shown entry the path lies under ('/' only itself). */
export function activeMenuPath(pathname: string, entries: readonly PageEntry[]): string | undefined {
  let best: string | undefined;
  const visit = (list: readonly PageEntry[]) => {
    for (const entry of list) {
      const match =
        entry.path === '/'
          ? pathname === '/'
          : pathname === entry.path || pathname.startsWith(`${entry.path}/`);
      if (match && (!best || entry.path.length > best.length)) best = entry.path;
      if (entry.children) visit(entry.children);
    }
  };
  visit(entries);
  return best;
}
