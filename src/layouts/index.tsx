/**
 * The one global layout Umi wraps every convention route in. It picks the frame from the
 * path (layoutOf in common/menu.ts): none for the standalone pages, the light
 * public frame, or the back office. The back office (ProLayout) and antd's providers
 * (./AntdProvider: theme, zh_CN locale, toasts) are imported lazily, only where antd is used,
 * so that public visitors download neither.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from '@umijs/max';
import { findPage, layoutOf, NOT_FOUND_TITLE } from '@common/menu';
import { APP_NAME } from '@/initialState';
import { LoadErrorBoundary } from '@/components/LoadError';
import Loading from '@/loading';
import AntdProvider from './AntdProvider';
import PublicLayout from './PublicLayout';

const ManageShell = lazy(() => import('./ManageShell'));

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

  if (kind === 'none') return <AntdProvider>{page}</AntdProvider>;
  if (kind === 'public') {
    return (
      <AntdProvider>
        <PublicLayout>{page}</PublicLayout>
      </AntdProvider>
    );
  }
  return (
    // The outer boundary catches a failed back-office chunk; the inner one, a failed page.
    <LoadErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>
        <ManageShell>{page}</ManageShell>
      </Suspense>
    </LoadErrorBoundary>
  );
}
