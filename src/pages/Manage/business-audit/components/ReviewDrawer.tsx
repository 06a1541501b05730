/**
 * One review, for deciding it from the queue: what it is, who submitted it when and its age; the
 * required documents the server reports missing; a key-information change before → after; the
 * submitted record itself through its own page's detail view (fields, files with 预览/下载,
 * history); and the decisions the server offers, in the footer. 查看记录详情 still opens the
 * record's own page. A viewer without the kind's code sees the review and its history only.
 */
import { Link } from '@umijs/max';
import { Alert, Button, Card, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import { REVIEW_ACTION_LABELS, type ReviewActionValue, type ReviewChange, type ReviewDetail, type ReviewRecord } from '@common/schemas/businessAudit';
import { REVIEW_STATUS_LABELS } from '@common/schemas/membership';
import { formatDateTime } from '@/components/ListPage/format';
import RecordView from '@/components/RecordView';
import ReviewHistory from '@/components/ReviewHistory';
import { useRecord } from '@/hooks/useRecord';
import { getReview, getReviewRecord } from '@/services/businessAudit';
import { CreditFlagAlert } from './CreditFlag';
import ReviewSubjectView from './ReviewSubjectView';

export interface ReviewDrawerProps {
  reviewId: string | null;
  /** Bumped by the page when the open review may have changed (a decision that failed). */
  generation: number;
  onClose: () => void;
  onDecide: (detail: ReviewDetail, action: ReviewActionValue) => void;
}

const STATUS_COLORS: Record<string, string> = { pending: 'blue', approved: 'green', rejected: 'red', returned: 'orange' };

/** The review, and the subject's record when the viewer may decide the kind (the record needs the same code). */
async function loadReview(id: string): Promise<{ detail: ReviewDetail; record: ReviewRecord | null }> {
  const detail = await getReview(id);
  return { detail, record: detail.actions.length > 0 ? await getReviewRecord(id) : null };
}

function ChangeTable({ changes }: { changes: readonly ReviewChange[] }) {
  return (
    <Card size="small" title="申请变更的关键信息" style={{ borderColor: '#faad14' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        审核通过前，“变更前”的内容仍然有效。
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="field"
        dataSource={[...changes]}
        columns={[
          { title: '字段', dataIndex: 'label', width: 140 },
          { title: '变更前', dataIndex: 'before', render: (v: string | null) => v ?? '（空）' },
          { title: '变更后', dataIndex: 'after', render: (v: string | null) => <Typography.Text strong>{v ?? '（空）'}</Typography.Text> },
        ]}
      />
    </Card>
  );
}

export default function ReviewDrawer({ reviewId, generation, onClose, onDecide }: ReviewDrawerProps) {
  const review = useRecord(reviewId, loadReview, [generation]);
  const detail = review.record?.detail;
  const footer = detail && detail.actions.length > 0 && (
    <Space wrap>
      {detail.actions.map((action) => (
        <Button key={action} type={action === 'approve' ? 'primary' : 'default'} danger={action === 'reject'} onClick={() => onDecide(detail, action)}>
          {REVIEW_ACTION_LABELS[action]}
        </Button>
      ))}
    </Space>
  );
  return (
    <Drawer
      open={!!reviewId}
      onClose={onClose}
      title={detail ? `${detail.kindLabel}：${detail.subjectName}` : '审核详情'}
      size={880}
      destroyOnHidden
      extra={detail?.link && <Link to={detail.link}>查看记录详情</Link>}
      footer={footer || undefined}
    >
      <RecordView state={review} failedTitle="加载失败">
        {({ detail: shown, record }) => (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
              <Descriptions.Item label="审核类型">{shown.kindLabel}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <Tag color={STATUS_COLORS[shown.status]}>{REVIEW_STATUS_LABELS[shown.status]}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label="所属单位">{shown.unitName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="提交人">{shown.submittedByName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="提交时间" span={2}>
                {formatDateTime(shown.submittedAt)}（已等待 {shown.ageDays} 天）
              </Descriptions.Item>
            </Descriptions>
            <CreditFlagAlert flag={shown.creditFlag} unitId={shown.unitId} />
            {(record?.missing ?? shown.missing).length > 0 && (
              <Alert
                type="warning"
                showIcon
                title={`缺少必需材料：${(record?.missing ?? shown.missing).map((m) => m.label).join('、')}`}
                description="通过前请核实；仍要通过时会再次确认。"
              />
            )}
            {!shown.link && <Typography.Text type="secondary">该类型暂不支持在此办理，请到对应管理页面处理</Typography.Text>}
            {record && record.changes.length > 0 && <ChangeTable changes={record.changes} />}
            {record?.subject ? (
              <ReviewSubjectView subject={record.subject} />
            ) : (
              <Card size="small" title="审核历史">
                <ReviewHistory history={shown.history} />
              </Card>
            )}
          </Space>
        )}
      </RecordView>
    </Drawer>
  );
}
