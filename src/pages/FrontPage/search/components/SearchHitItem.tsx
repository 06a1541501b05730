/** One search hit: its type, title and snippet with the matched words marked, date and label. */
import { Link } from '@umijs/max';
import { SEARCH_TYPE_LABELS, type SearchHit } from '@common/schemas/public';
import { formatDate, isSitePath } from '@/components/PublicContent/format';
import { highlight } from './highlight';
import styles from '../index.less';

export default function SearchHitItem({ hit, terms }: { hit: SearchHit; terms: readonly string[] }) {
  const title = highlight(hit.title, terms, styles.mark);
  const date = formatDate(hit.date);
  return (
    <li className={styles.hit}>
      <h2 className={styles.hitTitle}>
        {isSitePath(hit.url) ? (
          <Link to={hit.url}>{title}</Link>
        ) : (
          <a href={hit.url}>{title}</a>
        )}
      </h2>
      {hit.snippet && <p className={styles.snippet}>{highlight(hit.snippet, terms, styles.mark)}</p>}
      <p className={styles.hitMeta}>
        <span className={styles.typeTag}>{SEARCH_TYPE_LABELS[hit.type] ?? hit.type}</span>
        {hit.label && hit.label !== SEARCH_TYPE_LABELS[hit.type] && <span>{hit.label}</span>}
        {date && <time dateTime={date}>{date}</time>}
      </p>
    </li>
  );
}
