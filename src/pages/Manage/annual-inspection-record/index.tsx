/**
 * 年检管理 (会员单位年检管理 for staff): staff open a year, follow who has submitted, decide
 * (通过 / 不通过 / 退回修改) and export the results; a member unit submits for itself and its
 * practitioners; a practitioner for themselves. `?id=` opens one record (messages link there).
 */
import { ManagePageContainer } from '@/components/ListPage';
import InspectionWorkspace from './components/InspectionWorkspace';

export default function AnnualInspectionRecordPage() {
  return (
    <ManagePageContainer path="/Manage/annual-inspection-record">
      <InspectionWorkspace />
    </ManagePageContainer>
  );
}
