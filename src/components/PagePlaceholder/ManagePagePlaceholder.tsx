/**
 * A back-office page whose module arrives with a later issue: the page frame with its
 * title (per authType, from common/menu.ts) and a card that says so.
 */
import { Card, Result } from 'antd';
import HourglassOutlined from '@ant-design/icons/HourglassOutlined';
import { PageContainer } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { entryTitle, findPage } from '@common/menu';

export default function ManagePagePlaceholder({ path }: { path: string }) {
  const { initialState } = useModel('@@initialState');
  const entry = findPage(path);
  const title = entry ? entryTitle(entry, initialState?.currentUser?.authType) : '';
  return (
    <PageContainer title={title}>
      <Card>
        <Result
          icon={<HourglassOutlined aria-hidden style={{ color: '#1d4e89' }} />}
          title="功能模块建设中"
          subTitle={`“${title}”模块将在后续版本中上线，届时可在此处办理相关业务。`}
        />
      </Card>
    </PageContainer>
  );
}
