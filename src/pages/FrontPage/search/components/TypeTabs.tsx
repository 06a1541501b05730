/**
 * The result types as a tablist that wraps on a phone (antd's Tabs hides the overflow behind a
 * "…" menu). WAI-ARIA tabs with automatic activation: ← → Home End move and choose.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from '../index.less';

export interface TypeTab {
  key: string;
  label: string;
}

interface TypeTabsProps {
  tabs: readonly TypeTab[];
  active: string;
  onChange: (key: string) => void;
  /** The panel: the results of the active tab. */
  children: ReactNode;
}

const tabId = (key: string) => `search-tab-${key}`;
export const SEARCH_PANEL_ID = 'search-results';

export default function TypeTabs({ tabs, active, onChange, children }: TypeTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.key === active);
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabs[(moves[event.key] + tabs.length) % tabs.length];
    onChange(next.key);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(next.key)}`)?.focus();
  };
  return (
    <>
      <div ref={list} role="tablist" aria-label="按类型查看" className={styles.tabList} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={selected}
              aria-controls={SEARCH_PANEL_ID}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => onChange(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={SEARCH_PANEL_ID} aria-labelledby={tabId(active)} className={styles.tabPanel}>
        {children}
      </div>
    </>
  );
}
