import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';

export default function MemberUnitPage() {
  return <PublicPagePlaceholder path="/FrontPage/member-unit" />;
}
