/** Where a successful login goes: a safe `redirect`, else the user's first back-office page. */
import type { CurrentUser } from '@common/schemas/auth';
import { firstAccessiblePath } from '@/access';

/**
 * Only a path of this site: one leading slash, not `//host` (protocol-relative) nor `/\host`,
 * which browsers also read as another host. The login page itself would loop.
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || !/^\/(?![/\\])/.test(value)) return undefined;
  if (/[\s\\]/.test(value) || value.startsWith('/login')) return undefined;
  return value;
}

export function loginTarget(user: CurrentUser, redirect: string | null | undefined): string {
  // A user whose menu is empty still lands in the back office, which explains the situation.
  return safeRedirect(redirect) ?? firstAccessiblePath(user) ?? '/Manage';
}
