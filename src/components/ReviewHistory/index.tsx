/**
 * A record's review history (审核记录), oldest first: what was submitted when and by whom, the
 * changed fields of a { before, after } payload, who decided what, and the reason. One view for
 * every record with review records (units, practitioners, projects, cases, inspections).
 */
import { Empty, Timeline, Typography } from 'antd';
import { UNIT_KEY_FIELD_LABELS } from '@common/schemas/memberUnits';
import { REVIEW_KIND_LABELS, REVIEW_STATUS_LABELS, type ReviewHistoryEntry } from '@common/schemas/membership';
import { formatDateTime } from '@/components/ListPage';

const COLORS = { pending: 'blue', approved: 'green', rejected: 'red', returned: 'orange' } as const;

/** Payload keys as labels: the API's names and the columns' (a review stores either). */
const KEY_LABELS: Record<string, string> = {
  ...UNIT_KEY_FIELD_LABELS,
  credit_code: UNIT_KEY_FIELD_LABELS.creditCode,
  legal_representative: UNIT_KEY_FIELD_LABELS.legalRepresentative,
};

const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** A { before, after } payload as "单位名称：旧 → 新" lines; nothing for other shapes. */
function changeLines(payload: unknown): string[] {
  const after = asObject(asObject(payload)?.after);
  const before = asObject(asObject(payload)?.before);
  if (!after) return [];
  return Object.entries(after).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${KEY_LABELS[key] ?? key}：${typeof before?.[key] === 'string' ? String(before[key]) : '-'} → ${value}`] : [],
  );
}

function ReviewEntry({ entry, approvedLabel }: { entry: ReviewHistoryEntry; approvedLabel?: string }) {
  const refused = entry.status === 'rejected' || entry.status === 'returned';
  const status = entry.status === 'approved' && approvedLabel ? approvedLabel : REVIEW_STATUS_LABELS[entry.status];
  return (
    <div>
      <Typography.Text strong>
        {REVIEW_KIND_LABELS[entry.what]} · {status}
      </Typography.Text>
      <div>
        <Typography.Text type="secondary">
          {formatDateTime(entry.submittedAt)} 提交{entry.submittedByName ? `（${entry.submittedByName}）` : ''}
        </Typography.Text>
      </div>
      {changeLines(entry.payload).map((line) => (
        <div key={line}>{line}</div>
      ))}
      {entry.decidedAt && (
        <div>
          <Typography.Text type="secondary">
            {formatDateTime(entry.decidedAt)} {status}
            {entry.decidedByName ? `（${entry.decidedByName}）` : ''}
          </Typography.Text>
        </div>
      )}
      {entry.comment && (
        <div>
          {refused ? '原因' : '意见'}：{entry.comment}
        </div>
      )}
    </div>
  );
}

/** `approvedLabel` names an approval in the record's own words (已备案 for a project). */
export default function ReviewHistory({ history, approvedLabel }: { history: readonly ReviewHistoryEntry[]; approvedLabel?: string }) {
  if (history.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无审核记录" />;
  return (
    <Timeline
      items={history.map((entry) => ({ key: entry.id, color: COLORS[entry.status], content: <ReviewEntry entry={entry} approvedLabel={approvedLabel} /> }))}
    />
  );
}
