import { Link } from '@umijs/max';
import { findPage } from '@common/menu';
import { phoneLinks } from '@/components/PublicContent/format';
import { COMPLAINT_PATH, NOTICE_LIST_PATH, WAYS_IN, type WayIn } from '@/components/PublicContent/links';
import { FOOTER_INFO, type FooterInfo } from './footerInfo';
import styles from './index.less';

/** The registries a visitor can check the footer's filing numbers in (each number links to its own). */
const ICP_REGISTRY = 'https://beian.miit.gov.cn/';
const PUBLIC_SECURITY_REGISTRY = 'https://beian.mps.gov.cn/#/query/webSearch';

/** 办事服务: the ways in, and 通知公告 and 投诉举报 (which the top menu leaves out). */
const SERVICE_LINKS: readonly Pick<WayIn, 'title' | 'path'>[] = [
  ...WAYS_IN,
  { title: findPage(NOTICE_LIST_PATH)?.title ?? '通知公告', path: NOTICE_LIST_PATH },
  { title: findPage(COMPLAINT_PATH)?.title ?? '投诉举报', path: COMPLAINT_PATH },
];

function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly { title: string; path: string }[] }) {
  return (
    <nav className={styles.footerGroup} aria-labelledby={id}>
      <h2 id={id} className={styles.footerHeading}>
        {title}
      </h2>
      <ul className={styles.footerLinks}>
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path}>{link.title}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The footer: an upper band of 270 px with the association's details, the site's links and
 * the ways in, a lower one of 40 px (both grow in 长者模式 and on phones rather than clip).
 */
export default function PublicFooter({ info = FOOTER_INFO }: { info?: FooterInfo }) {
  const phones = phoneLinks(info.phone);
  const securityCode = info.publicSecurityRecord?.replace(/\D/g, '');
  return (
    <footer className={styles.footer}>
      <div className={styles.footerUpper}>
        <div className={styles.footerInner}>
          <div className={styles.footerContact}>
            <div className={styles.footerName}>{info.associationName}</div>
            <div>通讯地址：{info.postalAddress}</div>
            <div>
              联系电话：
              {phones.length
                ? phones.map((p, i) => (
                    <span key={p.href}>
                      {i > 0 && '、'}
                      <a href={p.href}>{p.text}</a>
                    </span>
                  ))
                : info.phone}
            </div>
            <div>
              备案号：
              <a href={ICP_REGISTRY} target="_blank" rel="noopener noreferrer">
                {info.icpNumber}
                <span className="sr-only">（在新窗口打开工业和信息化部备案系统）</span>
              </a>
            </div>
            {info.publicSecurityRecord && (
              <div>
                <a
                  href={securityCode ? `${PUBLIC_SECURITY_REGISTRY}?code=${securityCode}` : PUBLIC_SECURITY_REGISTRY}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {info.publicSecurityRecord}
                  <span className="sr-only">（在新窗口打开公安机关备案查询）</span>
                </a>
              </div>
            )}
          </div>
          <div className={styles.footerNavs}>
            <FooterLinks id="footer-site-links" title="网站导航" links={info.links} />
            <FooterLinks id="footer-service-links" title="办事服务" links={SERVICE_LINKS} />
          </div>
        </div>
      </div>
      <div className={styles.footerLower}>{info.copyright}</div>
    </footer>
  );
}
