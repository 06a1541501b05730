/**
 * /FrontPage/detail: with ?page=disclaimer|privacy|terms one of the site pages the footer links to.
 * Without a known page it says the content does not exist, with ways on (the 详情 crumb keeps
 * the menu's title for the address).
 */
import { useSearchParams } from '@umijs/max';
import { findPage } from '@common/menu';
import { Crumbs } from '@/components/PublicContent/PageHeader';
import SitePageView from '@/components/PublicContent/SitePageView';
import { ContentGone } from '@/components/PublicContent/States';
import { SITE_PAGE_TITLES } from '@/layouts/PublicLayout/footerInfo';
import shared from '@/components/PublicContent/index.less';

type FooterPageKey = keyof typeof SITE_PAGE_TITLES;

function isFooterPageKey(value: string | null): value is FooterPageKey {
  return !!value && Object.hasOwn(SITE_PAGE_TITLES, value);
}

export default function DetailPage() {
  const [params] = useSearchParams();
  const page = params.get('page');
  if (isFooterPageKey(page)) return <SitePageView key={page} pageKey={page} title={SITE_PAGE_TITLES[page]} />;
  return (
    <div className={shared.pageWrap}>
      <Crumbs current={findPage('/FrontPage/detail')?.title ?? '详情'} />
      <div className={`${shared.panel} ${shared.article}`}>
        <ContentGone />
      </div>
    </div>
  );
}
