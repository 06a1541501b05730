/** The catch-all page: any path no route matches shows this not-found page (plain React and CSS: it sits in the public frame). */
import { useNavigate } from '@umijs/max';
import { NOT_FOUND_TITLE } from '@common/menu';
import StatusView from '@/components/LoadError/StatusView';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <StatusView
      status="warning"
      titleAs="h1"
      title={NOT_FOUND_TITLE}
      subTitle="您访问的页面不存在，可能已被移除或链接有误。"
      action={{ label: '返回首页', onClick: () => navigate('/') }}
    />
  );
}
