/**
 * Searchable selects of the subject of a credit event: an approved member unit (GET
 * /member-units/options?keyword=, as 评审任务's and the review queue's unit filters read it) and a
 * practitioner an event may name (GET /credit-events/practitioner-options: approved or left
 * since, by name or certificate number; credit:view is enough). Typing searches after a short
 * rest.
 */
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { CreditPractitionerOption } from '@common/schemas/credit';
import { creditPractitionerOptions, creditUnitOptions } from '@/services/credit';

const SEARCH_DELAY_MS = 300;

interface Option {
  label: string;
  value: string;
}

interface PickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The select's accessible name (its form label is not always a <label for>). */
  ariaLabel: string;
  placeholder?: string;
  allowClear?: boolean;
}

/** Options found by `search(keyword)`; the chosen one keeps its label while others are searched. */
function useSearched(search: (keyword: string) => Promise<Option[]>, value: string | undefined, labelOf?: (id: string) => Promise<string | null>) {
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    let live = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      searchRef
        .current(keyword)
        .then((found) => live && setOptions(found))
        .catch(() => undefined) // the picker stays as it was; the request layer has said why
        .finally(() => live && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [keyword]);

  // A value from elsewhere (the address of a filtered list) gets its name once.
  const known = !value || options.some((o) => o.value === value) || chosen?.value === value;
  useEffect(() => {
    if (known || !value || !labelOf) return undefined;
    let live = true;
    labelOf(value)
      .then((label) => live && label && setChosen({ value, label }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [known, value, labelOf]);

  const shown = chosen && chosen.value === value && !options.some((o) => o.value === value) ? [chosen, ...options] : options;
  const remember = (id: string | undefined) => setChosen(options.find((o) => o.value === id) ?? null);
  return { options: shown, loading, setKeyword, remember };
}

const searchUnits = async (keyword: string): Promise<Option[]> =>
  (await creditUnitOptions(keyword)).map((u) => ({ value: u.id, label: u.memberNo ? `${u.name}（${u.memberNo}）` : u.name }));

export function UnitPicker({ id, value, onChange, ariaLabel, placeholder = '输入单位名称搜索会员单位', allowClear }: PickerProps) {
  const { options, loading, setKeyword, remember } = useSearched(searchUnits, value);
  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string | undefined) => {
        remember(next);
        onChange?.(next);
      }}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear={allowClear}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : '没有匹配的会员单位'}
      options={options}
      aria-label={ariaLabel}
    />
  );
}

const practitionerOption = (p: CreditPractitionerOption): Option => ({
  value: p.id,
  label: `${p.name} · ${p.unitName}${p.certificateNo ? ` · ${p.certificateNo}` : ''}${p.left ? '（已离职）' : ''}`,
});

const searchPractitioners = async (keyword: string): Promise<Option[]> => (await creditPractitionerOptions({ keyword })).map(practitionerOption);

const practitionerLabel = async (practitionerId: string): Promise<string | null> => {
  const [found] = await creditPractitionerOptions({ id: practitionerId }, { skipErrorHandler: true });
  return found ? practitionerOption(found).label : null;
};

export function PractitionerPicker({ id, value, onChange, ariaLabel, placeholder = '输入姓名或证书编号搜索从业人员', allowClear }: PickerProps) {
  const { options, loading, setKeyword, remember } = useSearched(searchPractitioners, value, practitionerLabel);
  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string | undefined) => {
        remember(next);
        onChange?.(next);
      }}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear={allowClear}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : '没有匹配的从业人员'}
      options={options}
      aria-label={ariaLabel}
    />
  );
}
