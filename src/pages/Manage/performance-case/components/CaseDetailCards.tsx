/**
 * 详情 of a business case (inside the reviewed subject's detail drawer,
 * src/components/ReviewedSubject): the fields, the reason of a rejection, the files.
 */
import { Card, Descriptions, Tag, Typography } from 'antd';
import { CASE_STATUS_LABELS, type CaseDetail, type CaseStatusValue } from '@common/schemas/cases';
import RecordFiles from '@/components/RecordFiles';
import { StatusBadge, type StatusStyle } from '@/components/ReviewedSubject';
import { labelOf, type Dictionary } from '@/hooks/useDictionaries';

export const CASE_STATUS_STYLE: StatusStyle<CaseStatusValue> = {
  labels: CASE_STATUS_LABELS,
  badges: { pending: 'processing', approved: 'success', rejected: 'error' },
};

/** 会员之窗: whether an approved case shows in the member window. */
export const PublicTag = ({ shown }: { shown: boolean }) => (shown ? <Tag color="blue">公开</Tag> : <Tag>不公开</Tag>);

export default function CaseDetailCards({ record, types }: { record: CaseDetail; types: Dictionary }) {
  return (
    <>
      <Card size="small" title="案例信息" extra={<StatusBadge status={record.status} style={CASE_STATUS_STYLE} />}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="案例名称" span={2}>
            {record.title}
          </Descriptions.Item>
          <Descriptions.Item label="单位">{record.unitName}</Descriptions.Item>
          <Descriptions.Item label="项目类型">{labelOf(types, record.projectType)}</Descriptions.Item>
          <Descriptions.Item label="委托单位">{record.client ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="完成日期">{record.completedOn ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="会员之窗">
            <PublicTag shown={record.public} />
          </Descriptions.Item>
          {record.status === 'rejected' && record.rejectReason && (
            <Descriptions.Item label="驳回原因" span={2}>
              <Typography.Text type="danger">{record.rejectReason}</Typography.Text>
            </Descriptions.Item>
          )}
          <Descriptions.Item label="案例简介" span={2}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{record.summary ?? '-'}</Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="证明材料">
        <RecordFiles files={record.files} />
      </Card>
    </>
  );
}
