import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function AssociationNewsPage() {
  return <ManagePagePlaceholder path="/Manage/association-news" />;
}
