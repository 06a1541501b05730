/**
 * The year at a glance: how many subjects in each state (the caller's own scope), each card a
 * button that filters the list to that state (逾期 filters the overdue ones).
 */
import { Card, Col, Row, Statistic } from 'antd';
import { INSPECTION_STATUS_LABELS as LABELS, type InspectionCounts } from '@common/schemas/inspections';

export type SummaryFilter = { status?: string; overdue?: 'true' };

const CARDS: { key: keyof InspectionCounts; title: string; filter: SummaryFilter; color?: string }[] = [
  { key: 'total', title: '年检对象', filter: {} },
  { key: 'notSubmitted', title: LABELS.not_submitted, filter: { status: 'not_submitted' } },
  // The state's one word (common/schemas/inspections.ts); the count and the filter take the resubmitted ones too.
  { key: 'submitted', title: LABELS.submitted, filter: { status: 'submitted' }, color: '#1677ff' },
  { key: 'returned', title: LABELS.returned, filter: { status: 'returned' }, color: '#d48806' },
  { key: 'passed', title: LABELS.passed, filter: { status: 'passed' }, color: '#389e0d' },
  { key: 'failed', title: LABELS.failed, filter: { status: 'failed' }, color: '#cf1322' },
  { key: 'overdue', title: '逾期未提交', filter: { overdue: 'true' }, color: '#cf1322' },
];

export default function SummaryCards({ counts, onPick }: { counts: InspectionCounts; onPick: (filter: SummaryFilter) => void }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }} role="list" aria-label="年检状态统计">
      {CARDS.map((c) => (
        <Col key={c.key} xs={12} sm={8} md={6} lg={6} xl={3} role="listitem">
          <Card
            size="small"
            hoverable
            tabIndex={0}
            aria-label={`${c.title} ${counts[c.key]}，查看`}
            onClick={() => onPick(c.filter)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') onPick(c.filter);
            }}
          >
            <Statistic title={c.title} value={counts[c.key]} styles={{ content: c.color ? { color: c.color } : undefined }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
