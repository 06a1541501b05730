/**
 * The one global layout Umi wraps every convention route in. It picks the frame from the
 * path (SPEC.md §2, layoutOf in common/menu.ts): none for the standalone pages, the light
 * public frame, or the back office. The back office is imported lazily so that public
 * visitors never download ProLayout.
 */
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from '@umijs/max';
import { layoutOf } from '@common/menu';
import { LoadErrorBoundary } from '@/components/LoadError';
import Loading from '@/loading';
import PublicLayout from './PublicLayout';

const ManageLayout = lazy(() => import('./ManageLayout'));

export default function Layout() {
  const { pathname } = useLocation();
  const kind = layoutOf(pathname);
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
