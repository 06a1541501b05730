/**
 * Everything about one member unit, as the detail drawer and the unit's page show it: the
 * fields, a key-field change waiting for review (before → after, with 通过变更 / 驳回变更 for
 * those who approve), the member certificate, the files, the review history and the
 * membership steps.
 */
import { Alert, Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CERTIFICATE_STATE_LABELS } from '@common/schemas/certificates';
import { UNIT_KEY_FIELD_LABELS, type MemberUnitRecord, type UnitKeyField } from '@common/schemas/memberUnits';
import CertificateLink from '@/components/CertificateLink';
import { FileThumb, formatDateTime } from '@/components/ListPage';
import RecordFiles from '@/components/RecordFiles';
import ReviewHistory from '@/components/ReviewHistory';
import { EventHistory } from './HistoryTimeline';
import UnitStatus from './UnitStatus';
import { labelOf } from '@/hooks/useDictionaries';
import { levelColor, type MemberLevels } from './useMemberLevels';

const STATE_COLORS = { valid: 'green', expired: 'orange', revoked: 'red' } as const;

export interface UnitDetailProps {
  unit: MemberUnitRecord;
  levels: MemberLevels;
  /** Shown when the viewer may decide a key-field change. */
  changeActions?: { approve: () => void; reject: () => void; busy: boolean };
}

const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '-' : value);

function PendingChange({ unit, actions }: { unit: MemberUnitRecord; actions?: UnitDetailProps['changeActions'] }) {
  const change = unit.pendingChange;
  if (!change) return null;
  const rows = (Object.keys(UNIT_KEY_FIELD_LABELS) as UnitKeyField[]).flatMap((field) =>
    change[field] === undefined ? [] : [{ key: field, label: UNIT_KEY_FIELD_LABELS[field], before: unit[field], after: change[field] }],
  );
  return (
    <Card
      size="small"
      title="待审核的信息变更"
      style={{ marginBottom: 16, borderColor: '#faad14' }}
      extra={
        actions && (
          <Space>
            <Button type="primary" size="small" loading={actions.busy} onClick={actions.approve}>
              通过变更
            </Button>
            <Button danger size="small" disabled={actions.busy} onClick={actions.reject}>
              驳回变更
            </Button>
          </Space>
        )
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        单位于 {formatDateTime(unit.pendingChangeAt)} 提交了关键信息变更；审核通过前，下表“变更前”的内容仍然有效。
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        columns={[
          { title: '字段', dataIndex: 'label', width: 140 },
          { title: '变更前', dataIndex: 'before' },
          { title: '变更后', dataIndex: 'after', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
        ]}
      />
    </Card>
  );
}

export default function UnitDetail({ unit, levels, changeActions }: UnitDetailProps) {
  const reasonLabel = { rejected: '驳回原因', suspended: '暂停原因', cancelled: '注销原因' } as const;
  const reasonOf = unit.status === 'rejected' || unit.status === 'suspended' || unit.status === 'cancelled' ? reasonLabel[unit.status] : null;
  return (
    <div>
      {reasonOf && unit.statusReason && (
        <Alert type={unit.status === 'suspended' ? 'warning' : 'error'} showIcon style={{ marginBottom: 16 }} title={`${reasonOf}：${unit.statusReason}`} />
      )}
      <PendingChange unit={unit} actions={changeActions} />
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        title="基本信息"
        style={{ marginBottom: 24 }}
        styles={{ label: { whiteSpace: 'nowrap' } }}
      >
        <Descriptions.Item label="单位名称">{unit.name}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{unit.creditCode}</Descriptions.Item>
        <Descriptions.Item label="法定代表人">{unit.legalRepresentative}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <UnitStatus status={unit.status} />
        </Descriptions.Item>
        <Descriptions.Item label="联系人">{unit.contactPerson}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{unit.contactPhone}</Descriptions.Item>
        <Descriptions.Item label="电子邮箱">{dash(unit.email)}</Descriptions.Item>
        <Descriptions.Item label="地址">{dash(unit.address)}</Descriptions.Item>
        <Descriptions.Item label="成立日期">{dash(unit.establishedOn)}</Descriptions.Item>
        <Descriptions.Item label="注册资本">{unit.registeredCapital === null ? '-' : `${unit.registeredCapital} 万元`}</Descriptions.Item>
        <Descriptions.Item label="从业人数">{dash(unit.staffCount)}</Descriptions.Item>
        <Descriptions.Item label="已登记从业人员">{`${unit.counts.practitioners} 人${unit.counts.pendingPractitioners ? `（另有 ${unit.counts.pendingPractitioners} 人待审核）` : ''}`}</Descriptions.Item>
        <Descriptions.Item label="会员级别">
          {unit.memberLevel ? <Tag color={levelColor(unit.memberLevel)}>{labelOf(levels, unit.memberLevel)}</Tag> : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="会员编号">{dash(unit.memberNo)}</Descriptions.Item>
        <Descriptions.Item label="入会日期">{dash(unit.joinDate)}</Descriptions.Item>
        <Descriptions.Item label="有效期至">{dash(unit.validUntil)}</Descriptions.Item>
        <Descriptions.Item label="会员之窗">{unit.showInWindow ? '展示' : '不展示'}</Descriptions.Item>
        <Descriptions.Item label="申请时间">{formatDateTime(unit.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="经营范围" span={2}>
          {dash(unit.businessScope)}
        </Descriptions.Item>
        <Descriptions.Item label="单位简介" span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{dash(unit.introduction)}</Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>

      <Card size="small" title="会员证书" style={{ marginBottom: 16 }}>
        {unit.certificate ? (
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="证书编号">
              <CertificateLink number={unit.certificate.number} />
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLORS[unit.certificate.state]}>{CERTIFICATE_STATE_LABELS[unit.certificate.state]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="发证日期">{unit.certificate.issuedOn}</Descriptions.Item>
            <Descriptions.Item label="有效期至">{unit.certificate.validUntil}</Descriptions.Item>
            {unit.certificate.revokedReason && <Descriptions.Item label="吊销原因">{unit.certificate.revokedReason}</Descriptions.Item>}
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">审核通过后颁发会员证书</Typography.Text>
        )}
      </Card>

      <Card size="small" title="单位材料" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={1} layout="vertical">
          <Descriptions.Item label="单位标志">
            {unit.logoFileId ? <FileThumb fileId={unit.logoFileId} alt={`${unit.name}的标志`} width={80} height={80} /> : '未上传'}
          </Descriptions.Item>
          <Descriptions.Item label="营业执照">
            <RecordFiles files={unit.businessLicence} />
          </Descriptions.Item>
          <Descriptions.Item label="资质文件">
            <RecordFiles files={unit.qualifications} />
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card size="small" title="审核记录" style={{ marginBottom: 16 }}>
        <ReviewHistory history={unit.reviewHistory} />
      </Card>
      <Card size="small" title="操作记录">
        <EventHistory events={unit.events} />
      </Card>
    </div>
  );
}
