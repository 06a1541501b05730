/**
 * 关联的从业人员: the expert's own practitioner record, searched by name or certificate number
 * among approved practitioners (GET /practitioners, which staff read with practitioner:view).
 * The review draw then keeps the expert off the projects of the units they practised at.
 */
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { practitioners } from '@/services/practitioners';

const SEARCH_DELAY_MS = 300;
const PICKER_PAGE_SIZE = 20;

export interface PractitionerPickerProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The name of the practitioner linked now, so that the select shows it before any search. */
  currentName?: string | null;
}

export default function PractitionerPicker({ id, value, onChange, currentName }: PractitionerPickerProps) {
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<{ label: string; value: string }[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!keyword.trim()) return undefined;
    let live = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      practitioners
        .list({ keyword: keyword.trim(), status: 'approved', pageSize: PICKER_PAGE_SIZE })
        .then((page) => {
          if (live) setOptions(page.list.map((p) => ({ value: p.id, label: `${p.name}（${p.unitName}${p.certificateNo ? `，${p.certificateNo}` : ''}）` })));
        })
        .catch(() => undefined) // the request layer has said why; the select keeps its value
        .finally(() => live && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [keyword]);

  const shown = value && currentName && !options.some((o) => o.value === value) ? [{ value, label: currentName }, ...options] : options;
  return (
    <Select
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder="输入姓名或证书编号搜索（选填）"
      notFoundContent={loading ? <Spin size="small" /> : keyword.trim() ? '没有匹配的从业人员' : '请输入姓名或证书编号'}
      options={shown}
    />
  );
}
