import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function FriendlyLinkPage() {
  return <ManagePagePlaceholder path="/Manage/friendly-link" />;
}
