/**
 * Where a successful login goes: a safe `redirect`, else the user's first back-office page.
 * (Kept out of src/pages: every .ts file there would become a route.)
 */
import type { CurrentUser } from '@common/schemas/auth';
import { firstAccessiblePath } from '@/access';
import { isSafeRedirect, LOGIN_PATH } from '@/requestErrors';

/** A path of this site (one leading slash, see isSafeRedirect) that is not the login page itself. */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!isSafeRedirect(value) || /[\s\\]/.test(value)) return undefined;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`) || value.startsWith(`${LOGIN_PATH}/`)) {
    return undefined;
  }
  return value;
}

export function loginTarget(user: CurrentUser, redirect: string | null | undefined): string {
  // A user whose menu is empty still lands in the back office, which explains the situation.
  return safeRedirect(redirect) ?? firstAccessiblePath(user) ?? '/Manage';
}
