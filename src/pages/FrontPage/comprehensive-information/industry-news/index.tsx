/** 行业动态: the industry articles (category industry), in the shared public list. */
import { findPage } from '@common/menu';
import PublicList from '@/components/PublicContent/PublicList';
import { INDUSTRY_LIST_PATH } from '@/components/PublicContent/links';

const TITLE = findPage(INDUSTRY_LIST_PATH)?.title ?? '行业动态';

export default function IndustryNewsPage() {
  return <PublicList title={TITLE} source={{ kind: 'article', category: 'industry' }} description="社会稳定风险评估行业的政策、资讯与各地动态。" />;
}
