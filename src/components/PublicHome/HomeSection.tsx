/** A home-page block: an h2 with an optional "更多" link to the full list, then its content. */
import type { ReactNode } from 'react';
import { Icon } from '@/components/PublicContent/icons/Icon';
import RIGHT_ICON from '@/components/PublicContent/icons/right';
import { Link } from '@umijs/max';
import styles from './HomeSections.less';

interface HomeSectionProps {
  id: string;
  title: string;
  more?: string;
  children: ReactNode;
  className?: string;
}

export default function HomeSection({ id, title, more, children, className }: HomeSectionProps) {
  return (
    <section className={className ? `${styles.section} ${className}` : styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {more && (
          <Link to={more} className={styles.more}>
            更多<span className="sr-only">{title}</span>
            <Icon shape={RIGHT_ICON} className={styles.moreIcon} />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
