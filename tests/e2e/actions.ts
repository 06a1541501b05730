/**
 * What an action left behind, for the journeys' checks. A success toast lives 2 s
 * (src/layouts/AntdProvider.tsx) and a loaded machine misses it; the API's answer to the action
 * does not go away, nor does what the page shows afterwards (a row's tag, a drawer's content).
 * So a journey waits for the answer (registered before the click) and then for the lasting
 * state, never for a toast alone.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';

/** The envelope every API answer has (common/api.ts). */
export interface Answer<T = unknown> {
  status: number;
  message: string;
  data: T;
}

/** The call an action makes: its method and path (a string is the whole path, a RegExp tests it). */
export interface Call {
  method: 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string | RegExp;
}

const matches = (call: Call) => (response: Response) => {
  if (response.request().method() !== call.method) return false;
  const { pathname } = new URL(response.url());
  return typeof call.path === 'string' ? pathname === call.path : call.path.test(pathname);
};

/** What the page says about a failure: form errors, alerts and whatever toast is still there. */
export async function pageMessages(page: Page): Promise<string> {
  const shown = await page
    .locator('.ant-form-item-explain-error, .ant-alert, .ant-message-notice, .ant-notification-notice')
    .allInnerTexts()
    .catch(() => []);
  return shown.map((t) => t.trim()).filter(Boolean).join(' | ') || '无';
}

/**
 * Runs `act` (a click) and returns the API's answer to `call`, which must be a success
 * (status 1); the wait is registered before the click, so a quick answer is not missed. On a
 * refusal, or no call at all (the form's own rules stopped it), the error says what the page shows.
 */
export async function answerTo<T = unknown>(page: Page, call: Call, act: () => Promise<unknown>, what: string): Promise<Answer<T>> {
  const response = page.waitForResponse(matches(call));
  // A rejected wait is handled below; this keeps it from being reported as unhandled meanwhile.
  response.catch(() => undefined);
  await act();
  let answer: Answer<T>;
  try {
    answer = (await (await response).json()) as Answer<T>;
  } catch (err) {
    throw new Error(`${what}：没有等到 ${call.method} ${String(call.path)} 的回应；页面提示：${await pageMessages(page)}`, { cause: err });
  }
  if (answer.status !== 1) {
    throw new Error(`${what}：服务器拒绝（${answer.status}）：${answer.message}；页面提示：${await pageMessages(page)}`);
  }
  return answer;
}

const TOASTS_KEY = 'e2e:toasts';

/**
 * Keeps every toast's text the page shows (antd's message and notification), however briefly,
 * in sessionStorage, from the next document on (so across reloads of this tab): a journey can
 * then check what was said without racing the toast's 2 seconds.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript((key: string) => {
    // The text each notice was last recorded with: antd may reuse one element for the next toast.
    const recorded = new WeakMap<Element, string>();
    const record = () => {
      for (const notice of document.querySelectorAll('.ant-message-notice, .ant-notification-notice')) {
        const text = (notice.textContent ?? '').trim();
        if (!text || recorded.get(notice) === text) continue;
        recorded.set(notice, text);
        const kept = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
        sessionStorage.setItem(key, JSON.stringify([...kept, text]));
      }
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  }, TOASTS_KEY);
}

/** The toasts recordToasts kept, oldest first. */
export async function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate((key: string) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], TOASTS_KEY);
}

/** A button whose two Chinese characters antd may space ("开 启"). */
export const spacedButton = (scope: Page | Locator, label: string) => scope.getByRole('button', { name: new RegExp(`^${label.split('').join('\\s?')}$`) });

/**
 * 会员单位年检管理's 开启年度 form (/Manage/annual-inspection-record, already open): opens `year`
 * with `deadline` (YYYY-MM-DD) and waits until the server answered and the dialog closed.
 */
export async function openInspectionYear(page: Page, year: number, deadline: string): Promise<void> {
  // The button carries an icon, hence no anchored name.
  await page.getByRole('button', { name: /开启年度/ }).click();
  const dialog = page.getByRole('dialog', { name: '开启年检年度' });
  await dialog.getByLabel('年度', { exact: true }).fill(String(year));
  const field = dialog.getByLabel('截止日期');
  await field.click();
  await field.fill(deadline);
  await field.press('Enter');
  await expect.poll(() => field.inputValue()).toBe(deadline);
  await answerTo(page, { method: 'POST', path: '/api/v1/annual-inspection-years' }, () => spacedButton(dialog, '开启').click(), `开启${year}年度年检`);
  await dialog.waitFor({ state: 'detached' });
}
