import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function EmployeeManagementPage() {
  return <ManagePagePlaceholder path="/Manage/employee-management" />;
}
