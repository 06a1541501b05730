/** 会员证书: number, dates and the state today, with the printable certificate page. */
import { Card, Descriptions, Empty, Tag } from 'antd';
import { CERTIFICATE_STATE_LABELS } from '@common/schemas/certificates';
import type { MemberCertificateSummary } from '@common/schemas/memberInfo';
import CertificateLink from '@/components/CertificateLink';

const STATE_COLORS = { valid: 'success', expired: 'warning', revoked: 'error' } as const;

export default function CertificateCard({ certificate }: { certificate: MemberCertificateSummary | null }) {
  return (
    <Card title="会员证书">
      {certificate ? (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="证书编号">
            <CertificateLink number={certificate.number} />
          </Descriptions.Item>
          <Descriptions.Item label="发证日期">{certificate.issuedOn}</Descriptions.Item>
          <Descriptions.Item label="有效期至">{certificate.validUntil}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={STATE_COLORS[certificate.state]}>{CERTIFICATE_STATE_LABELS[certificate.state]}</Tag>
          </Descriptions.Item>
          {certificate.revokedReason && <Descriptions.Item label="吊销原因">{certificate.revokedReason}</Descriptions.Item>}
          <Descriptions.Item label="证书">
            <CertificateLink number={certificate.number}>查看和打印证书</CertificateLink>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="通过入会审核后颁发会员证书" />
      )}
    </Card>
  );
}
