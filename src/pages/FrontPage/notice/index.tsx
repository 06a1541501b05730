import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';

export default function NoticePage() {
  return <PublicPagePlaceholder path="/FrontPage/notice" />;
}
