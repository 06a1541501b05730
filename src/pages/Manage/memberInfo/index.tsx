import ManagePagePlaceholder from '@/components/PagePlaceholder/ManagePagePlaceholder';
import QualificationFiles from './components/QualificationFiles';

/** 单位信息管理: the unit's record comes with the membership issue; its files already work. */
export default function MemberInfoPage() {
  return (
    <ManagePagePlaceholder path="/Manage/memberInfo">
      <QualificationFiles />
    </ManagePagePlaceholder>
  );
}
