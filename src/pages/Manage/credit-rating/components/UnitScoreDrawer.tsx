/**
 * One unit's score in one year (GET /credit-ratings/:id/units/:unitId), for staff and for the
 * unit itself: the score as base + each event's points, the tier, the 公示 window, every event
 * behind the score (a link to its record; one withdrawn since shows so), and the objection with
 * its files, state and answer. 提出异议 shows when the score's `actions` offer it (the unit,
 * during 公示, before it objected); 答复 when the objection's do (staff).
 */
import { Link } from '@umijs/max';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { CREDIT_SUBJECT_TYPE_LABELS } from '@common/credit';
import { creditEventLink, type CreditObjectionDetail, type CreditRatingUnitDetail, type CreditScoreItem } from '@common/schemas/credit';
import { ObjectionStatusTag, Points, PolarityTag, RatingStatusTag, TierTag, windowText } from '@/components/CreditTags';
import { formatDateTime } from '@/components/ListPage';
import RecordFiles from '@/components/RecordFiles';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';
import { getCreditRatingUnit } from '@/services/credit';
import ObjectionModal from './ObjectionModal';
import { useAnswerObjection } from './useAnswerObjection';

export interface UnitScoreDrawerProps {
  ratingId: string | null;
  unitId: string | null;
  refreshKey: number;
  onClose: () => void;
  /** After an objection filed or answered. */
  onChanged: () => void;
}

const loadScore = (key: string) => {
  const [ratingId, unitId] = key.split('\n');
  return getCreditRatingUnit(ratingId, unitId);
};

function Formula({ score }: { score: CreditRatingUnitDetail }) {
  const counted = score.items.filter((i) => i.points !== 0);
  return (
    <Typography.Text>
      基础分 {score.baseScore}
      {counted.map((i) => (
        <span key={i.eventId}> {i.points < 0 ? `− ${Math.abs(i.points)}` : `+ ${i.points}`}</span>
      ))}{' '}
      = <Typography.Text strong>{score.score} 分</Typography.Text>
    </Typography.Text>
  );
}

function Items({ items }: { items: readonly CreditScoreItem[] }) {
  const columns: TableProps<CreditScoreItem>['columns'] = [
    { title: '发生日期', dataIndex: 'occurredOn', width: 110 },
    {
      title: '类型',
      dataIndex: 'kindLabel',
      render: (_v, i) => (
        <Space orientation="vertical" size={0}>
          <Link to={creditEventLink(i.eventId)}>{i.kindLabel}</Link>
          {i.practitionerName && <Typography.Text type="secondary">{`${CREDIT_SUBJECT_TYPE_LABELS.practitioner}：${i.practitionerName}`}</Typography.Text>}
          {i.eventStatus === 'withdrawn' && <Tag style={{ width: 'fit-content' }}>已撤销</Tag>}
        </Space>
      ),
    },
    { title: '性质', dataIndex: 'polarity', width: 100, responsive: ['md'], render: (_v, i) => <PolarityTag polarity={i.polarity} /> },
    {
      title: '事由',
      dataIndex: 'description',
      responsive: ['md'],
      render: (v: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ marginBottom: 0 }}>
          {v}
        </Typography.Paragraph>
      ),
    },
    { title: '分值', dataIndex: 'points', width: 70, render: (v: number) => <Points points={v} strong /> },
  ];
  return (
    <Table<CreditScoreItem>
      size="small"
      rowKey="eventId"
      aria-label="计分明细"
      columns={columns}
      dataSource={[...items]}
      pagination={false}
      tableLayout="fixed"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本年度没有计分的信用记录，得分即基础分" /> }}
    />
  );
}

