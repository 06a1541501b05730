/**
 * The one list of the public site's articles and notices: 协会工作, 协会新闻, 行业动态, 通知公告
 * and 下载专区 are this component with different props (README.md, "Public pages").
 *
 * 10 a page; page and keyword in the URL (a link, reload or Back keeps them); pinned items
 * first and marked 置顶 (the server's order); dates YYYY-MM-DD; an article with a cover shows
 * it beside its title, with its summary; the download area lists each item's files with type
 * and size; an empty column says so.
 */
import { Link } from '@umijs/max';
import type { Page } from '@common/schemas/common';
import type { ArticleCategoryValue } from '@common/schemas/content';
import type { PublicArticleItem, PublicFile, PublicNoticeItem } from '@common/schemas/public';
import usePageMeta from '@/components/usePageMeta';
import { useApiRequest } from '@/hooks/useApiRequest';
import { listPublicArticles, listPublicNotices } from '@/services/publicContent';
import FileLinks from './FileLinks';
import { formatDate } from './format';
import KeywordSearch from './KeywordSearch';
import { articleHref, noticeHref } from './links';
import PageHeader from './PageHeader';
import Pager from './Pager';
import { EmptyState, LoadFailed } from './States';
import { useUrlParams } from './urlParams';
import styles from './index.less';
import { Icon } from './icons/Icon';
import PUSHPIN_ICON from './icons/pushpin';
import Skeleton from './Skeleton';
import controls from './controls.less';

export const PUBLIC_LIST_PAGE_SIZE = 10;
/** Covers of the first rows load at once; those further down wait until scrolled near. */
export const EAGER_COVER_ROWS = 3;
/** The thumbnail's box (16 : 10); index.less keeps it at this ratio, the picture cropped to fit. */
const COVER_WIDTH = 160;
const COVER_HEIGHT = 100;

export type PublicListSource =
  | { kind: 'article'; category: ArticleCategoryValue }
  | { kind: 'notice' };

interface PublicListProps {
  /** The page's name (its h1 and the tab title). */
  title: string;
  source: PublicListSource;
  /** A sentence for search engines and the meta description. */
  description?: string;
}

interface Row {
  id: string;
  title: string;
  href: string;
  publishAt: string;
  pinned: boolean;
  files: readonly PublicFile[];
  cover: PublicFile | null;
  summary: string | null;
}

function toRows(source: PublicListSource, list: readonly (PublicArticleItem | PublicNoticeItem)[]): Row[] {
  return list.map((item) =>
    source.kind === 'notice' || !('category' in item)
      ? {
          id: item.id,
          title: item.title,
          href: noticeHref(item.id),
          publishAt: item.publishAt,
          pinned: item.pinned,
          files: [],
          cover: null,
          summary: null,
        }
      : {
          id: item.id,
          title: item.title,
          href: articleHref(item.id),
          publishAt: item.publishAt,
          pinned: item.pinned,
          files: item.attachments,
          cover: item.cover,
          summary: item.summary,
        },
  );
}

export default function PublicList({ title, source, description }: PublicListProps) {
  const { current, keyword, update } = useUrlParams();
  const category = source.kind === 'article' ? source.category : undefined;
  const isDownload = category === 'download';
  usePageMeta({ title, description });

  const { data, loading, error, refresh } = useApiRequest<Page<PublicArticleItem | PublicNoticeItem>, []>(
    () => {
      const query = { current, keyword: keyword || undefined, pageSize: PUBLIC_LIST_PAGE_SIZE };
      return category ? listPublicArticles({ ...query, category }) : listPublicNotices(query);
    },
    { refreshDeps: [category, current, keyword] },
  );

  const rows = data ? toRows(source, data.list) : [];
  const goToPage = (page: number) => {
    update({ current: page });
    window.scrollTo(0, 0);
  };

  let body;
  if (!data && error) {
    body = <LoadFailed onRetry={refresh} what={title} />;
  } else if (!data) {
    body = <Skeleton rows={6} />;
  } else if (rows.length === 0) {
    body = keyword ? (
      <EmptyState
        action={
          <button type="button" className={controls.button} onClick={() => update({ keyword: '' })}>
            查看全部{title}
          </button>
        }
      >
        没有找到包含“{keyword}”的{title}，请换一个关键词试试。
      </EmptyState>
    ) : (
      <EmptyState action={<Link to="/">返回首页</Link>}>本栏目暂无内容，请稍后再来查看。</EmptyState>
    );
  } else {
    body = (
      <ul className={`${styles.list} ${isDownload ? styles.downloadList : ''}`} aria-busy={loading}>
        {rows.map((row, index) => (
          <li key={row.id} className={row.cover ? `${styles.item} ${styles.withCover}` : styles.item}>
            {row.cover && (
              // The title's link is the one for the keyboard; the picture is a second target for the pointer.
              <Link to={row.href} className={styles.coverLink} tabIndex={-1}>
                <img
                  src={row.cover.url}
                  alt={`封面图片：${row.title}`}
                  width={COVER_WIDTH}
                  height={COVER_HEIGHT}
                  loading={index < EAGER_COVER_ROWS ? undefined : 'lazy'}
                  decoding="async"
                  className={styles.cover}
                />
              </Link>
            )}
            <div className={styles.itemBody}>
              <div className={styles.itemRow}>
                <Link to={row.href} className={styles.itemLink}>
                  {row.pinned && (
                    <span className={styles.pin}>
                      <Icon shape={PUSHPIN_ICON} /> 置顶
                    </span>
                  )}
                  <span className={styles.itemTitle}>{row.title}</span>
                </Link>
                <time className={styles.date} dateTime={formatDate(row.publishAt)}>
                  {formatDate(row.publishAt)}
                </time>
              </div>
              {row.cover && row.summary && <p className={styles.summary}>{row.summary}</p>}
              {isDownload && <FileLinks files={row.files} label={`${row.title}的下载文件`} />}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.pageWrap}>
      <PageHeader title={title} />
      <section className={styles.panel}>
        <div className={styles.toolbar}>
          <KeywordSearch
            value={keyword}
            label={`在${title}中搜索`}
            placeholder={`在${title}中搜索标题`}
            onSearch={(value) => update({ keyword: value })}
          />
          {keyword && data && (
            <p className={styles.resultNote}>
              “{keyword}”的结果：共 {data.total} 条
              <button type="button" onClick={() => update({ keyword: '' })} className={`${controls.button} ${controls.linkButton} ${styles.clearButton}`}>
                清除搜索
              </button>
            </p>
          )}
        </div>
        {body}
        {data && rows.length > 0 && (
          <Pager current={current} pageSize={PUBLIC_LIST_PAGE_SIZE} total={data.total} onChange={goToPage} />
        )}
      </section>
    </div>
  );
}
