/**
 * Toasts and notifications for code outside React (the request layer).
 *
 * antd's static `message`/`notification` ignore the theme and locale context, so the antd
 * parts of the app render <AppBridge/> under antd's <App> (src/layouts/AntdProvider.tsx), which
 * registers the `App.useApp()` instances here. Where none is registered (the public pages, which
 * carry no antd; `getInitialState`; a test that renders no App) the static functions stand in,
 * with the same settings, loaded with the first toast (./staticFeedback.ts) so that the entry
 * script carries no antd.
 */
import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
export type MessageApi = AppApi['message'];
export type NotificationApi = AppApi['notification'];

/** A toast lasts 2 s, and at most one shows at a time. */
export const MESSAGE_CONFIG = { duration: 2, maxCount: 1 } as const;

/** What src/layouts/AntdProvider.tsx hands antd's <App>. */
export const APP_CONFIG = { message: MESSAGE_CONFIG } as const;

let registered: { message: MessageApi; notification: NotificationApi } | undefined;

/** Called by <AppBridge/>; returns the function that unregisters. */
export function registerFeedback(apis: { message: MessageApi; notification: NotificationApi }) {
  registered = apis;
  return () => {
    if (registered === apis) registered = undefined;
  };
}

/** The App.useApp() instances when an antd <App> is mounted, else undefined. */
export function registeredFeedback(): { message: MessageApi; notification: NotificationApi } | undefined {
  return registered;
}

/** The registered instances, or antd's static ones (configured), loaded on first use. */
async function feedback(): Promise<{ message: MessageApi; notification: NotificationApi }> {
  if (registered) return registered;
  const { staticFeedback } = await import('./staticFeedback');
  return registered ?? staticFeedback(MESSAGE_CONFIG);
}

/** An error toast: 2 s, one at a time. */
export function toastError(content: string) {
  if (registered) registered.message.error({ content, duration: MESSAGE_CONFIG.duration });
  else void feedback().then(({ message }) => message.error({ content, duration: MESSAGE_CONFIG.duration }));
}

export function notifyError(title: string, description: string) {
  if (registered) registered.notification.error({ title, description });
  else void feedback().then(({ notification }) => notification.error({ title, description }));
}
