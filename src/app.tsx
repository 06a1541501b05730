/**
 * Umi's runtime configuration: the initial state, the request layer, antd's locale and
 * <App> settings, and the bridges that let code outside React show toasts and end a session.
 */
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import zhCN from 'antd/locale/zh_CN';
import type { ConfigProviderProps } from 'antd';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useModel, type RequestConfig } from '@umijs/max';
import { layoutOf } from '@common/menu';
import { APP_NAME, type InitialState } from './initialState';
import AppBridge from './request/AppBridge';
import { requestConfig } from './request/config';
import { APP_CONFIG } from './request/feedback';
import { isApiError, isTokenError, onSessionExpired, showApiError } from './requestErrors';
import { queryCurrentUser } from './services/user';
import { APP_THEME } from './theme';
import { clearSession, getCurrentUser, getToken, saveCurrentUser } from './storage';

export type { InitialState } from './initialState';

// The locale plugin never calls dayjs.locale(): dates and pickers speak Chinese from here.
dayjs.locale('zh-cn');

/**
 * Runs once at start (and after a full reload following login). With a stored token it
 * asks the server who is logged in, quietly: a token error clears the stored session; any
 * other failure keeps the stored user, so that a passing network fault does not log out.
 */
export async function getInitialState(): Promise<InitialState> {
  const state: InitialState = { name: APP_NAME };
  if (!getToken()) return state;
  try {
    const currentUser = await queryCurrentUser({ skipErrorHandler: true });
    saveCurrentUser(currentUser);
    return { ...state, currentUser };
  } catch (error) {
    if (isTokenError(error)) {
      clearSession();
      // In the back office the person expected to be logged in: say why they are sent to
      // the login page ("…，请重新登录"). On public pages an old token just goes quietly.
      if (isApiError(error) && layoutOf(window.location.pathname) === 'manage') showApiError(error);
      return state;
    }
    const stored = getCurrentUser();
    return stored ? { ...state, currentUser: stored } : state;
  }
}

export const request: RequestConfig = requestConfig;

type AntdRuntimeConfig = ConfigProviderProps & { appConfig?: Record<string, unknown> };

/** antd plugin runtime config: the AA theme and Chinese locale for every component, toasts 2 s / 1 at a time. */
export function antd(memo: AntdRuntimeConfig): AntdRuntimeConfig {
  return {
    ...memo,
    theme: { ...memo.theme, ...APP_THEME, token: { ...memo.theme?.token, ...APP_THEME.token } },
    locale: zhCN,
    appConfig: { ...memo.appConfig, ...APP_CONFIG },
  };
}

/** Drops the current user from the initial state when a call finds the token gone. */
function SessionSync() {
  const { setInitialState } = useModel('@@initialState');
  useEffect(
    () =>
      onSessionExpired(() => {
        void setInitialState((state) => (state ? { ...state, currentUser: undefined } : state));
      }),
    [setInitialState],
  );
  return null;
}

/**
 * Innermost provider: Umi applies src/app.tsx's hooks first, so the antd plugin's <App>
 * (and its ConfigProvider) wrap these bridges.
 */
export function innerProvider(container: ReactNode) {
  return (
    <>
      <AppBridge />
      <SessionSync />
      {container}
    </>
  );
}
