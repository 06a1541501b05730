/** A member unit's or a practitioner's workbench: their to-dos, their certificate, their inspection. */
import { Badge, Card, Col, Descriptions, Empty, List, Row, Tag, Typography } from 'antd';
import { Link } from '@umijs/max';
import CertificateLink from '@/components/CertificateLink';
import { inspectionStatusText } from '@common/schemas/inspections';
import { CERTIFICATE_STATE_LABELS, type OwnWorkbench } from '@common/schemas/workbench';

const CERTIFICATE_COLORS = { valid: 'green', expiring: 'orange', expired: 'red', revoked: 'red', none: 'default' } as const;

export default function OwnBoard({ data, kind }: { data: OwnWorkbench; kind: 'unit' | 'practitioner' }) {
  const todos = data.todos.filter((t) => t.count > 0);
  const { certificate, inspection } = data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="我的待办" size="small">
          {todos.length === 0 ? (
            <Empty description="暂无待办事项" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <List
              size="small"
              dataSource={todos}
              renderItem={(t) => (
                <List.Item extra={<Badge count={t.count} showZero color="#1677ff" />}>
                  <Link to={t.link}>{t.label}</Link>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={kind === 'unit' ? '会员证书' : '从业人员证书'} size="small" style={{ marginBottom: 16 }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={kind === 'unit' ? '单位' : '姓名'}>
              {data.name}（{data.status}）
            </Descriptions.Item>
            <Descriptions.Item label="证书状态">
              <Tag color={CERTIFICATE_COLORS[certificate.state]}>{CERTIFICATE_STATE_LABELS[certificate.state]}</Tag>
              {certificate.daysLeft !== null && certificate.daysLeft >= 0 && certificate.state !== 'revoked' && (
                <Typography.Text type={certificate.state === 'expiring' ? 'warning' : 'secondary'}>剩余 {certificate.daysLeft} 天</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="证书编号">
              {certificate.number ? <CertificateLink number={certificate.number} /> : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="有效期至">{certificate.validUntil ?? '-'}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title="年检" size="small">
          {inspection ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label="年度">
                {inspection.year} 年{inspection.open ? '（进行中）' : '（已结束）'}
              </Descriptions.Item>
              <Descriptions.Item label="状态">{inspectionStatusText(inspection.status)}</Descriptions.Item>
              {inspection.deadline && <Descriptions.Item label="截止日期">{inspection.deadline}</Descriptions.Item>}
              {inspection.comment && <Descriptions.Item label="审核意见">{inspection.comment}</Descriptions.Item>}
            </Descriptions>
          ) : (
            <Empty description="协会尚未开启年检" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
