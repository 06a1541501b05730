import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';

export default function DetailPage() {
  return <PublicPagePlaceholder path="/FrontPage/detail" />;
}
