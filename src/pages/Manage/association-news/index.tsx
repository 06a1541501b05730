/**
 * 新闻公告发布: two tabs, 文章管理 (articles of every category) and 网站页面 (the site pages
 * staff edit). The tab is in the URL (?tab=pages), like the list's own state.
 */
import { useSearchParams } from '@umijs/max';
import { Tabs } from 'antd';
import { ManagePageContainer } from '@/components/ListPage';
import { useCan } from '@/hooks/useCan';
import ArticleTab from './components/ArticleTab';
import SitePagesTab from './components/SitePagesTab';

type TabKey = 'articles' | 'pages';

export default function AssociationNewsPage() {
  const can = useCan();
  const [searchParams, setSearchParams] = useSearchParams();
  const canEditPages = can('content:site-page:edit');
  const tab: TabKey = searchParams.get('tab') === 'pages' && canEditPages ? 'pages' : 'articles';

  return (
    <ManagePageContainer path="/Manage/association-news">
      <Tabs
        activeKey={tab}
        destroyOnHidden
        // A tab starts with its own parameters only: the other tab's filters do not apply.
        onChange={(key) => setSearchParams(key === 'pages' ? { tab: 'pages' } : {}, { replace: false })}
        items={[
          { key: 'articles', label: '文章管理', children: <ArticleTab /> },
          ...(canEditPages ? [{ key: 'pages', label: '网站页面', children: <SitePagesTab /> }] : []),
        ]}
      />
    </ManagePageContainer>
  );
}
