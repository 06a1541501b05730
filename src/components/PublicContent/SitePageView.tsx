/**
 * A site page staff edit (协会简介, 联系我们, 免责声明, 隐私保护): the breadcrumb, the h1,
 * optional structured details (the contact list) and the sanitised body.
 */
import type { ReactNode } from 'react';
import type { PublicSitePage, SitePageKey } from '@common/schemas/sitePages';
import ArticleContent from '@/components/ArticleContent';
import usePageMeta from '@/components/usePageMeta';
import { useApiRequest } from '@/hooks/useApiRequest';
import { getSitePage } from '@/services/publicContent';
import { isGone } from './errors';
import { formatDate } from './format';
import { Crumbs, type Crumb } from './PageHeader';
import { ContentGone, EmptyState, LoadFailed } from './States';
import styles from './index.less';
import Skeleton from './Skeleton';

interface SitePageViewProps {
  pageKey: SitePageKey;
  /** The page's name (menu title): h1 and tab title. */
  title: string;
  crumbs?: readonly Crumb[];
  description?: string;
  /** Shown above the body (the contact details). */
  renderDetails?: (page: PublicSitePage) => ReactNode;
}

/** The first sentence or so of an HTML body, for the meta description. */
export function plainSummary(html: string, max = 120): string {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export default function SitePageView({ pageKey, title, crumbs, description, renderDetails }: SitePageViewProps) {
  const { data, error, refresh } = useApiRequest(() => getSitePage(pageKey, { skipErrorHandler: true }), {
    refreshDeps: [pageKey],
    refreshOnWindowFocus: false,
    // The page shows the failure itself (and ahooks would log it otherwise).
    onError: () => undefined,
  });
  usePageMeta({ title, description: description ?? (data ? plainSummary(data.content) : undefined) });

  if (!data && error && isGone(error)) {
    return (
      <div className={styles.pageWrap}>
        <Crumbs crumbs={crumbs} current={title} />
        <div className={`${styles.panel} ${styles.article}`}>
          <ContentGone />
        </div>
      </div>
    );
  }

  let body: ReactNode;
  if (!data && error) {
    body = <LoadFailed onRetry={refresh} />;
  } else if (!data) {
    body = <Skeleton rows={8} />;
  } else {
    const details = renderDetails?.(data);
    body = (
      <>
        {details}
        {data.content.trim() ? (
          <section className={styles.articleBody} aria-labelledby={`site-page-${pageKey}`}>
            {/* Editors' headings start at h2 or h3: this keeps the outline in order after the h1. */}
            <h2 id={`site-page-${pageKey}`} className="sr-only">
              正文
            </h2>
            <ArticleContent html={data.content} size="large" />
          </section>
        ) : (
          !details && <EmptyState>本页内容正在整理，请稍后再来查看。</EmptyState>
        )}
        {data.updatedAt && (
          <p className={styles.updated}>
            更新日期：<time dateTime={formatDate(data.updatedAt)}>{formatDate(data.updatedAt)}</time>
          </p>
        )}
      </>
    );
  }

  return (
    <div className={styles.pageWrap}>
      <Crumbs crumbs={crumbs} current={title} />
      <article className={`${styles.panel} ${styles.article}`}>
        <h1 className={`${styles.h1} ${styles.articleTitle}`}>{title}</h1>
        {body}
      </article>
    </div>
  );
}
