import { Button, Result } from 'antd';
import { useNavigate } from '@umijs/max';
import { FORBIDDEN_TITLE } from '@common/menu';

/**
 * A page the user may not open (by common/menu.ts): a clear 403 rather than a blank screen.
 * The server refuses the calls too; this only explains why nothing is shown.
 */
export default function Forbidden({ homePath = '/' }: { homePath?: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={FORBIDDEN_TITLE}
      subTitle="抱歉，您的账号没有访问此页面的权限。如需开通，请联系协会管理员。"
      extra={
        <Button type="primary" onClick={() => navigate(homePath)}>
          返回
        </Button>
      }
    />
  );
}
