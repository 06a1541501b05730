/**
 * Toasts and notifications for code outside React (the request layer).
 *
 * antd's static `message`/`notification` ignore the theme and locale context, so the app
 * renders <AppBridge/> under antd's <App> (src/app.tsx `innerProvider`), which registers
 * the `App.useApp()` instances here. Until it has mounted (during `getInitialState`, or in
 * a test that renders no App) the static functions stand in, with the same settings.
 */
import { message as staticMessage, notification as staticNotification, type App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
export type MessageApi = AppApi['message'];
export type NotificationApi = AppApi['notification'];

/** A toast lasts 2 s, and at most one shows at a time. */
export const MESSAGE_CONFIG = { duration: 2, maxCount: 1 } as const;

/** What src/app.tsx hands antd's <App> (the antd plugin's `appConfig`). */
export const APP_CONFIG = { message: MESSAGE_CONFIG } as const;

let staticConfigured = false;
function configureStatic() {
  if (staticConfigured) return;
  staticConfigured = true;
  staticMessage.config(MESSAGE_CONFIG);
}

let registered: { message: MessageApi; notification: NotificationApi } | undefined;

/** Called by <AppBridge/>; returns the function that unregisters. */
export function registerFeedback(apis: { message: MessageApi; notification: NotificationApi }) {
  registered = apis;
  return () => {
    if (registered === apis) registered = undefined;
  };
}

export function getMessage(): MessageApi {
  if (registered) return registered.message;
  configureStatic();
  return staticMessage;
}

export function getNotification(): NotificationApi {
  if (registered) return registered.notification;
  configureStatic();
  return staticNotification;
}

/** An error toast: 2 s, one at a time. */
export function toastError(content: string) {
  getMessage().error({ content, duration: MESSAGE_CONFIG.duration });
}

export function notifyError(title: string, description: string) {
  getNotification().error({ title, description });
}
