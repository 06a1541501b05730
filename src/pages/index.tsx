/** The home page. Its news, notices and carousel come with the content issue. */
import { Typography } from 'antd';
import { Link } from '@umijs/max';
import { findPage, PUBLIC_PAGES } from '@common/menu';
import { ASSOCIATION_NAME } from '@/layouts/brand';
import styles from './index.less';

/** The home page's shortcuts: the menu's own entries, so titles never drift. */
const SHORTCUTS = PUBLIC_PAGES.filter((p) => p.path !== '/' && !p.hideInMenu);

export default function HomePage() {
  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>{ASSOCIATION_NAME}</h1>
        <p className={styles.heroText}>
          服务社会稳定风险评估行业，规范评估机构与从业人员，促进行业健康发展。
        </p>
      </section>
      <section className={styles.panel}>
        <Typography.Title level={3} className={styles.panelTitle}>
          {findPage('/')?.title}
        </Typography.Title>
        <p className={styles.note}>首页栏目内容建设中，敬请期待。您可以先浏览以下栏目：</p>
        <nav className={styles.shortcuts} aria-label="栏目导航">
          {SHORTCUTS.map((page) => (
            <Link key={page.path} to={page.path} className={styles.shortcut}>
              {page.title}
            </Link>
          ))}
        </nav>
      </section>
    </div>
  );
}
