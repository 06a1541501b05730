import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function EmployeeUnitChangePage() {
  return <ManagePagePlaceholder path="/Manage/employee-unit-change" />;
}
