/** 协会简介: the site page `about` that staff edit. */
import { findPage } from '@common/menu';
import SitePageView from '@/components/PublicContent/SitePageView';

const TITLE = findPage('/FrontPage/aboutUs')?.title ?? '协会简介';

export default function AboutUsPage() {
  return <SitePageView pageKey="about" title={TITLE} />;
}
