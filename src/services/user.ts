/** Accounts and sessions (`/api/v1/user/…`): login, logout, the current user, password, login name. */
import type {
  CurrentUser,
  LoginBody,
  LoginResult,
  SetPasswordBody,
  ShowLoginAccountBody,
  ShowLoginAccountResult,
} from '@common/schemas/auth';
import { api, type RequestOptions } from './api';

/** The login page shows failures inline, so it passes `skipErrorHandler` to avoid a second toast. */
export function login(body: LoginBody, options?: RequestOptions) {
  return api<LoginResult>('user/auth/login', { ...options, method: 'POST', data: body });
}

export function logout() {
  return api<null>('user/auth/logout', { method: 'POST' });
}

/** `skipErrorHandler` lets getInitialState fail quietly when a stored token has expired. */
export function queryCurrentUser(options?: RequestOptions) {
  return api<CurrentUser>('user/current', options);
}

export function setPassword(body: SetPasswordBody) {
  return api<null>('/user/set/password', { method: 'PUT', data: body });
}

export function showLoginAccount(body: ShowLoginAccountBody) {
  return api<ShowLoginAccountResult>('/user/show/login_account', { method: 'PUT', data: body });
}
