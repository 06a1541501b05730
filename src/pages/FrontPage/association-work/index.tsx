import PublicPagePlaceholder from '@/components/PagePlaceholder/PublicPagePlaceholder';

export default function AssociationWorkPage() {
  return <PublicPagePlaceholder path="/FrontPage/association-work" />;
}
