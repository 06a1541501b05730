/**
 * 长者模式 (README.md, "Reading for everyone"): larger text, higher contrast, bigger targets.
 *
 * The choice lives in localStorage and is read when this module loads, before React renders
 * anything, and the class goes on <html> at once: the first paint is already in the mode,
 * with no flash of small text. antd components follow through the theme in ./theme.ts; the
 * site's own CSS follows the class (and the variables PublicLayout/index.less sets under it).
 *
 * A tiny external store (useSyncExternalStore), so every reader sees one value.
 */
import { useSyncExternalStore } from 'react';
import { layoutOf } from '@common/menu';

export const ELDER_MODE_STORAGE_KEY = 'elderMode';
/** The class on <html> that the public pages' CSS keys on. */
export const ELDER_MODE_CLASS = 'elder-mode';

function readStored(): boolean {
  try {
    return window.localStorage.getItem(ELDER_MODE_STORAGE_KEY) === '1';
  } catch {
    // Storage can be unavailable (privacy settings): the mode then lasts for the visit only.
    return false;
  }
}

let enabled = typeof window !== 'undefined' && readStored();
const listeners = new Set<() => void>();

/** Puts the class on <html> (or takes it off); the back office never gets it. */
export function applyElderClass(on: boolean): void {
  document.documentElement.classList.toggle(ELDER_MODE_CLASS, on);
}

// At module load, before the first render (see above). Only on public pages: the back office
// shares this bundle's entry but not the mode.
if (typeof window !== 'undefined' && layoutOf(window.location.pathname) === 'public') applyElderClass(enabled);

export function isElderMode(): boolean {
  return enabled;
}

export function setElderMode(on: boolean): void {
  enabled = on;
  try {
    if (on) window.localStorage.setItem(ELDER_MODE_STORAGE_KEY, '1');
    else window.localStorage.removeItem(ELDER_MODE_STORAGE_KEY);
  } catch {
    // See readStored.
  }
  applyElderClass(on);
  listeners.forEach((listener) => listener());
}

/** Re-reads the stored choice (another tab changed it, or a test cleared the storage). */
export function reloadElderMode(): void {
  const stored = readStored();
  if (stored !== enabled) {
    enabled = stored;
    listeners.forEach((listener) => listener());
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ELDER_MODE_STORAGE_KEY || event.key === null) reloadElderMode();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useElderMode(): [boolean, (on: boolean) => void] {
  const value = useSyncExternalStore(subscribe, isElderMode, () => false);
  return [value, setElderMode];
}
