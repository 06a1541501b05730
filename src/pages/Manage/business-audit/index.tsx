import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function BusinessAuditPage() {
  return <ManagePagePlaceholder path="/Manage/business-audit" />;
}
