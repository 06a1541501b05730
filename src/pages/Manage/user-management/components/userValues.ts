/** An account between its record, the drawer's values and the API's bodies. */
import { AuthType } from '@common/permissions';
import type { UserCreateBody, UserRecord, UserUpdateBody } from '@common/schemas/users';
import { orNull } from '@/components/ListPage';

export interface UserValues {
  loginAccount: string;
  name: string;
  phone?: string | null;
  email?: string | null;
  roleIds: string[];
  enabled: boolean;
}

export const USER_INITIAL_VALUES: Partial<UserValues> = { roleIds: [], enabled: true };

export function toUserValues(record: UserRecord): UserValues {
  return {
    loginAccount: record.loginAccount,
    name: record.name,
    phone: record.phone,
    email: record.email,
    roleIds: record.roleIds,
    enabled: record.enabled,
  };
}

/**
 * The drawer creates staff accounts only: member-unit and practitioner accounts come with
 * registration and practitioner entry, which link them to their unit and record. No password:
 * the server generates one and answers it once.
 */
export function toUserCreateBody(values: UserValues): UserCreateBody {
  return {
    loginAccount: values.loginAccount.trim(),
    name: values.name.trim(),
    authType: AuthType.Staff,
    phone: orNull(values.phone),
    email: orNull(values.email),
    roleIds: values.roleIds ?? [],
    enabled: values.enabled !== false,
  };
}

/** Roles go only with staff accounts (the server refuses them on the others). */
export function toUserUpdateBody(values: UserValues, record: UserRecord | undefined, version: number): UserUpdateBody {
  return {
    name: values.name.trim(),
    phone: orNull(values.phone),
    email: orNull(values.email),
    ...(record?.authType === AuthType.Staff ? { roleIds: values.roleIds ?? [] } : {}),
    version,
  };
}
