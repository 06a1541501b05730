import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';

export default function ComprehensiveInformationIndustryDynamicsPage() {
  return <PublicPagePlaceholder path="/FrontPage/comprehensive-information/industry-dynamics" />;
}
