/**
 * Whom the complaint is about: the member unit (chosen from the approved units, filtered by what
 * one types), and optionally one of its practitioners or projects, found by two characters of a
 * name at least (the server hands out no unit's whole list of people). Plain elements: a text
 * box to filter or look up, and a native <select> to choose, which every phone and screen reader
 * handles well.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { ComplaintOption } from '@common/schemas/complaints';
import controls from '@/components/PublicContent/controls.less';
import { complaintPractitioners, complaintProjects, complaintUnits } from '@/services/publicComplaints';
import styles from '../index.less';

/** How long typing pauses before a look-up is sent. */
const LOOKUP_DELAY_MS = 350;

interface UnitFieldProps {
  id: string;
  value: string;
  onChange: (unitId: string, name: string) => void;
  error?: string;
}

/** 被投诉单位: a filter box over the approved units and the select. */
export function UnitField({ id, value, onChange, error }: UnitFieldProps) {
  const filterId = useId();
  const hintId = useId();
  const errorId = useId();
  const [units, setUnits] = useState<ComplaintOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    complaintUnits()
      .then((list) => live && setUnits(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);

  const shown = useMemo(() => {
    const words = filter.trim();
    const list = units ?? [];
    const matching = words ? list.filter((u) => u.name.includes(words)) : list;
    // The chosen unit stays in the list while another filter is typed.
    const chosen = list.find((u) => u.id === value);
    return chosen && !matching.includes(chosen) ? [chosen, ...matching] : matching;
  }, [filter, units, value]);

  return (
    <div className={`${styles.field} ${styles.wide}`}>
      <label htmlFor={id} className={`${styles.label} ${styles.required}`}>
        被投诉单位
      </label>
      <label htmlFor={filterId} className="sr-only">
        按名称筛选会员单位
      </label>
      <input
        id={filterId}
        className={`${controls.input} ${styles.control}`}
        type="search"
        value={filter}
        placeholder="输入单位名称中的文字筛选"
        maxLength={50}
        autoComplete="off"
        onChange={(e) => setFilter(e.target.value)}
      />
      <select
        id={id}
        className={`${styles.select} ${error ? styles.invalid : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
        onChange={(e) => onChange(e.target.value, e.target.selectedOptions[0]?.text ?? '')}
      >
        <option value="">{units === null && !failed ? '正在加载会员单位…' : shown.length ? '请选择被投诉单位' : '没有名称相符的会员单位'}</option>
        {shown.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name}
          </option>
        ))}
      </select>
      <p id={hintId} className={styles.hint}>
        只能投诉本协会的会员单位及其从业人员{units ? `（共 ${units.length} 家，可输入名称筛选）` : ''}。
      </p>
      {failed && (
        <p className={styles.error} role="alert">
          会员单位名单加载失败。
          <button type="button" className={`${controls.button} ${controls.linkButton}`} onClick={() => setAttempt((n) => n + 1)}>
            重新加载
          </button>
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

interface LookupFieldProps {
  label: string;
  /** 姓名, 项目名称: what to type. */
  what: string;
  unitId: string;
  value: string;
  onChange: (id: string) => void;
  find: (unitId: string, keyword: string) => Promise<ComplaintOption[]>;
}

/** An optional practitioner or project of the chosen unit: type two characters of its name, then choose. */
function LookupField({ label, what, unitId, value, onChange, find }: LookupFieldProps) {
  const inputId = useId();
  const selectId = useId();
  const hintId = useId();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<ComplaintOption[]>([]);
  const [state, setState] = useState<'idle' | 'searching' | 'done' | 'failed'>('idle');

  // Another unit: what was found belongs to the previous one.
  useEffect(() => {
    setKeyword('');
    setFound([]);
    setState('idle');
  }, [unitId]);

  useEffect(() => {
    const words = keyword.trim();
    if (!unitId || [...words].length < 2) {
      setFound([]);
      setState('idle');
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      setState('searching');
      find(unitId, words)
        .then((list) => {
          if (!live) return;
          setFound(list);
          setState('done');
        })
        .catch(() => live && setState('failed'));
    }, LOOKUP_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword, unitId, find]);

  const status =
    state === 'searching' ? '正在查找…' : state === 'failed' ? '查找失败，请稍后再试' : state === 'done' ? (found.length ? `找到 ${found.length} 项，请在下方选择` : `该单位没有${what}相符的记录`) : '';
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}（选填）
      </label>
      <input
        id={inputId}
        className={`${controls.input} ${styles.control}`}
        type="search"
        value={keyword}
        disabled={!unitId}
        maxLength={50}
        autoComplete="off"
        placeholder={unitId ? `输入${what}中至少两个字` : '请先选择被投诉单位'}
        aria-describedby={hintId}
        onChange={(e) => {
          setKeyword(e.target.value);
          onChange('');
        }}
      />
      <label htmlFor={selectId} className="sr-only">
        选择{label}
      </label>
      <select id={selectId} className={styles.select} value={value} disabled={found.length === 0} onChange={(e) => onChange(e.target.value)}>
        <option value="">不指定</option>
        {found.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      <p id={hintId} className={styles.hint} aria-live="polite">
        {status || `不确定的可不选，在内容中说明即可。`}
      </p>
    </div>
  );
}

export function PractitionerField(props: Omit<LookupFieldProps, 'label' | 'what' | 'find'>) {
  return <LookupField {...props} label="涉及从业人员" what="姓名" find={complaintPractitioners} />;
}

export function ProjectField(props: Omit<LookupFieldProps, 'label' | 'what' | 'find'>) {
  return <LookupField {...props} label="涉及项目" what="项目名称" find={complaintProjects} />;
}
