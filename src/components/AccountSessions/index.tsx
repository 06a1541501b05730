/**
 * 我的登录会话 (README.md "个人信息保护与安全", Sessions): the caller's live sessions (device,
 * address, login time, last activity), this one marked 当前设备; any other can be ended at
 * once (asked first), and this one by logging out. No props: the personal centre
 * (/Manage/profile) and any other page may place it as it is.
 */
import { App, Button, Popconfirm, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { OwnSession } from '@common/schemas/sessions';
import { useModel } from '@umijs/max';
import { formatDateTime } from '@/components/ListPage/format';
import { signOut } from '@/layouts/ManageLayout/UserMenu';
import { endOwnSession, ownSessions } from '@/services/sessions';

export default function AccountSessions() {
  const { message } = App.useApp();
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const [sessions, setSessions] = useState<OwnSession[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [ending, setEnding] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      setSessions(await ownSessions());
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const end = async (session: OwnSession) => {
    setEnding(session.id);
    try {
      await endOwnSession(session.id);
      message.success('已结束该会话');
      setSessions((list) => list?.filter((s) => s.id !== session.id) ?? null);
    } catch {
      // The request layer showed why (it may have ended already: reload to see).
      void load();
    } finally {
      setEnding(null);
    }
  };

  const columns: TableColumnsType<OwnSession> = [
    {
      title: '设备',
      dataIndex: 'device',
      render: (_v, s) => (
        <Space size={4} wrap>
          <span>{s.device}</span>
          {s.current && <Tag color="blue">当前设备</Tag>}
        </Space>
      ),
    },
    { title: '登录地址', dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '-' },
    { title: '登录时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
    { title: '最近活动', dataIndex: 'lastSeenAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_v, s) =>
        s.current ? (
          <Popconfirm title="确定退出登录吗？" okText="退出" cancelText="取消" onConfirm={() => user && signOut(user)}>
            <Button type="link" size="small">
              退出登录
            </Button>
          </Popconfirm>
        ) : (
          <Popconfirm
            title={`确定结束「${s.device}」上的会话吗？`}
            description="该设备需要重新登录。"
            okText="结束"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => end(s)}
          >
            <Button type="link" size="small" danger loading={ending === s.id} aria-label={`结束会话 ${s.device}`}>
              结束
            </Button>
          </Popconfirm>
        ),
    },
  ];

  if (failed) {
    return (
      <Result
        status="warning"
        title="会话列表加载失败"
        extra={
          <Button onClick={() => void load()} loading={loading}>
            重试
          </Button>
        }
      />
    );
  }

  return (
    <section aria-labelledby="account-sessions-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={5} id="account-sessions-title" style={{ margin: 0 }}>
          登录会话
        </Typography.Title>
        <Button size="small" onClick={() => void load()} loading={loading}>
          刷新
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        以下是您的账号当前有效的登录。如有不认识的设备或地址，请结束该会话并修改密码。
      </Typography.Paragraph>
      <Table<OwnSession>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sessions ?? []}
        loading={loading && !sessions}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: '暂无登录会话' }}
      />
    </section>
  );
}
