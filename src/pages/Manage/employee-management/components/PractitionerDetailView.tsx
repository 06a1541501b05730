/**
 * One practitioner as the detail drawer and the practitioner's own page show it: the fields
 * (ID number and phone masked, with 查看 where allowed), the photo and materials, the
 * certificate with its state and a link to its public page, and the review history.
 */
import { Badge, Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { CERTIFICATE_STATE_LABELS } from '@common/schemas/certificates';
import { PRACTITIONER_STATUS_LABELS, type PractitionerCertificate, type PractitionerDetail, type PractitionerStatusValue } from '@common/schemas/practitioners';
import CertificateLink from '@/components/CertificateLink';
import { FileThumb } from '@/components/ListPage';
import RecordFiles from '@/components/RecordFiles';
import ReviewHistory from '@/components/ReviewHistory';
import MaskedValue from './MaskedValue';
import { labelOf } from '@/hooks/useDictionaries';
import type { PractitionerDicts } from './usePractitionerDicts';

export const STATUS_BADGES: Record<PractitionerStatusValue, 'processing' | 'success' | 'error' | 'default'> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  left: 'default',
};

export function StatusBadge({ status }: { status: PractitionerStatusValue }) {
  return <Badge status={STATUS_BADGES[status]} text={PRACTITIONER_STATUS_LABELS[status]} />;
}

const STATE_COLORS = { valid: 'green', expired: 'orange', revoked: 'red' } as const;

export function CertificateCard({ certificate }: { certificate: PractitionerCertificate | null }) {
  return (
    <Card title="从业人员证书" size="small">
      {certificate ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="证书编号">
            <Typography.Text copyable>{certificate.number}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="发证日期">{certificate.issuedOn}</Descriptions.Item>
          <Descriptions.Item label="有效期至">{certificate.validUntil}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={STATE_COLORS[certificate.state]}>{CERTIFICATE_STATE_LABELS[certificate.state]}</Tag>
            {certificate.revokedReason && <Typography.Text type="secondary">（{certificate.revokedReason}）</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label="查看证书">
            <CertificateLink number={certificate.number}>打开证书页面（可打印）</CertificateLink>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="审核通过后发放证书" />
      )}
    </Card>
  );
}

export default function PractitionerDetailView({ record, dicts }: { record: PractitionerDetail; dicts: PractitionerDicts }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title="基本信息" extra={<StatusBadge status={record.status} />}>
        <Space align="start" size={24} wrap>
          <FileThumb fileId={record.photo?.fileId} alt={`${record.name}的照片`} width={96} height={128} />
          <Descriptions column={{ xs: 1, md: 2 }} size="small" style={{ minWidth: 320, flex: 1 }}>
            <Descriptions.Item label="姓名">{record.name}</Descriptions.Item>
            <Descriptions.Item label="性别">{labelOf(dicts.gender, record.gender)}</Descriptions.Item>
            <Descriptions.Item label="身份证号码">
              <MaskedValue practitionerId={record.id} name={record.name} field="idCardNo" value={record.idCardNo} canReveal={record.canReveal} />
            </Descriptions.Item>
            <Descriptions.Item label="手机号码">
              <MaskedValue practitionerId={record.id} name={record.name} field="phone" value={record.phone} canReveal={record.canReveal} />
            </Descriptions.Item>
            <Descriptions.Item label="电子邮箱">{record.email ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="所属单位">{record.unitName}</Descriptions.Item>
            <Descriptions.Item label="学历">{labelOf(dicts.education, record.education)}</Descriptions.Item>
            <Descriptions.Item label="专业">{record.major ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="职称">{labelOf(dicts.professional_title, record.professionalTitle)}</Descriptions.Item>
            <Descriptions.Item label="职务">{record.position ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="入职日期">{record.entryDate ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="培训学时">{record.trainingHours}</Descriptions.Item>
            {record.loginAccount && <Descriptions.Item label="登录账号">{record.loginAccount}{record.accountEnabled ? '' : '（已停用）'}</Descriptions.Item>}
            {record.status === 'rejected' && record.rejectReason && (
              <Descriptions.Item label="驳回原因" span={2}>
                <Typography.Text type="danger">{record.rejectReason}</Typography.Text>
              </Descriptions.Item>
            )}
            {record.status === 'left' && <Descriptions.Item label="离职日期">{record.leftOn ?? '-'}</Descriptions.Item>}
          </Descriptions>
        </Space>
      </Card>
      <CertificateCard certificate={record.certificate} />
      <Card size="small" title="材料">
        <Descriptions column={1} size="small">
          <Descriptions.Item label="学历证书">
            <RecordFiles files={record.diplomas} />
          </Descriptions.Item>
          <Descriptions.Item label="其他材料">
            <RecordFiles files={record.otherFiles} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="审核记录">
        <ReviewHistory history={record.reviewHistory} />
      </Card>
    </Space>
  );
}
