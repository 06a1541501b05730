/**
 * The unit filter: a select that searches member units by name (GET /users/unit-options) and,
 * for a unit already in the URL, shows its name.
 */
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { UnitOption } from '@common/schemas/users';
import { unitOptions } from '@/services/users';

export interface UnitSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
}

const SEARCH_DELAY_MS = 300;

export default function UnitSelect({ value, onChange, id }: UnitSelectProps) {
  const [found, setFound] = useState<UnitOption[]>([]);
  // The unit the value names, when the search results do not hold it (a filter from the URL).
  const [named, setNamed] = useState<UnitOption | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const search = (keyword: string) => {
    const ticket = latest.current + 1;
    latest.current = ticket;
    setLoading(true);
    unitOptions(keyword ? { keyword } : {}, { skipErrorHandler: true })
      .then((units) => {
        if (latest.current === ticket) setFound(units);
      })
      .catch(() => undefined)
      .finally(() => {
        if (latest.current === ticket) setLoading(false);
      });
  };

  useEffect(() => {
    search('');
    return () => clearTimeout(timer.current);
    // Once: later searches come from typing.
  }, []);

  const known = !value || named?.id === value || found.some((o) => o.id === value);
  useEffect(() => {
    if (known || !value) return undefined;
    let live = true;
    unitOptions({ id: value }, { skipErrorHandler: true })
      .then(([unit]) => live && unit && setNamed(unit))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Only when the value changes to a unit not shown yet.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const options = [...(named && !found.some((o) => o.id === named.id) ? [named] : []), ...found];
  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string | undefined) => onChange?.(next)}
      showSearch={{
        filterOption: false,
        onSearch: (text) => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => search(text.trim()), SEARCH_DELAY_MS);
        },
      }}
      allowClear
      placeholder="输入单位名称搜索"
      notFoundContent={loading ? <Spin size="small" /> : '没有匹配的单位'}
      options={options.map((o) => ({ label: o.name, value: o.id }))}
      onClear={() => search('')}
    />
  );
}
