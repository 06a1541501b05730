/** 审核记录: every review of the unit (registration, key-information changes...), oldest first. */
import { Card, Empty, Timeline, Typography } from 'antd';
import { REVIEW_KIND_LABELS, REVIEW_STATUS_LABELS, type ReviewHistoryEntry } from '@common/schemas/membership';
import { formatDateTime } from '@/components/ListPage';
import { payloadChangeLines } from './changeLines';

const COLORS = { pending: 'blue', approved: 'green', rejected: 'red', returned: 'orange' } as const;

function Entry({ entry }: { entry: ReviewHistoryEntry }) {
  const lines = payloadChangeLines(entry.payload);
  return (
    <div>
      <Typography.Text strong>
        {REVIEW_KIND_LABELS[entry.what]} · {REVIEW_STATUS_LABELS[entry.status]}
      </Typography.Text>
      <div>
        <Typography.Text type="secondary">
          {formatDateTime(entry.submittedAt)} 提交{entry.submittedByName ? `（${entry.submittedByName}）` : ''}
        </Typography.Text>
      </div>
      {lines.map((line) => (
        <div key={line.label}>
          {line.label}：{line.before || '-'} → {line.after}
        </div>
      ))}
      {entry.decidedAt && (
        <div>
          <Typography.Text type="secondary">
            {formatDateTime(entry.decidedAt)} {REVIEW_STATUS_LABELS[entry.status]}
            {entry.decidedByName ? `（${entry.decidedByName}）` : ''}
          </Typography.Text>
        </div>
      )}
      {entry.comment && <div>{entry.status === 'rejected' || entry.status === 'returned' ? '原因' : '意见'}：{entry.comment}</div>}
    </div>
  );
}

export default function ReviewTimeline({ history }: { history: ReviewHistoryEntry[] }) {
  return (
    <Card title="审核记录">
      {history.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无审核记录" />
      ) : (
        <Timeline items={history.map((entry) => ({ key: entry.id, color: COLORS[entry.status], content: <Entry entry={entry} /> }))} />
      )}
    </Card>
  );
}
