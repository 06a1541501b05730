/** The columns every reviewed subject's list has: its status, and (for staff) its unit. */
import { Badge, type BadgeProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { MemberUnitOption } from '@common/schemas/memberUnits';
import type { ResourceColumn } from '@/components/ListPage';
import { useAccessFlags } from '@/hooks/useCan';
import { memberUnitOptions } from '@/services/practitioners';

/** How a subject's statuses read: the schema's labels and the badge of each. */
export interface StatusStyle<S extends string> {
  labels: Record<S, string>;
  badges: Record<S, NonNullable<BadgeProps['status']>>;
}

export function StatusBadge<S extends string>({ status, style }: { status: S; style: StatusStyle<S> }) {
  return <Badge status={style.badges[status]} text={style.labels[status]} />;
}

/** 状态: a badge, and a filter by status (`?status=`). */
export function statusColumn<R extends { status: S }, S extends string>(style: StatusStyle<S>): ResourceColumn<R> {
  return {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    valueType: 'select',
    valueEnum: Object.fromEntries(Object.entries<string>(style.labels).map(([value, text]) => [value, { text }])),
    filter: true,
    render: (_dom, record) => <StatusBadge status={record.status} style={style} />,
  };
}

/**
 * The unit a record belongs to, with a filter by approved member unit (`?unitId=`): for staff
 * only, since a unit's list holds its own records. Null for anyone else.
 */
export function useUnitColumn<R extends { unitName: string }>(title: string): ResourceColumn<R> | null {
  const { isStaff } = useAccessFlags();
  const [units, setUnits] = useState<MemberUnitOption[]>([]);

  useEffect(() => {
    if (!isStaff) return undefined;
    let live = true;
    memberUnitOptions()
      .then((list) => live && setUnits(list))
      .catch(() => undefined); // the unit filter stays empty; the list still works
    return () => {
      live = false;
    };
  }, [isStaff]);

  return useMemo<ResourceColumn<R> | null>(
    () =>
      isStaff
        ? {
            title,
            dataIndex: 'unitId',
            width: 200,
            ellipsis: true,
            valueType: 'select',
            valueEnum: Object.fromEntries(units.map((u) => [u.id, { text: u.name }])),
            fieldProps: { showSearch: true },
            filter: true,
            render: (_dom, record) => record.unitName,
          }
        : null,
    [isStaff, title, units],
  );
}
