/**
 * A back-office page whose module arrives with a later issue: the page frame with its
 * title (per authType, from common/menu.ts) and a card that says so. Parts that already
 * exist (children) show below a shorter note.
 */
import type { ReactNode } from 'react';
import { Alert, Card, Result, Space } from 'antd';
import HourglassOutlined from '@ant-design/icons/HourglassOutlined';
import { PageContainer } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { entryTitle, findPage } from '@common/menu';

interface Props {
  path: string;
  children?: ReactNode;
}

export default function ManagePagePlaceholder({ path, children }: Props) {
  const { initialState } = useModel('@@initialState');
  const entry = findPage(path);
  const title = entry ? entryTitle(entry, initialState?.currentUser?.authType) : '';
  if (children) {
    return (
      <PageContainer title={title}>
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Alert type="info" showIcon title={`“${title}”的其余功能将在后续版本中上线。`} />
          {children}
        </Space>
      </PageContainer>
    );
  }
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
