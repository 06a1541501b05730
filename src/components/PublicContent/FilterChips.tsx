/**
 * A filter as a row of links (全部, then each option): the choice lives in the URL, works
 * without script, and the current one is marked aria-current. Choosing goes back to page 1.
 */
import { Link, useLocation } from '@umijs/max';
import type { DictItem } from '@common/schemas/dict';
import styles from './index.less';

interface FilterChipsProps {
  /** What is filtered: "会员级别". */
  label: string;
  /** The URL parameter: "level". */
  param: string;
  options: readonly Pick<DictItem, 'label' | 'value'>[];
  value: string;
}

export default function FilterChips({ label, param, options, value }: FilterChipsProps) {
  const { pathname, search } = useLocation();
  const hrefFor = (next: string) => {
    const params = new URLSearchParams(search);
    params.delete('current');
    if (next) params.set(param, next);
    else params.delete(param);
    const query = params.toString();
    // A string: Umi's Link renders nothing for a `to` object without a pathname.
    return query ? `${pathname}?${query}` : pathname;
  };
  const all = [{ label: '全部', value: '' }, ...options];
  return (
    <nav aria-label={`按${label}筛选`}>
      <ul className={styles.filters}>
        <li className={styles.filterLabel} aria-hidden>
          {label}：
        </li>
        {all.map((option) => (
          <li key={option.value || '__all'}>
            <Link to={hrefFor(option.value)} className={styles.chip} aria-current={option.value === value ? 'true' : undefined}>
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
