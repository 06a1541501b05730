/**
 * A public page's breadcrumb and its one h1 (headings in order, for screen readers). The h1 can be
 * focused by script, so that a page change can bring a screen reader to the new content.
 */
import type { ReactNode } from 'react';
import { Link } from '@umijs/max';
import styles from './index.less';

export interface Crumb {
  title: string;
  path?: string;
}

interface PageHeaderProps {
  title: ReactNode;
  /** The way back, after 首页 (which is always first); the page itself comes last. */
  crumbs?: readonly Crumb[];
  /** The last crumb when the h1 is long (an article's title): 正文, say. */
  current?: string;
  extra?: ReactNode;
  className?: string;
}

/** 首页 / …crumbs / current: where the page sits, each step a link back (the slashes are drawn by CSS, not read). */
export function Crumbs({ crumbs = [], current }: { crumbs?: readonly Crumb[]; current: ReactNode }) {
  return (
    <nav aria-label="当前位置" className={styles.breadcrumb}>
      <ol>
        {[{ title: '首页', path: '/' }, ...crumbs].map((c) => (
          <li key={c.title}>{c.path ? <Link to={c.path}>{c.title}</Link> : c.title}</li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}

export default function PageHeader({ title, crumbs = [], current, extra, className }: PageHeaderProps) {
  return (
    <div className={className ? `${styles.pageHeader} ${className}` : styles.pageHeader}>
      <Crumbs crumbs={crumbs} current={current ?? title} />
      <div className={styles.titleRow}>
        <h1 className={styles.h1}>{title}</h1>
        {extra}
      </div>
    </div>
  );
}
