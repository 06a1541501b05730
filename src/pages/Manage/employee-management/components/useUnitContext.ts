/**
 * Staff working in one unit's context (/Manage/employee-management?unitId=…, from the member
 * unit pages): the navigation model (src/models/navigation.ts) carries that unit's id and a breadcrumb step
 * with its name while the page shows it, and gives both back when the page goes.
 */
import { useModel } from '@umijs/max';
import { useEffect, useRef } from 'react';

export function useUnitContext(unitId: string | null, unitName: string | null): void {
  const navigation = useModel('navigation');
  const { setBreadcrumb, setUnitId } = navigation;
  const before = useRef(navigation.unitId);

  useEffect(() => {
    if (unitId) setUnitId(unitId);
    setBreadcrumb(unitId && unitName ? [{ breadcrumbName: unitName }] : []);
  }, [unitId, unitName, setBreadcrumb, setUnitId]);

  useEffect(() => {
    const previous = before.current;
    return () => {
      setBreadcrumb([]);
      setUnitId(previous);
    };
    // Once: on leaving the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
