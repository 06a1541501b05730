/**
 * The frame of a page that stands alone, outside the public site's header and the back office
 * (证书查看, reached from a certificate's QR code; 专家评分, reached from an expert's link): the
 * association's name leading home, then the page. Plain React and CSS, no antd.
 */
import type { ReactNode } from 'react';
import { Link } from '@umijs/max';
import { ASSOCIATION_NAME, LOGO_URL } from '@/layouts/brand';
import styles from './index.less';

export default function StandaloneFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand}>
          <img src={LOGO_URL} alt="" className={styles.logo} />
          <span>{ASSOCIATION_NAME}</span>
        </Link>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
