/**
 * The one global layout Umi wraps every convention route in. It picks the frame from the
 * path (layoutOf in common/menu.ts): none for the standalone pages, the light
 * public frame, or the back office. The public frame and pages, the login page and the
 * joining guide are plain React and CSS; the back office (ProLayout) and antd's providers
 * (./AntdProvider: theme, zh_CN locale, toasts) are imported lazily, only where antd is used,
 * so that public visitors download neither (tests/e2e/bundle.test.ts).
 */
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from '@umijs/max';
import { findPage, layoutOf, NOT_FOUND_TITLE } from '@common/menu';
import { APP_NAME } from '@/initialState';
// Not the LoadError barrel: it also holds LoadFailed, whose antd Result would come with every page.
import LoadErrorBoundary from '@/components/LoadError/LoadErrorBoundary';
import Loading from '@/loading';
import PublicLayout from './PublicLayout';

const ManageShell = lazy(() => import('./ManageShell'));
const AntdProvider = lazy(() => import('./AntdProvider'));

/** Standalone pages written without antd: they need none of its providers. */
const PLAIN_STANDALONE_PAGES: readonly string[] = ['/login', '/register-guide'];

export default function Layout() {
  const { pathname } = useLocation();
  const kind = layoutOf(pathname);

  // The browser tab names a standalone page; the public layout sets its pages' titles and
  // descriptions (an article's own title), ProLayout the back office's.
  useEffect(() => {
    if (kind !== 'none') return;
    document.title = `${findPage(pathname)?.title ?? NOT_FOUND_TITLE} - ${APP_NAME}`;
  }, [kind, pathname]);

  const page = (
    <LoadErrorBoundary resetKey={pathname}>
      <Outlet />
    </LoadErrorBoundary>
  );

  if (kind === 'public') return <PublicLayout>{page}</PublicLayout>;
  if (kind === 'none' && PLAIN_STANDALONE_PAGES.includes(pathname)) return page;
  return (
    // The outer boundary catches a failed chunk of the frame; the inner one, a failed page.
    <LoadErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>{kind === 'manage' ? <ManageShell>{page}</ManageShell> : <AntdProvider>{page}</AntdProvider>}</Suspense>
    </LoadErrorBoundary>
  );
}
