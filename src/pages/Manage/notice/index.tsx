import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function NoticePage() {
  return <ManagePagePlaceholder path="/Manage/notice" />;
}