function Objection({ objection, onAnswer }: { objection: CreditObjectionDetail; onAnswer: () => void }) {
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {objection.actions.includes('answer') && (
        <Button type="primary" onClick={onAnswer}>
          答复
        </Button>
      )}
      <Descriptions size="small" column={1} styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="状态">
          <ObjectionStatusTag status={objection.status} />
        </Descriptions.Item>
        <Descriptions.Item label="提出时间">
          {formatDateTime(objection.createdAt)}
          {objection.createdByName ? `（${objection.createdByName}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="异议内容">
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{objection.content}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="证明材料">
          <RecordFiles files={objection.files} empty="未上传" />
        </Descriptions.Item>
        {objection.answer ? (
          <>
            <Descriptions.Item label="协会答复">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{objection.answer}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="答复时间">
              {formatDateTime(objection.answeredAt)}
              {objection.answeredByName ? `（${objection.answeredByName}）` : ''}
            </Descriptions.Item>
            {objection.withdrawnEventIds.length > 0 && (
              <Descriptions.Item label="已撤销的记录">{objection.withdrawnEventIds.length} 条（见上方计分明细）</Descriptions.Item>
            )}
          </>
        ) : (
          <Descriptions.Item label="协会答复">
            <Typography.Text type="secondary">待答复（终评前答复）</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Space>
  );
}

function ScoreBody({ score, onObject, onAnswer }: { score: CreditRatingUnitDetail; onObject: () => void; onAnswer: (o: CreditObjectionDetail) => void }) {
  const mayObject = score.actions.includes('object');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {score.ratingStatus === 'initial' && <Alert type="info" showIcon title="初评结果，尚未公示；重新计算后可能变化。" />}
      {score.ratingStatus === 'publicity' && (
        <Alert
          type={mayObject ? 'warning' : 'info'}
          showIcon
          title={`公示中：${windowText(score.publicityFrom, score.publicityUntil)}`}
          description={mayObject ? '对得分或计分记录有异议的，可在公示期内（含最后一日）提出，每个年度一次。' : undefined}
          action={
            mayObject ? (
              <Button type="primary" onClick={onObject}>
                提出异议
              </Button>
            ) : undefined
          }
        />
      )}
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="得分">
          <Typography.Text strong style={{ fontSize: 20 }}>
            {score.score}
          </Typography.Text>{' '}
          分
        </Descriptions.Item>
        <Descriptions.Item label="等级">
          <TierTag tier={score.tier} />
        </Descriptions.Item>
        <Descriptions.Item label="评价状态">
          <RatingStatusTag status={score.ratingStatus} />
        </Descriptions.Item>
        <Descriptions.Item label="公示期">{windowText(score.publicityFrom, score.publicityUntil)}</Descriptions.Item>
        <Descriptions.Item label="计分" span={2}>
          <Formula score={score} />
        </Descriptions.Item>
        <Descriptions.Item label="计算时间" span={2}>
          {formatDateTime(score.computedAt)}
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" title={`计分明细（${score.items.length} 条）`}>
        <Items items={score.items} />
      </Card>
      {score.objection && (
        <Card size="small" title="异议">
          <Objection objection={score.objection} onAnswer={() => score.objection && onAnswer(score.objection)} />
        </Card>
      )}
    </Space>
  );
}

export default function UnitScoreDrawer({ ratingId, unitId, refreshKey, onClose, onChanged }: UnitScoreDrawerProps) {
  const key = ratingId && unitId ? `${ratingId}\n${unitId}` : null;
  const detail = useRecord(key, loadScore, [refreshKey]);
  const [objecting, setObjecting] = useState<CreditRatingUnitDetail | null>(null);
  const changed = () => {
    detail.reload();
    onChanged();
  };
  const { ask, dialog } = useAnswerObjection(changed);
  const score = detail.record;
  return (
    <Drawer
      open={!!key}
      onClose={onClose}
      size={820}
      title={score ? `${score.unitName} · ${score.year}年度得分` : '单位得分'}
      destroyOnHidden
    >
      <RecordView state={detail} failedTitle="单位得分加载失败" rows={8}>
        {(shown) => <ScoreBody score={shown} onObject={() => setObjecting(shown)} onAnswer={(o) => void ask(o)} />}
      </RecordView>
      <ObjectionModal score={objecting} onClose={() => setObjecting(null)} onDone={changed} />
      {dialog}
    </Drawer>
  );
}
