import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function UserManagementPage() {
  return <ManagePagePlaceholder path="/Manage/user-management" />;
}
