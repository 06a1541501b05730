import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';

export default function AboutUsPage() {
  return <PublicPagePlaceholder path="/FrontPage/aboutUs" />;
}
