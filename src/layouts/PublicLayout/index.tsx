/**
 * The public site's frame (SPEC.md §2): a header with the logo, the name and the top menu,
 * the page, and the two-band footer. Plain antd and CSS only: the public bundle must not
 * pull in pro-components (STACK.md: about 520 KB gzip otherwise).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Drawer, Menu, type MenuProps } from 'antd';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import { Link, useLocation } from '@umijs/max';
import type { PageEntry } from '@common/menu';
import { ASSOCIATION_NAME, LOGO_URL } from '../brand';
import PublicFooter from './Footer';
import useFooterInfo from './useFooterInfo';
import { activeMenuPath, publicMenuEntries } from './menu';
import styles from './index.less';

type MenuItem = Required<MenuProps>['items'][number];

function toMenuItems(entries: readonly PageEntry[], onNavigate?: () => void): MenuItem[] {
  return entries.map((entry) =>
    entry.children?.length
      ? { key: entry.path, label: entry.title, children: toMenuItems(entry.children, onNavigate) }
      : {
          key: entry.path,
          label: (
            <Link to={entry.path} onClick={onNavigate}>
              {entry.title}
            </Link>
          ),
        },
  );
}

export default function PublicLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const footerInfo = useFooterInfo();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const entries = useMemo(() => publicMenuEntries(pathname), [pathname]);
  const active = activeMenuPath(pathname, entries);
  const selectedKeys = active ? [active] : [];
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/" className={styles.brand}>
            <img src={LOGO_URL} alt="协会标志" className={styles.logo} />
            <span className={styles.brandName}>{ASSOCIATION_NAME}</span>
          </Link>
          <nav className={styles.desktopMenu} aria-label="网站栏目">
            <Menu
              mode="horizontal"
              selectedKeys={selectedKeys}
              items={toMenuItems(entries)}
              className={styles.menu}
            />
          </nav>
          <Button
            className={styles.menuButton}
            type="text"
            icon={<MenuOutlined aria-hidden />}
            aria-label="打开栏目菜单"
            onClick={() => setDrawerOpen(true)}
          />
        </div>
      </header>
      <Drawer
        title="网站栏目"
        placement="right"
        size={260}
        open={drawerOpen}
        onClose={closeDrawer}
        closeIcon={null}
        extra={
          <Button type="text" onClick={closeDrawer}>
            关闭
          </Button>
        }
      >
        <Menu
          mode="inline"
          selectedKeys={selectedKeys}
          items={toMenuItems(entries, closeDrawer)}
          style={{ borderInlineEnd: 'none' }}
        />
      </Drawer>
      <main className={styles.main}>{children}</main>
      <PublicFooter info={footerInfo} />
    </div>
  );
}
