/**
 * Page numbers for the public lists (antd's Pagination, in plain React and CSS): the first and
 * last page, the pages around the current one (two either side, one on a phone), ••• to jump
 * five pages (three on a phone), 上一页 and 下一页. Words for screen readers: each page is
 * "第 N 页", the current one is marked aria-current, and a polite live region says where the
 * list now stands.
 */
import { useSyncExternalStore } from 'react';
import { Icon } from './icons/Icon';
import LEFT_ICON from './icons/left';
import RIGHT_ICON from './icons/right';
import styles from './index.less';

interface PagerProps {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** What is counted: "条", "家", "位". */
  unit?: string;
}

/** antd's md breakpoint: narrower screens get fewer page numbers. */
const WIDE = '(min-width: 768px)';

function subscribeWide(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

function useWide(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches, () => true);
}

type Item = { kind: 'page'; page: number } | { kind: 'jump-prev' | 'jump-next'; page: number };

/** What the bar shows, laid out as rc-pagination (antd's Pagination) does. */
export function pagerItems(current: number, pages: number, less: boolean): Item[] {
  const buffer = less ? 1 : 2;
  const jump = less ? 3 : 5;
  if (pages <= 3 + buffer * 2) return Array.from({ length: pages }, (_, i) => ({ kind: 'page', page: i + 1 }));
  let left = Math.max(1, current - buffer);
  let right = Math.min(current + buffer, pages);
  if (current - 1 <= buffer) right = 1 + buffer * 2;
  if (pages - current <= buffer) left = pages - buffer * 2;
  const jumpPrev = current - 1 >= buffer * 2 && current !== 1 + 2;
  const jumpNext = pages - current >= buffer * 2 && current !== pages - 2;
  if (!less && jumpPrev && right !== pages) left += 1;
  if (!less && jumpNext && left !== 1) right -= 1;
  const items: Item[] = [];
  for (let page = left; page <= right; page += 1) items.push({ kind: 'page', page });
  if (jumpPrev) items.unshift({ kind: 'jump-prev', page: Math.max(1, current - jump) });
  if (jumpNext) items.push({ kind: 'jump-next', page: Math.min(pages, current + jump) });
  if (left !== 1) items.unshift({ kind: 'page', page: 1 });
  if (right !== pages) items.push({ kind: 'page', page: pages });
  return items;
}

export default function Pager({ current, pageSize, total, onChange, unit = '条' }: PagerProps) {
  const wide = useWide();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= 0) return null;
  const page = Math.min(Math.max(1, current), pages);
  const go = (to: number) => {
    if (to !== page && to >= 1 && to <= pages) onChange(to);
  };
  return (
    <nav aria-label="分页" className={styles.pager}>
      {pages > 1 && (
        <ul className={styles.pages}>
          <li>
            <button type="button" className={styles.pageStep} aria-label="上一页" disabled={page <= 1} onClick={() => go(page - 1)}>
              <Icon shape={LEFT_ICON} />
            </button>
          </li>
          {pagerItems(page, pages, !wide).map((item) =>
            item.kind === 'page' ? (
              <li key={item.page}>
                <button
                  type="button"
                  className={item.page === page ? `${styles.pageItem} ${styles.pageCurrent}` : styles.pageItem}
                  aria-label={`第 ${item.page} 页`}
                  aria-current={item.page === page ? 'page' : undefined}
                  onClick={() => go(item.page)}
                >
                  {item.page}
                </button>
              </li>
            ) : (
              <li key={item.kind}>
                <button
                  type="button"
                  className={styles.pageStep}
                  aria-label={item.kind === 'jump-prev' ? `向前 ${wide ? 5 : 3} 页` : `向后 ${wide ? 5 : 3} 页`}
                  onClick={() => go(item.page)}
                >
                  •••
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className={styles.pageStep} aria-label="下一页" disabled={page >= pages} onClick={() => go(page + 1)}>
              <Icon shape={RIGHT_ICON} />
            </button>
          </li>
        </ul>
      )}
      <p className={styles.pagerSummary} aria-live="polite">
        共 {total} {unit}，第 {page} / {pages} 页
      </p>
    </nav>
  );
}
