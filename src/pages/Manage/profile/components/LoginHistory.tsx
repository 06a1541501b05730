/** 登录记录: the account's logins, failures, lock-outs and logouts of the last 30 days. */
import { Table, Tag, type TableColumnsType } from 'antd';
import { PROFILE_LOGIN_DAYS, type ProfileLogin } from '@common/schemas/profile';
import { formatDateTime } from '@/components/ListPage';
import { loginEventLabel } from './labels';

const columns: TableColumnsType<ProfileLogin> = [
  { title: '时间', dataIndex: 'at', width: 150, render: (at: string) => formatDateTime(at) },
  { title: '事件', dataIndex: 'event', width: 100, render: (event: string) => loginEventLabel(event) },
  {
    title: '结果',
    dataIndex: 'result',
    width: 80,
    render: (result: string) => <Tag color={result === 'failure' ? 'error' : 'success'}>{result === 'failure' ? '失败' : '成功'}</Tag>,
  },
  { title: '地址', dataIndex: 'ip', width: 130, render: (ip: string | null) => ip ?? '—' },
  { title: '客户端', dataIndex: 'userAgent', ellipsis: true, render: (ua: string | null) => ua ?? '—' },
];

export default function LoginHistory({ logins }: { logins: ProfileLogin[] }) {
  return (
    <Table<ProfileLogin>
      size="small"
      rowKey={(r) => `${r.at}:${r.event}:${r.ip ?? ''}`}
      columns={columns}
      dataSource={logins}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 640 }}
      locale={{ emptyText: `近 ${PROFILE_LOGIN_DAYS} 天没有登录记录` }}
      title={() => `近 ${PROFILE_LOGIN_DAYS} 天的登录记录（如发现不是您本人的登录，请立即修改密码）`}
    />
  );
}
