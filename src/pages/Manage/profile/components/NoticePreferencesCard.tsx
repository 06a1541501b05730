/**
 * 邮件通知 in 个人中心: whether the caller receives optional notices by e-mail (the opt-out,
 * PUT /user/notice-preferences), the masked address they go to, and the notices that may reach
 * this account, each said to be mandatory (sent whatever the setting) or optional.
 */
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { useRequest } from 'ahooks';
import { Alert, App, Button, Card, List, Result, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { NOTICE_CHANNEL_LABELS, type NoticePreferences } from '@common/schemas/notifications';
import { noticePreferences, setNoticePreferences } from '@/services/notifications';

export default function NoticePreferencesCard() {
  const { message } = App.useApp();
  const { data, error, loading, refresh, mutate } = useRequest(() => noticePreferences());
  const [saving, setSaving] = useState(false);

  const toggle = async (optionalEmails: boolean) => {
    setSaving(true);
    try {
      const next: NoticePreferences = await setNoticePreferences({ optionalEmails });
      mutate(next);
      message.success(optionalEmails ? '已开启可选的邮件通知' : '已关闭可选的邮件通知，必要通知仍会发送');
    } catch {
      // The request layer has shown why; the switch stays as the server has it.
    } finally {
      setSaving(false);
    }
  };

  if (error && !data) {
    return (
      <Result
        status="error"
        title="通知设置加载失败"
        extra={
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            重试
          </Button>
        }
      />
    );
  }
  if (loading && !data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!data) return null;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title="邮件通知">
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>
            接收邮箱：
            {data.email ?? <Typography.Text type="secondary">未登记邮箱（不会收到邮件通知；邮箱随单位或个人信息修改）</Typography.Text>}
          </span>
          <Space wrap>
            <Switch checked={data.optionalEmails} loading={saving} onChange={(checked) => void toggle(checked)} aria-label="接收可选的邮件通知" />
            <span>接收可选的邮件通知</span>
          </Space>
          {!data.optionalEmails && (
            <Alert type="info" showIcon title="已关闭可选的邮件通知。标为“必要通知”的仍会通过邮件发送，站内消息不受影响。" />
          )}
        </Space>
      </Card>
      <Card size="small" title="可能收到的通知">
        <List
          size="small"
          dataSource={data.rules}
          locale={{ emptyText: '暂无发给本账号的通知规则' }}
          renderItem={(rule) => (
            <List.Item>
              <Space wrap size={[8, 4]}>
                <span>{rule.name}</span>
                {rule.mandatory ? <Tag color="red">必要通知，始终发送</Tag> : <Tag>可退订</Tag>}
                <Typography.Text type="secondary">{rule.channels.map((c) => NOTICE_CHANNEL_LABELS[c]).join('、')}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
