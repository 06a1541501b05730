/**
 * The back-office header's bell: the unread count, and on click the latest messages,
 * each a link to its record (opening one marks it read), 全部已读 and the way to the message
 * centre. The summary is polled every minute and again when the window regains focus; a failed
 * poll stays quiet (the next one tries again) instead of toasting every minute.
 */
import BellOutlined from '@ant-design/icons/BellOutlined';
import { useRequest } from 'ahooks';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from '@umijs/max';
import type { MessageRecord } from '@common/schemas/messages';
import { formatDateTime } from '@/components/ListPage/format';
import { markAllMessagesRead, markMessageRead, messageSummary } from '@/services/messages';
import styles from './index.less';

export const MESSAGE_POLL_MS = 60_000;
export const MESSAGES_PATH = '/Manage/messages';

export default function MessageBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data, refresh, mutate } = useRequest(() => messageSummary({ skipErrorHandler: true }), {
    pollingInterval: MESSAGE_POLL_MS,
    pollingWhenHidden: false,
    refreshOnWindowFocus: true,
    // A failed poll stays quiet (the next one retries); without onError ahooks logs it to the console.
    onError: () => undefined,
  });
  const unread = data?.unread ?? 0;
  const latest = data?.latest ?? [];

  const openMessage = async (message: MessageRecord) => {
    setOpen(false);
    if (!message.readAt) {
      // Shown as read at once; the server's answer follows with the next summary.
      mutate({ unread: Math.max(0, unread - 1), latest: latest.map((m) => (m.id === message.id ? { ...m, readAt: new Date().toISOString() } : m)) });
      void markMessageRead(message.id).catch(() => undefined).finally(refresh);
    }
    navigate(message.link || MESSAGES_PATH);
  };

  const readAll = async () => {
    try {
      await markAllMessagesRead();
    } finally {
      refresh();
    }
  };

  const content = (
    <div className={styles.panel}>
      {latest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
      ) : (
        <List
          size="small"
          dataSource={latest}
          renderItem={(m) => (
            <List.Item className={m.readAt ? styles.read : styles.unread}>
              <button type="button" className={styles.item} onClick={() => void openMessage(m)}>
                <span className={styles.itemTitle}>
                  {!m.readAt && <Badge status="processing" aria-label="未读" />}
                  {m.title}
                </span>
                <Typography.Text type="secondary" className={styles.itemTime}>
                  {formatDateTime(m.createdAt)}
                </Typography.Text>
              </button>
            </List.Item>
          )}
        />
      )}
      <div className={styles.footer}>
        <Button type="link" size="small" disabled={unread === 0} onClick={() => void readAll()}>
          全部已读
        </Button>
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpen(false);
            navigate(MESSAGES_PATH);
          }}
        >
          查看全部消息
        </Button>
      </div>
    </div>
  );

  return (
    <Popover content={content} title={`消息${unread ? `（${unread} 条未读）` : ''}`} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <button type="button" className={styles.bell} aria-label={unread ? `消息，${unread} 条未读` : '消息'}>
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined className={styles.icon} aria-hidden />
        </Badge>
      </button>
    </Popover>
  );
}
