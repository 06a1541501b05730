/** /Manage itself: open the first page the user's menu offers (SPEC.md §6). */
import { Result } from 'antd';
import { Navigate, useAccess, useModel } from '@umijs/max';
import { firstAccessiblePath, type AccessFlags } from '@/access';

export default function ManageIndexPage() {
  const { initialState } = useModel('@@initialState');
  const access = useAccess() as AccessFlags;
  const target = firstAccessiblePath(initialState?.currentUser, access);
  if (target) return <Navigate to={target} replace />;
  return (
    <Result
      status="info"
      title="暂无可用功能"
      subTitle="您的账号尚未开通任何后台功能，请联系协会管理员分配权限。"
    />
  );
}
