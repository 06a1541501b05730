/**
 * 操作记录 of a unit: the membership steps from the operation log (suspension, restoration,
 * cancellation, staff edits), oldest first. Its 审核记录 are @/components/ReviewHistory.
 */
import { Empty, Timeline, Typography } from 'antd';
import type { MemberUnitEvent } from '@common/schemas/memberUnits';
import { formatDateTime } from '@/components/ListPage';

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
