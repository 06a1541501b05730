import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function AnnualInspectionRecordPage() {
  return <ManagePagePlaceholder path="/Manage/annual-inspection-record" />;
}
