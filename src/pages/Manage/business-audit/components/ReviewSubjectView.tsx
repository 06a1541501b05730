/**
 * The reviewed record in the review drawer, shown by its own page's detail view (the same
 * fields, labels, files with 预览/下载 and history as 从业人员管理, 会员单位管理, 年检, 项目,
 * 业绩案例 and 单位变更 show), so that the reviewer decides on what was submitted without
 * leaving the queue. Each kind loads only its own dictionaries.
 */
import { Card, Space } from 'antd';
import type { ReviewSubject } from '@common/schemas/businessAudit';
import type { MemberUnitRecord } from '@common/schemas/memberUnits';
import type { UnitChangeDetail } from '@common/schemas/unitChanges';
import RecordView from '@/components/RecordView';
import ReviewHistory from '@/components/ReviewHistory';
import { useDictionaries } from '@/hooks/useDictionaries';
import { useRecord } from '@/hooks/useRecord';
import { InspectionDetailBody } from '@/pages/Manage/annual-inspection-record/components/DetailDrawer';
import PractitionerDetailView from '@/pages/Manage/employee-management/components/PractitionerDetailView';
import { usePractitionerDicts } from '@/pages/Manage/employee-management/components/usePractitionerDicts';
import { DetailBody as UnitChangeBody, releaseLetterPreviews } from '@/pages/Manage/employee-unit-change/components/DetailDrawer';
import UnitDetail from '@/pages/Manage/member-unit-management/components/UnitDetail';
import { useMemberLevels } from '@/pages/Manage/member-unit-management/components/useMemberLevels';
import CaseDetailCards from '@/pages/Manage/performance-case/components/CaseDetailCards';
import ProjectDetailCards from '@/pages/Manage/project-management/components/ProjectDetailCards';

function PractitionerSubject({ record }: { record: Extract<ReviewSubject, { kind: 'practitioner' }>['record'] }) {
  return <PractitionerDetailView record={record} dicts={usePractitionerDicts()} />;
}

/** `unit`: for a key-information change, without its pending change (the drawer lists the change above). */
function UnitSubject({ unit }: { unit: MemberUnitRecord }) {
  return <UnitDetail unit={unit} levels={useMemberLevels()} />;
}

function ProjectSubject({ record }: { record: Extract<ReviewSubject, { kind: 'project' }>['record'] }) {
  const { project_type: types, risk_level: risks } = useDictionaries('project_type', 'risk_level');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ProjectDetailCards record={record} types={types} risks={risks} />
      <Card size="small" title="审核记录">
        <ReviewHistory history={record.reviewHistory} approvedLabel="已备案" />
      </Card>
    </Space>
  );
}

function CaseSubject({ record }: { record: Extract<ReviewSubject, { kind: 'case' }>['record'] }) {
  const types = useDictionaries('project_type').project_type;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <CaseDetailCards record={record} types={types} />
      <Card size="small" title="审核记录">
        <ReviewHistory history={record.reviewHistory} />
      </Card>
    </Space>
  );
}

function UnitChangeSubject({ detail }: { detail: UnitChangeDetail }) {
  const previews = useRecord(detail.id, () => releaseLetterPreviews(detail), [detail]);
  return (
    <RecordView state={previews} failedTitle="放行函加载失败" rows={6}>
      {(loaded) => <UnitChangeBody detail={detail} previews={loaded} />}
    </RecordView>
  );
}

export default function ReviewSubjectView({ subject }: { subject: ReviewSubject }) {
  switch (subject.kind) {
    case 'practitioner':
      return <PractitionerSubject record={subject.record} />;
    case 'registration':
      return <UnitSubject unit={subject.record} />;
    case 'info_change':
      return <UnitSubject unit={{ ...subject.record, pendingChange: null }} />;
    case 'annual_inspection':
      return <InspectionDetailBody record={subject.record} />;
    case 'project':
      return <ProjectSubject record={subject.record} />;
    case 'case':
      return <CaseSubject record={subject.record} />;
    case 'unit_change':
      return <UnitChangeSubject detail={subject.record} />;
  }
}
