/**
 * 用户管理 (the API's `users`): accounts of the three kinds, their roles, enable/disable,
 * unlock, and the login name / a new password shown once (never stored recoverably).
 */
import type { ShowLoginAccountResult } from '@common/schemas/auth';
import type {
  RoleOption,
  UnitOption,
  UnitOptionsQuery,
  UserCreateBody,
  UserCreateResult,
  UserListItem,
  UserListQuery,
  UserRecord,
  UserUpdateBody,
} from '@common/schemas/users';
import { api, type RequestOptions } from './api';
import { resource } from './resource';

export const users = resource<{
  record: UserRecord;
  row: UserListItem;
  query: UserListQuery;
  create: UserCreateBody;
  update: UserUpdateBody;
  action: 'enable' | 'disable' | 'unlock' | 'reset-password';
}>('/users');

/** Creating answers the generated password once when none was given (so not `resource.create`). */
export function createUser(body: UserCreateBody, options?: RequestOptions) {
  return api<UserCreateResult>('/users', { ...options, method: 'POST', data: body });
}

/** The login name only; the caller confirms with their own password. */
export function revealLoginAccount(userId: string, password: string, options?: RequestOptions) {
  return api<ShowLoginAccountResult>('/user/show/login_account', { ...options, method: 'PUT', data: { userId, password } });
}

/** A new generated password, returned this once; the caller confirms with their own password. */
export function resetUserPassword(userId: string, password: string, options?: RequestOptions) {
  return users.action<ShowLoginAccountResult>(userId, 'reset-password', { password }, options);
}

export function unitOptions(query: UnitOptionsQuery, options?: RequestOptions) {
  return api<UnitOption[]>('/users/unit-options', { ...options, params: query });
}

export function roleOptions(options?: RequestOptions) {
  return api<RoleOption[]>('/users/role-options', options);
}
