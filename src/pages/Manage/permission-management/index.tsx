import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function PermissionManagementPage() {
  return <ManagePagePlaceholder path="/Manage/permission-management" />;
}
