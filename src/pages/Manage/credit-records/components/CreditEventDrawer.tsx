/**
 * 信用记录详情: one event loaded fresh: whom it concerns, its kind, polarity, points (and why they
 * differ from the rule), date and term, what happened, where it came from (a link to the source
 * record's page where there is one), the evidence with 预览/下载, the years' ratings counting it,
 * and its history (登记, 撤销 with the reason). 撤销 shows when the event's `actions` offer it.
 */
import { Link } from '@umijs/max';
import { Button, Card, Descriptions, Drawer, Empty, Space, Timeline, Typography } from 'antd';
import { CREDIT_SOURCE_TYPE_LABELS, CREDIT_SUBJECT_TYPE_LABELS } from '@common/credit';
import { creditRatingLink, type CreditEventDetail, type CreditEventRecord } from '@common/schemas/credit';
import { EventStatusTag, Points, PolarityTag, RatingStatusTag } from '@/components/CreditTags';
import { formatDateTime } from '@/components/ListPage';
import RecordFiles from '@/components/RecordFiles';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';
import { getCreditEvent } from '@/services/credit';
import { sourceLink } from './sourceLinks';

export interface CreditEventDrawerProps {
  id: string | null;
  /** Changes when the event was changed from the list (撤销): the drawer loads it again. */
  refreshKey: number;
  onClose: () => void;
  onWithdraw: (event: CreditEventRecord) => void;
}

function Source({ event }: { event: CreditEventDetail }) {
  const label = CREDIT_SOURCE_TYPE_LABELS[event.sourceType];
  const link = sourceLink(event.sourceType, event.sourceId);
  return link ? <Link to={link}>{label}（查看来源记录）</Link> : <span>{label}</span>;
}

function History({ event }: { event: CreditEventDetail }) {
  const items = [
    {
      key: 'created',
      color: 'blue',
      content: (
        <Space orientation="vertical" size={0}>
          <span>{event.createdByName ? `登记（${event.createdByName}）` : `系统自动记录（${CREDIT_SOURCE_TYPE_LABELS[event.sourceType]}）`}</span>
          <Typography.Text type="secondary">{formatDateTime(event.createdAt)}</Typography.Text>
        </Space>
      ),
    },
    ...(event.status === 'withdrawn'
      ? [
          {
            key: 'withdrawn',
            color: 'gray',
            content: (
              <Space orientation="vertical" size={0}>
                <span>撤销{event.withdrawnByName ? `（${event.withdrawnByName}）` : ''}</span>
                {event.withdrawReason && <span>原因：{event.withdrawReason}</span>}
                <Typography.Text type="secondary">{formatDateTime(event.withdrawnAt)}</Typography.Text>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return <Timeline items={items} />;
}

function EventBody({ event, onWithdraw }: { event: CreditEventDetail; onWithdraw: (event: CreditEventRecord) => void }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {event.actions.includes('withdraw') && (
        <Space wrap>
          <Button danger onClick={() => onWithdraw(event)}>
            撤销
          </Button>
        </Space>
      )}
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="对象">{CREDIT_SUBJECT_TYPE_LABELS[event.subjectType]}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <EventStatusTag status={event.status} />
        </Descriptions.Item>
        <Descriptions.Item label="会员单位">{event.unitName}</Descriptions.Item>
        <Descriptions.Item label="从业人员">{event.practitionerName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="类型">{event.kindLabel}</Descriptions.Item>
        <Descriptions.Item label="性质">
          <PolarityTag polarity={event.polarity} />
        </Descriptions.Item>
        <Descriptions.Item label="分值">
          <Space size={8} wrap>
            <Points points={event.points} strong />
            <Typography.Text type="secondary">（第 {event.ruleVersionNo} 版规则）</Typography.Text>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="发生日期">{event.occurredOn}</Descriptions.Item>
        {event.pointsNote && (
          <Descriptions.Item label="分值调整说明" span={2}>
            {event.pointsNote}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="公示期至">
          {event.termUntil}
          {event.inTerm ? '（在期）' : '（不在期）'}
        </Descriptions.Item>
        <Descriptions.Item label="来源">
          <Source event={event} />
        </Descriptions.Item>
        <Descriptions.Item label="事由" span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{event.description}</Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>

      <Card size="small" title="证明材料">
        <RecordFiles files={event.files} empty="未上传证明材料" />
      </Card>

      <Card size="small" title="计入的年度信用评价">
        {event.countedIn.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未计入任何年度评价" />
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {event.countedIn.map((r) => (
              <li key={r.ratingId}>
                <Space size={8} wrap>
                  <Link to={creditRatingLink(r.ratingId, event.unitId)}>{r.year}年度</Link>
                  <RatingStatusTag status={r.status} />
                </Space>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card size="small" title="过程记录">
        <History event={event} />
      </Card>
    </Space>
  );
}

export default function CreditEventDrawer({ id, refreshKey, onClose, onWithdraw }: CreditEventDrawerProps) {
  const detail = useRecord(id, getCreditEvent, [refreshKey]);
  const event = detail.record;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={760}
      title={event ? `信用记录：${event.unitName}${event.practitionerName ? ` · ${event.practitionerName}` : ''}` : '信用记录详情'}
      destroyOnHidden
    >
      <RecordView state={detail} failedTitle="信用记录加载失败" rows={8}>
        {(shown) => <EventBody event={shown} onWithdraw={onWithdraw} />}
      </RecordView>
    </Drawer>
  );
}
