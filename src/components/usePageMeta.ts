/**
 * A page's document title ("<page> - <association>") and meta description.
 *
 * Inside PublicLayout the page reports its meta to the layout, which writes the <head>: the
 * layout's effect runs after its children's and would otherwise overwrite the page's title
 * with the menu's. Outside it (a page rendered alone), the hook writes the <head> itself.
 */
import { createContext, useContext, useEffect } from 'react';
import { ASSOCIATION_NAME } from '@common/association';

export interface PageMeta {
  /** The page's own name; the association's name is appended. */
  title: string;
  description?: string;
}

export const DEFAULT_DESCRIPTION = `${ASSOCIATION_NAME}官方网站：协会简介、协会工作与新闻、通知公告、会员之窗、专家库、下载专区与站内搜索。`;

/** What PublicLayout provides: a page reports its meta (null when it goes). */
export const PageMetaContext = createContext<((meta: PageMeta | null) => void) | null>(null);

export function documentTitle(title: string): string {
  return title ? `${title} - ${ASSOCIATION_NAME}` : ASSOCIATION_NAME;
}

/** Writes the title and the meta description (creating the <meta> when the HTML has none). */
export function applyPageMeta({ title, description }: PageMeta): void {
  document.title = documentTitle(title);
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = description?.trim() || DEFAULT_DESCRIPTION;
}

/** `meta` undefined: nothing to say yet (a detail page still loading keeps the menu's title). */
export default function usePageMeta(meta: PageMeta | undefined): void {
  const report = useContext(PageMetaContext);
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined) return undefined;
    if (!report) {
      applyPageMeta({ title, description });
      return undefined;
    }
    report({ title, description });
    return () => report(null);
  }, [report, title, description]);
}
