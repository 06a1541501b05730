/**
 * 消息中心: the caller's own messages, newest first; all or unread only, by kind;
 * opening one goes to its record and marks it read; 标为已读 and 全部已读.
 */
import { useRequest } from 'ahooks';
import { useNavigate } from '@umijs/max';
import { App, Badge, Button, Empty, List, Result, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MESSAGE_KIND_LABELS, MESSAGE_KIND_VALUES, type MessageKindValue, type MessageRecord } from '@common/schemas/messages';
import ManagePageContainer from '@/components/ListPage/ManagePageContainer';
import { formatDateTime } from '@/components/ListPage/format';
import { listMessages, markAllMessagesRead, markMessageRead } from '@/services/messages';

const PATH = '/Manage/messages';
const PAGE_SIZE = 10;

export default function MessagesPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [kind, setKind] = useState<MessageKindValue | undefined>();
  const [current, setCurrent] = useState(1);
  const { data, loading, error, refresh } = useRequest(() => listMessages({ current, pageSize: PAGE_SIZE, unread: unreadOnly ? true : undefined, kind }), {
    refreshDeps: [current, unreadOnly, kind],
  });

  const markRead = async (m: MessageRecord) => {
    if (m.readAt) return;
    await markMessageRead(m.id);
    refresh();
  };
  const open = async (m: MessageRecord) => {
    await markRead(m).catch(() => undefined);
    if (m.link) navigate(m.link);
  };
  const readAll = async () => {
    try {
      const { count } = await markAllMessagesRead();
      message.success(count ? `已将 ${count} 条消息标为已读` : '没有未读消息');
      refresh();
    } catch {
      // The request layer has said why.
    }
  };

  return (
    <ManagePageContainer path={PATH}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          options={[
            { label: '全部消息', value: 'all' },
            { label: '未读消息', value: 'unread' },
          ]}
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(v) => {
            setUnreadOnly(v === 'unread');
            setCurrent(1);
          }}
        />
        <Select
          allowClear
          placeholder="全部类型"
          aria-label="消息类型"
          style={{ width: 140 }}
          value={kind}
          onChange={(v: MessageKindValue | undefined) => {
            setKind(v);
            setCurrent(1);
          }}
          options={MESSAGE_KIND_VALUES.map((k) => ({ value: k, label: MESSAGE_KIND_LABELS[k] }))}
        />
        <Button onClick={() => void readAll()}>全部已读</Button>
      </Space>
      {error ? (
        <Result status="warning" title="加载失败" extra={<Button onClick={refresh}>重试</Button>} />
      ) : (
        <List<MessageRecord>
          bordered
          loading={loading}
          dataSource={data?.list ?? []}
          locale={{ emptyText: <Empty description={unreadOnly ? '没有未读消息' : '暂无消息'} /> }}
          pagination={
            (data?.total ?? 0) > PAGE_SIZE ? { current, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setCurrent, showTotal: (n) => `共 ${n} 条` } : false
          }
          renderItem={(m) => (
            <List.Item
              actions={[
                m.readAt ? (
                  <Typography.Text key="read" type="secondary">
                    已读
                  </Typography.Text>
                ) : (
                  <Button key="read" type="link" size="small" onClick={() => void markRead(m).catch(() => undefined)}>
                    标为已读
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={4}>
                    {!m.readAt && <Badge status="processing" aria-label="未读" />}
                    <Tag>{MESSAGE_KIND_LABELS[m.kind]}</Tag>
                    {m.link ? (
                      <Button type="link" size="small" style={{ padding: 0, height: 'auto', fontWeight: m.readAt ? 'normal' : 600 }} onClick={() => void open(m)}>
                        {m.title}
                      </Button>
                    ) : (
                      <span style={{ fontWeight: m.readAt ? 'normal' : 600 }}>{m.title}</span>
                    )}
                  </Space>
                }
                description={
                  <>
                    {m.body && <div style={{ whiteSpace: 'pre-line' }}>{m.body}</div>}
                    <Typography.Text type="secondary">{formatDateTime(m.createdAt)}</Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </ManagePageContainer>
  );
}
