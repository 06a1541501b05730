/**
 * The public site's frame: a skip link, a header with the service bar (会员登录, 入会指南,
 * 入会申请, 证书查验), the logo, the name, the site search and the 长者模式 switch, the top
 * menu (the 栏目 drawer on phones), the page, and the two-band footer.
 * Plain React and CSS, no antd: a phone runs this on every first visit, and antd's CSS-in-JS
 * cost it over a second of script work (README.md, "Benchmarks"; tests/e2e/bundle.test.ts keeps
 * antd and pro-components out of the public chunks).
 *
 * Reading for everyone (README.md): every text at AA contrast, and 长者模式 turns the CSS
 * variables of ./index.less into larger text, higher contrast and 44 px targets (./elderMode.ts).
 * Pages report their title and description through PageMetaContext (@/components/usePageMeta).
 */
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from '@umijs/max';
import { findPage, type PageEntry } from '@common/menu';
import { Icon } from '@/components/PublicContent/icons/Icon';
import MENU_ICON from '@/components/PublicContent/icons/menu';
import { WAYS_IN } from '@/components/PublicContent/links';
import controls from '@/components/PublicContent/controls.less';
import { applyPageMeta, PageMetaContext, type PageMeta } from '@/components/usePageMeta';
import { ASSOCIATION_NAME, LOGO_URL } from '../brand';
import PublicFooter from './Footer';
import useFooterInfo from './useFooterInfo';
import { activeMenuPath, publicMenuEntries } from './menu';
import { applyElderClass, useElderMode } from './elderMode';
import { ElderModeSwitch, HeaderSearch } from './HeaderTools';
import styles from './index.less';

const loadMobileNav = () => import('./MobileNav');
const MobileNav = lazy(loadMobileNav);

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The top menu: a list of links, the current page's marked (aria-current) and underlined in
 * yellow. What an entry holds, where its name does not say it, is its tooltip and, for screen
 * readers, its description.
 */
function TopMenu({ entries, active }: { entries: readonly PageEntry[]; active?: string }) {
  return (
    <ul className={styles.menu}>
      {entries.map((entry) => (
        <li key={entry.path} className={styles.menuItem}>
          <Link to={entry.path} title={entry.description} aria-current={entry.path === active ? 'page' : undefined}>
            {entry.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The skip link moves focus itself: a bare #fragment would go through the router. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export default function PublicLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const footerInfo = useFooterInfo();
  const [elder] = useElderMode();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code comes with the first use of the 栏目 button (./MobileNav).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [pageMeta, setPageMeta] = useState<PageMeta | null>(null);
  const entries = useMemo(() => publicMenuEntries(pathname), [pathname]);
  const phoneEntries = useMemo(() => publicMenuEntries(pathname, undefined, { phone: true }), [pathname]);
  const active = activeMenuPath(pathname, entries);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const reportMeta = useCallback((meta: PageMeta | null) => setPageMeta(meta), []);

  // The mode's class is on <html> from module load; it leaves with the public frame (the back
  // office and the login page have their own look).
  useLayoutEffect(() => {
    applyElderClass(elder);
    return () => applyElderClass(false);
  }, [elder]);

  // The page's own title and description, else the menu's name for the path.
  useEffect(() => {
    applyPageMeta(pageMeta ?? { title: findPage(pathname)?.title ?? '' });
  }, [pageMeta, pathname]);

  // A new page starts at its top (not on the first render: the browser restores that).
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <PageMetaContext.Provider value={reportMeta}>
      <div className={`${styles.page} ${elder ? styles.elder : ''}`}>
        <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink} onClick={skipToMain}>
          跳到主要内容
        </a>
        <header className={styles.header}>
          <div className={styles.serviceBar}>
            <div className={styles.serviceInner}>
              <p className={styles.welcome}>欢迎访问{ASSOCIATION_NAME}网站</p>
              <nav aria-label="会员服务" className={styles.serviceNav}>
                <ul>
                  {WAYS_IN.map((way) => (
                    <li key={way.path}>
                      <Link to={way.path}>{way.title}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </div>
          </div>
          <div className={styles.headerInner}>
            <Link to="/" className={styles.brand}>
              <img src={LOGO_URL} alt="协会标志" width={35} height={35} className={styles.logo} />
              <span className={styles.brandName}>{ASSOCIATION_NAME}</span>
            </Link>
            <div className={styles.tools}>
              <HeaderSearch />
              <ElderModeSwitch />
            </div>
            <button
              type="button"
              className={`${controls.button} ${styles.menuButton}`}
              aria-label="打开栏目菜单"
              aria-expanded={drawerOpen}
              onPointerEnter={() => void loadMobileNav()}
              onFocus={() => void loadMobileNav()}
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            >
              <Icon shape={MENU_ICON} />
              <span className={styles.buttonLabel}>栏目</span>
            </button>
          </div>
          <nav className={styles.navBar} aria-label="网站栏目">
            <div className={styles.navInner}>
              <TopMenu entries={entries} active={active} />
            </div>
          </nav>
        </header>
        {drawerUsed && (
          <Suspense fallback={null}>
            <MobileNav open={drawerOpen} onClose={closeDrawer} entries={phoneEntries} activePath={activeMenuPath(pathname, phoneEntries)} />
          </Suspense>
        )}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
          {children}
        </main>
        <PublicFooter info={footerInfo} />
      </div>
    </PageMetaContext.Provider>
  );
}
