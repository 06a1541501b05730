/**
 * Browser drafts of long forms (articles, notices, projects, inspections): while a person
 * edits, what they typed is kept in this browser's localStorage, so that a closed tab, a
 * crash or an expired session loses nothing; when the form opens again the draft is offered
 * back (发现未保存的草稿（时间）：恢复 / 丢弃).
 *
 * - One draft per user, resource and record: `form-draft:<userId>:<resource>:<record id | new>`.
 *   The user's id is in the key because a draft is personal data left in a shared browser:
 *   signing out (src/layouts/ManageLayout/UserMenu.tsx) clears that user's drafts
 *   (`clearDraftsOf`), and another person signing in here never sees them.
 * - Written about a second after the last change, and at once when the page goes away.
 * - Removed when the record is saved, when the person discards the changes or the draft
 *   (丢弃, 放弃修改), and when the form is back to what it was.
 * - While a found draft waits for 恢复 or 丢弃, nothing overwrites it.
 * - Stored with the version of the record it was made from: a restored draft is saved with
 *   that version, so that changes someone made since are reported (409), never overwritten.
 *
 * Dates (dayjs) are kept as ISO text and come back as dayjs; files still uploading are left
 * out (their upload ended with the page).
 */
import { useModel } from '@umijs/max';
import dayjs, { isDayjs } from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileUploadItem } from '@/components/FileUpload/types';

const PREFIX = 'form-draft:';
/** How long after the last change the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 800;

export interface StoredDraft {
  /** When it was written (ISO). */
  savedAt: string;
  /** The version of the record it was made from (none for a new record). */
  version?: number;
  /** The form's values, dates as { $date: ISO }. */
  values: Record<string, unknown>;
}

export function draftKey(userId: string, resource: string, recordId?: string | null): string {
  return `${PREFIX}${userId}:${resource}:${recordId || 'new'}`;
}

function isFileItem(value: object): value is FileUploadItem {
  return 'fileId' in value && 'status' in value;
}

/** Values → JSON-safe: dayjs as { $date }, files still uploading or failed left out. */
function toStored(value: unknown): unknown {
  if (isDayjs(value)) return value.isValid() ? { $date: value.toISOString() } : null;
  if (Array.isArray(value)) {
    return value.filter((item) => !(item && typeof item === 'object' && isFileItem(item) && item.status !== 'done')).map(toStored);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toStored(item)]));
  }
  return value;
}

function fromStored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromStored);
  if (value && typeof value === 'object') {
    if ('$date' in value && typeof value.$date === 'string' && Object.keys(value).length === 1) return dayjs(value.$date);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromStored(item)]));
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The draft under `key`, with its dates as dayjs; null when there is none or it is unreadable. */
export function readDraft(key: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || typeof parsed.savedAt !== 'string' || !isRecord(parsed.values)) return null;
    const values = fromStored(parsed.values);
    return {
      savedAt: parsed.savedAt,
      version: typeof parsed.version === 'number' ? parsed.version : undefined,
      values: isRecord(values) ? values : {},
    };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: object, version?: number): void {
  try {
    const stored = { savedAt: new Date().toISOString(), version, values: toStored(values) };
    window.localStorage.setItem(key, JSON.stringify(stored));
  } catch {
    // A full or refused storage: the form still works, only without a draft.
  }
}

export function removeDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove from a storage that cannot be read.
  }
}

/** Removes every draft of this user (on sign-out). */
export function clearDraftsOf(userId: string): void {
  try {
    const prefix = `${PREFIX}${userId}:`;
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    keys.forEach((key) => window.localStorage.removeItem(key));
  } catch {
    // A storage that cannot be read holds no drafts.
  }
}

export interface FormDraft {
  /** The draft found when the form opened, until 恢复 or 丢弃. */
  offered: StoredDraft | null;
  /** Keeps these values as the draft (written after a short pause; not while one is offered). */
  keep: (values: object, version?: number) => void;
  /** The form is back to what it was, or its changes were discarded: no draft (an offered one stays). */
  drop: () => void;
  /** Saved: no draft at all, the offered one included. */
  clear: () => void;
  /** 恢复: the offered draft's values and version; from now on the form's changes are kept again. */
  restore: () => StoredDraft | null;
  /** 丢弃: the offered draft is removed. */
  discardOffered: () => void;
}

/**
 * The draft of one form. `target` null (no drafts for this form, or no one signed in) makes
 * every call do nothing. The target is read once: a form session serves one record.
 */
export function useFormDraft(target: { resource: string; recordId?: string | null } | null): FormDraft {
  const { initialState } = useModel('@@initialState');
  const userId = initialState?.currentUser?.userId;
  const key = userId && target ? draftKey(userId, target.resource, target.recordId) : null;
  const [offered, setOffered] = useState<StoredDraft | null>(() => (key ? readDraft(key) : null));
  const offeredRef = useRef(offered);
  offeredRef.current = offered;
  const pending = useRef<{ values: object; version?: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (key && next) writeDraft(key, next.values, next.version);
  }, [key]);

  const keep = useCallback(
    (values: object, version?: number) => {
      if (!key || offeredRef.current) return;
      pending.current = { values, version };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [key, flush],
  );

  const drop = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    if (key && !offeredRef.current) removeDraft(key);
  }, [key]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    offeredRef.current = null;
    setOffered(null);
    if (key) removeDraft(key);
  }, [key]);

  const restore = useCallback(() => {
    const draft = offeredRef.current;
    offeredRef.current = null;
    setOffered(null);
    return draft;
  }, []);

  // What was typed is written when the form goes away or the page is left.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      flush();
    };
  }, [flush]);

  return { offered, keep, drop, clear, restore, discardOffered: clear };
}
