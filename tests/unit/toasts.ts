/**
 * The toasts (antd's message) and notifications a test's pages showed, kept as they appeared.
 *
 * A toast lives 2 s and a notification 4.5 s (src/request/feedback.ts); on a loaded machine a
 * test can spend longer than that between the action and its check, and a check of the screen
 * then finds nothing. So tests/unit/setup.ts starts this record before each test, and a test asks
 * the record (`findToast`, `toastsShown`), which never forgets what was said.
 */
import { waitFor } from '@testing-library/react';

const NOTICE = '.ant-message-notice, .ant-notification-notice';

/** A toast (antd's message) or a notification (antd's notification, with a title). */
export interface ShownNotice {
  kind: 'toast' | 'notification';
  text: string;
}

let shown: ShownNotice[] = [];
/** The text each notice element was last recorded with: antd may reuse one for the next toast. */
let recorded = new WeakMap<Element, string>();
let observer: MutationObserver | undefined;

function record() {
  for (const notice of document.querySelectorAll(NOTICE)) {
    const text = (notice.textContent ?? '').trim();
    if (!text || recorded.get(notice) === text) continue;
    recorded.set(notice, text);
    shown.push({ kind: notice.matches('.ant-notification-notice') ? 'notification' : 'toast', text });
  }
}

/** Starts a new record (tests/unit/setup.ts, before each test). */
export function startRecordingToasts(): void {
  observer?.disconnect();
  shown = [];
  recorded = new WeakMap();
  // A notice still closing from the test before is not this test's.
  for (const notice of document.querySelectorAll(NOTICE)) recorded.set(notice, (notice.textContent ?? '').trim());
  observer = new MutationObserver(record);
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** Every toast and notification shown so far in this test, oldest first. */
export function noticesShown(): readonly ShownNotice[] {
  record();
  return [...shown];
}

/** The texts of the toasts shown so far in this test, oldest first. */
export function toastsShown(): string[] {
  return noticesShown().filter((n) => n.kind === 'toast').map((n) => n.text);
}

/** The texts of the notifications shown so far in this test, oldest first. */
export function notificationsShown(): string[] {
  return noticesShown().filter((n) => n.kind === 'notification').map((n) => n.text);
}

/**
 * Waits until a toast or notification containing `text` has been shown (now or earlier in the
 * test) and returns its whole text.
 */
export async function findToast(text: string | RegExp): Promise<string> {
  const matches = (shownText: string) => (typeof text === 'string' ? shownText.includes(text) : text.test(shownText));
  return waitFor(() => {
    const texts = noticesShown().map((n) => n.text);
    const found = texts.find(matches);
    if (found === undefined) throw new Error(`没有出现提示「${String(text)}」；已出现的提示：${JSON.stringify(texts)}`);
    return found;
  });
}
