/** The newest items of one column (协会工作, 协会新闻, 通知公告): title links with YYYY-MM-DD dates. */
import { Link } from '@umijs/max';
import { formatDate } from '@/components/PublicContent/format';
import styles from './HomeSections.less';

export interface LatestItem {
  id: string;
  title: string;
  href: string;
  publishAt: string;
  pinned: boolean;
}

export default function LatestList({ items, emptyText }: { items: readonly LatestItem[]; emptyText: string }) {
  if (items.length === 0) return <p className={styles.emptyText}>{emptyText}</p>;
  return (
    <ul className={styles.latest}>
      {items.map((item) => (
        <li key={item.id} className={styles.latestItem}>
          <Link to={item.href} className={styles.latestLink}>
            {item.pinned && <span className={styles.pin}>置顶</span>}
            {item.title}
          </Link>
          <time className={styles.latestDate} dateTime={formatDate(item.publishAt)}>
            {formatDate(item.publishAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
