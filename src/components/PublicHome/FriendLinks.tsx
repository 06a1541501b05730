/** 友情链接: enabled links in their order (http/https only, checked by the server). */
import type { PublicFriendlyLink } from '@common/schemas/public';
import { isExternalUrl } from '@/components/PublicContent/format';
import styles from './HomeSections.less';

export default function FriendLinks({ links }: { links: readonly PublicFriendlyLink[] }) {
  const shown = links.filter((link) => isExternalUrl(link.url));
  if (shown.length === 0) return <p className={styles.emptyText}>暂无友情链接。</p>;
  return (
    <ul className={styles.links}>
      {shown.map((link) => (
        <li key={link.id}>
          <a href={link.url} className={styles.link} rel="noopener noreferrer">
            {link.logo && <img src={link.logo.url} alt="" width={24} height={24} loading="lazy" className={styles.linkLogo} />}
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
