/**
 * Umi's runtime configuration: the initial state, the request layer, and the bridge that
 * ends a session in the running app. antd's theme, locale and <App> (with the bridge for
 * toasts) are not here: src/layouts/AntdProvider.tsx brings them with the back office and the
 * antd pages, so that this entry, which every visit runs, carries no antd.
 */
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useModel, type RequestConfig } from '@umijs/max';
import { layoutOf } from '@common/menu';
import { lacksStandardLibrary } from './browserSupport';
import { APP_NAME, type InitialState } from './initialState';
import { requestConfig } from './request/config';
import { isApiError, isTokenError, onSessionExpired, showApiError } from './requestErrors';
import { queryCurrentUser } from './services/user';
import { clearSession, getCurrentUser, getToken, saveCurrentUser } from './storage';

export type { InitialState } from './initialState';

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

/**
 * Umi's render: at once in a current browser; an older one first loads the polyfills (and renders
 * even if they fail to load: most of the site works without them).
 */
export function render(renderApp: () => void) {
  if (!lacksStandardLibrary()) {
    renderApp();
    return;
  }
  import(/* webpackChunkName: "polyfills" */ './polyfills').then(renderApp, renderApp);
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

/** Innermost provider: the session bridge beside the routes. */
export function innerProvider(container: ReactNode) {
  return (
    <>
      <SessionSync />
      {container}
    </>
  );
}
