import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function ExpertDatabaseManagementPage() {
  return <ManagePagePlaceholder path="/Manage/expert-database-management" />;
}
