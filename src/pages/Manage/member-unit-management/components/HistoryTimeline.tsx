/**
 * 审核记录 and 操作记录 of a unit: the review records (registration, key-field changes) with
 * what was submitted and decided, and the membership steps from the operation log
 * (suspension, restoration, cancellation, staff edits), each oldest first.
 */
import { Empty, Timeline, Typography } from 'antd';
import { UNIT_KEY_FIELD_LABELS, type MemberUnitEvent } from '@common/schemas/memberUnits';
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

function ReviewEntry({ entry }: { entry: ReviewHistoryEntry }) {
  const refused = entry.status === 'rejected' || entry.status === 'returned';
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
      {changeLines(entry.payload).map((line) => (
        <div key={line}>{line}</div>
      ))}
      {entry.decidedAt && (
        <div>
          <Typography.Text type="secondary">
            {formatDateTime(entry.decidedAt)} {REVIEW_STATUS_LABELS[entry.status]}
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

export function ReviewHistory({ history }: { history: readonly ReviewHistoryEntry[] }) {
  if (history.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无审核记录" />;
  return <Timeline items={history.map((entry) => ({ key: entry.id, color: COLORS[entry.status], content: <ReviewEntry entry={entry} /> }))} />;
}

const EVENT_COLORS: Record<string, string> = { suspend: 'orange', cancel: 'red', restore: 'green', approve: 'green', reject: 'red' };

export function EventHistory({ events }: { events: readonly MemberUnitEvent[] }) {
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" />;
  return (
    <Timeline
      items={events.map((e, i) => ({
        key: `${e.at}-${i}`,
        color: EVENT_COLORS[e.action] ?? 'gray',
        content: (
          <div>
            <div>{e.summary}</div>
            <Typography.Text type="secondary">
              {formatDateTime(e.at)}
              {e.actorName ? ` · ${e.actorName}` : ''}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
