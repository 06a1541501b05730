import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function MemberInfoPage() {
  return <ManagePagePlaceholder path="/Manage/memberInfo" />;
}
