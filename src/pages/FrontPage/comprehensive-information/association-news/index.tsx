import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';

export default function ComprehensiveInformationAssociationNewsPage() {
  return <PublicPagePlaceholder path="/FrontPage/comprehensive-information/association-news" />;
}
