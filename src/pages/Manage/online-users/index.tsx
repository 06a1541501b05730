/**
 * 在线用户: who is logged in now (live sessions: account, kind, unit, device,
 * address, login time, last activity), searchable by account, name, unit or address and
 * filterable by kind; 强制下线 ends a session at once (on the rows whose `actions` offer it:
 * system:session:revoke, never the caller's own session, which is marked; asked first,
 * audited by the server).
 */
import { Space, Tag } from 'antd';
import { useMemo } from 'react';
import { ACCOUNT_KIND_LABELS } from '@common/schemas/users';
import type { OnlineSession } from '@common/schemas/sessions';
import {
  dateTimeColumn,
  keywordColumn,
  ManagePageContainer,
  ResourceTable,
  type ResourceColumn,
  type RowAction,
} from '@/components/ListPage';
import { forceLogout, onlineSessions } from '@/services/sessions';

const KIND_ENUM = Object.fromEntries(Object.entries(ACCOUNT_KIND_LABELS).map(([value, text]) => [value, { text }]));

export default function OnlineUsersPage() {
  const columns = useMemo<ResourceColumn<OnlineSession>[]>(
    () => [
      keywordColumn('登录账号、姓名、单位名称或登录地址'),
      {
        title: '登录账号',
        dataIndex: 'loginAccount',
        width: 150,
        sorter: true,
        ellipsis: true,
        render: (_dom, r) => (
          <Space size={4} wrap>
            <span>{r.loginAccount}</span>
            {r.current && <Tag color="blue">本人当前会话</Tag>}
          </Space>
        ),
      },
      { title: '姓名', dataIndex: 'name', width: 140, ellipsis: true },
      {
        title: '账号类型',
        dataIndex: 'authType',
        width: 120,
        valueType: 'select',
        valueEnum: KIND_ENUM,
        filter: true,
      },
      { title: '所属单位', dataIndex: 'unitName', width: 200, ellipsis: true, render: (_dom, r) => r.unitName ?? '-' },
      { title: '设备', dataIndex: 'device', width: 170, ellipsis: true },
      { title: '登录地址', dataIndex: 'ip', width: 140, render: (_dom, r) => r.ip ?? '-' },
      dateTimeColumn('登录时间', 'createdAt', { sorter: true }),
      dateTimeColumn('最近活动', 'lastSeenAt', { sorter: true }),
    ],
    [],
  );

  const rowActions = useMemo<RowAction<OnlineSession>[]>(
    () => [
      {
        key: 'revoke',
        label: '强制下线',
        action: 'revoke',
        danger: true,
        confirm: (r) => `确定强制「${r.name}（${r.loginAccount}）」下线吗？该会话将立即失效，需要重新登录。`,
        run: (r) => forceLogout(r.id),
        successMessage: (r) => `已强制${r.name}下线`,
      },
    ],
    [],
  );

  return (
    <ManagePageContainer path="/Manage/online-users">
      <ResourceTable<OnlineSession>
        headerTitle="在线用户"
        columns={columns}
        fetch={(query) => onlineSessions(query)}
        rowActions={rowActions}
      />
    </ManagePageContainer>
  );
}
