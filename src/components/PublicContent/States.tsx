/** What a public page shows when a column is empty, a load failed, or an item is gone. */
import type { ReactNode } from 'react';
import { Link } from '@umijs/max';
import controls from './controls.less';
import styles from './index.less';

/**
 * A column is never silently empty (public-service sites are checked for it): it says so, and
 * offers a way on.
 */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.emptyText}>{children}</p>
      {action}
    </div>
  );
}

export function LoadFailed({ onRetry, what = '内容' }: { onRetry: () => void; what?: string }) {
  return (
    <div className={styles.empty} role="alert">
      <p className={styles.emptyText}>{what}加载失败，请检查网络后重试。</p>
      <button type="button" className={controls.button} onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}

export const CONTENT_GONE_MESSAGE = '内容不存在或已下线';

/** A detail that is missing, a draft, offline or not yet public: a clear page with ways on. */
export function ContentGone({
  message = CONTENT_GONE_MESSAGE,
  list,
}: {
  message?: string;
  /** The list it would have been in. */
  list?: { title: string; path?: string };
}) {
  return (
    <div className={styles.gone}>
      {/* The page's one h1: nothing else is on it. */}
      <h1 className={styles.goneTitle}>{message}</h1>
      <p className={styles.emptyText}>您访问的内容可能已被撤回、尚未发布，或链接有误。</p>
      <ul className={styles.goneLinks}>
        <li>
          <Link to="/">返回首页</Link>
        </li>
        {list?.path && (
          <li>
            <Link to={list.path}>查看{list.title}</Link>
          </li>
        )}
        <li>
          <Link to="/FrontPage/search">站内搜索</Link>
        </li>
      </ul>
    </div>
  );
}
