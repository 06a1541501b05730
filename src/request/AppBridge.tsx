/**
 * Registers antd's context-aware `message`/`notification` (App.useApp()) for the request
 * layer. Render it once, inside antd's <App>; it renders nothing.
 */
import { App } from 'antd';
import { useEffect } from 'react';
import { registerFeedback } from './feedback';

export default function AppBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => registerFeedback({ message, notification }), [message, notification]);
  return null;
}
