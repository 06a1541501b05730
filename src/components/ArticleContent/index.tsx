/**
 * <ArticleContent html={…}/>: sanitised rich text (an article's, a notice's or a site page's
 * content) with the site's reading typography. Public detail pages and the back office's
 * preview both use it, so staff see what visitors will see.
 *
 * `html` must come from the server, which sanitises rich text with an allow-list
 * (server/content/sanitize.ts: stored content, and POST /articles/sanitize for previews):
 * this component renders it as it is. Plain antd-free React and CSS, light enough for the
 * public pages.
 */
import styles from './index.less';

export interface ArticleContentProps {
  /** Server-sanitised HTML. */
  html: string;
  /** Slightly larger text (a detail page's body on wide screens). */
  size?: 'default' | 'large';
  className?: string;
}

export default function ArticleContent({ html, size = 'default', className }: ArticleContentProps) {
  const classes = [styles.content, size === 'large' ? styles.large : '', 'article-content', className ?? '']
    .filter(Boolean)
    .join(' ');
  // The server's allow-list has removed scripts, event handlers and unsafe URLs.
  return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
