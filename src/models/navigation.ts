/**
 * Navigation context: the unit the back office is working on and the
 * breadcrumb pages set. `useModel('navigation')`.
 *
 * unitId starts from the stored current user (whose unitId falls back to the userId) and
 * follows it when the user logs in, logs out or the token expires, in this tab or another.
 */
import { useEffect, useState } from 'react';
import { getCurrentUser, subscribeCurrentUser } from '@/storage';

export interface BreadcrumbEntry {
  breadcrumbName: string;
  path?: string;
}

export interface NavigationModel {
  unitId: string;
  breadcrumb: BreadcrumbEntry[];
  setUnitId: (unitId: string) => void;
  setBreadcrumb: (breadcrumb: BreadcrumbEntry[]) => void;
}

function storedUnitId(): string {
  return getCurrentUser()?.unitId ?? '';
}

export default function useNavigation(): NavigationModel {
  const [unitId, setUnitId] = useState<string>(storedUnitId);
  const [breadcrumb, setBreadcrumb] = useState<BreadcrumbEntry[]>([]);

  useEffect(() => subscribeCurrentUser((user) => setUnitId(user?.unitId ?? '')), []);

  return { unitId, breadcrumb, setUnitId, setBreadcrumb };
}
