/**
 * The session kept in local storage: the token as a plain string under
 * `token`, the current user as JSON under `currentUser`.
 *
 * Every function survives a storage that throws (private windows, quota) and a value that
 * is not valid JSON: reads then give undefined. Changes to the current user are announced
 * to subscribers (the navigation model), in this tab and, through the `storage` event, in
 * other tabs.
 */
import type { CurrentUser } from '@common/schemas/auth';

export const TOKEN_KEY = 'token';
export const CURRENT_USER_KEY = 'currentUser';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // A storage that refuses writes leaves the session in memory only.
  }
}

export function getToken(): string | undefined {
  return read(TOKEN_KEY) || undefined;
}

export function setToken(token: string): void {
  write(TOKEN_KEY, token);
}

export function removeToken(): void {
  write(TOKEN_KEY, null);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored user, or undefined when there is none or it is not a JSON object. */
export function getCurrentUser(): CurrentUser | undefined {
  const raw = read(CURRENT_USER_KEY);
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return isObject(value) ? (value as CurrentUser) : undefined;
  } catch {
    return undefined;
  }
}

type CurrentUserListener = (user: CurrentUser | undefined) => void;
const listeners = new Set<CurrentUserListener>();

function announce(user: CurrentUser | undefined) {
  listeners.forEach((listener) => listener(user));
}

/**
 * Saves the user; `unitId` becomes the given unitId or, when that is empty, the userId.
 * Returns what was stored.
 */
export function saveCurrentUser(user: CurrentUser): CurrentUser {
  const stored: CurrentUser = { ...user, unitId: user.unitId || user.userId };
  write(CURRENT_USER_KEY, JSON.stringify(stored));
  announce(stored);
  return stored;
}

export function removeCurrentUser(): void {
  write(CURRENT_USER_KEY, null);
  announce(undefined);
}

/** Token and user together: logout and token expiry. */
export function clearSession(): void {
  removeToken();
  removeCurrentUser();
}

/** Calls `listener` whenever the stored user changes, here or in another tab. */
export function subscribeCurrentUser(listener: CurrentUserListener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CURRENT_USER_KEY || event.key === null) listener(getCurrentUser());
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Why the last session ended ("token无效或已过期，请重新登录"), kept for this tab's login page,
 * which says it above the form until the person logs in. A toast would be gone in 2 s, before a
 * slow phone has drawn the login page, and would load antd's toasts into a page that has none.
 */
export const LOGIN_NOTICE_KEY = 'loginNotice';

export function rememberLoginNotice(text: string): void {
  try {
    window.sessionStorage.setItem(LOGIN_NOTICE_KEY, text);
  } catch {
    // A storage that refuses writes: the login page opens without the reason.
  }
}

/** The reason kept by rememberLoginNotice, if any. */
export function readLoginNotice(): string | undefined {
  try {
    return window.sessionStorage.getItem(LOGIN_NOTICE_KEY) || undefined;
  } catch {
    return undefined;
  }
}

export function forgetLoginNotice(): void {
  try {
    window.sessionStorage.removeItem(LOGIN_NOTICE_KEY);
  } catch {
    // Nothing kept.
  }
}
