/**
 * The header's search box (opens /FrontPage/search?q=) and the 长者模式 switch, both on the
 * first screen of every public page (the switch is a target of at least 44 × 44 px).
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@umijs/max';
import { Icon } from '@/components/PublicContent/icons/Icon';
import SEARCH_ICON from '@/components/PublicContent/icons/search';
import controls from '@/components/PublicContent/controls.less';
import { SEARCH_PATH, SEARCH_QUERY_MAX } from './searchPath';
import { useElderMode } from './elderMode';
import styles from './index.less';

export function HeaderSearch() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim().slice(0, SEARCH_QUERY_MAX);
    navigate(q ? `${SEARCH_PATH}?${new URLSearchParams({ q }).toString()}` : SEARCH_PATH);
  };
  return (
    <form role="search" aria-label="站内搜索" className={styles.search} onSubmit={submit}>
      <label htmlFor="site-search-input" className="sr-only">
        搜索本站内容
      </label>
      <input
        id="site-search-input"
        type="search"
        value={value}
        maxLength={SEARCH_QUERY_MAX}
        placeholder="搜索新闻、公告、单位、专家"
        onChange={(e) => setValue(e.target.value)}
        className={`${controls.input} ${styles.searchInput}`}
      />
      <button type="submit" className={`${controls.button} ${controls.primary} ${styles.searchButton}`}>
        <Icon shape={SEARCH_ICON} />
        <span className={styles.buttonLabel}>搜索</span>
      </button>
    </form>
  );
}

export function ElderModeSwitch() {
  const [elder, setElder] = useElderMode();
  return (
    <button
      type="button"
      aria-pressed={elder}
      title={elder ? '已开启长者模式，点击恢复标准字号' : '开启长者模式：更大的字号、更高的对比度'}
      className={`${controls.button} ${elder ? controls.primary : ''} ${styles.elderSwitch}`}
      onClick={() => setElder(!elder)}
    >
      <span aria-hidden className={styles.elderMark}>
        {elder ? '✓' : 'A+'}
      </span>
      长者模式
    </button>
  );
}
