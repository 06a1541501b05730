import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function ProjectManagementPage() {
  return <ManagePagePlaceholder path="/Manage/project-management" />;
}
