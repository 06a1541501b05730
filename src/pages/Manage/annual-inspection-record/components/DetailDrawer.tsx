/**
 * One inspection in a drawer (opened from the list or from ?id= in a message's link): the
 * subject, the state and deadline, what was submitted, the files, the reviewer's comment and
 * the whole review history, with the actions the caller may take now.
 */
import { Alert, Button, Descriptions, Drawer, Empty, Space, Timeline, Typography } from 'antd';
import { REVIEW_STATUS_LABELS } from '@common/schemas/membership';
import { INSPECTION_STATUS_LABELS, INSPECTION_SUBJECT_TYPE_LABELS, type InspectionDetail, type InspectionRecord } from '@common/schemas/inspections';
import { formatDateTime } from '@/components/ListPage';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';
import { getInspection } from '@/services/inspections';
import type { DecisionKind } from './decision';
import RecordFiles from '@/components/RecordFiles';
import { StatusTag } from './status';

const HISTORY_COLORS = { pending: 'blue', approved: 'green', rejected: 'red', returned: 'orange' } as const;
/** A review's outcome in the inspection's own words (the state it left the record in). */
const DECISION_WORDS = {
  approved: INSPECTION_STATUS_LABELS.passed,
  rejected: INSPECTION_STATUS_LABELS.failed,
  returned: INSPECTION_STATUS_LABELS.returned,
} as const;

export interface DetailDrawerProps {
  id: string | null;
  /** Bumped by the page after a change, so that an open drawer shows the new state. */
  generation: number;
  onClose: () => void;
  onDecide: (kind: DecisionKind, record: InspectionRecord) => void;
  onSubmit: (record: InspectionRecord) => void;
}

export default function DetailDrawer({ id, generation, onClose, onDecide, onSubmit }: DetailDrawerProps) {
  const detail = useRecord(id, getInspection, [generation]);
  const { record } = detail;
  const actions = record?.actions ?? [];
  const footer =
    record && actions.length > 0 ? (
      <Space wrap>
        {actions.includes('submit') && (
          <Button type="primary" onClick={() => onSubmit(record)}>
            {record.status === 'returned' ? '修改并重新提交' : '填写并提交'}
          </Button>
        )}
        {actions.includes('approve') && (
          <Button type="primary" onClick={() => onDecide('approve', record)}>
            通过
          </Button>
        )}
        {actions.includes('return') && <Button onClick={() => onDecide('return', record)}>退回修改</Button>}
        {actions.includes('reject') && (
          <Button danger onClick={() => onDecide('reject', record)}>
            不通过
          </Button>
        )}
      </Space>
    ) : null;

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={720}
      title={record ? `${record.year}年度年检：${record.subjectName}` : '年检详情'}
      destroyOnHidden
      footer={footer}
    >
      <RecordView state={detail} failedTitle="详情加载失败">
        {(record) => <InspectionDetailBody record={record} />}
      </RecordView>
    </Drawer>
  );
}

/** What the drawer shows of one inspection (also the business-audit queue's review drawer). */
export function InspectionDetailBody({ record }: { record: InspectionDetail }) {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {record.overdue && <Alert type="error" showIcon title={`已超过截止日期（${record.deadline}）仍未提交`} />}
      {(record.status === 'returned' || record.status === 'failed') && record.reviewComment && (
        <Alert type={record.status === 'failed' ? 'error' : 'warning'} showIcon title={record.status === 'failed' ? '不通过原因' : '退回修改原因'} description={record.reviewComment} />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'type', label: '对象类型', children: INSPECTION_SUBJECT_TYPE_LABELS[record.subjectType] },
          { key: 'name', label: '名称', children: record.subjectName },
          { key: 'unit', label: '所属单位', children: record.unitName },
          { key: 'status', label: '状态', children: <StatusTag status={record.status} overdue={record.overdue} /> },
          { key: 'deadline', label: '截止日期', children: record.deadline },
          { key: 'certificate', label: '证书有效期至', children: record.certificateValidUntil ?? '-' },
          { key: 'projects', label: '本年度完成项目数', children: record.projectsDone ?? '-' },
          { key: 'hours', label: '本年度培训学时', children: record.trainingHours ?? '-' },
          { key: 'submittedAt', label: '提交时间', children: formatDateTime(record.submittedAt) },
          { key: 'reviewedAt', label: '审核时间', children: formatDateTime(record.reviewedAt) },
          { key: 'reviewer', label: '审核人', children: record.reviewerName ?? '-' },
          { key: 'comment', label: '审核意见', children: record.reviewComment ?? '-' },
        ]}
      />
      <div>
        <Typography.Title level={5}>年度自查报告</Typography.Title>
        {record.selfReport ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{record.selfReport}</Typography.Paragraph>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未提交" />
        )}
      </div>
      <div>
        <Typography.Title level={5}>证明材料</Typography.Title>
        <RecordFiles files={record.files} empty="未上传证明材料" />
      </div>
      <div>
        <Typography.Title level={5}>审核记录</Typography.Title>
        {record.reviewHistory.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无审核记录" />
        ) : (
          <Timeline
            items={record.reviewHistory.map((h) => ({
              key: h.id,
              color: HISTORY_COLORS[h.status],
              content: (
                <div>
                  <Typography.Text strong>{h.status === 'pending' ? `${INSPECTION_STATUS_LABELS.submitted}，${REVIEW_STATUS_LABELS.pending}` : `审核结果：${DECISION_WORDS[h.status]}`}</Typography.Text>
                  <div>
                    <Typography.Text type="secondary">
                      {formatDateTime(h.submittedAt)} 提交{h.submittedByName ? `（${h.submittedByName}）` : ''}
                    </Typography.Text>
                  </div>
                  {h.decidedAt && (
                    <div>
                      <Typography.Text type="secondary">
                        {formatDateTime(h.decidedAt)} {REVIEW_STATUS_LABELS[h.status]}
                        {h.decidedByName ? `（${h.decidedByName}）` : ''}
                      </Typography.Text>
                    </div>
                  )}
                  {h.comment && <div>{h.status === 'approved' ? '意见' : '原因'}：{h.comment}</div>}
                </div>
              ),
            }))}
          />
        )}
      </div>
    </Space>
  );
}
