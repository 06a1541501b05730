import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function MemberUnitManagementPage() {
  return <ManagePagePlaceholder path="/Manage/member-unit-management" />;
}
