/**
 * antd's static toasts, for ./feedback.ts when no antd <App> is mounted. A module of its own so
 * that it is loaded with the first such toast, not with the entry script.
 */
import { message, notification } from 'antd';
import type { MessageApi, NotificationApi } from './feedback';

let configured = false;

export function staticFeedback(config: { duration: number; maxCount: number }): { message: MessageApi; notification: NotificationApi } {
  if (!configured) {
    configured = true;
    message.config(config);
  }
  return { message, notification };
}
