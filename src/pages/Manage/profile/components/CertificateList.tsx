/** 证书: the holder's certificates with their state today and a link to the public check. */
import CertificateLink from '@/components/CertificateLink';
import { Table, Tag, type TableColumnsType } from 'antd';
import type { ProfileCertificate } from '@common/schemas/profile';
import { certificateStateLabel } from './labels';

const STATE_COLORS: Record<string, string> = { valid: 'success', expired: 'warning', revoked: 'default' };

const columns: TableColumnsType<ProfileCertificate> = [
  {
    title: '证书编号',
    dataIndex: 'number',
    render: (no: string) => <CertificateLink number={no} />,
  },
  { title: '持证人', dataIndex: 'holderName' },
  { title: '发证日期', dataIndex: 'issuedOn', width: 110 },
  { title: '有效期至', dataIndex: 'validUntil', width: 110 },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (state: string, r) => (
      <Tag color={STATE_COLORS[state]} title={r.revokedReason ?? undefined}>
        {certificateStateLabel(state)}
      </Tag>
    ),
  },
];

export default function CertificateList({ certificates }: { certificates: ProfileCertificate[] }) {
  return (
    <Table<ProfileCertificate>
      size="small"
      rowKey="number"
      columns={columns}
      dataSource={certificates}
      pagination={false}
      scroll={{ x: 560 }}
      locale={{ emptyText: '暂无证书' }}
    />
  );
}
