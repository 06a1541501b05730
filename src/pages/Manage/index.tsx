/** /Manage itself: open the first page the user's menu offers (src/access.ts, common/menu.ts). */
import { Result } from 'antd';
import { Navigate, useModel } from '@umijs/max';
import { firstAccessiblePath } from '@/access';
import { useAccessFlags } from '@/hooks/useCan';

export default function ManageIndexPage() {
  const { initialState } = useModel('@@initialState');
  const access = useAccessFlags();
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
