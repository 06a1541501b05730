import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';

export default function PerformanceCasePage() {
  return <ManagePagePlaceholder path="/Manage/performance-case" />;
}
