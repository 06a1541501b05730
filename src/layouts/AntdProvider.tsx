/**
 * antd's ConfigProvider and <App> for the parts built on antd: the back office and the
 * standalone pages that use antd's forms (src/layouts/index.tsx decides which). The AA theme
 * (src/theme.ts), the Chinese locale (pickers, tables, pagination, validation messages and
 * dayjs), toasts 2 s / at most one (src/request/feedback.ts), and <AppBridge/>, which hands
 * App.useApp()'s toasts to the request layer. A visitor whose system asks for less motion
 * (prefers-reduced-motion) gets drawers, dialogs and menus without their animations (WCAG
 * 2.3.3; motion can make some people dizzy).
 *
 * The public site is plain React and CSS and never loads this module: antd's CSS-in-JS cost
 * a phone over a second of script work per first visit (README.md, "Benchmarks";
 * tests/e2e/bundle.test.ts keeps antd out of the public chunks).
 */
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useMemo, type ReactNode } from 'react';
import usePrefersReducedMotion from '@/hooks/usePrefersReducedMotion';
import AppBridge from '@/request/AppBridge';
import { APP_CONFIG } from '@/request/feedback';
import { APP_THEME } from '@/theme';

// antd's locale never calls dayjs.locale(): dates and pickers speak Chinese from here.
dayjs.locale('zh-cn');

export default function AntdProvider({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => (reducedMotion ? { ...APP_THEME, token: { ...APP_THEME.token, motion: false } } : APP_THEME), [reducedMotion]);
  return (
    <ConfigProvider theme={theme} locale={zhCN}>
      <App {...APP_CONFIG}>
        <AppBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}
