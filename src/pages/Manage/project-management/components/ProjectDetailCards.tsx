/**
 * 详情 of a project (inside the reviewed subject's detail drawer, src/components/ReviewedSubject):
 * the fields, the members (the leader first), the report files and, once filed, its expert reviews.
 */
import { Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { PROJECT_STATUS_LABELS, type ProjectDetail, type ProjectStatusValue } from '@common/schemas/projects';
import { formatDateTime } from '@/components/ListPage';
import RecordFiles from '@/components/RecordFiles';
import { StatusBadge, type StatusStyle } from '@/components/ReviewedSubject';
import { labelOf, type Dictionary } from '@/hooks/useDictionaries';
import ProjectReviews from './ProjectReviews';

export const PROJECT_STATUS_STYLE: StatusStyle<ProjectStatusValue> = {
  labels: PROJECT_STATUS_LABELS,
  badges: { draft: 'default', submitted: 'processing', filed: 'success', returned: 'warning' },
};

export const RISK_COLORS: Record<string, string> = { high: 'red', medium: 'orange', low: 'green' };

export default function ProjectDetailCards({ record, types, risks }: { record: ProjectDetail; types: Dictionary; risks: Dictionary }) {
  return (
    <>
      <Card size="small" title="项目信息" extra={<StatusBadge status={record.status} style={PROJECT_STATUS_STYLE} />}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="项目名称" span={2}>
            {record.name}
          </Descriptions.Item>
          <Descriptions.Item label="项目编号">{record.code ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="评估单位">{record.unitName}</Descriptions.Item>
          <Descriptions.Item label="委托单位">{record.client ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="项目类型">{labelOf(types, record.type)}</Descriptions.Item>
          <Descriptions.Item label="所在区域">{record.region ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="投资额">{record.investment === null ? '-' : `${record.investment} 万元`}</Descriptions.Item>
          <Descriptions.Item label="起止日期">
            {record.startOn ?? '-'} 至 {record.endOn ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label="风险等级">
            {record.riskLevel ? <Tag color={RISK_COLORS[record.riskLevel]}>{labelOf(risks, record.riskLevel)}</Tag> : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="提交时间">{record.submittedAt ? formatDateTime(record.submittedAt) : '-'}</Descriptions.Item>
          <Descriptions.Item label="备案时间">{record.filedAt ? formatDateTime(record.filedAt) : '-'}</Descriptions.Item>
          {record.status === 'returned' && record.returnReason && (
            <Descriptions.Item label="退回原因" span={2}>
              <Typography.Text type="danger">{record.returnReason}</Typography.Text>
            </Descriptions.Item>
          )}
          <Descriptions.Item label="评估结论" span={2}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{record.conclusion ?? '-'}</Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="项目成员">
        <Table
          size="small"
          rowKey="practitionerId"
          pagination={false}
          dataSource={record.members}
          locale={{ emptyText: '暂未填写项目成员' }}
          scroll={{ x: 420 }}
          columns={[
            { title: '姓名', dataIndex: 'name', render: (name: string, m) => (m.leader ? <Space>{name}<Tag color="blue">负责人</Tag></Space> : name) },
            { title: '证书编号', dataIndex: 'certificateNo', render: (v: string | null) => v ?? '-' },
            { title: '分工', dataIndex: 'role', render: (v: string | null) => v ?? '-' },
          ]}
        />
      </Card>
      <Card size="small" title="评估报告">
        <RecordFiles files={record.reports} />
      </Card>
      {(record.status === 'filed' || record.expertReviews.length > 0) && <ProjectReviews reviews={record.expertReviews} />}
    </>
  );
}
