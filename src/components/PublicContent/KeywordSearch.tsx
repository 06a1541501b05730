/** A list's keyword box: submit to search, empty to show all (the value lives in the URL). */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Icon } from './icons/Icon';
import SEARCH_ICON from './icons/search';
import controls from './controls.less';
import styles from './index.less';

interface KeywordSearchProps {
  value: string;
  /** What the box searches, for screen readers and the placeholder: "在协会新闻中搜索". */
  label: string;
  placeholder?: string;
  maxLength?: number;
  onSearch: (keyword: string) => void;
}

export default function KeywordSearch({ value, label, placeholder, maxLength = 100, onSearch }: KeywordSearchProps) {
  const id = useId();
  const [text, setText] = useState(value);
  // Back/forward changes the URL's keyword: the box follows.
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label={label} className={styles.keywordForm} onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={maxLength}
        placeholder={placeholder ?? '输入关键词'}
        onChange={(e) => setText(e.target.value)}
        className={`${controls.input} ${styles.keywordInput}`}
      />
      <button type="submit" className={`${controls.button} ${controls.primary}`}>
        <Icon shape={SEARCH_ICON} />
        搜索
      </button>
    </form>
  );
}
