/** One review: what it is, who submitted it when, its age, the subject's whole history and the way to its record. */
import { Button, Descriptions, Drawer, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { Link } from '@umijs/max';
import { REVIEW_ACTION_LABELS, type ReviewActionValue, type ReviewDetail } from '@common/schemas/businessAudit';
import { UNIT_KEY_COLUMN_LABELS } from '@common/schemas/memberInfo';
import { REVIEW_KIND_LABELS, REVIEW_STATUS_LABELS } from '@common/schemas/membership';
import { formatDateTime } from '@/components/ListPage/format';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';
import { getReview } from '@/services/businessAudit';

export interface ReviewDrawerProps {
  reviewId: string | null;
  onClose: () => void;
  onDecide: (detail: ReviewDetail, action: ReviewActionValue) => void;
}

const STATUS_COLORS: Record<string, string> = { pending: 'blue', approved: 'green', rejected: 'red', returned: 'orange' };

function payloadText(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const { before, after } = payload as { before?: Record<string, string>; after?: Record<string, string> };
  if (!after) return null;
  return Object.entries(after)
    .map(([key, value]) => `${UNIT_KEY_COLUMN_LABELS[key] ?? key}：${before?.[key] ?? '（空）'} → ${value}`)
    .join('；');
}

export default function ReviewDrawer({ reviewId, onClose, onDecide }: ReviewDrawerProps) {
  const review = useRecord(reviewId, getReview);
  const detail = review.record;
  return (
    <Drawer open={!!reviewId} onClose={onClose} title={detail ? `${detail.kindLabel}：${detail.subjectName}` : '审核详情'} size="large" destroyOnHidden>
      <RecordView state={review} failedTitle="加载失败">
        {(detail) => {
          const change = payloadText(detail.payload);
          return (
            <Space orientation="vertical" size="large" style={{ width: '100%' }}>
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label="审核类型">{detail.kindLabel}</Descriptions.Item>
                <Descriptions.Item label="审核对象">{detail.subjectName}</Descriptions.Item>
                <Descriptions.Item label="所属单位">{detail.unitName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="提交人">{detail.submittedByName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="提交时间">
                  {formatDateTime(detail.submittedAt)}（已等待 {detail.ageDays} 天）
                </Descriptions.Item>
                <Descriptions.Item label="状态">
                  <Tag color={STATUS_COLORS[detail.status]}>{REVIEW_STATUS_LABELS[detail.status]}</Tag>
                </Descriptions.Item>
                {change && <Descriptions.Item label="申请变更">{change}</Descriptions.Item>}
              </Descriptions>
              <Space wrap>
                {detail.link ? (
                  <Link to={detail.link}>查看记录详情</Link>
                ) : (
                  <Typography.Text type="secondary">该类型暂不支持在此办理，请到对应管理页面处理</Typography.Text>
                )}
                {detail.actions.map((action) => (
                  <Button key={action} type={action === 'approve' ? 'primary' : 'default'} danger={action === 'reject'} onClick={() => onDecide(detail, action)}>
                    {REVIEW_ACTION_LABELS[action]}
                  </Button>
                ))}
              </Space>
              <div>
                <Typography.Title level={5}>审核历史</Typography.Title>
                {detail.history.length === 0 ? (
                  <Empty description="暂无审核记录" />
                ) : (
                  <Timeline
                    items={detail.history.map((h) => ({
                      key: h.id,
                      color: STATUS_COLORS[h.status],
                      content: (
                        <div>
                          <div>
                            {REVIEW_KIND_LABELS[h.what]} · <Tag color={STATUS_COLORS[h.status]}>{REVIEW_STATUS_LABELS[h.status]}</Tag>
                          </div>
                          <Typography.Text type="secondary">
                            {formatDateTime(h.submittedAt)} {h.submittedByName ?? ''} 提交
                            {h.decidedAt ? `；${formatDateTime(h.decidedAt)} ${h.decidedByName ?? ''} 审核` : ''}
                          </Typography.Text>
                          {h.comment && <div>意见：{h.comment}</div>}
                        </div>
                      ),
                    }))}
                  />
                )}
              </div>
            </Space>
          );
        }}
      </RecordView>
    </Drawer>
  );
}
