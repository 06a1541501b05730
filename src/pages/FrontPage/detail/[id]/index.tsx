import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';

/** /FrontPage/detail/:id, an article's page; it shares the detail page's title and menu rules. */
export default function DetailByIdPage() {
  return <PublicPagePlaceholder path="/FrontPage/detail" />;
}
