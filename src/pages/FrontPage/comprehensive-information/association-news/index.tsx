/** 协会新闻: the news articles, in the shared public list. */
import { findPage } from '@common/menu';
import PublicList from '@/components/PublicContent/PublicList';

const TITLE = findPage('/FrontPage/comprehensive-information/association-news')?.title ?? '协会新闻';

export default function AssociationNewsPage() {
  return <PublicList title={TITLE} source={{ kind: 'article', category: 'news' }} description="协会新闻与行业资讯。" />;
}
