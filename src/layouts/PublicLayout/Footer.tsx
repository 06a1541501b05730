import { Link } from '@umijs/max';
import { FOOTER_INFO, type FooterInfo } from './footerInfo';
import styles from './index.less';

/** SPEC.md §1, §9: an upper band of 270 px with the association's details and links, a lower one of 40 px. */
export default function PublicFooter({ info = FOOTER_INFO }: { info?: FooterInfo }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerUpper}>
        <div className={styles.footerInner}>
          <div className={styles.footerContact}>
            <div className={styles.footerName}>{info.associationName}</div>
            <div>通讯地址：{info.postalAddress}</div>
            <div>联系电话：{info.phone}</div>
            <div>备案号：{info.icpNumber}</div>
          </div>
          <nav className={styles.footerLinks} aria-label="页脚链接">
            {info.links.map((link) => (
              <Link key={link.title} to={link.path}>
                {link.title}
              </Link>
            ))}
          </nav>
        </div>
      </div>
      <div className={styles.footerLower}>{info.copyright}</div>
    </footer>
  );
}
