/**
 * The one global layout Umi wraps every convention route in. It picks the frame from the
 * path (layoutOf in common/menu.ts): none for the standalone pages, the light
 * public frame, or the back office. The back office is imported lazily so that public
 * visitors never download ProLayout.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from '@umijs/max';
import { findPage, layoutOf, NOT_FOUND_TITLE } from '@common/menu';
import { APP_NAME } from '@/initialState';
import { LoadErrorBoundary } from '@/components/LoadError';
import Loading from '@/loading';
import PublicLayout from './PublicLayout';

const ManageLayout = lazy(() => import('./ManageLayout'));

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

  if (kind === 'none') return page;
  if (kind === 'public') return <PublicLayout>{page}</PublicLayout>;
  return (
    // The outer boundary catches a failed ManageLayout chunk; the inner one, a failed page.
    <LoadErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>
        <ManageLayout>{page}</ManageLayout>
      </Suspense>
    </LoadErrorBoundary>
  );
}
