/**
 * One year's rating in a drawer: its state (初评 → 公示中 → 终评), rules version, base and tiers,
 * 公示 window, who started and finalized it, what the next step waits for; the steps its
 * `actions` offer (each asked first); and two tabs: the units' scores (filter by tier and name,
 * sort by score, export what they show; 明细 opens a unit's score with every event behind it)
 * and the objections (答复).
 */
import { Alert, Button, Descriptions, Drawer, Space, Steps, Tabs } from 'antd';
import { useState } from 'react';
import type { CreditRatingRecord } from '@common/schemas/credit';
import { RatingStatusTag, windowText } from '@/components/CreditTags';
import { formatDateTime } from '@/components/ListPage';
import RecordView from '@/components/RecordView';
import { useRecord } from '@/hooks/useRecord';
import { getCreditRating } from '@/services/credit';
import ObjectionList from './ObjectionList';
import { useRatingSteps } from './ratingSteps';
import { rulesSummary } from './StartRatingModal';
import UnitScores from './UnitScores';

export interface RatingDrawerProps {
  id: string | null;
  refreshKey: number;
  onClose: () => void;
  /** After a step or an answer: the list (and this drawer) load again. */
  onChanged: () => void;
  onOpenUnit: (unitId: string) => void;
}

const STEP_INDEX = { initial: 0, publicity: 1, final: 2 } as const;

function RatingBody({ rating, refreshKey, onChanged, onOpenUnit }: { rating: CreditRatingRecord; refreshKey: number; onChanged: () => void; onOpenUnit: (unitId: string) => void }) {
  const { confirmStep, exportRating } = useRatingSteps();
  const has = (action: CreditRatingRecord['actions'][number]) => rating.actions.includes(action);
  const [tab, setTab] = useState('units');
  const after = (taken: boolean) => taken && onChanged();
  const pending = rating.objectionCounts?.pending ?? 0;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Steps
        size="small"
        current={STEP_INDEX[rating.status]}
        items={[
          { title: '初评', description: '结果不公开' },
          { title: '公示', description: rating.publicityFrom ? windowText(rating.publicityFrom, rating.publicityUntil) : '7 天' },
          { title: '终评', description: rating.finalizedAt ? formatDateTime(rating.finalizedAt) : '结果锁定' },
        ]}
      />
      {(has('recompute') || has('publicize') || has('finalize')) && (
        <Space wrap>
          {has('recompute') && <Button onClick={() => void confirmStep(rating, 'recompute').then(after)}>重新计算</Button>}
          {has('publicize') && (
            <Button type="primary" onClick={() => void confirmStep(rating, 'publicize').then(after)}>
              发布公示
            </Button>
          )}
          {has('finalize') && (
            <Button type="primary" onClick={() => void confirmStep(rating, 'finalize').then(after)}>
              终评
            </Button>
          )}
        </Space>
      )}
      {rating.status === 'publicity' && rating.waiting && <Alert type="info" showIcon title={rating.waiting} />}
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="状态">
          <RatingStatusTag status={rating.status} />
        </Descriptions.Item>
        <Descriptions.Item label="规则版本">第 {rating.ruleVersionNo} 版</Descriptions.Item>
        <Descriptions.Item label="计分规则" span={2}>
          {rulesSummary(rating)}
        </Descriptions.Item>
        <Descriptions.Item label="公示期">{windowText(rating.publicityFrom, rating.publicityUntil)}</Descriptions.Item>
        <Descriptions.Item label="参评单位">{rating.unitCount ?? '-'} 家</Descriptions.Item>
        <Descriptions.Item label="启动">
          {formatDateTime(rating.startedAt)}
          {rating.startedByName ? `（${rating.startedByName}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="终评">
          {rating.finalizedAt ? `${formatDateTime(rating.finalizedAt)}${rating.finalizedByName ? `（${rating.finalizedByName}）` : ''}` : '-'}
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'units',
            label: '单位得分',
            children: (
              <UnitScores
                rating={rating}
                refreshKey={refreshKey}
                onOpenUnit={onOpenUnit}
                onExport={has('export') ? (query) => void exportRating(rating, query) : undefined}
              />
            ),
          },
          {
            key: 'objections',
            label: pending > 0 ? `异议（待答复 ${pending}）` : '异议',
            children: <ObjectionList rating={rating} refreshKey={refreshKey} onChanged={onChanged} onOpenUnit={onOpenUnit} />,
          },
        ]}
      />
    </Space>
  );
}

export default function RatingDrawer({ id, refreshKey, onClose, onChanged, onOpenUnit }: RatingDrawerProps) {
  const detail = useRecord(id, getCreditRating, [refreshKey]);
  const rating = detail.record;
  return (
    <Drawer open={!!id} onClose={onClose} size={960} title={rating ? `${rating.year}年度信用评价` : '年度信用评价'} destroyOnHidden>
      <RecordView state={detail} failedTitle="年度信用评价加载失败" rows={8}>
        {(shown) => <RatingBody rating={shown} refreshKey={refreshKey} onChanged={onChanged} onOpenUnit={onOpenUnit} />}
      </RecordView>
    </Drawer>
  );
}
