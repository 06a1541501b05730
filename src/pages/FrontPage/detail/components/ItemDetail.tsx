/**
 * One article or notice: breadcrumb back to its list (首页 / 行业动态 / 正文: every article
 * category has its public list), title, source, author, date, view count, 朗读, the cover, the
 * sanitised content, attachments (preview and download with the
 * original name), previous / next in its list. Anything not public (missing, draft, offline,
 * future: the server's 404 status 10) shows "内容不存在或已下线" with ways on, without a toast.
 */
import { useRef, type ReactNode } from 'react';
import { Link } from '@umijs/max';
import type { PublicArticle, PublicNotice } from '@common/schemas/public';
import ArticleContent from '@/components/ArticleContent';
import Skeleton from '@/components/PublicContent/Skeleton';
import { isGone } from '@/components/PublicContent/errors';
import FileLinks from '@/components/PublicContent/FileLinks';
import { formatDate } from '@/components/PublicContent/format';
import { articleHref, articleListOf, NOTICE_LIST, noticeHref, type ListPlace } from '@/components/PublicContent/links';
import { Crumbs } from '@/components/PublicContent/PageHeader';
import ReadAloud from '@/components/PublicContent/ReadAloud';
import { plainSummary } from '@/components/PublicContent/SitePageView';
import { ContentGone, LoadFailed } from '@/components/PublicContent/States';
import usePageMeta from '@/components/usePageMeta';
import { useApiRequest } from '@/hooks/useApiRequest';
import { useFirstScreenPlugin } from '@/request/firstScreen';
import { getPublicArticle, getPublicNotice, publicArticlePath, publicNoticePath } from '@/services/publicContent';
import shared from '@/components/PublicContent/index.less';
import styles from './ItemDetail.less';

export type ItemKind = 'article' | 'notice';

/** The cover's box (16 : 9); ItemDetail.less keeps it at this ratio and fits the picture inside. */
const COVER_WIDTH = 960;
const COVER_HEIGHT = 540;

type Item = (PublicArticle & { kind: 'article' }) | (PublicNotice & { kind: 'notice' });

async function loadItem(kind: ItemKind, id: string): Promise<Item> {
  // skipErrorHandler: the page shows "内容不存在或已下线" itself, with no toast on top.
  if (kind === 'notice') return { ...(await getPublicNotice(id, { skipErrorHandler: true })), kind };
  return { ...(await getPublicArticle(id, { skipErrorHandler: true })), kind };
}

function Neighbour({ label, item, href }: { label: string; item: { id: string; title: string } | null; href: (id: string) => string }) {
  return (
    <p className={styles.neighbour}>
      <span className={styles.neighbourLabel}>{label}：</span>
      {item ? <Link to={href(item.id)}>{item.title}</Link> : <span className={styles.none}>没有了</span>}
    </p>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className={styles.metaItem}>
      {label}：{children}
    </span>
  );
}

export default function ItemDetail({ kind, id }: { kind: ItemKind; id: string }) {
  const contentRef = useRef<HTMLDivElement>(null);
  // The item that came with the page (src/request/firstScreen.ts): the first render has it, and
  // the server has counted the view already.
  const firstArticle = useFirstScreenPlugin(publicArticlePath(id), (article: PublicArticle): Item => ({ ...article, kind: 'article' }));
  const firstNotice = useFirstScreenPlugin(publicNoticePath(id), (notice: PublicNotice): Item => ({ ...notice, kind: 'notice' }));
  const { data, error, refresh } = useApiRequest(
    () => loadItem(kind, id),
    {
      refreshDeps: [kind, id],
      // A visit counts a view on the server; coming back to the tab is not a new visit.
      refreshOnWindowFocus: false,
      // The page shows the failure itself (and ahooks would log it otherwise).
      onError: () => undefined,
    },
    [firstArticle, firstNotice],
  );
  const item = data && data.id === id && data.kind === kind ? data : undefined;
  const list: ListPlace = kind === 'notice' ? NOTICE_LIST : articleListOf(item?.kind === 'article' ? item.category : '');
  const gone = !item && isGone(error);

  usePageMeta(
    item
      ? { title: item.title, description: item.kind === 'article' && item.summary ? item.summary : plainSummary(item.content) }
      : gone
        ? { title: '内容不存在或已下线' }
        : undefined,
  );

  const crumbs = list.path || kind === 'notice' ? [list] : [];

  if (!item) {
    let body: ReactNode;
    if (gone) body = <ContentGone list={kind === 'notice' ? NOTICE_LIST : list.path ? list : undefined} />;
    else if (error) body = <LoadFailed onRetry={refresh} />;
    else body = <Skeleton rows={10} />;
    return (
      <div className={shared.pageWrap}>
        <Crumbs crumbs={crumbs} current="正文" />
        <div className={`${shared.panel} ${shared.article}`}>{body}</div>
      </div>
    );
  }

  const href = kind === 'notice' ? noticeHref : articleHref;
  const readText = () => `${item.title}。${contentRef.current?.innerText || contentRef.current?.textContent || ''}`;

  return (
    <div className={shared.pageWrap}>
      <Crumbs crumbs={crumbs} current="正文" />
      <article className={`${shared.panel} ${shared.article}`}>
        <h1 className={`${shared.h1} ${shared.articleTitle}`}>{item.title}</h1>
        <div className={styles.metaRow}>
          <p className={styles.meta}>
            {item.kind === 'article' && item.source && <Meta label="来源">{item.source}</Meta>}
            {item.kind === 'article' && item.author && <Meta label="作者">{item.author}</Meta>}
            <Meta label="发布日期">
              <time dateTime={formatDate(item.publishAt)}>{formatDate(item.publishAt)}</time>
            </Meta>
            {item.kind === 'notice' && item.expireAt && (
              <Meta label="有效期至">
                <time dateTime={formatDate(item.expireAt)}>{formatDate(item.expireAt)}</time>
              </Meta>
            )}
            <Meta label="浏览">{item.viewCount} 次</Meta>
          </p>
          <ReadAloud getText={readText} resetKey={`${kind}:${id}`} />
        </div>
        {item.kind === 'article' && item.cover && (
          // At the top of the article, in the first screen: loaded at once, not lazily.
          <img
            src={item.cover.url}
            alt={`封面图片：${item.title}`}
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
            decoding="async"
            className={styles.cover}
          />
        )}
        <section className={`${styles.content} ${shared.articleBody}`} aria-labelledby="detail-body">
          {/* Editors' headings start at h2 or h3: this keeps the outline in order after the h1. */}
          <h2 id="detail-body" className="sr-only">
            正文
          </h2>
          <div ref={contentRef}>
            <ArticleContent html={item.content} size="large" />
          </div>
        </section>
        {item.attachments.length > 0 && (
          <section className={styles.attachments} aria-labelledby="detail-attachments">
            <h2 id="detail-attachments" className={styles.h2}>
              附件
            </h2>
            <FileLinks files={item.attachments} label="附件" />
          </section>
        )}
        <nav className={styles.neighbours} aria-label="上一篇和下一篇">
          <Neighbour label="上一篇" item={item.previous} href={href} />
          <Neighbour label="下一篇" item={item.next} href={href} />
        </nav>
        {list.path && (
          <p className={styles.back}>
            <Link to={list.path}>返回{list.title}列表</Link>
          </p>
        )}
      </article>
    </div>
  );
}
