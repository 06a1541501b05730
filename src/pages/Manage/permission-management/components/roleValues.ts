/** A role between its record, the drawer's values and the API's bodies. */
import type { RoleCreateBody, RoleRecord, RoleUpdateBody } from '@common/schemas/roles';
import { orNull } from '@/components/ListPage';

export interface RoleValues {
  code: string;
  name: string;
  description?: string | null;
  permissions: string[];
}

export const ROLE_INITIAL_VALUES: Partial<RoleValues> = { permissions: [] };

export function toRoleValues(record: RoleRecord): RoleValues {
  return { code: record.code, name: record.name, description: record.description, permissions: record.permissions };
}

export function toRoleCreateBody(values: RoleValues): RoleCreateBody {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    description: orNull(values.description),
    permissions: values.permissions ?? [],
  };
}

/** The built-in role's codes are fixed: they are not sent. */
export function toRoleUpdateBody(values: RoleValues, builtIn: boolean, version: number): RoleUpdateBody {
  return {
    name: values.name.trim(),
    description: orNull(values.description),
    ...(builtIn ? {} : { permissions: values.permissions ?? [] }),
    version,
  };
}
