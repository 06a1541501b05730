/**
 * 站内搜索 (/FrontPage/search?q=&type=&sort=&current=): published articles, notices, member units
 * and experts. Tabs by type with the server's counts, sort by relevance or date, paged; each
 * hit's title and snippet with the server's `terms` marked. Everything lives in the URL.
 */
import { Link } from '@umijs/max';
import { findPage } from '@common/menu';
import { SEARCH_TYPE_LABELS, SEARCH_TYPES, type SearchResult, type SearchType } from '@common/schemas/public';
import KeywordSearch from '@/components/PublicContent/KeywordSearch';
import { DOWNLOAD_LIST_PATH, NEWS_LIST_PATH, NOTICE_LIST_PATH, WORK_LIST_PATH } from '@/components/PublicContent/links';
import PageHeader from '@/components/PublicContent/PageHeader';
import Pager from '@/components/PublicContent/Pager';
import { EmptyState, LoadFailed } from '@/components/PublicContent/States';
import { useUrlParams } from '@/components/PublicContent/urlParams';
import usePageMeta from '@/components/usePageMeta';
import { useApiRequest } from '@/hooks/useApiRequest';
import { SEARCH_QUERY_MAX } from '@/layouts/PublicLayout/searchPath';
import { searchSite } from '@/services/publicContent';
import shared from '@/components/PublicContent/index.less';
import SearchHitItem from './components/SearchHitItem';
import TypeTabs from './components/TypeTabs';
import styles from './index.less';
import Skeleton from '@/components/PublicContent/Skeleton';

const TITLE = findPage('/FrontPage/search')?.title ?? '站内搜索';
export const SEARCH_PAGE_SIZE = 10;
const ALL = 'all';
const EXAMPLES = ['稳评', '年检', '培训'];

type Sort = 'relevance' | 'date';

function isSearchType(value: string): value is SearchType {
  return (SEARCH_TYPES as readonly string[]).includes(value);
}

function Suggestions() {
  return (
    <div className={styles.suggestions}>
      <p>建议您：</p>
      <ul>
        <li>检查输入的文字是否有误；</li>
        <li>换用更简短或更常用的词语，如“稳评”“年检”；</li>
        <li>多个词语之间用空格分开；</li>
        <li>
          或浏览栏目：<Link to={WORK_LIST_PATH}>协会工作</Link>、<Link to={NEWS_LIST_PATH}>协会新闻</Link>、
          <Link to={NOTICE_LIST_PATH}>通知公告</Link>、<Link to={DOWNLOAD_LIST_PATH}>下载专区</Link>。
        </li>
      </ul>
    </div>
  );
}


/** 相关度 or 时间, as antd's button-style radio group drew them (native radios, for keyboards and screen readers). */
const SORT_OPTIONS = [
  { label: '相关度', value: 'relevance' },
  { label: '时间', value: 'date' },
] as const;
export default function SearchPage() {
  const { current, get, update } = useUrlParams();
  const q = get('q').slice(0, SEARCH_QUERY_MAX);
  const rawType = get('type');
  const type = isSearchType(rawType) ? rawType : undefined;
  const sort: Sort = get('sort') === 'date' ? 'date' : 'relevance';
  usePageMeta({ title: q ? `${q} - ${TITLE}` : TITLE, description: `在${TITLE}中查找协会的新闻资讯、通知公告、会员单位和专家。` });

  const { data, loading, error, refresh } = useApiRequest<SearchResult, []>(
    () => searchSite({ q, type, sort, current, pageSize: SEARCH_PAGE_SIZE }),
    { ready: !!q, refreshDeps: [q, type, sort, current], refreshOnWindowFocus: false },
  );
  const result = q ? data : undefined;
  const counts = result?.counts ?? {};
  const totalAll = SEARCH_TYPES.reduce((sum, t) => sum + (counts[t] ?? 0), 0);

  let results;
  if (!q) {
    results = (
      <EmptyState
        action={
          <p className={styles.examples}>
            试试：
            {EXAMPLES.map((word) => (
              <Link key={word} to={`?${new URLSearchParams({ q: word }).toString()}`} className={styles.example}>
                {word}
              </Link>
            ))}
          </p>
        }
      >
        请输入要查找的词语，可搜索新闻资讯、通知公告、会员单位和专家。
      </EmptyState>
    );
  } else if (!result && error) {
    results = <LoadFailed onRetry={refresh} what="搜索结果" />;
  } else if (!result) {
    results = <Skeleton rows={6} />;
  } else if (result.list.length === 0) {
    results =
      totalAll > 0 && type ? (
        <EmptyState action={<Link to={`?${new URLSearchParams({ q, sort }).toString()}`}>查看全部 {totalAll} 条结果</Link>}>
          在“{SEARCH_TYPE_LABELS[type]}”中没有找到与“{q}”相关的内容。
        </EmptyState>
      ) : (
        <EmptyState action={<Suggestions />}>没有找到与“{q}”相关的内容。</EmptyState>
      );
  } else {
    results = (
      <ol className={styles.hits} aria-busy={loading} start={(current - 1) * SEARCH_PAGE_SIZE + 1}>
        {result.list.map((hit) => (
          <SearchHitItem key={`${hit.type}:${hit.id}`} hit={hit} terms={result.terms} />
        ))}
      </ol>
    );
  }

  const tabs = [
    { key: ALL, label: `全部（${totalAll}）` },
    ...SEARCH_TYPES.map((t) => ({ key: t, label: `${SEARCH_TYPE_LABELS[t]}（${counts[t] ?? 0}）` })),
  ];
  const activeKey = type ?? ALL;

  return (
    <div className={shared.pageWrap}>
      <PageHeader title={TITLE} />
      <section className={shared.panel}>
        <div className={shared.toolbar}>
          <KeywordSearch
            value={q}
            label="修改搜索词"
            placeholder="输入要查找的词语，如：稳评"
            maxLength={SEARCH_QUERY_MAX}
            onSearch={(value) => update({ q: value, type: '' })}
          />
        </div>
        {q && result && (
          <>
            <div className={styles.controls}>
              <p className={styles.summary} role="status">
                “{q}”共找到 {totalAll} 条结果
              </p>
              <div className={styles.sort} role="group" aria-label="排序方式">
                <span aria-hidden className={styles.sortLabel}>
                  排序：
                </span>
                <div className={styles.sortOptions}>
                  {SORT_OPTIONS.map((option) => (
                    <label key={option.value} className={styles.sortOption}>
                      <input
                        type="radio"
                        name="search-sort"
                        value={option.value}
                        checked={sort === option.value}
                        onChange={() => update({ sort: option.value === 'date' ? 'date' : '' })}
                        className="sr-only"
                      />
                      <span>{option.label}</span>
                    </label>
                  ))}
                </div>
              </div>
            </div>
            <TypeTabs tabs={tabs} active={activeKey} onChange={(key) => update({ type: key === ALL ? '' : key })}>
              {results}
            </TypeTabs>
            {result.list.length > 0 && (
              <Pager
                current={current}
                pageSize={SEARCH_PAGE_SIZE}
                total={result.total}
                onChange={(page) => {
                  update({ current: page });
                  window.scrollTo(0, 0);
                }}
              />
            )}
          </>
        )}
        {!(q && result) && results}
      </section>
    </div>
  );
}
