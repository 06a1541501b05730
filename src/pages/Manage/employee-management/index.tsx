/**
 * 从业人员管理: staff see every unit's practitioners (or one unit's, from ?unitId=), a member
 * unit its own, with the workflow (通过/驳回/离职/重新提交), 新增 with the account shown once,
 * 导入 from the Excel template and 导出; a practitioner sees their own record and certificate.
 * ID numbers and phones are masked except for the practitioner themselves (README.md
 * "个人信息保护与安全").
 */
import { useModel } from '@umijs/max';
import { AuthType } from '@common/permissions';
import { ManagePageContainer } from '@/components/ListPage';
import OwnRecord from './components/OwnRecord';
import PractitionerList from './components/PractitionerList';

export default function EmployeeManagementPage() {
  const { initialState } = useModel('@@initialState');
  const practitioner = initialState?.currentUser?.authType === AuthType.Practitioner;
  return <ManagePageContainer path="/Manage/employee-management">{practitioner ? <OwnRecord /> : <PractitionerList />}</ManagePageContainer>;
}
