/** The roles for the role filter and the drawer's role select (GET /users/role-options, once per page). */
import { useEffect, useState } from 'react';
import type { RoleOption } from '@common/schemas/users';
import { roleOptions } from '@/services/users';

export interface RoleSelectOption {
  label: string;
  value: string;
}

export function toSelectOptions(roles: readonly RoleOption[]): RoleSelectOption[] {
  return roles.map((r) => ({ label: r.builtIn ? `${r.name}（内置）` : r.name, value: r.id }));
}

export function useRoleOptions(): RoleSelectOption[] {
  const [options, setOptions] = useState<RoleSelectOption[]>([]);
  useEffect(() => {
    let live = true;
    // Quietly: without the list the filter is empty, and the table says what failed anyway.
    roleOptions({ skipErrorHandler: true })
      .then((roles) => live && setOptions(toSelectOptions(roles)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return options;
}
