import { useSearchParams } from '@umijs/max';
import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';
import { SITE_PAGE_TITLES } from '@/layouts/PublicLayout/footerInfo';

type SitePageKey = keyof typeof SITE_PAGE_TITLES;

function isSitePageKey(value: string | null): value is SitePageKey {
  return !!value && Object.hasOwn(SITE_PAGE_TITLES, value);
}

/** /FrontPage/detail: an article, or with ?page= one of the site pages the footer links to. */
export default function DetailPage() {
  const [params] = useSearchParams();
  const page = params.get('page');
  return (
    <PublicPagePlaceholder
      path="/FrontPage/detail"
      title={isSitePageKey(page) ? SITE_PAGE_TITLES[page] : undefined}
    />
  );
}
