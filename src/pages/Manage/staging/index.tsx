import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function StagingPage() {
  return <ManagePagePlaceholder path="/Manage/staging" />;
}
