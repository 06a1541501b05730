/** The unit's record as it stands (the approved values), with the 编辑 button. */
import EditOutlined from '@ant-design/icons/EditOutlined';
import { Button, Card, Descriptions, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { KEY_CHANGE_NOTE, MEMBER_UNIT_STATUS_LABELS, type MemberInfoRecord } from '@common/schemas/memberInfo';
import { FileThumb } from '@/components/ListPage';
import { canEdit, keyFieldsReviewed } from './unitValues';

const STATUS_COLORS = { pending: 'processing', approved: 'success', rejected: 'error', suspended: 'warning', cancelled: 'default' } as const;

const text = (value: string | number | null | undefined): ReactNode => (value === null || value === undefined || value === '' ? '-' : value);

export default function UnitDescriptions({ record, onEdit }: { record: MemberInfoRecord; onEdit: () => void }) {
  const reviewed = keyFieldsReviewed(record.status);
  // Key fields of an approved unit: say so where they are shown.
  const keyLabel = (label: string) =>
    reviewed ? (
      <Tooltip title={KEY_CHANGE_NOTE}>
        <span>
          {label} <Tag color="orange">需审核</Tag>
        </span>
      </Tooltip>
    ) : (
      label
    );
  return (
    <Card
      title="单位信息"
      extra={
        canEdit(record.status) && (
          <Button type="primary" icon={<EditOutlined />} onClick={onEdit}>
            编辑
          </Button>
        )
      }
    >
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={keyLabel('单位名称')} span="filled">
          {record.name}
        </Descriptions.Item>
        <Descriptions.Item label={keyLabel('统一社会信用代码')}>{record.creditCode}</Descriptions.Item>
        <Descriptions.Item label={keyLabel('法定代表人')}>{record.legalRepresentative}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATUS_COLORS[record.status]}>{MEMBER_UNIT_STATUS_LABELS[record.status]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="会员级别">{text(record.memberLevelLabel)}</Descriptions.Item>
        <Descriptions.Item label="会员编号">{text(record.memberNo)}</Descriptions.Item>
        <Descriptions.Item label="入会日期">{text(record.joinDate)}</Descriptions.Item>
        <Descriptions.Item label="成立日期">{text(record.establishedOn)}</Descriptions.Item>
        <Descriptions.Item label="注册资本">{record.registeredCapital === null ? '-' : `${record.registeredCapital} 万元`}</Descriptions.Item>
        <Descriptions.Item label="从业人数">{text(record.staffCount)}</Descriptions.Item>
        <Descriptions.Item label="联系人">{record.contactPerson}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{record.contactPhone}</Descriptions.Item>
        <Descriptions.Item label="电子邮箱">{text(record.email)}</Descriptions.Item>
        <Descriptions.Item label="单位地址" span="filled">
          {text(record.address)}
        </Descriptions.Item>
        <Descriptions.Item label="经营范围" span="filled">
          {text(record.businessScope)}
        </Descriptions.Item>
        <Descriptions.Item label="单位简介" span="filled">
          <span style={{ whiteSpace: 'pre-wrap' }}>{text(record.introduction)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="单位标志" span="filled">
          {record.files.logo ? <FileThumb fileId={record.files.logo.fileId} alt="单位标志" width={120} height={68} /> : '-'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
