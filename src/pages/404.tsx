/** The catch-all page: any path no route matches shows this not-found page. */
import { Button, Result } from 'antd';
import { useNavigate } from '@umijs/max';
import { NOT_FOUND_TITLE } from '@common/menu';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={NOT_FOUND_TITLE}
      subTitle="您访问的页面不存在，可能已被移除或链接有误。"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
