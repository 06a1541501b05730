/**
 * antd Pagination with words for screen readers: each page is "第 N 页", the current one is
 * marked aria-current, and a polite live region says where the list now stands.
 */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Grid, Pagination } from 'antd';
import styles from './index.less';

interface PagerProps {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** What is counted: "条", "家", "位". */
  unit?: string;
}

const LABELS: Record<string, string> = {
  prev: '上一页',
  next: '下一页',
  'jump-prev': '向前 5 页',
  'jump-next': '向后 5 页',
};

export default function Pager({ current, pageSize, total, onChange, unit = '条' }: PagerProps) {
  const screens = Grid.useBreakpoint();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= 0) return null;
  const itemRender = (page: number, type: string, original: ReactNode): ReactNode => {
    if (type === 'page') {
      return (
        <a aria-label={`第 ${page} 页`} aria-current={page === current ? 'page' : undefined}>
          {page}
        </a>
      );
    }
    const label = LABELS[type];
    return label && isValidElement(original)
      ? cloneElement(original as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': label })
      : original;
  };
  return (
    <nav aria-label="分页" className={styles.pager}>
      {pages > 1 && (
        <Pagination
          current={current}
          pageSize={pageSize}
          total={total}
          onChange={onChange}
          showSizeChanger={false}
          showLessItems={!screens.md}
          itemRender={itemRender}
        />
      )}
      <p className={styles.pagerSummary} aria-live="polite">
        共 {total} {unit}，第 {Math.min(current, pages)} / {pages} 页
      </p>
    </nav>
  );
}
